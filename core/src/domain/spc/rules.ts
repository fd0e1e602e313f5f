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

export interface RuleSeries {
  readonly values: ArrayLike<number>;
  readonly center: (i: number) => number;
  readonly lcl: (i: number) => number;
  readonly ucl: (i: number) => number;
  /** σ of point i's statistic. */
  readonly sigma: (i: number) => number;
  /** Points without a value (the first MR) are skipped: they break no run and make none. */
  readonly present?: (i: number) => boolean;
}

export const DEFAULT_PRIMARY_RULES: readonly NelsonRule[] = [1, 2, 5, 6];
export const DEFAULT_SECONDARY_RULES: readonly NelsonRule[] = [1];

/** [index, rule] pairs in index order, each rule once per index. */
export function runRules(series: RuleSeries, rules: readonly number[]): [number, number][] {
  const chosen = new Set(rules);
  const found: [number, number][] = [];
  const zs: number[] = [];
  const at: number[] = []; // original index of each z
  for (let i = 0; i < series.values.length; i += 1) {
    if (series.present && !series.present(i)) continue;
    const value = series.values[i]!;
    if (chosen.has(1) && (value > series.ucl(i) || value < series.lcl(i))) found.push([i, 1]);
    zs.push((value - series.center(i)) / series.sigma(i));
    at.push(i);
  }
  const sign = (z: number) => (z > 0 ? 1 : z < 0 ? -1 : 0);
  let side = 0; // run on one side (rule 2)
  let sideSign = 0;
  let trend = 0; // points in a steady rise or fall (rule 3), signed
  let alternation = 0; // points alternating (rule 4)
  let within = 0; // points within 1σ (rule 7)
  let outside = 0; // points beyond 1σ either side (rule 8)
  for (let j = 0; j < zs.length; j += 1) {
    const z = zs[j]!;
    const i = at[j]!;
    const s = sign(z);
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
    if (chosen.has(2) && side >= 9) found.push([i, 2]);
    if (chosen.has(3) && Math.abs(trend) >= 6) found.push([i, 3]);
    if (chosen.has(4) && alternation >= 14) found.push([i, 4]);
    if (chosen.has(5) && s !== 0 && s * z > 2 && countBeyond(zs, j, 3, 2, s) >= 2) found.push([i, 5]);
    if (chosen.has(6) && s !== 0 && s * z > 1 && countBeyond(zs, j, 5, 1, s) >= 4) found.push([i, 6]);
    if (chosen.has(7) && within >= 15) found.push([i, 7]);
    if (chosen.has(8) && outside >= 8) found.push([i, 8]);
  }
  return found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** How many of the `window` points ending at j lie beyond `k`σ on side `s`. */
function countBeyond(zs: readonly number[], j: number, window: number, k: number, s: number): number {
  let count = 0;
  for (let m = Math.max(0, j - window + 1); m <= j; m += 1) if (s * zs[m]! > k) count += 1;
  return count;
}
