/** Every message key of the DFMEA workbook import and export (catalogs in ./locales). */
export const FMEA_EXCEL_MESSAGE_KEYS = [
  'fmeaExcel.xls_unsupported',
  'fmeaExcel.import_invalid',
  'fmeaExcel.rating_invalid',
  'fmeaExcel.rating_conflict',
  'fmeaExcel.target_date_invalid',
  'fmeaExcel.completion_date_invalid',
  'fmeaExcel.mode_missing',
  'fmeaExcel.item_missing',
  'fmeaExcel.unknown_parent',
  'fmeaExcel.chain_sheet_missing',
  'fmeaExcel.legacy_sheet_missing',
  'fmeaExcel.project_required',
] as const;
