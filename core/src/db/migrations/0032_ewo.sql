CREATE TABLE `ewo` (
	`id` text PRIMARY KEY NOT NULL,
	`ewo_num` text NOT NULL,
	`description` text NOT NULL,
	`ewo_type` text NOT NULL,
	`source` text NOT NULL,
	`closing_date` text,
	`tracker_id` text NOT NULL,
	`tracker_name` text NOT NULL,
	`status` text DEFAULT 'opening' NOT NULL,
	`site_id` text,
	`approver_id` text,
	`approver_name` text,
	`submitter_id` text,
	`submitter_name` text,
	`submitted_at` integer,
	`published_at` integer,
	`publish_opinion` text,
	`breakpoint_kind` text,
	`breakpoint_value` text,
	`breakpoint_verified_at` integer,
	`breakpoint_verified_by_name` text,
	`closed_at` integer,
	`closed_by_name` text,
	`creator_id` text,
	`creator_name` text,
	`updater_id` text,
	`updater_name` text,
	`del_flg` integer DEFAULT 0 NOT NULL,
	`deleted_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ewo_num_unique` ON `ewo` (`ewo_num`);--> statement-breakpoint
CREATE INDEX `ewo_updated_idx` ON `ewo` (`del_flg`,`updated_at`);--> statement-breakpoint
CREATE INDEX `ewo_tracker_idx` ON `ewo` (`tracker_id`,`status`);--> statement-breakpoint
CREATE INDEX `ewo_approver_idx` ON `ewo` (`approver_id`,`status`) WHERE approver_id is not null;--> statement-breakpoint
CREATE TABLE `ewo_document` (
	`id` text PRIMARY KEY NOT NULL,
	`ewo_id` text NOT NULL,
	`side` text NOT NULL,
	`doc_name` text NOT NULL,
	`doc_version` text NOT NULL,
	`file_id` text NOT NULL,
	`uploader_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ewo_id`) REFERENCES `ewo`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `file`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ewo_document_ewo_idx` ON `ewo_document` (`ewo_id`,`side`);--> statement-breakpoint
CREATE INDEX `ewo_document_file_idx` ON `ewo_document` (`file_id`);--> statement-breakpoint
CREATE TABLE `ewo_entry` (
	`id` text PRIMARY KEY NOT NULL,
	`ewo_id` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`content` text,
	`breakpoint_kind` text,
	`breakpoint_value` text,
	`result` text,
	`actor_id` text,
	`actor_name` text NOT NULL,
	`at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ewo_id`) REFERENCES `ewo`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ewo_entry_seq_unique` ON `ewo_entry` (`ewo_id`,`seq`);--> statement-breakpoint
CREATE TABLE `ewo_item` (
	`id` text PRIMARY KEY NOT NULL,
	`ewo_id` text NOT NULL,
	`kind` text NOT NULL,
	`ref_id` text NOT NULL,
	`fmea_ref` text,
	`project_id` text,
	`bom_id` text,
	`product_id` text,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`change_note` text,
	`sort` integer NOT NULL,
	`creator_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ewo_id`) REFERENCES `ewo`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ewo_item_ref_unique` ON `ewo_item` (`ewo_id`,`kind`,`ref_id`);--> statement-breakpoint
CREATE INDEX `ewo_item_project_idx` ON `ewo_item` (`project_id`) WHERE project_id is not null;