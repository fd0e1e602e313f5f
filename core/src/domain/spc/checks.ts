/** The SPC statistics' refusals: every problem found at once, each naming its subgroup (messages in locales/). */
import { InvalidInputError, type Issue } from '../../errors.ts';
import { NELSON_RULES, type FrozenLimits, type RuleSelection, type SpcOptions, type SpecLimits } from './types.ts';

export const issue = (key: string, params: Record<string, string | number> = {}): Issue => ({ messageKey: `spc.stats.${key}`, params });

export function refuse(issues: readonly Issue[]): void {
  if (issues.length > 0) throw new InvalidInputError('spc.stats.invalid', {}, issues);
}

/**
 * What every chart checks before its data: a chart of its family, enough subgroups, the spec, the
 * rules and the frozen limits (σ needed by variables charts). Answers the issues found so far.
 */
export function commonIssues(chart: string, charts: readonly string[], count: number, options: SpcOptions, needsSigma: boolean): Issue[] {
  if (!charts.includes(chart)) refuse([issue('chart_unknown', { chart: String(chart) })]);
  const issues: Issue[] = [];
  checkCount(count, options.limits, issues);
  checkSpec(options.spec, issues);
  checkRules(options.rules, issues);
  checkFrozen(options.limits, needsSigma, issues);
  return issues;
}

/** A phase I chart needs at least two subgroups (points); phase II judges even one. */
function checkCount(count: number, limits: FrozenLimits | undefined, issues: Issue[]): void {
  const min = limits ? 1 : 2;
  if (count < min) issues.push(issue('too_few_subgroups', { count, min }));
}

function checkSpec(spec: SpecLimits | undefined, issues: Issue[]): void {
  if (!spec) return;
  for (const key of ['lsl', 'usl', 'target'] as const) {
    const value = spec[key];
    if (value !== undefined && !Number.isFinite(value)) issues.push(issue(`spec_${key}_not_number`));
  }
  if (spec.lsl !== undefined && spec.usl !== undefined && !(spec.lsl < spec.usl)) issues.push(issue('spec_order', { lsl: spec.lsl, usl: spec.usl }));
}

function checkRules(rules: RuleSelection | undefined, issues: Issue[]): void {
  for (const rule of [...(rules?.primary ?? []), ...(rules?.secondary ?? [])]) {
    if (!(NELSON_RULES as readonly number[]).includes(rule)) issues.push(issue('rule_unknown', { rule: String(rule) }));
  }
}

function checkFrozen(limits: FrozenLimits | undefined, needsSigma: boolean, issues: Issue[]): void {
  if (!limits) return;
  if (!Number.isFinite(limits.center)) issues.push(issue('frozen_center'));
  if (needsSigma && !(Number.isFinite(limits.sigma) && limits.sigma! > 0)) issues.push(issue('frozen_sigma'));
}
