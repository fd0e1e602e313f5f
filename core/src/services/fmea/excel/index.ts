/** DFMEA workbooks: the AIAG-VDA form with its flat chain sheet and scales, and imports of it or of legacy AIAG 4th-edition sheets. */
export { exportDfmeaWorkbook, type ExportOptions } from './export.ts';
export { assertWorkbookFile, importDfmeaWorkbook, type WorkbookImportMode, type WorkbookImportOptions, type WorkbookImportReport } from './import.ts';
export { FLAT_COLUMNS, LEGACY_COLUMNS, type FlatRow, type LegacyRow } from './columns.ts';
export { FMEA_EXCEL_MESSAGE_KEYS } from './messages.ts';
export { readAllSheets as readWorkbookSheets } from './workbook-io.ts';
export { DETECTION_SCALE, OCCURRENCE_SCALE, SEVERITY_SCALE, type ScaleEntry } from './scales.ts';
