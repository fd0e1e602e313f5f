import type { Issue, MessageParams } from '../../errors.ts';
import { checkText } from '../validation/index.ts';
import { MEASUREMENT_BATCH_LIMIT, isVariableStudyChart, STUDY_RUN_RULES, STUDY_CHARTS, STUDY_SUBGROUP_MAX, type StudyChart } from './vocabulary.ts';

/** Every key the study rules report (the catalog test reads them from the .po files beside this one). */
export const SPC_STUDY_MESSAGE_KEYS = [
  'spc.value_invalid',
  'spc.subgroup_size',
  'spc.limits_order',
  'spc.target_outside',
  'spc.number_required',
  'spc.count_invalid',
  'spc.count_over_size',
  'spc.size_invalid',
  'spc.subgroup_required',
  'spc.batch_empty',
  'spc.batch_too_large',
] as const;
export type SpcStudyMessageKey = (typeof SPC_STUDY_MESSAGE_KEYS)[number];

const issue = (messageKey: SpcStudyMessageKey, field: string, params: MessageParams = {}, row?: number): Issue => ({ messageKey, field, params: { field, ...params }, ...(row === undefined ? {} : { row }) });

export interface StudyFields {
  readonly chart?: unknown;
  readonly subgroupSize?: unknown;
  readonly lsl?: unknown;
  readonly usl?: unknown;
  readonly target?: unknown;
  readonly rules?: unknown;
  readonly secondaryRules?: unknown;
  readonly name?: unknown;
}

const finiteOrNull = (value: unknown) => value === null || value === undefined || (typeof value === 'number' && Number.isFinite(value));

/** The subgroup sizes a chart takes: one for I-MR, 2–25 for X̄-R and X̄-S; attribute charts carry their size on each row. */
export function subgroupSizeRange(chart: StudyChart): readonly [number, number] {
  if (chart === 'i-mr') return [1, 1];
  return isVariableStudyChart(chart) ? [2, STUDY_SUBGROUP_MAX] : [1, 1];
}

/** A study's settings, every problem at once: chart, subgroup size for the chart, limits in order with the target between them, rules from Nelson's eight. */
export function studyIssues(fields: StudyFields): Issue[] {
  const issues: Issue[] = [...checkText(fields.name, { field: 'name', max: 200 })];
  if (!(STUDY_CHARTS as readonly unknown[]).includes(fields.chart)) return [...issues, issue('spc.value_invalid', 'chart', { value: String(fields.chart) })];
  const [min, max] = subgroupSizeRange(fields.chart as StudyChart);
  if (!Number.isInteger(fields.subgroupSize) || (fields.subgroupSize as number) < min || (fields.subgroupSize as number) > max) issues.push(issue('spc.subgroup_size', 'subgroupSize', { min, max }));
  for (const field of ['lsl', 'usl', 'target'] as const) if (!finiteOrNull(fields[field])) issues.push(issue('spc.number_required', field));
  const { lsl, usl, target } = fields as { lsl?: number | null; usl?: number | null; target?: number | null };
  if (typeof lsl === 'number' && typeof usl === 'number' && lsl >= usl) issues.push(issue('spc.limits_order', 'usl', { lsl, usl }));
  if (typeof target === 'number' && ((typeof lsl === 'number' && target < lsl) || (typeof usl === 'number' && target > usl))) issues.push(issue('spc.target_outside', 'target', { target }));
  for (const field of ['rules', 'secondaryRules'] as const) {
    const rules = fields[field];
    if (rules === undefined) continue;
    if (!Array.isArray(rules) || rules.some((r) => !(STUDY_RUN_RULES as readonly unknown[]).includes(r))) issues.push(issue('spc.value_invalid', field, { value: JSON.stringify(rules) }));
  }
  return issues;
}

/** One measurement as entered, imported or posted: a subgroup label and a value (variables) or count and size (attributes). */
export interface MeasurementFields {
  readonly subgroup?: unknown;
  readonly value?: unknown;
  readonly count?: unknown;
  readonly size?: unknown;
}

/** A batch's rows for a chart, every problem with its row number (1-based, as the file or list gives them). */
export function measurementIssues(chart: StudyChart, rows: readonly MeasurementFields[], firstRow = 1): Issue[] {
  if (rows.length === 0) return [issue('spc.batch_empty', 'measurements')];
  if (rows.length > MEASUREMENT_BATCH_LIMIT) return [issue('spc.batch_too_large', 'measurements', { max: MEASUREMENT_BATCH_LIMIT })];
  const issues: Issue[] = [];
  const variables = isVariableStudyChart(chart);
  rows.forEach((r, i) => {
    const row = firstRow + i;
    if (typeof r.subgroup !== 'string' || r.subgroup.trim() === '' || r.subgroup.length > 100) issues.push(issue('spc.subgroup_required', 'subgroup', {}, row));
    if (variables) {
      if (typeof r.value !== 'number' || !Number.isFinite(r.value)) issues.push(issue('spc.number_required', 'value', {}, row));
      return;
    }
    const countOk = Number.isInteger(r.count) && (r.count as number) >= 0;
    const sizeOk = typeof r.size === 'number' && Number.isFinite(r.size) && r.size > 0 && (chart === 'u' || chart === 'c' || Number.isInteger(r.size));
    if (!countOk) issues.push(issue('spc.count_invalid', 'count', {}, row));
    if (!sizeOk) issues.push(issue('spc.size_invalid', 'size', {}, row));
    if (countOk && sizeOk && (chart === 'p' || chart === 'np') && (r.count as number) > (r.size as number)) issues.push(issue('spc.count_over_size', 'count', { count: r.count as number, size: r.size as number }, row));
  });
  return issues.slice(0, 100);
}
