ALTER TABLE `fmea_project` ADD `template_scope` text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `template_site_id` text REFERENCES site(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `fmea_node_image_idx` ON `fmea_node` (`image_name`) WHERE "fmea_node"."image_name" is not null;--> statement-breakpoint
-- templates saved before scopes were open to everyone holding the area's route: they stay published, to their saver's site where it is known
UPDATE `fmea_project` SET `template_site_id` = (SELECT `u`.`site_id` FROM `user` `u` WHERE `u`.`id` = `fmea_project`.`creator_id`) WHERE `is_template` = 1;--> statement-breakpoint
UPDATE `fmea_project` SET `template_scope` = CASE WHEN `template_site_id` IS NULL THEN 'all' ELSE 'site' END WHERE `is_template` = 1;
