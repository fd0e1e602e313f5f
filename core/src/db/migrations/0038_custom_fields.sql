CREATE TABLE `custom_field` (
	`id` text PRIMARY KEY NOT NULL,
	`entity` text NOT NULL,
	`system_name` text NOT NULL,
	`sort` integer NOT NULL,
	`field_type` text NOT NULL,
	`dict_type` text,
	`required` integer DEFAULT false NOT NULL,
	`shown` integer DEFAULT true NOT NULL,
	`placeholder` text,
	`alias` text NOT NULL,
	`alias_en` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_field_entity_name_unique` ON `custom_field` (`entity`,`system_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `custom_field_entity_sort_unique` ON `custom_field` (`entity`,`sort`);--> statement-breakpoint
CREATE TABLE `custom_field_value` (
	`field_id` text NOT NULL,
	`record_id` text NOT NULL,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`field_id`) REFERENCES `custom_field`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_field_value_unique` ON `custom_field_value` (`field_id`,`record_id`);--> statement-breakpoint
CREATE INDEX `custom_field_value_record_idx` ON `custom_field_value` (`record_id`);