import type { Issue } from '../../errors.ts';
import { dateIssues, optionalText } from '../fmea/fields.ts';
import { CONTROL_PLAN_PHASES, type ControlPlanPhase } from './vocabulary.ts';
import { readRules, type RuleValues } from '../rules/read.ts';

/**
 * The AIAG control plan form (APQP and Control Plan reference manual, 2nd
 * edition, appendix A "Control Plan"): its header block and its 13 body
 * columns in the manual's order. Labels are `controlPlan.header.<field>` and
 * `controlPlan.column.<key>` in both catalogs (control-plan/locales).
 * docs/domain/pfmea.md "Control plan" explains the choices.
 */

/**
 * The header fields, in the order the form reads them (left to right, top to
 * bottom). The phase is the plan's own column, not a header field. Dates are
 * calendar dates YYYY-MM-DD; every other field is free text of at most 200
 * characters.
 */
export const CONTROL_PLAN_HEADER_FIELDS = [
  'controlPlanNumber',
  'keyContact',
  'keyContactPhone',
  'partNumber',
  'latestChangeLevel',
  'originalDate',
  'partName',
  'coreTeam',
  'revisionDate',
  'organization',
  'supplierCode',
  'organizationApproval',
  'organizationApprovalDate',
  'customerEngineeringApproval',
  'customerEngineeringApprovalDate',
  'customerQualityApproval',
  'customerQualityApprovalDate',
  'otherApproval',
  'otherApprovalDate',
] as const;
export type ControlPlanHeaderField = (typeof CONTROL_PLAN_HEADER_FIELDS)[number];
export type ControlPlanHeader = Partial<Record<ControlPlanHeaderField, string>>;

export const CONTROL_PLAN_DATE_FIELDS = ['originalDate', 'revisionDate', 'customerEngineeringApprovalDate', 'organizationApprovalDate', 'customerQualityApprovalDate', 'otherApprovalDate'] as const satisfies readonly ControlPlanHeaderField[];

export const isControlPlanHeaderField = (name: string): name is ControlPlanHeaderField => (CONTROL_PLAN_HEADER_FIELDS as readonly string[]).includes(name);
export const isControlPlanPhase = (value: unknown): value is ControlPlanPhase => (CONTROL_PLAN_PHASES as readonly unknown[]).includes(value);

/** Issues of a header (or of the fields an update names): texts ≤ 200, dates as YYYY-MM-DD, no unknown field. */
export function controlPlanHeaderIssues(header: Readonly<Record<string, unknown>>): Issue[] {
  const issues: Issue[] = [];
  for (const [field, value] of Object.entries(header)) {
    if (!isControlPlanHeaderField(field)) issues.push({ messageKey: 'controlPlan.header_field_unknown', field, params: { name: field } });
    else if ((CONTROL_PLAN_DATE_FIELDS as readonly string[]).includes(field)) issues.push(...optionalText(value, field), ...dateIssues(value, field));
    else issues.push(...optionalText(value, field));
  }
  return issues;
}

/** A header as stored: trimmed texts, blank fields left out. */
export function cleanHeader(header: Readonly<Record<string, string | null | undefined>>): ControlPlanHeader {
  const out: ControlPlanHeader = {};
  for (const field of CONTROL_PLAN_HEADER_FIELDS) {
    const value = header[field]?.trim();
    if (value) out[field] = value;
  }
  return out;
}

/**
 * The 13 body columns in the manual's order. `group` is the heading the form
 * puts over several columns ("Characteristics" over No./Product/Process,
 * "Methods" over specification … control method). `optional` columns may be
 * left out by the business rule "control plan template" (`flag`).
 */
export const CONTROL_PLAN_COLUMNS = [
  { key: 'processNo' },
  { key: 'processName' },
  { key: 'machine', optional: true, flag: 'controlPlanMachineColumn' },
  { key: 'characteristicNo', group: 'characteristics', optional: true, flag: 'controlPlanCharacteristicNoColumn' },
  { key: 'productCharacteristic', group: 'characteristics' },
  { key: 'processCharacteristic', group: 'characteristics' },
  { key: 'specialClass', optional: true, flag: 'controlPlanSpecialClassColumn' },
  { key: 'specification', group: 'methods' },
  { key: 'evaluationTechnique', group: 'methods' },
  { key: 'sampleSize', group: 'methods' },
  { key: 'sampleFrequency', group: 'methods' },
  { key: 'controlMethod', group: 'methods' },
  { key: 'reactionPlan' },
] as const satisfies readonly { key: string; group?: 'characteristics' | 'methods'; optional?: true; flag?: string }[];

export type ControlPlanColumn = (typeof CONTROL_PLAN_COLUMNS)[number];
export type ControlPlanColumnKey = ControlPlanColumn['key'];
export type ControlPlanColumnGroup = 'characteristics' | 'methods';
export const CONTROL_PLAN_COLUMN_KEYS = CONTROL_PLAN_COLUMNS.map((c) => c.key) as readonly ControlPlanColumnKey[];

type OptionalColumn = Extract<ControlPlanColumn, { optional: true }>;
export type ControlPlanTemplateFlag = OptionalColumn['flag'];
export type OptionalControlPlanColumn = OptionalColumn['key'];

/** Which optional columns the template shows (all of them unless the business rule says otherwise). */
export type ControlPlanTemplate = Readonly<Record<OptionalControlPlanColumn, boolean>>;
export const FULL_CONTROL_PLAN_TEMPLATE: ControlPlanTemplate = { machine: true, characteristicNo: true, specialClass: true };

/** The template from the rule flags' values (a missing flag shows its column). */
export function templateFromFlags(values: RuleValues): ControlPlanTemplate {
  const { machine, characteristicNo, specialClass } = readRules(values).controlPlanColumns;
  return { machine, characteristicNo, specialClass };
}

/** The body columns a template shows, in the manual's order. */
export function visibleColumns(template: ControlPlanTemplate = FULL_CONTROL_PLAN_TEMPLATE): ControlPlanColumn[] {
  return CONTROL_PLAN_COLUMNS.filter((c) => !('optional' in c) || template[c.key]);
}

export const columnLabelKey = (key: ControlPlanColumnKey) => `controlPlan.column.${key}`;
export const columnGroupLabelKey = (group: ControlPlanColumnGroup) => `controlPlan.group.${group}`;
export const headerLabelKey = (field: ControlPlanHeaderField) => `controlPlan.header.${field}`;
export const phaseLabelKey = (phase: ControlPlanPhase) => `controlPlan.phase.${phase}`;

/**
 * The plan number a new plan starts with: the PFMEA's number and the phase
 * (PFMEA PF0001, production → CP-PF0001-P). The team may change it.
 */
export const PHASE_CODES = { prototype: 'PT', prelaunch: 'PL', production: 'P' } as const satisfies Record<ControlPlanPhase, string>;
export const defaultPlanNumber = (serialNum: string, phase: ControlPlanPhase) => `CP-${serialNum}-${PHASE_CODES[phase]}`;
