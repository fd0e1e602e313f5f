CREATE TABLE `control_plan` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`phase` text NOT NULL,
	`header` text DEFAULT '{}' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `control_plan_project_phase_unique` ON `control_plan` (`project_id`,`phase`);--> statement-breakpoint
CREATE TABLE `control_plan_line` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`origin` text NOT NULL,
	`step_node_id` text,
	`characteristic_id` text,
	`process_no` text,
	`process_name` text,
	`machine` text,
	`characteristic_no` text,
	`product_characteristic` text,
	`process_characteristic` text,
	`special_class` text,
	`specification` text,
	`measurement_technique` text,
	`sample_size` text,
	`sample_frequency` text,
	`control_method` text,
	`reaction_plan` text,
	`basis` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`sort` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `control_plan`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`step_node_id`) REFERENCES `fmea_node`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`characteristic_id`) REFERENCES `fmea_characteristic`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `control_plan_line_plan_idx` ON `control_plan_line` (`plan_id`,`sort`);--> statement-breakpoint
CREATE INDEX `control_plan_line_project_idx` ON `control_plan_line` (`project_id`);--> statement-breakpoint
CREATE INDEX `control_plan_line_char_idx` ON `control_plan_line` (`characteristic_id`);--> statement-breakpoint
CREATE TABLE `control_plan_line_control` (
	`line_id` text NOT NULL,
	`control_id` text NOT NULL,
	`project_id` text NOT NULL,
	FOREIGN KEY (`line_id`) REFERENCES `control_plan_line`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`control_id`) REFERENCES `fmea_control`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `control_plan_line_control_unique` ON `control_plan_line_control` (`line_id`,`control_id`);--> statement-breakpoint
CREATE INDEX `control_plan_line_control_control_idx` ON `control_plan_line_control` (`control_id`);--> statement-breakpoint
CREATE TABLE `process_flow_branch` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`from_node_id` text NOT NULL,
	`to_node_id` text,
	`kind` text NOT NULL,
	`label` text,
	`sort` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_node_id`) REFERENCES `fmea_node`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_node_id`) REFERENCES `fmea_node`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `process_flow_branch_project_idx` ON `process_flow_branch` (`project_id`,`sort`);--> statement-breakpoint
ALTER TABLE `fmea_characteristic` ADD `characteristic_kind` text;--> statement-breakpoint
ALTER TABLE `fmea_characteristic` ADD `customer_class` text;--> statement-breakpoint
ALTER TABLE `fmea_function` ADD `function_scope` text;--> statement-breakpoint
ALTER TABLE `fmea_node` ADD `process_no` text;--> statement-breakpoint
ALTER TABLE `fmea_node` ADD `work_element_type` text;--> statement-breakpoint
ALTER TABLE `fmea_node` ADD `flow_symbol` text;--> statement-breakpoint
ALTER TABLE `fmea_node` ADD `flow_inputs` text;--> statement-breakpoint
ALTER TABLE `fmea_node` ADD `flow_outputs` text;