ALTER TABLE `fmea_project` ADD `company_name` text;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `engineering_location` text;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `subject` text;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `fmea_id_number` text;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `revision_date` text;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `design_responsibility` text;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `prepared_by` text;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `plan_intent` text;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `plan_timing` text;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `plan_team` text;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `plan_task` text;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `plan_tool` text;--> statement-breakpoint
ALTER TABLE `fmea_project` ADD `analysis_boundaries` text;--> statement-breakpoint
-- Stage, customer, platform and confidentiality hold dictionary codes. Earlier
-- versions stored labels from some paths (the demo, workbook imports): a value
-- that is no code of its dictionary but some item's name (either language,
-- any case) becomes that item's code. Other values stay as they were.
UPDATE `fmea_project` SET `stage` = (SELECT i.code FROM `dictionary` i JOIN `dictionary` t ON t.`id` = i.`parent_id` WHERE t.`parent_id` = '' AND t.`code` = 'projectStage' AND (lower(i.`name`) = lower(trim(`fmea_project`.`stage`)) OR (i.`en_name` <> '' AND lower(i.`en_name`) = lower(trim(`fmea_project`.`stage`)))) ORDER BY i.`del_flg`, i.`sort`, i.`code` LIMIT 1)
WHERE `stage` IS NOT NULL
  AND NOT EXISTS (SELECT i.code FROM `dictionary` i JOIN `dictionary` t ON t.`id` = i.`parent_id` WHERE t.`parent_id` = '' AND t.`code` = 'projectStage' AND i.`code` = `fmea_project`.`stage`)
  AND EXISTS (SELECT i.code FROM `dictionary` i JOIN `dictionary` t ON t.`id` = i.`parent_id` WHERE t.`parent_id` = '' AND t.`code` = 'projectStage' AND (lower(i.`name`) = lower(trim(`fmea_project`.`stage`)) OR (i.`en_name` <> '' AND lower(i.`en_name`) = lower(trim(`fmea_project`.`stage`)))));--> statement-breakpoint
UPDATE `fmea_project` SET `customer` = (SELECT i.code FROM `dictionary` i JOIN `dictionary` t ON t.`id` = i.`parent_id` WHERE t.`parent_id` = '' AND t.`code` = 'customer' AND (lower(i.`name`) = lower(trim(`fmea_project`.`customer`)) OR (i.`en_name` <> '' AND lower(i.`en_name`) = lower(trim(`fmea_project`.`customer`)))) ORDER BY i.`del_flg`, i.`sort`, i.`code` LIMIT 1)
WHERE `customer` IS NOT NULL
  AND NOT EXISTS (SELECT i.code FROM `dictionary` i JOIN `dictionary` t ON t.`id` = i.`parent_id` WHERE t.`parent_id` = '' AND t.`code` = 'customer' AND i.`code` = `fmea_project`.`customer`)
  AND EXISTS (SELECT i.code FROM `dictionary` i JOIN `dictionary` t ON t.`id` = i.`parent_id` WHERE t.`parent_id` = '' AND t.`code` = 'customer' AND (lower(i.`name`) = lower(trim(`fmea_project`.`customer`)) OR (i.`en_name` <> '' AND lower(i.`en_name`) = lower(trim(`fmea_project`.`customer`)))));--> statement-breakpoint
UPDATE `fmea_project` SET `platform` = (SELECT i.code FROM `dictionary` i JOIN `dictionary` t ON t.`id` = i.`parent_id` WHERE t.`parent_id` = '' AND t.`code` = 'productPlatform' AND (lower(i.`name`) = lower(trim(`fmea_project`.`platform`)) OR (i.`en_name` <> '' AND lower(i.`en_name`) = lower(trim(`fmea_project`.`platform`)))) ORDER BY i.`del_flg`, i.`sort`, i.`code` LIMIT 1)
WHERE `platform` IS NOT NULL
  AND NOT EXISTS (SELECT i.code FROM `dictionary` i JOIN `dictionary` t ON t.`id` = i.`parent_id` WHERE t.`parent_id` = '' AND t.`code` = 'productPlatform' AND i.`code` = `fmea_project`.`platform`)
  AND EXISTS (SELECT i.code FROM `dictionary` i JOIN `dictionary` t ON t.`id` = i.`parent_id` WHERE t.`parent_id` = '' AND t.`code` = 'productPlatform' AND (lower(i.`name`) = lower(trim(`fmea_project`.`platform`)) OR (i.`en_name` <> '' AND lower(i.`en_name`) = lower(trim(`fmea_project`.`platform`)))));--> statement-breakpoint
UPDATE `fmea_project` SET `confidentiality` = (SELECT i.code FROM `dictionary` i JOIN `dictionary` t ON t.`id` = i.`parent_id` WHERE t.`parent_id` = '' AND t.`code` = 'secrecyGrade' AND (lower(i.`name`) = lower(trim(`fmea_project`.`confidentiality`)) OR (i.`en_name` <> '' AND lower(i.`en_name`) = lower(trim(`fmea_project`.`confidentiality`)))) ORDER BY i.`del_flg`, i.`sort`, i.`code` LIMIT 1)
WHERE `confidentiality` IS NOT NULL
  AND NOT EXISTS (SELECT i.code FROM `dictionary` i JOIN `dictionary` t ON t.`id` = i.`parent_id` WHERE t.`parent_id` = '' AND t.`code` = 'secrecyGrade' AND i.`code` = `fmea_project`.`confidentiality`)
  AND EXISTS (SELECT i.code FROM `dictionary` i JOIN `dictionary` t ON t.`id` = i.`parent_id` WHERE t.`parent_id` = '' AND t.`code` = 'secrecyGrade' AND (lower(i.`name`) = lower(trim(`fmea_project`.`confidentiality`)) OR (i.`en_name` <> '' AND lower(i.`en_name`) = lower(trim(`fmea_project`.`confidentiality`)))));
