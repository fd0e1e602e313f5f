/**
 * Process capability against the specification (AIAG SPC manual, 2nd ed., ch. IV; Montgomery ch. 8):
 * Cp = (USL−LSL)/6σ_within, Cpk = min(USL−μ, μ−LSL)/3σ_within, Pp and Ppk the same with the overall
 * sample standard deviation s (n − 1), Cpm (Taguchi, Chan–Cheng–Spiring 1988) = (USL−LSL)/(6√(s² + (μ−T)²))
 * with the overall s. μ is the mean of all measurements. A one-sided specification has only its
 * side: Cpk = Cpu or Cpl, Ppk likewise, Cp, Pp and Cpm null. Cpm needs both limits and a target.
 * An index that would divide by a zero σ is null rather than infinite (JSON has no infinity).
 */
import type { Capability, Histogram, SpecLimits } from './types.ts';

const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);

/** Mean and sample standard deviation (n − 1), two passes for accuracy on large series. */
export function meanAndSd(values: ArrayLike<number>): { mean: number; sd: number } {
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < n; i += 1) sum += values[i]!;
  const mean = sum / n;
  let squares = 0;
  for (let i = 0; i < n; i += 1) {
    const d = values[i]! - mean;
    squares += d * d;
  }
  return { mean, sd: n > 1 ? Math.sqrt(squares / (n - 1)) : 0 };
}

export function capabilityOf(mean: number, sigmaWithin: number, sigmaOverall: number, spec: SpecLimits): Capability {
  const { lsl, usl, target } = spec;
  const both = lsl !== undefined && usl !== undefined;
  const index = (sigma: number) => {
    const upper = usl === undefined ? null : (usl - mean) / (3 * sigma);
    const lower = lsl === undefined ? null : (mean - lsl) / (3 * sigma);
    const k = upper === null ? lower! : lower === null ? upper : Math.min(upper, lower);
    return { potential: both ? finite((usl - lsl) / (6 * sigma)) : null, k: finite(k) };
  };
  const within = index(sigmaWithin);
  const overall = index(sigmaOverall);
  const cpm = both && target !== undefined ? finite((usl - lsl) / (6 * Math.sqrt(sigmaOverall ** 2 + (mean - target) ** 2))) : null;
  return { cp: within.potential, cpk: within.k, pp: overall.potential, ppk: overall.k, cpm, mean, sigmaWithin, sigmaOverall };
}

const MAX_BINS = 200;

/**
 * Bins of width 2·IQR·n^(−1/3) (Freedman–Diaconis 1981), robust to the outliers a process has;
 * Sturges' ⌈log₂ n⌉ + 1 bins when the IQR is zero; never more than 200 bins. Equal-width bins
 * from the smallest to the largest value; the spec limits are carried for drawing.
 */
export function histogramOf(values: ArrayLike<number>, spec: SpecLimits = {}): Histogram {
  const n = values.length;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i += 1) {
    if (values[i]! < min) min = values[i]!;
    if (values[i]! > max) max = values[i]!;
  }
  const [q1, q3] = quantiles(values, [0.25, 0.75]);
  const iqr = q3! - q1!;
  let bins = iqr > 0 ? Math.ceil(((max - min) * Math.cbrt(n)) / (2 * iqr)) : Math.ceil(Math.log2(n)) + 1;
  bins = Math.min(MAX_BINS, Math.max(1, max > min ? bins : 1));
  const width = max > min ? (max - min) / bins : 1;
  const edges = Array.from({ length: bins + 1 }, (_, i) => (i === bins ? (max > min ? max : min + 1) : min + i * width));
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < n; i += 1) counts[Math.min(bins - 1, Math.floor((values[i]! - min) / width))]! += 1;
  return { edges, counts, ...(spec.lsl !== undefined && { lsl: spec.lsl }), ...(spec.usl !== undefined && { usl: spec.usl }), ...(spec.target !== undefined && { target: spec.target }) };
}

/**
 * Quantiles with linear interpolation between order statistics (R's type 7, Excel's QUARTILE.INC),
 * found by selection on one copy (quickselect) rather than a full sort: a million values in a few ms.
 */
export function quantiles(values: ArrayLike<number>, qs: readonly number[]): number[] {
  const xs = Float64Array.from(values as ArrayLike<number>);
  return qs.map((q) => {
    const pos = (xs.length - 1) * q;
    const lo = Math.floor(pos);
    const a = select(xs, lo);
    if (lo + 1 >= xs.length || pos === lo) return a;
    // after the selection, every value from position lo + 1 on is at least xs[lo]: the next order statistic is their least
    let b = Infinity;
    for (let i = lo + 1; i < xs.length; i += 1) if (xs[i]! < b) b = xs[i]!;
    return a + (b - a) * (pos - lo);
  });
}

/** Rearranges xs so that xs[k] is the k-th smallest, smaller ones before it and larger after (Hoare). */
function select(xs: Float64Array, k: number): number {
  let left = 0;
  let right = xs.length - 1;
  while (right > left) {
    const pivot = xs[(left + right) >> 1]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (xs[i]! < pivot) i += 1;
      while (xs[j]! > pivot) j -= 1;
      if (i <= j) {
        const t = xs[i]!;
        xs[i] = xs[j]!;
        xs[j] = t;
        i += 1;
        j -= 1;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return xs[k]!;
}
