export * from './model.ts';
export { readMef, type MefOptions } from './mef.ts';
export { analyzeTree, buildBdd, type AnalysisOptions, type FtaResult, type Importance } from './analyze.ts';
export { eventProbability, toFaultTree, type FtaBasicEvent, type FtaDocument, type FtaEventModel, type FtaGate, type FtaHouseEvent, type FtaTransfer } from './document.ts';
