/** The SPC statistics' refusals: every problem found at once, each naming its subgroup (messages in locales/). */
import { InvalidInputError, type Issue } from '../../errors.ts';
import { NELSON_RULES, type FrozenLimits, type RuleSelection, type SpecLimits } from './types.ts';

export const issue = (key: string, params: Record<string, string | number> = {}): Issue => ({ messageKey: `spc.stats.${key}`, params });

export function refuse(issues: readonly Issue[]): void {
  if (issues.length > 0) throw new InvalidInputError('spc.stats.invalid', {}, issues);
}

/** A phase I chart needs at least two subgroups (points); phase II judges even one. */
export function checkCount(count: number, limits: FrozenLimits | undefined, issues: Issue[]): void {
  const min = limits ? 1 : 2;
  if (count < min) issues.push(issue('too_few_subgroups', { count, min }));
}

export function checkSpec(spec: SpecLimits | undefined, issues: Issue[]): void {
  if (!spec) return;
  for (const key of ['lsl', 'usl', 'target'] as const) {
    const value = spec[key];
    if (value !== undefined && !Number.isFinite(value)) issues.push(issue(`spec_${key}_not_number`));
  }
  if (spec.lsl !== undefined && spec.usl !== undefined && !(spec.lsl < spec.usl)) issues.push(issue('spec_order', { lsl: spec.lsl, usl: spec.usl }));
}

export function checkRules(rules: RuleSelection | undefined, issues: Issue[]): void {
  for (const rule of [...(rules?.primary ?? []), ...(rules?.secondary ?? [])]) {
    if (!(NELSON_RULES as readonly number[]).includes(rule)) issues.push(issue('rule_unknown', { rule: String(rule) }));
  }
}

export function checkFrozen(limits: FrozenLimits | undefined, needsSigma: boolean, issues: Issue[]): void {
  if (!limits) return;
  if (!Number.isFinite(limits.center)) issues.push(issue('frozen_center'));
  if (needsSigma && !(Number.isFinite(limits.sigma) && limits.sigma! > 0)) issues.push(issue('frozen_sigma'));
}
