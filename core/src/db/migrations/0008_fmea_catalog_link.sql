ALTER TABLE `fmea_control` ADD `catalog_record_id` text;--> statement-breakpoint
ALTER TABLE `fmea_failure` ADD `catalog_record_id` text;--> statement-breakpoint
ALTER TABLE `fmea_function` ADD `catalog_record_id` text;