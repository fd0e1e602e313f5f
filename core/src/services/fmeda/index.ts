export { FMEDA_SHEET_COLUMNS, fmedaMetrics, readFmedaWorksheet, type FmedaWorksheetRow } from './worksheet.ts';
