import type { Issue, MessageParams } from '../../errors.ts';
import type { ApMessageKey } from './messages.ts';
import { AP_RULE_FIELDS, isApLevel, isApRuleType, type ApBoundField, type ApRule } from './rules.ts';

/** A rule as it arrives from a form or an import row: any field may hold anything. */
export type ApRuleInput = { readonly [K in keyof ApRule]?: unknown };

/** Allowed values per bound: ratings 1–10, RPN up to 10×10×10, the SOSD products up to 10×10. */
const BOUND_LIMITS: Readonly<Record<ApBoundField, readonly [number, number]>> = {
  sMin: [1, 10],
  sMax: [1, 10],
  oMin: [1, 10],
  oMax: [1, 10],
  dMin: [1, 10],
  dMax: [1, 10],
  rpnMin: [1, 1000],
  rpnMax: [1, 1000],
  so: [1, 100],
  sd: [1, 100],
};

const RANGE_PAIRS = [
  ['sMin', 'sMax'],
  ['oMin', 'oMax'],
  ['dMin', 'dMax'],
  ['rpnMin', 'rpnMax'],
] as const satisfies readonly (readonly [ApBoundField, ApBoundField])[];

const isSet = (value: unknown) => value !== null && value !== undefined;

const issue = (messageKey: ApMessageKey, field: string, params: MessageParams): Issue => ({ messageKey, field, params });

/**
 * Everything wrong with one rule. Every bound that is set must be an integer in
 * its range, even one the rule's type ignores, so stored data never holds junk.
 */
export function validateApRule(rule: ApRuleInput): Issue[] {
  const issues: Issue[] = [];
  const typeKnown = isApRuleType(rule.ruleType);
  if (!typeKnown) issues.push(issue('ap.unknown_rule_type', 'ruleType', { ruleType: String(rule.ruleType) }));
  if (!isApLevel(rule.ap)) issues.push(issue('ap.unknown_level', 'ap', { ap: String(rule.ap) }));

  const valid = new Set<ApBoundField>();
  for (const [field, [min, max]] of Object.entries(BOUND_LIMITS) as [ApBoundField, readonly [number, number]][]) {
    const value = rule[field];
    if (!isSet(value)) continue;
    if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) {
      valid.add(field);
    } else {
      issues.push(issue('ap.bound_out_of_range', field, { field, min, max, value: String(value) }));
    }
  }

  for (const [minField, maxField] of RANGE_PAIRS) {
    if (valid.has(minField) && valid.has(maxField) && (rule[minField] as number) > (rule[maxField] as number)) {
      issues.push(issue('ap.bound_min_exceeds_max', minField, { minField, maxField }));
    }
  }

  if (typeKnown) {
    const fields = AP_RULE_FIELDS[rule.ruleType as keyof typeof AP_RULE_FIELDS];
    if (!fields.some((field) => isSet(rule[field]))) {
      issues.push(issue('ap.rule_without_bounds', 'ruleType', { ruleType: String(rule.ruleType), fields: fields.join(', ') }));
    }
  }
  return issues;
}

/** Issues of a whole rule list, each tagged with its 1-based row. */
export function validateApRules(rules: readonly ApRuleInput[]): Issue[] {
  return rules.flatMap((rule, index) => validateApRule(rule).map((found) => ({ ...found, row: index + 1 })));
}
