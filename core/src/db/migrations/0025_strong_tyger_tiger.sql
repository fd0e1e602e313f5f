CREATE TABLE `fta_event_link` (
	`id` text PRIMARY KEY NOT NULL,
	`tree_id` text NOT NULL,
	`event_name` text NOT NULL,
	`event_kind` text NOT NULL,
	`project_id` text NOT NULL,
	`failure_id` text NOT NULL,
	`failure_kind` text NOT NULL,
	`fingerprint` text NOT NULL,
	`event_fingerprint` text NOT NULL,
	`review_needed` integer DEFAULT false NOT NULL,
	`review_reason` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tree_id`) REFERENCES `fta_tree`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fta_event_link_unique` ON `fta_event_link` (`tree_id`,`event_name`);--> statement-breakpoint
CREATE INDEX `fta_event_link_failure_idx` ON `fta_event_link` (`failure_id`);--> statement-breakpoint
CREATE INDEX `fta_event_link_project_idx` ON `fta_event_link` (`project_id`);--> statement-breakpoint
CREATE TABLE `fta_tree` (
	`id` text PRIMARY KEY NOT NULL,
	`fta_num` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`document` text NOT NULL,
	`mission_time` real NOT NULL,
	`project_id` text,
	`source_failure_id` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`creator_id` text,
	`creator_name` text,
	`updater_id` text,
	`updater_name` text,
	`del_flg` integer DEFAULT 0 NOT NULL,
	`deleted_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fta_tree_num_unique` ON `fta_tree` (`fta_num`);--> statement-breakpoint
CREATE INDEX `fta_tree_project_idx` ON `fta_tree` (`project_id`) WHERE project_id is not null;--> statement-breakpoint
CREATE INDEX `fta_tree_updated_idx` ON `fta_tree` (`del_flg`,`updated_at`);