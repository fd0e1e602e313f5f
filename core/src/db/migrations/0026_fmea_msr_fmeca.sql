CREATE TABLE `fmeca_input` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`node_id` text,
	`mode_id` text,
	`lambda_fit` real,
	`hours` real,
	`beta` real,
	`alpha` real,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`node_id`) REFERENCES `fmea_node`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mode_id`) REFERENCES `fmea_failure`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fmeca_input_target" CHECK(("fmeca_input"."node_id" is null) <> ("fmeca_input"."mode_id" is null)),
	CONSTRAINT "fmeca_input_item" CHECK("fmeca_input"."node_id" is not null or ("fmeca_input"."lambda_fit" is null and "fmeca_input"."hours" is null)),
	CONSTRAINT "fmeca_input_mode" CHECK("fmeca_input"."mode_id" is not null or ("fmeca_input"."beta" is null and "fmeca_input"."alpha" is null)),
	CONSTRAINT "fmeca_input_ranges" CHECK(("fmeca_input"."lambda_fit" is null or "fmeca_input"."lambda_fit" >= 0) and ("fmeca_input"."hours" is null or "fmeca_input"."hours" >= 0) and ("fmeca_input"."beta" is null or "fmeca_input"."beta" between 0 and 1) and ("fmeca_input"."alpha" is null or "fmeca_input"."alpha" between 0 and 1))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fmeca_input_node_unique` ON `fmeca_input` (`node_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `fmeca_input_mode_unique` ON `fmeca_input` (`mode_id`);--> statement-breakpoint
CREATE INDEX `fmeca_input_project_idx` ON `fmeca_input` (`project_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_fmea_failure` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`function_id` text NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`severity` integer,
	`occurrence` integer,
	`detection` integer,
	`frequency_ratio` real,
	`msr_frequency` integer,
	`msr_monitoring` integer,
	`msr_severity` integer,
	`msr_effect` text,
	`origin_id` text,
	`catalog_record_id` text,
	`sort` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`function_id`) REFERENCES `fmea_function`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fmea_failure_severity" CHECK(("__new_fmea_failure"."severity" is null or "__new_fmea_failure"."severity" between 1 and 10) and ("__new_fmea_failure"."severity" is null or "__new_fmea_failure"."kind" = 'FE')),
	CONSTRAINT "fmea_failure_occurrence" CHECK(("__new_fmea_failure"."occurrence" is null or "__new_fmea_failure"."occurrence" between 1 and 10) and ("__new_fmea_failure"."occurrence" is null or "__new_fmea_failure"."kind" = 'FC')),
	CONSTRAINT "fmea_failure_detection" CHECK(("__new_fmea_failure"."detection" is null or "__new_fmea_failure"."detection" between 1 and 10) and ("__new_fmea_failure"."detection" is null or "__new_fmea_failure"."kind" = 'FC')),
	CONSTRAINT "fmea_failure_msr_frequency" CHECK(("__new_fmea_failure"."msr_frequency" is null or "__new_fmea_failure"."msr_frequency" between 1 and 10) and ("__new_fmea_failure"."msr_frequency" is null or "__new_fmea_failure"."kind" = 'FC')),
	CONSTRAINT "fmea_failure_msr_monitoring" CHECK(("__new_fmea_failure"."msr_monitoring" is null or "__new_fmea_failure"."msr_monitoring" between 1 and 10) and ("__new_fmea_failure"."msr_monitoring" is null or "__new_fmea_failure"."kind" = 'FC')),
	CONSTRAINT "fmea_failure_msr_severity" CHECK(("__new_fmea_failure"."msr_severity" is null or "__new_fmea_failure"."msr_severity" between 1 and 10) and ("__new_fmea_failure"."msr_severity" is null or "__new_fmea_failure"."kind" = 'FC')),
	CONSTRAINT "fmea_failure_ratio" CHECK("__new_fmea_failure"."frequency_ratio" is null or ("__new_fmea_failure"."kind" = 'FM' and "__new_fmea_failure"."frequency_ratio" between 0 and 1))
);
--> statement-breakpoint
INSERT INTO `__new_fmea_failure`("id", "project_id", "function_id", "kind", "description", "severity", "occurrence", "detection", "frequency_ratio", "msr_frequency", "msr_monitoring", "msr_severity", "msr_effect", "origin_id", "catalog_record_id", "sort", "version", "created_by", "updated_by", "created_at", "updated_at") SELECT "id", "project_id", "function_id", "kind", "description", "severity", "occurrence", "detection", "frequency_ratio", NULL, NULL, NULL, NULL, "origin_id", "catalog_record_id", "sort", "version", "created_by", "updated_by", "created_at", "updated_at" FROM `fmea_failure`;--> statement-breakpoint
DROP TABLE `fmea_failure`;--> statement-breakpoint
ALTER TABLE `__new_fmea_failure` RENAME TO `fmea_failure`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `fmea_failure_project_kind_idx` ON `fmea_failure` (`project_id`,`kind`);--> statement-breakpoint
CREATE INDEX `fmea_failure_function_idx` ON `fmea_failure` (`function_id`,`sort`);