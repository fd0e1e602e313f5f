CREATE TABLE `password_change_ticket` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_change_ticket_user_idx` ON `password_change_ticket` (`user_id`);--> statement-breakpoint
CREATE TABLE `sign_in_throttle` (
	`address` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`window_start` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `user` ADD `locked_at` integer;--> statement-breakpoint
ALTER TABLE `user` ADD `lock_reason` text;