ALTER TABLE `fmea_project` ADD `is_template` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `source_kind` text;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `source_project_id` text;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `source_node_id` text;--> statement-breakpoint
CREATE INDEX `fmea_project_source_idx` ON `fmea_project` (`source_project_id`);--> statement-breakpoint
ALTER TABLE `fmea_failure` ADD `origin_id` text;--> statement-breakpoint
ALTER TABLE `fmea_function` ADD `origin_id` text;--> statement-breakpoint
ALTER TABLE `fmea_node` ADD `origin_id` text;--> statement-breakpoint
CREATE INDEX `fmea_node_origin_idx` ON `fmea_node` (`origin_id`);