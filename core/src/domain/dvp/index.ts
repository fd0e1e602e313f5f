export * from './vocabulary.ts';
export { controlStatusOf, coverageOf, type DvpCoverage } from './status.ts';
export { DVP_LONG_TEXT_MAX, DVP_MESSAGE_KEYS, DVP_TEXT_FIELDS, dvpPlanIssues, dvpResultIssues, dvpTestIssues, type DvpPlanFields, type DvpRuleMessageKey, type DvpTestFields } from './validate.ts';
export { DVP_SIDE } from './side.ts';
