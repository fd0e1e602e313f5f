import type { Issue } from '../../errors.ts';
import { fieldIssue } from '../validation/issue.ts';
import { checkText } from '../validation/text.ts';
import { PROBLEM_SOURCES, PROBLEM_TYPES } from './vocabulary.ts';

/** A problem's own fields as a form or an import row gives them (spec 001 §3 "Problem"). */
export interface ProblemFields {
  brief?: unknown;
  description?: unknown;
  type?: unknown;
  source?: unknown;
  location?: unknown;
  frequency?: unknown;
  processingEquipment?: unknown;
  unqualifiedBatch?: unknown;
  partNumber?: unknown;
  supplier?: unknown;
  customerProblem?: unknown;
  customerName?: unknown;
}

/** Longer than the spec's 200 for the narrative fields: a problem description or a step's text is a paragraph, not a label. */
export const PROBLEM_NARRATIVE_LIMIT = 4000;

const SHORT_FIELDS = ['location', 'frequency', 'processingEquipment', 'unqualifiedBatch', 'partNumber', 'supplier', 'customerName'] as const;

const oneOf = (value: unknown, allowed: readonly string[], field: string, row?: number): Issue[] => {
  if (value === undefined || value === null || value === '') return [fieldIssue('validation.required', field, {}, row)];
  if (typeof value === 'string' && allowed.includes(value)) return [];
  const issue: Issue = { messageKey: 'problem_rule.value_not_allowed', field, params: { field, value: String(value) } };
  return [row === undefined ? issue : { ...issue, row }];
};

/** What is wrong with a problem's fields (nothing when they may be stored); `row` for an import's row. */
export function problemFieldIssues(input: ProblemFields, row?: number): Issue[] {
  const at = (issues: Issue[]) => (row === undefined ? issues : issues.map((issue) => ({ ...issue, row })));
  const issues: Issue[] = [
    ...at(checkText(input.brief, { field: 'brief', required: true })),
    ...at(checkText(input.description, { field: 'description', max: PROBLEM_NARRATIVE_LIMIT })),
    ...oneOf(input.type, PROBLEM_TYPES, 'type', row),
    ...oneOf(input.source, PROBLEM_SOURCES, 'source', row),
    ...SHORT_FIELDS.flatMap((field) => at(checkText(input[field], { field }))),
  ];
  if (input.customerProblem === true && (typeof input.customerName !== 'string' || input.customerName.trim() === '')) {
    issues.push(...at([{ messageKey: 'problem_rule.customer_required', field: 'customerName', params: { field: 'customerName' } }]));
  }
  return issues;
}

export const PROBLEM_RULE_KEYS: readonly string[] = ['problem_rule.value_not_allowed', 'problem_rule.customer_required'];
