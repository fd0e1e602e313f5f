CREATE TABLE `message` (
	`id` text PRIMARY KEY NOT NULL,
	`recipient_id` text NOT NULL,
	`sender_id` text,
	`kind` text DEFAULT 'business' NOT NULL,
	`code` text NOT NULL,
	`message_key` text NOT NULL,
	`params` text NOT NULL,
	`content` text,
	`project_id` text,
	`serial_num` text,
	`right_type` text,
	`left_type` text,
	`route` text,
	`target_id` text,
	`application_id` text,
	`read_flag` integer DEFAULT 0 NOT NULL,
	`read_at` integer,
	`processed` integer DEFAULT 0 NOT NULL,
	`processed_at` integer,
	`del_flg` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`recipient_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`application_id`) REFERENCES `read_application`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `message_inbox_idx` ON `message` (`recipient_id`,`del_flg`,`kind`,`read_flag`);--> statement-breakpoint
CREATE INDEX `message_application_idx` ON `message` (`application_id`);--> statement-breakpoint
CREATE TABLE `read_application` (
	`id` text PRIMARY KEY NOT NULL,
	`applicant_id` text NOT NULL,
	`project_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`approver_ids` text NOT NULL,
	`remark` text,
	`decided_by` text,
	`decided_at` integer,
	`decision_remark` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`applicant_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `read_application_applicant_idx` ON `read_application` (`applicant_id`);--> statement-breakpoint
CREATE INDEX `read_application_project_idx` ON `read_application` (`project_id`,`status`);