/**
 * DFMEA and PFMEA workbooks: the AIAG-VDA form (the DFMEA's or the PFMEA's, by
 * the project's type: profile.ts) with its flat chain sheet, scales and list
 * sheets, and imports of it or of legacy AIAG 4th-edition sheets.
 */
export { exportDfmeaWorkbook, exportFmeaWorkbook, exportPfmeaWorkbook, type ExportOptions } from './export.ts';
export {
  assertWorkbookFile,
  importDfmeaWorkbook,
  importFmeaWorkbook,
  importPfmeaWorkbook,
  type WorkbookImportMode,
  type WorkbookImportOptions,
  type WorkbookImportReport,
} from './import.ts';
export { FLAT_COLUMNS, LEGACY_COLUMNS, PFMEA_FLAT_COLUMNS, PFMEA_LEGACY_COLUMNS, type FlatRow, type LegacyRow } from './columns.ts';
export { FMEA_EXCEL_MESSAGE_KEYS } from './messages.ts';
export { profileOf, type WorkbookKind, type WorkbookProfile } from './profile.ts';
export { readAllSheets as readWorkbookSheets } from './workbook-io.ts';
export { DETECTION_SCALE, OCCURRENCE_SCALE, PFMEA_DETECTION_SCALE, PFMEA_OCCURRENCE_SCALE, PFMEA_SEVERITY_SCALE, SEVERITY_SCALE, type ScaleEntry } from './scales.ts';
