/**
 * X̄-R, X̄-S and I-MR charts (Montgomery, Introduction to SQC, ch. 6; ASTM E2587). σ within subgroups:
 * R̄/d2(n), S̄/c4(n), MR̄/d2(2). Subgroups of unequal size: X̄-R is refused (R̄/d2 has no one n) and
 * X̄-S pools the variances, σ = s_p/c4(d + 1) with s_p² = Σ(nᵢ−1)sᵢ²/d, d = Σ(nᵢ−1) (ASTM E2587 §8.3),
 * the limits then following each subgroup's n. Phase II (options.limits) judges the data against the
 * frozen centre and σ instead. The centre is the mean of all measurements (x̄̄ when sizes are equal).
 */
import { capabilityOf, histogramOf, meanAndSd } from './capability.ts';
import { commonIssues, issue, refuse } from './checks.ts';
import { c4Of, spcConstants } from './constants.ts';
import { DEFAULT_PRIMARY_RULES, DEFAULT_SECONDARY_RULES, runRules } from './rules.ts';
import { VARIABLES_CHARTS, type Limit, type SpcOptions, type SpcPoint, type SpcResult, type SpcViolation, type VariablesChart } from './types.ts';

export interface VariablesSubgroup {
  readonly subgroup: string;
  readonly values: readonly number[];
}

function check(subgroups: readonly VariablesSubgroup[], chart: VariablesChart, options: SpcOptions): void {
  const issues = commonIssues(chart, VARIABLES_CHARTS, subgroups.length, options, true);
  let min = Infinity;
  let max = 0;
  for (const { subgroup, values } of subgroups) {
    for (const value of values) if (typeof value !== 'number' || !Number.isFinite(value)) issues.push(issue('not_a_number', { subgroup, value: String(value) }));
    if (chart === 'i-mr' && values.length !== 1) issues.push(issue('one_value', { subgroup, size: values.length }));
    if (chart !== 'i-mr' && values.length < 2) issues.push(issue('subgroup_too_small', { subgroup, size: values.length }));
    min = Math.min(min, values.length);
    max = Math.max(max, values.length);
  }
  if (chart === 'xbar-r' && min >= 2 && min !== max) issues.push(issue('xbar_r_sizes_differ', { min, max }));
  refuse(issues);
}

/** Per-point limits, or one number when they are all the same. */
const limitOf = (values: Float64Array): Limit => (values.every((v) => v === values[0]) ? values[0]! : Array.from(values));

export function analyzeVariables(subgroups: readonly VariablesSubgroup[], chart: VariablesChart, options: SpcOptions = {}): SpcResult {
  check(subgroups, chart, options);
  const m = subgroups.length;
  const sizes = new Int32Array(m);
  const means = new Float64Array(m);
  const spreads = new Float64Array(m); // R or s of each subgroup; MR for I-MR (NaN for the first)
  let total = 0;
  for (let i = 0; i < m; i += 1) total += subgroups[i]!.values.length;
  const all = new Float64Array(total);
  let at = 0;
  for (let i = 0; i < m; i += 1) {
    const values = subgroups[i]!.values;
    const n = values.length;
    sizes[i] = n;
    let sum = 0;
    let lo = Infinity;
    let hi = -Infinity;
    for (let k = 0; k < n; k += 1) {
      const v = values[k]!;
      all[at++] = v;
      sum += v;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const mean = sum / n;
    means[i] = mean;
    if (chart === 'xbar-r') spreads[i] = hi - lo;
    else if (chart === 'xbar-s') {
      let squares = 0;
      for (let k = 0; k < n; k += 1) squares += (values[k]! - mean) ** 2;
      spreads[i] = Math.sqrt(squares / (n - 1));
    } else spreads[i] = i === 0 ? NaN : Math.abs(mean - means[i - 1]!);
  }
  const equal = sizes.every((n) => n === sizes[0]);
  const overall = meanAndSd(all);
  const within = withinSigma(chart, sizes, spreads, equal);
  const frozen = options.limits;
  const center = frozen ? frozen.center : overall.mean;
  const sigma = frozen ? frozen.sigma! : within;

  // primary limits and the secondary chart's centre and limits: one number each when every subgroup has
  // the same size (no per-point arrays for a million points), else one per subgroup
  const one = equal || chart === 'i-mr';
  const limits = limitsFor(chart, one ? [chart === 'i-mr' ? 1 : sizes[0]!] : sizes, center, sigma);
  const pick = (xs: Float64Array): number | Float64Array => (one ? xs[0]! : xs);

  const chosen = options.rules ?? {};
  const violations: SpcViolation[] = [];
  const name = (i: number) => subgroups[i]!.subgroup;
  for (const [index, rule] of runRules({ values: means, center, lcl: pick(limits.lcl), ucl: pick(limits.ucl), sigma: pick(limits.sigma) }, chosen.primary ?? DEFAULT_PRIMARY_RULES)) {
    violations.push({ subgroup: name(index), rule, series: 'primary', index });
  }
  const secondary = { values: spreads, center: pick(limits.sCenter), lcl: pick(limits.sLcl), ucl: pick(limits.sUcl), sigma: pick(limits.sSigma) };
  for (const [index, rule] of runRules(secondary, chosen.secondary ?? DEFAULT_SECONDARY_RULES)) {
    violations.push({ subgroup: name(index), rule, series: 'secondary', index });
  }
  violations.sort((a, b) => a.index - b.index || (a.series === b.series ? 0 : a.series === 'primary' ? -1 : 1) || a.rule - b.rule);

  const points: SpcPoint[] = new Array(m);
  // one shape for every point (no secondary: undefined, which JSON leaves out)
  for (let i = 0; i < m; i += 1) points[i] = { subgroup: name(i), value: means[i]!, secondary: Number.isNaN(spreads[i]!) ? undefined : spreads[i]! };
  const spec = options.spec;
  const hasSpec = spec !== undefined && (spec.lsl !== undefined || spec.usl !== undefined);
  return {
    chart,
    phase: frozen ? 'II' : 'I',
    center,
    lcl: limitOf(limits.lcl),
    ucl: limitOf(limits.ucl),
    sigma,
    secondary: { center: limitOf(limits.sCenter), lcl: limitOf(limits.sLcl), ucl: limitOf(limits.sUcl) },
    ...(hasSpec && { capability: capabilityOf(overall.mean, within, overall.sd, spec) }),
    violations,
    points,
    histogram: histogramOf(all, spec),
  };
}

/** The limits of both charts for each subgroup size given (σ of the statistic, LCL, UCL; the secondary's centre too). */
function limitsFor(chart: VariablesChart, sizes: ArrayLike<number>, center: number, sigma: number) {
  const m = sizes.length;
  const out = { sigma: new Float64Array(m), lcl: new Float64Array(m), ucl: new Float64Array(m), sCenter: new Float64Array(m), sSigma: new Float64Array(m), sLcl: new Float64Array(m), sUcl: new Float64Array(m) };
  // the secondary chart's centre and σ per unit of process σ: c4 and √(1−c4²) for S, d2 and d3 for R and MR
  const factors = new Map<number, { mid: number; spread: number }>();
  for (let i = 0; i < m; i += 1) {
    const n = sizes[i]!;
    let known = factors.get(n);
    if (!known) {
      const k = spcConstants(chart === 'i-mr' ? 2 : n);
      known = chart === 'xbar-s' ? { mid: k.c4, spread: Math.sqrt(1 - k.c4 * k.c4) } : { mid: k.d2, spread: k.d3 };
      factors.set(n, known);
    }
    const { mid, spread } = known;
    out.sigma[i] = sigma / Math.sqrt(n);
    out.lcl[i] = center - 3 * out.sigma[i]!;
    out.ucl[i] = center + 3 * out.sigma[i]!;
    out.sCenter[i] = mid * sigma;
    out.sSigma[i] = spread * sigma;
    out.sLcl[i] = Math.max(0, (mid - 3 * spread) * sigma);
    out.sUcl[i] = (mid + 3 * spread) * sigma;
  }
  return out;
}

/** σ within subgroups as the data shows it (phase I's estimate; also what capability uses in phase II). */
function withinSigma(chart: VariablesChart, sizes: Int32Array, spreads: Float64Array, equal: boolean): number {
  const m = sizes.length;
  if (chart === 'i-mr') {
    if (m < 2) return NaN;
    let sum = 0;
    for (let i = 1; i < m; i += 1) sum += spreads[i]!;
    return sum / (m - 1) / spcConstants(2).d2;
  }
  if (chart === 'xbar-r') {
    let sum = 0;
    for (let i = 0; i < m; i += 1) sum += spreads[i]!;
    return sum / m / spcConstants(sizes[0]!).d2;
  }
  if (equal) {
    let sum = 0;
    for (let i = 0; i < m; i += 1) sum += spreads[i]!;
    return sum / m / spcConstants(sizes[0]!).c4;
  }
  let squares = 0;
  let degrees = 0;
  for (let i = 0; i < m; i += 1) {
    squares += (sizes[i]! - 1) * spreads[i]! ** 2;
    degrees += sizes[i]! - 1;
  }
  return Math.sqrt(squares / degrees) / c4Of(degrees + 1);
}
