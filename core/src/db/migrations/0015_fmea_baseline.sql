CREATE TABLE `fmea_baseline` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`project_type` text NOT NULL,
	`seq` integer NOT NULL,
	`round` integer NOT NULL,
	`version_label` text NOT NULL,
	`label` text NOT NULL,
	`content` text NOT NULL,
	`content_hash` text NOT NULL,
	`node_count` integer NOT NULL,
	`chain_count` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fmea_baseline_seq_unique` ON `fmea_baseline` (`project_id`,`seq`);--> statement-breakpoint
CREATE INDEX `fmea_baseline_hash_idx` ON `fmea_baseline` (`content_hash`);