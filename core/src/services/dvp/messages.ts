import { DVP_COLUMNS, DVP_HEADER_FIELDS, DVP_MESSAGE_KEYS, DVP_PLAN_STATES, DVP_RESULTS, DVP_STAGES, DVP_CONTROL_STATUSES } from '../../domain/dvp/index.ts';

/**
 * Every message key the DVP services emit (issue 25): the catalog test reads this list, and `DvpMessageKey` keeps
 * the code from emitting a key that is not in it. States, results, stages and control statuses have their names
 * (`dvp.status.<code>`, `dvp.result.<code>`, `dvp.stage.<code>`, `dvp.control.<code>`) for the workbook and the CLI.
 */
export const DVP_SERVICE_MESSAGE_KEYS = [
  'dvp.plan_not_found',
  'dvp.test_not_found',
  'dvp.plan_exists',
  'dvp.not_dfmea',
  'dvp.control_unknown',
  'dvp.responsible_unknown',
  'dvp.standard_unknown',
  'dvp.report_kind',
  'dvp.report_not_yours',
  'dvp.stale',
  'dvp.import_empty',
  'dvp.import_invalid',
  'dvp.import_plan_mismatch',
  'dvp.sheet_name',
  'dvp.unqualified_reason',
] as const;

export type DvpMessageKey = (typeof DVP_SERVICE_MESSAGE_KEYS)[number];

export const ALL_DVP_MESSAGE_KEYS: readonly string[] = [
  ...DVP_SERVICE_MESSAGE_KEYS,
  ...DVP_MESSAGE_KEYS,
  ...DVP_PLAN_STATES.map((s) => `dvp.status.${s}`),
  ...DVP_RESULTS.map((r) => `dvp.result.${r}`),
  ...DVP_STAGES.map((s) => `dvp.stage.${s}`),
  ...DVP_CONTROL_STATUSES.map((s) => `dvp.control.${s}`),
  'dvp.title',
  ...DVP_COLUMNS.map((c) => `dvp.column.${c}`),
  ...DVP_HEADER_FIELDS.map((f) => `dvp.header.${f}`),
];
