ALTER TABLE `department` ADD `name_en` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `user` ADD `real_name_en` text DEFAULT '' NOT NULL;