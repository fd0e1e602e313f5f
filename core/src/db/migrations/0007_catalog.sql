CREATE TABLE `catalog_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`type` text NOT NULL,
	`record_id` text NOT NULL,
	`root_id` text NOT NULL,
	`serial_num` text NOT NULL,
	`version_no` integer NOT NULL,
	`action` text NOT NULL,
	`from_status` text,
	`to_status` text,
	`remark` text,
	`user_id` text,
	`user_name` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `catalog_log_type_at_idx` ON `catalog_log` (`type`,`at`);--> statement-breakpoint
CREATE INDEX `catalog_log_root_idx` ON `catalog_log` (`root_id`,`at`);--> statement-breakpoint
CREATE TABLE `catalog_record` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`root_id` text NOT NULL,
	`serial_num` text NOT NULL,
	`version_no` integer DEFAULT 1 NOT NULL,
	`is_latest_version` integer DEFAULT true NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`product_type` text,
	`category` text,
	`text` text NOT NULL,
	`en_text` text,
	`data` text DEFAULT '{}' NOT NULL,
	`quote_count` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`creator_id` text,
	`creator_name` text,
	`updater_id` text,
	`applicant_id` text,
	`apply_time` integer,
	`apply_remark` text,
	`auditor_id` text,
	`audit_time` integer,
	`audit_remark` text,
	`approver_id` text,
	`approve_time` integer,
	`approve_remark` text,
	`del_flg` integer DEFAULT 0 NOT NULL,
	`deleted_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `catalog_record_serial_unique` ON `catalog_record` (`type`,`serial_num`,`version_no`);--> statement-breakpoint
CREATE UNIQUE INDEX `catalog_record_root_version_unique` ON `catalog_record` (`root_id`,`version_no`);--> statement-breakpoint
CREATE UNIQUE INDEX `catalog_record_root_latest_unique` ON `catalog_record` (`root_id`) WHERE is_latest_version = 1;--> statement-breakpoint
CREATE UNIQUE INDEX `catalog_record_root_open_unique` ON `catalog_record` (`root_id`) WHERE status <> '2' and del_flg = 0;--> statement-breakpoint
CREATE INDEX `catalog_record_type_idx` ON `catalog_record` (`type`,`del_flg`,`status`);--> statement-breakpoint
CREATE INDEX `catalog_record_type_product_idx` ON `catalog_record` (`type`,`product_type`);--> statement-breakpoint
CREATE INDEX `catalog_record_creator_idx` ON `catalog_record` (`creator_id`);