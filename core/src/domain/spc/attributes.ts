/**
 * p, np, c and u charts (Montgomery ch. 7). p and u take each subgroup's own size: their limits vary
 * per point when sizes differ (p̄ ± 3√(p̄(1−p̄)/nᵢ), ū ± 3√(ū/nᵢ)); np and c need one size for all
 * subgroups and say to use p or u otherwise. A lower limit below zero is zero. Counts are whole
 * numbers ≥ 0 (defectives for p/np, at most the sample size; defects for c/u); sizes are > 0 (u's
 * inspection units may be fractional). Phase II judges against the frozen centre (p̄, n·p̄, c̄ or ū).
 */
import { commonIssues, issue, refuse } from './checks.ts';
import { DEFAULT_PRIMARY_RULES, runRules } from './rules.ts';
import { ATTRIBUTES_CHARTS, type AttributesChart, type Limit, type SpcOptions, type SpcPoint, type SpcResult, type SpcViolation } from './types.ts';

export interface AttributesRow {
  readonly subgroup: string;
  readonly count: number;
  readonly size: number;
}

function check(rows: readonly AttributesRow[], chart: AttributesChart, options: SpcOptions): void {
  const issues = commonIssues(chart, ATTRIBUTES_CHARTS, rows.length, options, false);
  let min = Infinity;
  let max = -Infinity;
  for (const { subgroup, count, size } of rows) {
    const countOk = typeof count === 'number' && Number.isFinite(count);
    const sizeOk = typeof size === 'number' && Number.isFinite(size);
    if (!countOk) issues.push(issue('count_not_number', { subgroup, value: String(count) }));
    else if (count < 0 || !Number.isInteger(count)) issues.push(issue('count_not_whole', { subgroup, value: count }));
    if (!sizeOk) issues.push(issue('size_not_number', { subgroup, value: String(size) }));
    else if (size <= 0) issues.push(issue('size_not_positive', { subgroup, value: size }));
    else if ((chart === 'p' || chart === 'np') && !Number.isInteger(size)) issues.push(issue('size_not_whole', { subgroup, value: size }));
    if (countOk && sizeOk && (chart === 'p' || chart === 'np') && count > size) issues.push(issue('count_above_size', { subgroup, count, size }));
    if (sizeOk) {
      min = Math.min(min, size);
      max = Math.max(max, size);
    }
  }
  if (chart === 'np' && min < max) issues.push(issue('np_sizes_differ', { min, max }));
  if (chart === 'c' && min < max) issues.push(issue('c_sizes_differ', { min, max }));
  refuse(issues);
}

export function analyzeAttributes(rows: readonly AttributesRow[], chart: AttributesChart, options: SpcOptions = {}): SpcResult {
  check(rows, chart, options);
  const m = rows.length;
  let counts = 0;
  let sizes = 0;
  for (const row of rows) {
    counts += row.count;
    sizes += row.size;
  }
  const size0 = rows[0]!.size;
  const frozen = options.limits;
  // the rate per unit (p̄ or ū; for np and c the centre in the chart's own unit)
  const rate = frozen ? (chart === 'np' ? frozen.center / size0 : frozen.center) : chart === 'c' ? counts / m : counts / sizes;
  const values = new Float64Array(m);
  const sigmas = new Float64Array(m);
  const lcl = new Float64Array(m);
  const ucl = new Float64Array(m);
  for (let i = 0; i < m; i += 1) {
    const { count, size } = rows[i]!;
    const [value, sigma] =
      chart === 'p' ? [count / size, Math.sqrt((rate * (1 - rate)) / size)]
      : chart === 'np' ? [count, Math.sqrt(size * rate * (1 - rate))]
      : chart === 'c' ? [count, Math.sqrt(rate)]
      : [count / size, Math.sqrt(rate / size)];
    values[i] = value;
    sigmas[i] = sigma;
  }
  const center = chart === 'np' ? size0 * rate : rate;
  for (let i = 0; i < m; i += 1) {
    lcl[i] = Math.max(0, center - 3 * sigmas[i]!);
    ucl[i] = center + 3 * sigmas[i]!;
  }
  const violations: SpcViolation[] = runRules(
    { values, center, lcl, ucl, sigma: sigmas },
    options.rules?.primary ?? DEFAULT_PRIMARY_RULES,
  ).map(([index, rule]) => ({ subgroup: rows[index]!.subgroup, rule, series: 'primary', index }));
  const points: SpcPoint[] = rows.map((row, i) => ({ subgroup: row.subgroup, value: values[i]! }));
  const limit = (xs: Float64Array): Limit => (xs.every((v) => v === xs[0]) ? xs[0]! : Array.from(xs));
  return { chart, phase: frozen ? 'II' : 'I', center, lcl: limit(lcl), ucl: limit(ucl), violations, points };
}
