export { SPC_ROUTE, spcCaller, type SpcButton, type SpcCaller, type SpcStudyRow } from './access.ts';
export { createStudy, deleteStudy, getStudy, listStudies, listStudyCandidates, updateStudy, type NewStudy, type SpcStudyView, type StudyCandidate, type StudyChanges, type StudyQuery, type StudySummary } from './studies.ts';
export { importMeasurementFile, type MeasurementImportOptions } from './import.ts';
export { addMeasurements, listMeasurements, type AddedMeasurements, type MeasurementInput, type MeasurementRow } from './measurements.ts';
export { analyzeStudy, freezeLimits, releaseLimits, groupMeasurements, type StudyAnalysis } from './analysis.ts';
export { capabilityByCause, causesOnCharacteristic, openProblemFromSignal, proposeOccurrence, type CauseCapability, type SignalProblemInput } from './loop.ts';
export { SPC_SERVICE_MESSAGE_KEYS, type SpcServiceMessageKey } from './messages.ts';
