export * from './model.ts';
export { readMef, type MefOptions } from './mef.ts';
export { analyzeTree, buildBdd, type AnalysisOptions, type FtaResult, type Importance } from './analyze.ts';
export { eventProbability, toFaultTree, type FtaBasicEvent, type FtaDocument, type FtaEventModel, type FtaGate, type FtaHouseEvent, type FtaTransfer } from './document.ts';
export { DEFAULT_MISSION_TIME, readMefDocument, readMefDocuments, type MefDocumentOptions } from './mef-document.ts';
export { writeMef, type WriteMefOptions } from './mef-write.ts';
export { FTA_DOCUMENT_ISSUES, FTA_NAME_MAX, validateFtaDocument, type FtaDocumentIssue, type FtaDocumentIssueCode } from './validate.ts';
export { OCCURRENCE_PROBABILITY, occurrenceProbability } from './occurrence.ts';
export * from './vocabulary.ts';
