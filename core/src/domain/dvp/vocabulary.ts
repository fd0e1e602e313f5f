/**
 * A DVP&R's lists (issue 25; spec 001 §3 "DVP (number, name, classification, analysis project, dimension chain
 * level, calculation method, test standard, test quantity)", §4 "DVP qualified/unqualified/not involved";
 * docs/domain/dvp.md). The spec gives no codes for them: the names below are stored as they are.
 */

/** A plan's status: being planned, tests running, all done. Set by hand (the plan says where the work is). */
export const DVP_PLAN_STATES = ['planning', 'testing', 'completed'] as const;
export type DvpPlanState = (typeof DVP_PLAN_STATES)[number];

/** A test's result (spec 001 §4); no result (null) is "not yet tested". */
export const DVP_RESULTS = ['qualified', 'unqualified', 'notInvolved'] as const;
export type DvpResult = (typeof DVP_RESULTS)[number];

/**
 * The test stage of the AIAG DVP&R form: design verification (DV, on prototype parts) and product validation (PV,
 * on production-tooled parts). The spec names no dictionary for it.
 */
export const DVP_STAGES = ['DV', 'PV'] as const;
export type DvpStage = (typeof DVP_STAGES)[number];

/** What the DFMEA shows beside a detection control: no test, planned (no result yet), or its result. */
export const DVP_CONTROL_STATUSES = ['none', 'planned', 'qualified', 'unqualified', 'notInvolved'] as const;
export type DvpControlStatus = (typeof DVP_CONTROL_STATUSES)[number];

/** Where a re-rating mark comes from (fmea_rerate_mark.source_kind): a DVP test for now (a DRBFM concern may follow). */
export const RERATE_SOURCE_KINDS = ['dvp'] as const;
export type RerateSourceKind = (typeof RERATE_SOURCE_KINDS)[number];

/** The DVP&R workbook's columns, in the form's order (services/dvp/exchange.ts), and its header block's fields. */
export const DVP_COLUMNS = [
  'testNum',
  'name',
  'classification',
  'analysisProject',
  'dimensionChainLevel',
  'calculationMethod',
  'testStandard',
  'testQuantity',
  'testItem',
  'acceptanceCriteria',
  'testStage',
  'responsible',
  'plannedStart',
  'plannedEnd',
  'actualStart',
  'actualEnd',
  'sampleQuantity',
  'result',
  'resultNote',
  'controls',
] as const;
export const DVP_HEADER_FIELDS = ['dvpNum', 'plan', 'project', 'status'] as const;

