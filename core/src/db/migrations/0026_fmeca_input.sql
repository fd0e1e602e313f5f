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
CREATE INDEX `fmeca_input_project_idx` ON `fmeca_input` (`project_id`);