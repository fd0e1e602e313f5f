-- A baseline is a frozen copy of a released FMEA: no statement may change one, even a buggy one, and a
-- baseline goes only with its project (docs/domain/fmea-baselines.md). SQLite's triggers of migrations
-- 0016 and 0020, as PostgreSQL writes them.
CREATE FUNCTION fmea_baseline_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'fmea_baseline is immutable';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER fmea_baseline_immutable BEFORE UPDATE ON fmea_baseline FOR EACH ROW EXECUTE FUNCTION fmea_baseline_immutable();
--> statement-breakpoint
CREATE FUNCTION fmea_baseline_delete_with_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM fmea_project WHERE id = OLD.project_id) THEN
		RAISE EXCEPTION 'fmea_baseline is deleted only with its project';
	END IF;
	RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER fmea_baseline_delete_with_project BEFORE DELETE ON fmea_baseline FOR EACH ROW EXECUTE FUNCTION fmea_baseline_delete_with_project();
