export { fmecaModes, readFmeca, saveFmecaInputs, storedFmecaInputs, type FmecaInputs, type FmecaInputsToSave, type FmecaModeRow, type FmecaReport, type FmecaSource } from './fmeca.ts';
export { exportFmecaWorkbook, fmecaWorkbookOf, FMECA_WORKBOOK_KEYS } from './workbook.ts';
