CREATE TABLE `fmeda_project` (
	`project_id` text PRIMARY KEY NOT NULL,
	`standard` text NOT NULL,
	`target_asil` text,
	`target_sil` integer,
	`element_type` text,
	`hft` integer,
	`safety_goal` text,
	`source_project_id` text,
	`source_node_id` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fmeda_project_sil" CHECK("fmeda_project"."target_sil" is null or "fmeda_project"."target_sil" between 1 and 4),
	CONSTRAINT "fmeda_project_hft" CHECK("fmeda_project"."hft" is null or "fmeda_project"."hft" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE `fmeda_row` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`sort` integer NOT NULL,
	`element_name` text NOT NULL,
	`element_fit` real NOT NULL,
	`failure_mode` text NOT NULL,
	`distribution_pct` real NOT NULL,
	`fault_class` text NOT NULL,
	`residual_mechanism` text,
	`dc_residual_pct` real,
	`latent_mechanism` text,
	`dc_latent_pct` real,
	`catalog_record_id` text,
	`source_node_id` text,
	`source_failure_id` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fmeda_row_fit" CHECK("fmeda_row"."element_fit" >= 0),
	CONSTRAINT "fmeda_row_distribution" CHECK("fmeda_row"."distribution_pct" between 0 and 100),
	CONSTRAINT "fmeda_row_dc_residual" CHECK("fmeda_row"."dc_residual_pct" is null or "fmeda_row"."dc_residual_pct" between 0 and 100),
	CONSTRAINT "fmeda_row_dc_latent" CHECK("fmeda_row"."dc_latent_pct" is null or "fmeda_row"."dc_latent_pct" between 0 and 100)
);
--> statement-breakpoint
CREATE INDEX `fmeda_row_project_idx` ON `fmeda_row` (`project_id`,`sort`);