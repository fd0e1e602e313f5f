CREATE TABLE `file` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`original_name` text NOT NULL,
	`mime` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`uploaded_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `file_kind_idx` ON `file` (`kind`);--> statement-breakpoint
CREATE INDEX `file_uploaded_by_idx` ON `file` (`uploaded_by`);--> statement-breakpoint
DROP TABLE `score_supply_rule`;