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
  const sorted = Float64Array.from(values as ArrayLike<number>).sort();
  const n = sorted.length;
  const min = sorted[0]!;
  const max = sorted[n - 1]!;
  const quantile = (q: number) => {
    const pos = (n - 1) * q;
    const lo = Math.floor(pos);
    return sorted[lo]! + (sorted[Math.min(lo + 1, n - 1)]! - sorted[lo]!) * (pos - lo);
  };
  const iqr = quantile(0.75) - quantile(0.25);
  let bins = iqr > 0 ? Math.ceil(((max - min) * Math.cbrt(n)) / (2 * iqr)) : Math.ceil(Math.log2(n)) + 1;
  bins = Math.min(MAX_BINS, Math.max(1, max > min ? bins : 1));
  const width = max > min ? (max - min) / bins : 1;
  const edges = Array.from({ length: bins + 1 }, (_, i) => (i === bins ? (max > min ? max : min + 1) : min + i * width));
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < n; i += 1) counts[Math.min(bins - 1, Math.floor((sorted[i]! - min) / width))]! += 1;
  return { edges, counts, ...(spec.lsl !== undefined && { lsl: spec.lsl }), ...(spec.usl !== undefined && { usl: spec.usl }), ...(spec.target !== undefined && { target: spec.target }) };
}
