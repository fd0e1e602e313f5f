CREATE TABLE `dvp_plan` (
	`id` text PRIMARY KEY NOT NULL,
	`dvp_num` text NOT NULL,
	`name` text NOT NULL,
	`project_id` text NOT NULL,
	`status` text DEFAULT 'planning' NOT NULL,
	`creator_id` text,
	`creator_name` text,
	`updater_name` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dvp_plan_num_unique` ON `dvp_plan` (`dvp_num`);--> statement-breakpoint
CREATE UNIQUE INDEX `dvp_plan_project_unique` ON `dvp_plan` (`project_id`);--> statement-breakpoint
CREATE TABLE `dvp_test` (
	`id` text PRIMARY KEY NOT NULL,
	`plan_id` text NOT NULL,
	`project_id` text NOT NULL,
	`test_num` text NOT NULL,
	`name` text NOT NULL,
	`classification` text,
	`analysis_project` text,
	`dimension_chain_level` text,
	`calculation_method` text,
	`standard_record_id` text,
	`test_standard` text,
	`test_quantity` integer,
	`test_item` text,
	`acceptance_criteria` text,
	`test_stage` text,
	`responsible_user_id` text,
	`responsible_name` text,
	`planned_start` text,
	`planned_end` text,
	`actual_start` text,
	`actual_end` text,
	`sample_quantity` integer,
	`result` text,
	`result_note` text,
	`result_by_id` text,
	`result_by_name` text,
	`result_at` integer,
	`report_file_id` text,
	`sort` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `dvp_plan`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_file_id`) REFERENCES `file`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dvp_test_num_unique` ON `dvp_test` (`plan_id`,`test_num`);--> statement-breakpoint
CREATE INDEX `dvp_test_plan_idx` ON `dvp_test` (`plan_id`,`sort`);--> statement-breakpoint
CREATE INDEX `dvp_test_project_idx` ON `dvp_test` (`project_id`);--> statement-breakpoint
CREATE INDEX `dvp_test_responsible_idx` ON `dvp_test` (`responsible_user_id`) WHERE responsible_user_id is not null;--> statement-breakpoint
CREATE INDEX `dvp_test_report_idx` ON `dvp_test` (`report_file_id`);--> statement-breakpoint
CREATE TABLE `dvp_test_control` (
	`test_id` text NOT NULL,
	`control_id` text NOT NULL,
	`project_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`test_id`) REFERENCES `dvp_test`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`control_id`) REFERENCES `fmea_control`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dvp_test_control_unique` ON `dvp_test_control` (`test_id`,`control_id`);--> statement-breakpoint
CREATE INDEX `dvp_test_control_control_idx` ON `dvp_test_control` (`control_id`);--> statement-breakpoint
CREATE INDEX `dvp_test_control_project_idx` ON `dvp_test_control` (`project_id`);--> statement-breakpoint
CREATE TABLE `fmea_rerate_mark` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`cause_id` text NOT NULL,
	`source_kind` text NOT NULL,
	`source_id` text NOT NULL,
	`source_number` text NOT NULL,
	`reason` text NOT NULL,
	`created_by_name` text,
	`cleared_at` integer,
	`cleared_by_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cause_id`) REFERENCES `fmea_failure`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fmea_rerate_mark_project_idx` ON `fmea_rerate_mark` (`project_id`,`cleared_at`);--> statement-breakpoint
CREATE INDEX `fmea_rerate_mark_cause_idx` ON `fmea_rerate_mark` (`cause_id`);--> statement-breakpoint
CREATE INDEX `fmea_rerate_mark_source_idx` ON `fmea_rerate_mark` (`source_kind`,`source_id`);