export { DVP_ROUTE, dvpCaller, type DvpButton, type DvpCaller, type DvpPlanRow } from './access.ts';
export { dvpCoverage, controlResults } from './coverage.ts';
export { createDvpPlan, dvpPlanOf, getDvpPlan, listDvpCandidates, listDvpPeople, listDvpPlans, updateDvpPlan, type DvpPlanQuery, type NewDvpPlan } from './plans.ts';
export { createDvpTest, deleteDvpTest, generateDvpTests, linkDvpTest, setDvpResult, updateDvpTest, type DvpOutcome, type DvpResultInput, type DvpTestInput } from './tests.ts';
export { ALL_DVP_MESSAGE_KEYS, DVP_SERVICE_MESSAGE_KEYS, type DvpMessageKey } from './messages.ts';
export type { DvpControlView, DvpPlanSummary, DvpPlanView, DvpTestView } from './view.ts';
export { getFmeaDvpStatus, type FmeaDvpStatus } from './fmea-side.ts';
export { exportDvpWorkbook, importDvpWorkbook, dvpSheetColumns, type DvpImportResult } from './exchange.ts';
export { failedDvpTestsIndicator } from './indicator.ts';
