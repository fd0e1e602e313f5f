PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_task_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`task_id` text NOT NULL,
	`task_num` text NOT NULL,
	`task_name` text NOT NULL,
	`program_id` text,
	`project_id` text,
	`action` text NOT NULL,
	`from_status` text,
	`to_status` text,
	`note` text,
	`actor_id` text,
	`actor_name` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_task_log`("id", "task_id", "task_num", "task_name", "program_id", "project_id", "action", "from_status", "to_status", "note", "actor_id", "actor_name", "at") SELECT "id", "task_id", "task_num", "task_name", "program_id", "project_id", "action", "from_status", "to_status", "note", "actor_id", "actor_name", "at" FROM `task_log`;--> statement-breakpoint
DROP TABLE `task_log`;--> statement-breakpoint
ALTER TABLE `__new_task_log` RENAME TO `task_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `task_log_task_idx` ON `task_log` (`task_id`,`at`);--> statement-breakpoint
CREATE INDEX `task_log_program_idx` ON `task_log` (`program_id`,`at`);--> statement-breakpoint
CREATE INDEX `task_log_project_idx` ON `task_log` (`project_id`,`at`);