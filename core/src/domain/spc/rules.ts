/**
 * Nelson's eight run tests (Nelson 1984, J. Quality Technology 16(4)), judged on each point's
 * distance from the centre line in its own σ, so that charts whose limits vary per point (p, u,
 * X̄ of unequal subgroups) are read the same way. Rule 1 compares with the limits themselves (a limit
 * cut at zero has no point below it). A point exactly on the centre line belongs to neither side; a
 * tie breaks a trend or an alternation.
 *
 * A violation is reported at the point that completes the pattern, as Minitab does: at every point
 * where the pattern ends (ten points on one side give rule 2 at the 9th and the 10th). For rules 5
 * and 6 the completing point is itself one of the points beyond 2σ (1σ).
 *
 * Western Electric's rules (WECO handbook 1956) are a subset: WE 1 = Nelson 1, WE 2 = Nelson 5,
 * WE 3 = Nelson 6, WE 4 (8 in a row on one side) = Nelson 2 with 9. Answers always use Nelson's numbers.
 */
import type { NelsonRule } from './types.ts';

/** A chart's points with their centre, limits and σ: one number for all points or one per point. */
export interface RuleSeries {
  readonly values: ArrayLike<number>;
  readonly center: number | ArrayLike<number>;
  readonly lcl: number | ArrayLike<number>;
  readonly ucl: number | ArrayLike<number>;
  /** σ of each point's statistic. */
  readonly sigma: number | ArrayLike<number>;
}

const at = (limit: number | ArrayLike<number>, i: number): number => (typeof limit === 'number' ? limit : limit[i]!);

export const DEFAULT_PRIMARY_RULES: readonly NelsonRule[] = [1, 2, 5, 6];
export const DEFAULT_SECONDARY_RULES: readonly NelsonRule[] = [1];

/** [index, rule] pairs in index order, each rule once per index. */
export function runRules(series: RuleSeries, rules: readonly number[]): [number, number][] {
  const chosen = new Set(rules);
  const found: [number, number][] = [];
  const n = series.values.length;
  const zs = new Float64Array(n);
  const index = new Int32Array(n); // original index of each z
  const one = chosen.has(1);
  const { values, center, lcl, ucl, sigma } = series;
  let count = 0;
  for (let i = 0; i < n; i += 1) {
    const value = values[i]!;
    if (Number.isNaN(value)) continue; // no point here (the first moving range): it breaks no run and makes none
    if (one && (value > at(ucl, i) || value < at(lcl, i))) found.push([i, 1]);
    zs[count] = (value - at(center, i)) / at(sigma, i);
    index[count] = i;
    count += 1;
  }
  const [two, three, four, five, six, seven, eight] = [2, 3, 4, 5, 6, 7, 8].map((r) => chosen.has(r));
  if (!(two || three || four || five || six || seven || eight)) return found;
  let side = 0; // run on one side (rule 2)
  let sideSign = 0;
  let trend = 0; // points in a steady rise or fall (rule 3), signed
  let alternation = 0; // points alternating (rule 4)
  let within = 0; // points within 1σ (rule 7)
  let outside = 0; // points beyond 1σ either side (rule 8)
  for (let j = 0; j < count; j += 1) {
    const z = zs[j]!;
    const i = index[j]!;
    const s = z > 0 ? 1 : z < 0 ? -1 : 0;
    side = s === 0 ? 0 : s === sideSign ? side + 1 : 1;
    sideSign = s;
    if (j > 0 && z !== zs[j - 1]) {
      const step = z > zs[j - 1]! ? 1 : -1;
      trend = Math.sign(trend) === step ? trend + step : 2 * step;
      const previous = j > 1 ? Math.sign(zs[j - 1]! - zs[j - 2]!) : 0;
      alternation = previous === -step && alternation > 0 ? alternation + 1 : 2;
    } else {
      trend = 0;
      alternation = j === 0 ? 1 : 0;
    }
    within = Math.abs(z) < 1 ? within + 1 : 0;
    outside = Math.abs(z) > 1 ? outside + 1 : 0;
    if (two && side >= 9) found.push([i, 2]);
    if (three && Math.abs(trend) >= 6) found.push([i, 3]);
    if (four && alternation >= 14) found.push([i, 4]);
    if (five && s * z > 2 && countBeyond(zs, j, 3, 2, s) >= 2) found.push([i, 5]);
    if (six && s * z > 1 && countBeyond(zs, j, 5, 1, s) >= 4) found.push([i, 6]);
    if (seven && within >= 15) found.push([i, 7]);
    if (eight && outside >= 8) found.push([i, 8]);
  }
  return found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** How many of the `window` points ending at j lie beyond `k`σ on side `s`. */
function countBeyond(zs: Float64Array, j: number, window: number, k: number, s: number): number {
  let count = 0;
  for (let m = Math.max(0, j - window + 1); m <= j; m += 1) if (s * zs[m]! > k) count += 1;
  return count;
}
