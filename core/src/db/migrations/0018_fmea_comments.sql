CREATE TABLE `fmea_comment` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`target_kind` text NOT NULL,
	`target_id` text NOT NULL,
	`node_id` text,
	`body` text NOT NULL,
	`reply_to` text,
	`mentions` text NOT NULL,
	`author_id` text,
	`del_flg` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reply_to`) REFERENCES `fmea_comment`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`author_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "fmea_comment_body" CHECK(length(trim("fmea_comment"."body")) between 1 and 200)
);
--> statement-breakpoint
CREATE INDEX `fmea_comment_target_idx` ON `fmea_comment` (`project_id`,`target_kind`,`target_id`);--> statement-breakpoint
CREATE INDEX `fmea_comment_project_idx` ON `fmea_comment` (`project_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `fmea_comment_read` (
	`user_id` text NOT NULL,
	`project_id` text NOT NULL,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `project_id`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `operation_log` ADD `reason` text;