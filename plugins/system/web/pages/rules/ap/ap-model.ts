import { t } from '@lingui/core/macro';
import { AP_RULE_FIELDS, isApRuleType, validateApRules, type ApBoundField, type ApRule, type ApRuleInput } from '@fmea/core/domain';
import type { ApiData } from '@fmea/sdk';

/** Every bound a rule row may carry, in the order of the table's columns. */
export const BOUND_FIELDS: readonly ApBoundField[] = ['sMin', 'sMax', 'oMin', 'oMax', 'dMin', 'dMax', 'rpnMin', 'rpnMax', 'so', 'sd'];

/** A rule as the form holds it: every bound as typed ('' for none). */
export type RuleDraft = { ruleType: string; ap: string } & Record<ApBoundField, string>;

/** A rule as the API answers it. */
export type StoredRule = ApiData<'/api/apRule/list'>['rules'][number];

export function draftOf(rule: StoredRule): RuleDraft {
  const draft = { ruleType: rule.ruleType, ap: rule.ap } as RuleDraft;
  for (const f of BOUND_FIELDS) {
    const v = rule[f];
    draft[f] = v === null || v === undefined ? '' : String(v);
  }
  return draft;
}

export const emptyDraft = (): RuleDraft => draftOf({ ruleType: 'SOD', ap: 'H' });

/** The bounds a rule of this type reads; the others are not shown. */
export function fieldsOf(ruleType: string): readonly ApBoundField[] {
  return isApRuleType(ruleType) ? AP_RULE_FIELDS[ruleType] : [];
}

/** A draft as the domain reads it: numbers where typed as numbers, the text otherwise (so validation names it). */
export function inputOf(draft: RuleDraft): ApRuleInput {
  const input: Record<string, unknown> = { ruleType: draft.ruleType, ap: draft.ap };
  for (const f of fieldsOf(draft.ruleType)) {
    const text = draft[f].trim();
    input[f] = text === '' ? null : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  }
  return input;
}

/** What the API stores: only the bounds of the rule's type. Call only for rules without issues. */
export const ruleOf = (draft: RuleDraft): ApRule => inputOf(draft) as ApRule;

export function fieldLabel(field: string): string {
  switch (field) {
    case 'sMin':
      return t`S min`;
    case 'sMax':
      return t`S max`;
    case 'oMin':
      return t`O min`;
    case 'oMax':
      return t`O max`;
    case 'dMin':
      return t`D min`;
    case 'dMax':
      return t`D max`;
    case 'rpnMin':
      return t`RPN min`;
    case 'rpnMax':
      return t`RPN max`;
    case 'so':
      return t`S×O ≥`;
    case 'sd':
      return t`S×D ≥`;
    case 'ruleType':
      return t`Rule type`;
    case 'ap':
      return t`AP`;
    default:
      return field;
  }
}

export interface RowIssue {
  row: number;
  field: string;
  text: string;
}

/** One problem in the user's language (the domain gives message keys and params). */
export function apIssueText(messageKey: string, params: Record<string, string | number> = {}): string {
  const ruleType = String(params.ruleType ?? '');
  const ap = String(params.ap ?? '');
  const field = fieldLabel(String(params.field ?? ''));
  const min = String(params.min ?? '');
  const max = String(params.max ?? '');
  const minField = fieldLabel(String(params.minField ?? ''));
  const maxField = fieldLabel(String(params.maxField ?? ''));
  const fields = String(params.fields ?? '')
    .split(', ')
    .filter(Boolean)
    .map(fieldLabel)
    .join(', ');
  switch (messageKey) {
    case 'ap.unknown_rule_type':
      return t`Unknown rule type "${ruleType}"; use S, SO, SD, OD, RPN, SOD, RPL or SOSD`;
    case 'ap.unknown_level':
      return t`Unknown action priority "${ap}"; use H, M or L`;
    case 'ap.bound_out_of_range':
      return t`${field} must be a whole number from ${min} to ${max}`;
    case 'ap.bound_min_exceeds_max':
      return t`${minField} must not be greater than ${maxField}`;
    case 'ap.rule_without_bounds':
      return t`A rule of type ${ruleType} needs at least one of: ${fields}`;
    default:
      return messageKey;
  }
}

/** Every problem of the rule list, row by row (1-based rows). */
export function issuesOf(drafts: readonly RuleDraft[]): RowIssue[] {
  return validateApRules(drafts.map(inputOf)).map((i) => ({ row: i.row ?? 0, field: i.field ?? '', text: apIssueText(i.messageKey, i.params) }));
}
