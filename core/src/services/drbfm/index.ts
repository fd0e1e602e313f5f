export { createDrbfm, drbfmContent, DRBFM_PROJECT_TYPE, getDrbfm, updateDrbfmChange, type ConcernTrace, type DrbfmCreateInput, type DrbfmView } from './project.ts';
export { removeDrbfmAction, removeDrbfmConcern, removeDrbfmMeeting, removeDrbfmPart, saveDrbfmAction, saveDrbfmConcern, saveDrbfmMeeting, saveDrbfmPart, type ActionSave, type ConcernSave, type MeetingSave, type PartSave } from './rows.ts';
export { concernTargets, sendConcernToFmea, type SendConcernInput } from './send.ts';
export { DRBFM_SHEET_COLUMNS, exportDrbfmWorkbook } from './transfer.ts';
