-- A baseline is a frozen copy of a released FMEA: no statement may change one, even a buggy one
-- (docs/domain/fmea-baselines.md). Rows go only when their project is deleted (ON DELETE CASCADE).
CREATE TRIGGER `fmea_baseline_immutable` BEFORE UPDATE ON `fmea_baseline`
BEGIN
	SELECT RAISE(ABORT, 'fmea_baseline is immutable');
END;
