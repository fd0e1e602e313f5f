-- FMEA-MSR projects rate their DFMEA part with the DFMEA table and only the MSR steps with the MSR table
-- (AIAG & VDA 2019; docs/domain/msr.md): projects of type msr were created with ap_table 'msr' and move to
-- 'dfmea'. Their stored AP summary was counted with the MSR table, so it is cleared until the next recompute.
UPDATE `fmea_project` SET `ap_table` = 'dfmea', `ap_summary` = NULL, `ap_computed_at` = NULL WHERE `project_type` = 'msr' AND `ap_table` = 'msr';
