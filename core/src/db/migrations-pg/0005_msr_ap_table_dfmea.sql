-- SQLite's 0028 (FMEA-MSR projects rate their DFMEA part with the DFMEA table; docs/domain/msr.md), as PostgreSQL writes it.
UPDATE "fmea_project" SET "ap_table" = 'dfmea', "ap_summary" = NULL, "ap_computed_at" = NULL WHERE "project_type" = 'msr' AND "ap_table" = 'msr';
