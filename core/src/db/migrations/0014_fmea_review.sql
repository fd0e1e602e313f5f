CREATE TABLE `fmea_review_assignee` (
	`round_id` text NOT NULL,
	`role` text NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`round_id`, `role`),
	FOREIGN KEY (`round_id`) REFERENCES `fmea_review_round`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fmea_review_assignee_user_idx` ON `fmea_review_assignee` (`user_id`);--> statement-breakpoint
CREATE TABLE `fmea_review_round` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`round` integer NOT NULL,
	`release_condition` text NOT NULL,
	`submitted_by` text,
	`submitted_at` integer NOT NULL,
	`approved_by` text,
	`approved_at` integer,
	`released_at` integer,
	`rejected_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fmea_review_round_unique` ON `fmea_review_round` (`project_id`,`round`);--> statement-breakpoint
CREATE TABLE `fmea_review_step` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`round_id` text,
	`event` text NOT NULL,
	`user_id` text,
	`role` text,
	`conclusion` text,
	`opinion` text,
	`status` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`round_id`) REFERENCES `fmea_review_round`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fmea_review_step_project_idx` ON `fmea_review_step` (`project_id`,`at`);--> statement-breakpoint
CREATE INDEX `fmea_review_step_round_idx` ON `fmea_review_step` (`round_id`);--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `review_status` text DEFAULT 'draft' NOT NULL;