export { FTA_ROUTE, type FtaButton, type FtaTreeRow } from './access.ts';
export { createFtaTree, deleteFtaTree, getFtaTree, listFtaTrees, saveFtaTree, starterDocument, type FtaTreeQuery, type FtaTreeSummary, type FtaTreeView, type TreeChanges } from './trees.ts';
export { exportFtaMef, importFtaMef, type ImportedTree, type MefImportOptions } from './exchange.ts';
export { analyzeDocument, analyzeFtaTree, DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, type CutSetRow, type TreeAnalysis, type TreeAnalysisOptions } from './analysis.ts';
export { generateFtaFromFmea, type GenerateInput } from './generate.ts';
export { failureFtaLinks, listProjectFtaLinks, listTreeLinks, reviewFtaLinks, type FailureFtaView, type FtaLinkView } from './links.ts';
export { ALL_FTA_MESSAGE_KEYS, FTA_MESSAGE_KEYS, type FtaMessageKey } from './messages.ts';
export { decideFtaTree, getFtaRelease, listFtaApprovers, listFtaReleases, revokeFtaTree, submitFtaTree, type FtaReleaseSummary, type FtaReleaseView, type FtaReviewInput, type FtaSubmitInput } from './review.ts';
