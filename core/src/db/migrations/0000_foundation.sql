CREATE TABLE `department` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`number` text NOT NULL,
	`name` text NOT NULL,
	`admin_user_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `site`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `department_site_name_unique` ON `department` (`site_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `department_site_number_unique` ON `department` (`site_id`,`number`);--> statement-breakpoint
CREATE INDEX `department_site_idx` ON `department` (`site_id`);--> statement-breakpoint
CREATE TABLE `site` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`admin_user_id` text,
	`leader_user_id` text,
	`licence_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_name_unique` ON `site` (`name`);--> statement-breakpoint
CREATE TABLE `password_history` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_history_user_idx` ON `password_history` (`user_id`);--> statement-breakpoint
CREATE TABLE `session` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`site_id` text,
	`expires_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`user_agent` text,
	`ip` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `site`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `session_user_idx` ON `session` (`user_id`);--> statement-breakpoint
CREATE INDEX `session_site_idx` ON `session` (`site_id`);--> statement-breakpoint
CREATE TABLE `user` (
	`id` text PRIMARY KEY NOT NULL,
	`user_name` text NOT NULL,
	`real_name` text DEFAULT '' NOT NULL,
	`password_hash` text NOT NULL,
	`password_changed_at` integer,
	`must_change_password` integer DEFAULT false NOT NULL,
	`job_number` text DEFAULT '' NOT NULL,
	`mobile` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`gender` text DEFAULT '0' NOT NULL,
	`avatar` text,
	`signature` text,
	`site_id` text,
	`department_id` text,
	`superior_id` text,
	`validity_date` integer,
	`locked` integer DEFAULT false NOT NULL,
	`failed_logins` integer DEFAULT 0 NOT NULL,
	`last_login_at` integer,
	`login_count` integer DEFAULT 0 NOT NULL,
	`contribution_score` integer DEFAULT 0 NOT NULL,
	`activity_score` integer DEFAULT 0 NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`del_flg` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `site`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`department_id`) REFERENCES `department`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_name_unique` ON `user` (`user_name`);--> statement-breakpoint
CREATE INDEX `user_site_idx` ON `user` (`site_id`);--> statement-breakpoint
CREATE TABLE `user_role` (
	`user_id` text NOT NULL,
	`role_id` text NOT NULL,
	PRIMARY KEY(`user_id`, `role_id`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `role`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_role_role_idx` ON `user_role` (`role_id`);--> statement-breakpoint
CREATE TABLE `user_site` (
	`user_id` text NOT NULL,
	`site_id` text NOT NULL,
	PRIMARY KEY(`user_id`, `site_id`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `site`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_site_site_idx` ON `user_site` (`site_id`);--> statement-breakpoint
CREATE TABLE `menu` (
	`id` text PRIMARY KEY NOT NULL,
	`parent_route_name` text,
	`route_name` text NOT NULL,
	`path` text NOT NULL,
	`title` text NOT NULL,
	`title_en` text NOT NULL,
	`icon` text DEFAULT '' NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`buttons` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `menu_route_name_unique` ON `menu` (`route_name`);--> statement-breakpoint
CREATE TABLE `role` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_en` text DEFAULT '' NOT NULL,
	`role_type` text DEFAULT '2' NOT NULL,
	`product_types` text DEFAULT '[]' NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `role_name_unique` ON `role` (`name`);--> statement-breakpoint
CREATE TABLE `role_permission` (
	`role_id` text NOT NULL,
	`route_name` text NOT NULL,
	`buttons` text DEFAULT '[]' NOT NULL,
	PRIMARY KEY(`role_id`, `route_name`),
	FOREIGN KEY (`role_id`) REFERENCES `role`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `role_permission_route_idx` ON `role_permission` (`route_name`);--> statement-breakpoint
CREATE TABLE `dictionary` (
	`id` text PRIMARY KEY NOT NULL,
	`parent_id` text DEFAULT '' NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`en_name` text DEFAULT '' NOT NULL,
	`sort` integer DEFAULT 1 NOT NULL,
	`del_flg` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dictionary_parent_code_unique` ON `dictionary` (`parent_id`,`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `dictionary_parent_name_unique` ON `dictionary` (`parent_id`,`name`);--> statement-breakpoint
CREATE INDEX `dictionary_parent_idx` ON `dictionary` (`parent_id`);--> statement-breakpoint
CREATE TABLE `ap_rule` (
	`id` text PRIMARY KEY NOT NULL,
	`table_name` text NOT NULL,
	`sort` integer NOT NULL,
	`rule_type` text NOT NULL,
	`ap` text NOT NULL,
	`s_min` integer,
	`s_max` integer,
	`o_min` integer,
	`o_max` integer,
	`d_min` integer,
	`d_max` integer,
	`rpn_min` integer,
	`rpn_max` integer,
	`so` integer,
	`sd` integer,
	FOREIGN KEY (`table_name`) REFERENCES `ap_rule_set`(`table_name`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `ap_rule_set` (
	`table_name` text PRIMARY KEY NOT NULL,
	`selection` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `business_rule` (
	`id` text PRIMARY KEY NOT NULL,
	`rule_group` text NOT NULL,
	`rule_type` text NOT NULL,
	`rule_name` text NOT NULL,
	`rule_name_en` text NOT NULL,
	`flag` text NOT NULL,
	`rule_sort` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `business_rule_type_unique` ON `business_rule` (`rule_type`);--> statement-breakpoint
CREATE TABLE `numbering_counter` (
	`module` text NOT NULL,
	`scope` text NOT NULL,
	`value` integer NOT NULL,
	PRIMARY KEY(`module`, `scope`)
);
--> statement-breakpoint
CREATE TABLE `numbering_rule` (
	`module` text PRIMARY KEY NOT NULL,
	`prefix` text NOT NULL,
	`elements` text NOT NULL,
	`allow_manual` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `score_supply_rule` (
	`rule_type` text PRIMARY KEY NOT NULL,
	`flag` text DEFAULT '0' NOT NULL,
	`default_det` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `notice` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`title` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`type` text DEFAULT '1' NOT NULL,
	`status` text DEFAULT '0' NOT NULL,
	`publish_time` integer,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notice_status_idx` ON `notice` (`status`);--> statement-breakpoint
CREATE TABLE `notice_read` (
	`notice_id` text NOT NULL,
	`user_id` text NOT NULL,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`notice_id`, `user_id`),
	FOREIGN KEY (`notice_id`) REFERENCES `notice`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `operation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`user_id` text,
	`user_name` text NOT NULL,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`before` text,
	`after` text,
	`ip` text
);
--> statement-breakpoint
CREATE INDEX `operation_log_at_idx` ON `operation_log` (`at`);--> statement-breakpoint
CREATE INDEX `operation_log_entity_idx` ON `operation_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE TABLE `setting` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
