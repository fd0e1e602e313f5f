CREATE TABLE `fmea_change_proposal` (
	`id` text PRIMARY KEY NOT NULL,
	`source_kind` text NOT NULL,
	`source_id` text NOT NULL,
	`source_number` text NOT NULL,
	`source_item_id` text,
	`project_id` text NOT NULL,
	`target_row_id` text,
	`target_kind` text NOT NULL,
	`target_text` text NOT NULL,
	`previous_occurrence` integer,
	`previous_detection` integer,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`rationale` text NOT NULL,
	`occurrence` integer,
	`detection` integer,
	`control_kind` text,
	`status` text DEFAULT 'open' NOT NULL,
	`proposed_by_id` text,
	`proposed_by_name` text,
	`decided_by_id` text,
	`decided_by_name` text,
	`decided_at` integer,
	`decision_reason` text,
	`action_id` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `fmea_project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_row_id`) REFERENCES `fmea_failure`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`action_id`) REFERENCES `fmea_action`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `fmea_change_proposal_source_idx` ON `fmea_change_proposal` (`source_kind`,`source_id`);--> statement-breakpoint
CREATE INDEX `fmea_change_proposal_project_idx` ON `fmea_change_proposal` (`project_id`,`status`);--> statement-breakpoint
CREATE INDEX `fmea_change_proposal_row_idx` ON `fmea_change_proposal` (`target_row_id`);--> statement-breakpoint
CREATE INDEX `fmea_change_proposal_action_idx` ON `fmea_change_proposal` (`action_id`);--> statement-breakpoint
ALTER TABLE `problem` ADD `open_proposals_reason` text;