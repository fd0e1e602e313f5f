-- A baseline goes only with its project (docs/domain/fmea-baselines.md): a DELETE of a baseline whose project
-- still exists is refused; the project's ON DELETE CASCADE runs after the project row is gone, so it passes.
CREATE TRIGGER `fmea_baseline_delete_with_project` BEFORE DELETE ON `fmea_baseline`
WHEN EXISTS (SELECT 1 FROM `fmea_project` WHERE `id` = OLD.`project_id`)
BEGIN
	SELECT RAISE(ABORT, 'fmea_baseline is deleted only with its project');
END;
