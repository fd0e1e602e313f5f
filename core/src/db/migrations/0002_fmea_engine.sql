CREATE TABLE `fmea_member` (
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`roles` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`project_id`, `user_id`),
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fmea_member_user_idx` ON `fmea_member` (`user_id`);--> statement-breakpoint
CREATE TABLE `fmea_project` (
	`id` text PRIMARY KEY NOT NULL,
	`serial_num` text NOT NULL,
	`project_type` text NOT NULL,
	`name` text NOT NULL,
	`responsible_user_id` text,
	`stage` text,
	`sop_date` text,
	`version_label` text,
	`start_date` text,
	`customer` text,
	`platform` text,
	`car_type_years` text,
	`confidentiality` text,
	`related_project_id` text,
	`team_notes` text,
	`ap_table` text NOT NULL,
	`ap_summary` text,
	`ap_computed_at` integer,
	`del_flg` integer DEFAULT 0 NOT NULL,
	`creator_id` text,
	`deleted_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`responsible_user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`related_project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`creator_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fmea_project_serial_unique` ON `fmea_project` (`serial_num`);--> statement-breakpoint
CREATE INDEX `fmea_project_list_idx` ON `fmea_project` (`del_flg`,`project_type`,`updated_at`);--> statement-breakpoint
CREATE INDEX `fmea_project_creator_idx` ON `fmea_project` (`creator_id`);--> statement-breakpoint
CREATE INDEX `fmea_project_responsible_idx` ON `fmea_project` (`responsible_user_id`);--> statement-breakpoint
CREATE TABLE `fmea_project_visit` (
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`visited_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `user_id`),
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fmea_project_visit_user_idx` ON `fmea_project_visit` (`user_id`,`visited_at`);--> statement-breakpoint
CREATE TABLE `fmea_action` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`cause_id` text NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`responsible_user_id` text,
	`target_date` text,
	`status` text DEFAULT 'open' NOT NULL,
	`action_taken` text,
	`evidence` text,
	`completion_date` text,
	`ra_severity` integer,
	`ra_occurrence` integer,
	`ra_detection` integer,
	`sort` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cause_id`) REFERENCES `fmea_failure`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`responsible_user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "fmea_action_ra_severity" CHECK("fmea_action"."ra_severity" is null or "fmea_action"."ra_severity" between 1 and 10),
	CONSTRAINT "fmea_action_ra_occurrence" CHECK("fmea_action"."ra_occurrence" is null or "fmea_action"."ra_occurrence" between 1 and 10),
	CONSTRAINT "fmea_action_ra_detection" CHECK("fmea_action"."ra_detection" is null or "fmea_action"."ra_detection" between 1 and 10)
);
--> statement-breakpoint
CREATE INDEX `fmea_action_cause_idx` ON `fmea_action` (`cause_id`,`sort`);--> statement-breakpoint
CREATE INDEX `fmea_action_project_status_idx` ON `fmea_action` (`project_id`,`status`);--> statement-breakpoint
CREATE INDEX `fmea_action_responsible_idx` ON `fmea_action` (`responsible_user_id`);--> statement-breakpoint
CREATE TABLE `fmea_characteristic` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`function_id` text NOT NULL,
	`name` text NOT NULL,
	`characteristic_class` text NOT NULL,
	`special` integer DEFAULT false NOT NULL,
	`sort` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`function_id`) REFERENCES `fmea_function`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fmea_characteristic_function_idx` ON `fmea_characteristic` (`function_id`,`special`);--> statement-breakpoint
CREATE INDEX `fmea_characteristic_project_idx` ON `fmea_characteristic` (`project_id`);--> statement-breakpoint
CREATE TABLE `fmea_control` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`cause_id` text NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`sort` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cause_id`) REFERENCES `fmea_failure`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fmea_control_cause_idx` ON `fmea_control` (`cause_id`,`kind`,`sort`);--> statement-breakpoint
CREATE INDEX `fmea_control_project_idx` ON `fmea_control` (`project_id`);--> statement-breakpoint
CREATE TABLE `fmea_failure` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`function_id` text NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`severity` integer,
	`occurrence` integer,
	`detection` integer,
	`frequency_ratio` real,
	`sort` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`function_id`) REFERENCES `fmea_function`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fmea_failure_severity" CHECK(("fmea_failure"."severity" is null or "fmea_failure"."severity" between 1 and 10) and ("fmea_failure"."severity" is null or "fmea_failure"."kind" = 'FE')),
	CONSTRAINT "fmea_failure_occurrence" CHECK(("fmea_failure"."occurrence" is null or "fmea_failure"."occurrence" between 1 and 10) and ("fmea_failure"."occurrence" is null or "fmea_failure"."kind" = 'FC')),
	CONSTRAINT "fmea_failure_detection" CHECK(("fmea_failure"."detection" is null or "fmea_failure"."detection" between 1 and 10) and ("fmea_failure"."detection" is null or "fmea_failure"."kind" = 'FC')),
	CONSTRAINT "fmea_failure_ratio" CHECK("fmea_failure"."frequency_ratio" is null or ("fmea_failure"."kind" = 'FM' and "fmea_failure"."frequency_ratio" between 0 and 1))
);
--> statement-breakpoint
CREATE INDEX `fmea_failure_project_kind_idx` ON `fmea_failure` (`project_id`,`kind`);--> statement-breakpoint
CREATE INDEX `fmea_failure_function_idx` ON `fmea_failure` (`function_id`,`sort`);--> statement-breakpoint
CREATE TABLE `fmea_failure_link` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`higher_failure_id` text NOT NULL,
	`lower_failure_id` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`higher_failure_id`) REFERENCES `fmea_failure`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lower_failure_id`) REFERENCES `fmea_failure`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fmea_failure_link_unique` ON `fmea_failure_link` (`higher_failure_id`,`lower_failure_id`);--> statement-breakpoint
CREATE INDEX `fmea_failure_link_lower_idx` ON `fmea_failure_link` (`lower_failure_id`);--> statement-breakpoint
CREATE INDEX `fmea_failure_link_project_idx` ON `fmea_failure_link` (`project_id`);--> statement-breakpoint
CREATE TABLE `fmea_function` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`node_id` text NOT NULL,
	`description` text NOT NULL,
	`requirement` text,
	`sort` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`node_id`) REFERENCES `fmea_node`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fmea_function_node_idx` ON `fmea_function` (`node_id`,`sort`);--> statement-breakpoint
CREATE INDEX `fmea_function_project_idx` ON `fmea_function` (`project_id`);--> statement-breakpoint
CREATE TABLE `fmea_function_link` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`higher_function_id` text NOT NULL,
	`lower_function_id` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`higher_function_id`) REFERENCES `fmea_function`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lower_function_id`) REFERENCES `fmea_function`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fmea_function_link_unique` ON `fmea_function_link` (`higher_function_id`,`lower_function_id`);--> statement-breakpoint
CREATE INDEX `fmea_function_link_lower_idx` ON `fmea_function_link` (`lower_function_id`);--> statement-breakpoint
CREATE INDEX `fmea_function_link_project_idx` ON `fmea_function_link` (`project_id`);--> statement-breakpoint
CREATE TABLE `fmea_interface` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`first_node_id` text NOT NULL,
	`second_node_id` text NOT NULL,
	`interface_type` integer NOT NULL,
	`description` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`first_node_id`) REFERENCES `fmea_node`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`second_node_id`) REFERENCES `fmea_node`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fmea_interface_type_range" CHECK("fmea_interface"."interface_type" between 1 and 5),
	CONSTRAINT "fmea_interface_two_nodes" CHECK("fmea_interface"."first_node_id" <> "fmea_interface"."second_node_id")
);
--> statement-breakpoint
CREATE INDEX `fmea_interface_first_idx` ON `fmea_interface` (`first_node_id`);--> statement-breakpoint
CREATE INDEX `fmea_interface_second_idx` ON `fmea_interface` (`second_node_id`);--> statement-breakpoint
CREATE INDEX `fmea_interface_project_idx` ON `fmea_interface` (`project_id`);--> statement-breakpoint
CREATE TABLE `fmea_node` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`parent_id` text,
	`node_type` integer NOT NULL,
	`name` text NOT NULL,
	`sort` integer NOT NULL,
	`image_name` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `fmea_node`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fmea_node_project_idx` ON `fmea_node` (`project_id`);--> statement-breakpoint
CREATE INDEX `fmea_node_parent_idx` ON `fmea_node` (`parent_id`,`sort`);