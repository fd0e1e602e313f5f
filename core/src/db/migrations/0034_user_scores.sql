CREATE TABLE `user_score_event` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`source_kind` text NOT NULL,
	`source_id` text NOT NULL,
	`points` integer NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_score_event_once` ON `user_score_event` (`reason`,`source_kind`,`source_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `user_score_event_user_at_idx` ON `user_score_event` (`user_id`,`at`);--> statement-breakpoint
CREATE INDEX `user_score_event_at_idx` ON `user_score_event` (`at`);