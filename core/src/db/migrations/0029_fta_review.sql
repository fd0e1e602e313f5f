CREATE TABLE `fta_tree_release` (
	`id` text PRIMARY KEY NOT NULL,
	`tree_id` text NOT NULL,
	`release_num` integer NOT NULL,
	`document` text NOT NULL,
	`result` text NOT NULL,
	`submitter_id` text,
	`submitter_name` text,
	`released_by_id` text,
	`released_by_name` text,
	`released_at` integer NOT NULL,
	`opinion` text,
	`revoked_at` integer,
	`revoked_by_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tree_id`) REFERENCES `fta_tree`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fta_tree_release_num_unique` ON `fta_tree_release` (`tree_id`,`release_num`);--> statement-breakpoint
ALTER TABLE `fta_tree` ADD `approver_id` text;--> statement-breakpoint
ALTER TABLE `fta_tree` ADD `approver_name` text;--> statement-breakpoint
ALTER TABLE `fta_tree` ADD `submitter_id` text;--> statement-breakpoint
ALTER TABLE `fta_tree` ADD `submitter_name` text;--> statement-breakpoint
ALTER TABLE `fta_tree` ADD `submitted_at` integer;