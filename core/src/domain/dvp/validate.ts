import type { Issue } from '../../errors.ts';
import { dateIssues, oneOfIssues } from '../fmea/fields.ts';
import { checkText } from '../validation/index.ts';
import { DVP_PLAN_STATES, DVP_RESULTS, DVP_STAGES } from './vocabulary.ts';

/**
 * What is wrong with a DVP&R plan's or test's input, as issues naming their fields (the form shows each under its
 * field; the API and the CLI name it by its label). Pure: the services check these first and write nothing when
 * any is found.
 */
export const DVP_MESSAGE_KEYS = ['dvp.quantity_invalid', 'dvp.dates_order'] as const;
export type DvpRuleMessageKey = (typeof DVP_MESSAGE_KEYS)[number];

const issue = (messageKey: DvpRuleMessageKey, field: string, params: Record<string, string | number> = {}): Issue => ({ messageKey, field, params: { field, ...params } });

export interface DvpPlanFields {
  name?: unknown;
  status?: unknown;
}

export function dvpPlanIssues(input: DvpPlanFields, { partial = false }: { partial?: boolean } = {}): Issue[] {
  const issues: Issue[] = [];
  if (!partial || input.name !== undefined) issues.push(...checkText(input.name, { field: 'name', required: true }));
  if (input.status !== undefined) issues.push(...oneOfIssues(input.status, DVP_PLAN_STATES, 'status'));
  return issues;
}

/** The text fields of a test (200 characters each; the criteria and the note 2000). */
export const DVP_TEXT_FIELDS = ['classification', 'analysisProject', 'dimensionChainLevel', 'calculationMethod', 'testStandard', 'testItem'] as const;
export const DVP_LONG_TEXT_MAX = 2000;

export interface DvpTestFields {
  name?: unknown;
  classification?: unknown;
  analysisProject?: unknown;
  dimensionChainLevel?: unknown;
  calculationMethod?: unknown;
  testStandard?: unknown;
  testItem?: unknown;
  acceptanceCriteria?: unknown;
  testQuantity?: unknown;
  sampleQuantity?: unknown;
  testStage?: unknown;
  plannedStart?: unknown;
  plannedEnd?: unknown;
  actualStart?: unknown;
  actualEnd?: unknown;
}

const quantityIssues = (value: unknown, field: string): Issue[] =>
  value === undefined || value === null || value === '' || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100000) ? [] : [issue('dvp.quantity_invalid', field, { value: String(value) })];

const orderIssues = (start: unknown, end: unknown, field: string): Issue[] => (typeof start === 'string' && typeof end === 'string' && start && end && end < start ? [issue('dvp.dates_order', field)] : []);

/** A test's fields (a new test: all; an edit: those sent). Dates are YYYY-MM-DD, an end not before its start. */
export function dvpTestIssues(input: DvpTestFields, { partial = false }: { partial?: boolean } = {}): Issue[] {
  const issues: Issue[] = [];
  if (!partial || input.name !== undefined) issues.push(...checkText(input.name, { field: 'name', required: true }));
  for (const field of DVP_TEXT_FIELDS) if (input[field] !== undefined) issues.push(...checkText(input[field], { field }));
  if (input.acceptanceCriteria !== undefined) issues.push(...checkText(input.acceptanceCriteria, { field: 'acceptanceCriteria', max: DVP_LONG_TEXT_MAX }));
  issues.push(...quantityIssues(input.testQuantity, 'testQuantity'), ...quantityIssues(input.sampleQuantity, 'sampleQuantity'));
  if (input.testStage !== undefined && input.testStage !== null && input.testStage !== '') issues.push(...oneOfIssues(input.testStage, DVP_STAGES, 'testStage'));
  for (const field of ['plannedStart', 'plannedEnd', 'actualStart', 'actualEnd'] as const) issues.push(...dateIssues(input[field], field));
  issues.push(...orderIssues(input.plannedStart, input.plannedEnd, 'plannedEnd'), ...orderIssues(input.actualStart, input.actualEnd, 'actualEnd'));
  return issues;
}

/** A result: one of the three, or null (back to not tested); the note up to 2000. */
export function dvpResultIssues(input: { result?: unknown; resultNote?: unknown }): Issue[] {
  return [
    ...(input.result === null ? [] : oneOfIssues(input.result, DVP_RESULTS, 'result')),
    ...(input.resultNote !== undefined ? checkText(input.resultNote, { field: 'resultNote', max: DVP_LONG_TEXT_MAX }) : []),
  ];
}
