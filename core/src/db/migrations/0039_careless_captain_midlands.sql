ALTER TABLE `session` ADD `sso_sid` text;--> statement-breakpoint
ALTER TABLE `session` ADD `sso_sub` text;--> statement-breakpoint
ALTER TABLE `session` ADD `sso_id_token` text;--> statement-breakpoint
CREATE INDEX `session_sso_sid_idx` ON `session` (`sso_sid`);