CREATE TABLE `spc_measurement` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`study_id` text NOT NULL,
	`seq` integer NOT NULL,
	`subgroup` text NOT NULL,
	`value` real,
	`count` integer,
	`size` real,
	`measured_at` integer NOT NULL,
	`source` text NOT NULL,
	FOREIGN KEY (`study_id`) REFERENCES `spc_study`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `spc_measurement_study_seq_unique` ON `spc_measurement` (`study_id`,`seq`);--> statement-breakpoint
CREATE TABLE `spc_study` (
	`id` text PRIMARY KEY NOT NULL,
	`study_num` text NOT NULL,
	`project_id` text NOT NULL,
	`line_id` text,
	`characteristic_id` text,
	`name` text NOT NULL,
	`chart` text NOT NULL,
	`subgroup_size` integer NOT NULL,
	`specification` text,
	`lsl` real,
	`usl` real,
	`target` real,
	`rules` text NOT NULL,
	`secondary_rules` text NOT NULL,
	`frozen_limits` text,
	`frozen_through` integer,
	`frozen_at` integer,
	`frozen_by_id` text,
	`frozen_by_name` text,
	`problem_id` text,
	`problem_num` text,
	`last_seq` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`line_id`) REFERENCES `control_plan_line`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`characteristic_id`) REFERENCES `fmea_characteristic`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `spc_study_num_unique` ON `spc_study` (`study_num`);--> statement-breakpoint
CREATE INDEX `spc_study_project_idx` ON `spc_study` (`project_id`);--> statement-breakpoint
CREATE INDEX `spc_study_characteristic_idx` ON `spc_study` (`characteristic_id`);--> statement-breakpoint
CREATE INDEX `spc_study_line_idx` ON `spc_study` (`line_id`);