export { FMEDA_SHEET_COLUMNS, fmedaMetrics, readFmedaWorksheet, type FmedaWorksheetRow } from './worksheet.ts';
export { createFmeda, FMEDA_PROJECT_TYPE, fmedaContent, getFmeda, getFmedaBaseline, saveFmedaRows, updateFmedaSettings, type FmedaCreateInput, type FmedaRowSave, type FmedaRowView, type FmedaView } from './project.ts';
export { exportFmedaWorkbook, importFmedaWorkbook, type FmedaImportOptions } from './transfer.ts';
export { fillFmedaFromCatalog } from './catalog-fill.ts';
export { generatedRows } from './generate.ts';
