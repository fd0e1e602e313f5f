CREATE TABLE `drbfm_action` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`concern_id` text NOT NULL,
	`sort` integer NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`responsible_user_id` text,
	`responsible_name` text,
	`target_date` text,
	`status` text DEFAULT 'open' NOT NULL,
	`result` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`concern_id`) REFERENCES `drbfm_concern`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `drbfm_action_concern_idx` ON `drbfm_action` (`concern_id`);--> statement-breakpoint
CREATE INDEX `drbfm_action_responsible_idx` ON `drbfm_action` (`responsible_user_id`,`status`);--> statement-breakpoint
CREATE TABLE `drbfm_concern` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`part_id` text NOT NULL,
	`sort` integer NOT NULL,
	`part_function` text,
	`concern` text NOT NULL,
	`raised_by_id` text,
	`raised_by_name` text,
	`influence` text,
	`cause` text,
	`importance` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`part_id`) REFERENCES `drbfm_part`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `drbfm_concern_project_idx` ON `drbfm_concern` (`project_id`,`sort`);--> statement-breakpoint
CREATE INDEX `drbfm_concern_part_idx` ON `drbfm_concern` (`part_id`);--> statement-breakpoint
CREATE TABLE `drbfm_meeting` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`meeting_date` text NOT NULL,
	`participants` text NOT NULL,
	`minutes` text,
	`decisions` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `drbfm_meeting_project_idx` ON `drbfm_meeting` (`project_id`,`meeting_date`);--> statement-breakpoint
CREATE TABLE `drbfm_part` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`sort` integer NOT NULL,
	`part_kind` text NOT NULL,
	`ref_id` text,
	`code` text,
	`name` text NOT NULL,
	`functions` text,
	`change_note` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `drbfm_part_project_idx` ON `drbfm_part` (`project_id`,`sort`);--> statement-breakpoint
CREATE TABLE `drbfm_project` (
	`project_id` text PRIMARY KEY NOT NULL,
	`ewo_id` text,
	`ewo_num` text,
	`change_point` text NOT NULL,
	`change_reason` text,
	`before_change` text,
	`after_change` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade
);
