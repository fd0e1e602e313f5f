import { CONTROL_PLAN_COLUMN_KEYS, CONTROL_PLAN_HEADER_FIELDS, columnGroupLabelKey, columnLabelKey, headerLabelKey, phaseLabelKey } from './control-plan.ts';
import { CONTRADICTION_COLUMNS, SUSPECT_REASON_CODES, suspectReasonKey } from './control-plan-basis.ts';
import { CONTROL_PLAN_LINE_ORIGINS, CONTROL_PLAN_PHASES } from './vocabulary.ts';

/**
 * The control plan's message keys (`controlPlan.*`), kept apart from the
 * process model's `pfmea.*` and the flow chart's `pfd.*`. The texts are in
 * control-plan-locales/ beside this file; control-plan-messages.test.ts holds
 * the code to this list and the list to both catalogs.
 */
export const CONTROL_PLAN_REFUSAL_KEYS = [
  'controlPlan.header_field_unknown',
  'controlPlan.not_pfmea',
  'controlPlan.phase_invalid',
  'controlPlan.line_not_found',
  'controlPlan.column_from_pfmea',
  'controlPlan.link_invalid',
  'controlPlan.process_missing',
  'controlPlan.characteristic_missing',
  'controlPlan.import_invalid',
  'controlPlan.sheet_missing',
] as const;
export type ControlPlanMessageKey = (typeof CONTROL_PLAN_REFUSAL_KEYS)[number];

export const CONTRADICTION_KEYS = Object.fromEntries(CONTRADICTION_COLUMNS.map((c) => [c, `controlPlan.contradiction.${c}`])) as Record<(typeof CONTRADICTION_COLUMNS)[number], string>;

/** The checks' findings, in words. */
export const CONTROL_PLAN_CHECK_KEYS = {
  missingLine: 'controlPlan.check.missing_line',
  untraced: 'controlPlan.check.untraced',
  weakDetection: 'controlPlan.check.weak_detection',
} as const;

/** The words of the workbook around the data. */
export const CONTROL_PLAN_TEXT_KEYS = {
  title: 'controlPlan.title',
  sheet: 'controlPlan.sheet',
  imported: 'controlPlan.import.progress',
} as const;

export const CONTROL_PLAN_LABEL_KEYS: readonly string[] = [
  ...CONTROL_PLAN_HEADER_FIELDS.map(headerLabelKey),
  ...CONTROL_PLAN_COLUMN_KEYS.map(columnLabelKey),
  columnGroupLabelKey('characteristics'),
  columnGroupLabelKey('methods'),
  ...CONTROL_PLAN_PHASES.map(phaseLabelKey),
  ...CONTROL_PLAN_LINE_ORIGINS.map((o) => `controlPlan.origin.${o}`),
  ...SUSPECT_REASON_CODES.map(suspectReasonKey),
  ...Object.values(CONTRADICTION_KEYS),
  ...Object.values(CONTROL_PLAN_CHECK_KEYS),
  ...Object.values(CONTROL_PLAN_TEXT_KEYS),
];

export const CONTROL_PLAN_MESSAGE_KEYS: readonly string[] = [...CONTROL_PLAN_REFUSAL_KEYS, ...CONTROL_PLAN_LABEL_KEYS];
