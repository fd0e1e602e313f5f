CREATE TABLE `problem` (
	`id` text PRIMARY KEY NOT NULL,
	`problem_num` text NOT NULL,
	`brief` text NOT NULL,
	`description` text,
	`type` text NOT NULL,
	`source` text NOT NULL,
	`happened_at` integer,
	`location` text,
	`frequency` text,
	`processing_equipment` text,
	`unqualified_batch` text,
	`part_number` text,
	`supplier` text,
	`customer_problem` integer DEFAULT false NOT NULL,
	`customer_name` text,
	`responsible_id` text,
	`responsible_name` text,
	`status` text DEFAULT 'open' NOT NULL,
	`approver_id` text,
	`approver_name` text,
	`submitter_id` text,
	`submitter_name` text,
	`submitted_at` integer,
	`review_opinion` text,
	`released_by_id` text,
	`released_by_name` text,
	`released_at` integer,
	`planned_completion` integer,
	`actual_completion` integer,
	`closed_loop` integer,
	`closed_loop_reason` text,
	`closed_at` integer,
	`closed_by_name` text,
	`experience_id` text,
	`site_id` text,
	`creator_id` text,
	`creator_name` text,
	`updater_id` text,
	`updater_name` text,
	`del_flg` integer DEFAULT 0 NOT NULL,
	`deleted_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `site`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `problem_num_unique` ON `problem` (`problem_num`);--> statement-breakpoint
CREATE INDEX `problem_list_idx` ON `problem` (`del_flg`,`customer_problem`,`updated_at`);--> statement-breakpoint
CREATE INDEX `problem_responsible_idx` ON `problem` (`responsible_id`);--> statement-breakpoint
CREATE TABLE `problem_action` (
	`id` text PRIMARY KEY NOT NULL,
	`problem_id` text NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`cause_id` text,
	`owner_id` text,
	`owner_name` text,
	`planned_at` integer,
	`done_at` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`result` text,
	`sort` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`problem_id`) REFERENCES `problem`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cause_id`) REFERENCES `problem_cause`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `problem_action_problem_idx` ON `problem_action` (`problem_id`,`kind`);--> statement-breakpoint
CREATE TABLE `problem_cause` (
	`id` text PRIMARY KEY NOT NULL,
	`problem_id` text NOT NULL,
	`track` text NOT NULL,
	`category` text,
	`description` text NOT NULL,
	`root_cause` integer DEFAULT false NOT NULL,
	`verification` text,
	`sort` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`problem_id`) REFERENCES `problem`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `problem_cause_problem_idx` ON `problem_cause` (`problem_id`,`track`);--> statement-breakpoint
CREATE TABLE `problem_is_not` (
	`id` text PRIMARY KEY NOT NULL,
	`problem_id` text NOT NULL,
	`dimension` text NOT NULL,
	`is_text` text,
	`is_not_text` text,
	`sort` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`problem_id`) REFERENCES `problem`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `problem_is_not_problem_idx` ON `problem_is_not` (`problem_id`);--> statement-breakpoint
CREATE TABLE `problem_member` (
	`id` text PRIMARY KEY NOT NULL,
	`problem_id` text NOT NULL,
	`user_id` text NOT NULL,
	`user_name` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`duty` text,
	`sort` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`problem_id`) REFERENCES `problem`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `problem_member_unique` ON `problem_member` (`problem_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `problem_member_user_idx` ON `problem_member` (`user_id`);--> statement-breakpoint
CREATE TABLE `problem_step` (
	`id` text PRIMARY KEY NOT NULL,
	`problem_id` text NOT NULL,
	`step` text NOT NULL,
	`state` text DEFAULT 'notStarted' NOT NULL,
	`content` text,
	`owner_id` text,
	`owner_name` text,
	`due_at` integer,
	`started_at` integer,
	`finished_at` integer,
	`finished_by_name` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`problem_id`) REFERENCES `problem`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `problem_step_unique` ON `problem_step` (`problem_id`,`step`);--> statement-breakpoint
CREATE INDEX `problem_step_owner_idx` ON `problem_step` (`owner_id`) WHERE owner_id is not null;--> statement-breakpoint
CREATE TABLE `problem_why` (
	`id` text PRIMARY KEY NOT NULL,
	`problem_id` text NOT NULL,
	`track` text NOT NULL,
	`chain` integer NOT NULL,
	`level` integer NOT NULL,
	`answer` text NOT NULL,
	`cause_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`problem_id`) REFERENCES `problem`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cause_id`) REFERENCES `problem_cause`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `problem_why_unique` ON `problem_why` (`problem_id`,`track`,`chain`,`level`);