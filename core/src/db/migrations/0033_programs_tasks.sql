CREATE TABLE `program` (
	`id` text PRIMARY KEY NOT NULL,
	`program_num` text NOT NULL,
	`name` text NOT NULL,
	`name_en` text,
	`product_num` text,
	`product_name` text,
	`owner_id` text,
	`owner_name` text,
	`start_date` text,
	`end_date` text,
	`sop_date` text,
	`dt_post_date` text,
	`release_date` text,
	`de_post_date` text,
	`complete_date` text,
	`description` text,
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
CREATE UNIQUE INDEX `program_num_unique` ON `program` (`program_num`);--> statement-breakpoint
CREATE INDEX `program_list_idx` ON `program` (`del_flg`,`updated_at`);--> statement-breakpoint
CREATE INDEX `program_creator_idx` ON `program` (`creator_id`);--> statement-breakpoint
CREATE TABLE `program_baseline` (
	`id` text PRIMARY KEY NOT NULL,
	`program_id` text NOT NULL,
	`baseline_num` integer NOT NULL,
	`name` text NOT NULL,
	`plan` text NOT NULL,
	`creator_id` text,
	`creator_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `program`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `program_baseline_num_unique` ON `program_baseline` (`program_id`,`baseline_num`);--> statement-breakpoint
CREATE TABLE `program_fmea` (
	`program_id` text NOT NULL,
	`project_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`program_id`, `project_id`),
	FOREIGN KEY (`program_id`) REFERENCES `program`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `program_fmea_project_idx` ON `program_fmea` (`project_id`);--> statement-breakpoint
CREATE TABLE `program_stage` (
	`id` text PRIMARY KEY NOT NULL,
	`program_id` text NOT NULL,
	`name` text NOT NULL,
	`name_en` text,
	`sort` integer NOT NULL,
	`start_date` text,
	`end_date` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `program`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `program_stage_program_idx` ON `program_stage` (`program_id`,`sort`);--> statement-breakpoint
CREATE TABLE `project_task` (
	`id` text PRIMARY KEY NOT NULL,
	`task_num` text NOT NULL,
	`program_id` text,
	`stage_id` text,
	`parent_id` text,
	`name` text NOT NULL,
	`description` text,
	`task_type` text NOT NULL,
	`task_label` text,
	`task_source` text,
	`project_task_source` text,
	`task_object` text DEFAULT '0' NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`dre` text,
	`project_id` text,
	`node_id` text,
	`owner_id` text,
	`owner_name` text,
	`handler_id` text,
	`handler_name` text,
	`dep_id` text,
	`dep_name` text,
	`launch_date` text,
	`planned_start` text,
	`planned_end` text,
	`actual_start` text,
	`complete_date` text,
	`hours` real,
	`sort` integer DEFAULT 0 NOT NULL,
	`creator_id` text,
	`creator_name` text,
	`updater_id` text,
	`updater_name` text,
	`del_flg` integer DEFAULT 0 NOT NULL,
	`deleted_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `program`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stage_id`) REFERENCES `program_stage`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`parent_id`) REFERENCES `project_task`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`node_id`) REFERENCES `fmea_node`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_task_num_unique` ON `project_task` (`task_num`);--> statement-breakpoint
CREATE INDEX `project_task_program_idx` ON `project_task` (`program_id`,`sort`);--> statement-breakpoint
CREATE INDEX `project_task_handler_idx` ON `project_task` (`handler_id`,`status`);--> statement-breakpoint
CREATE INDEX `project_task_owner_idx` ON `project_task` (`owner_id`,`status`);--> statement-breakpoint
CREATE INDEX `project_task_project_idx` ON `project_task` (`project_id`) WHERE project_id is not null;--> statement-breakpoint
CREATE INDEX `project_task_node_idx` ON `project_task` (`node_id`) WHERE node_id is not null;--> statement-breakpoint
CREATE INDEX `project_task_parent_idx` ON `project_task` (`parent_id`) WHERE parent_id is not null;--> statement-breakpoint
CREATE TABLE `task_dependency` (
	`id` text PRIMARY KEY NOT NULL,
	`predecessor_id` text NOT NULL,
	`successor_id` text NOT NULL,
	`lag_days` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`predecessor_id`) REFERENCES `project_task`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`successor_id`) REFERENCES `project_task`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `task_dependency_unique` ON `task_dependency` (`predecessor_id`,`successor_id`);--> statement-breakpoint
CREATE INDEX `task_dependency_successor_idx` ON `task_dependency` (`successor_id`);--> statement-breakpoint
CREATE TABLE `task_log` (
	`id` text PRIMARY KEY NOT NULL,
	`task_id` text NOT NULL,
	`task_num` text NOT NULL,
	`task_name` text NOT NULL,
	`program_id` text,
	`project_id` text,
	`action` text NOT NULL,
	`from_status` text,
	`to_status` text,
	`note` text,
	`actor_id` text,
	`actor_name` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `task_log_task_idx` ON `task_log` (`task_id`,`at`);--> statement-breakpoint
CREATE INDEX `task_log_program_idx` ON `task_log` (`program_id`,`at`);--> statement-breakpoint
CREATE INDEX `task_log_project_idx` ON `task_log` (`project_id`,`at`);