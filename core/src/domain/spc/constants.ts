/**
 * Control chart constants for any subgroup size n ≥ 2, computed from their definitions rather than
 * copied from a table (issue 25): d2 and d3 are the mean and standard deviation of the range of n
 * standard normal values, c4 the bias of the sample standard deviation; the chart factors follow
 * from them (A2 = 3/(d2√n), D3/D4 = 1 ∓ 3d3/d2, A3 = 3/(c4√n), B3/B4 = 1 ∓ 3√(1−c4²)/c4).
 * constants.test.ts holds them to Montgomery's Appendix VI for n = 2…25.
 */
import { InvalidInputError } from '../../errors.ts';
import { normalCdf } from './normal.ts';

export interface SpcConstants {
  readonly n: number;
  readonly d2: number;
  readonly d3: number;
  readonly c4: number;
  readonly A2: number;
  readonly A3: number;
  readonly D3: number;
  readonly D4: number;
  readonly B3: number;
  readonly B4: number;
}

/** Lanczos (g = 7, 9 terms): ln Γ(x) to about 15 digits for x > 0. */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i += 1) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** c4(n) = √(2/(n−1)) Γ(n/2) / Γ((n−1)/2), through ln Γ so that large n does not overflow. */
export const c4Of = (n: number): number => Math.sqrt(2 / (n - 1)) * Math.exp(logGamma(n / 2) - logGamma((n - 1) / 2));

/*
 * The range W of n standard normal values. With F(w) = P(W ≤ w) = n ∫ φ(x) (Φ(x+w) − Φ(x))^(n−1) dx
 * (Tippett 1925; Harter 1960), d2 = E[W] = ∫ (1 − (1−Φ(x))^n − Φ(x)^n) dx over ℝ and
 * E[W²] = ∫₀^∞ 2w (1 − F(w)) dw, d3 = √(E[W²] − d2²). Both x-integrals run over ℝ with smooth, fast
 * decaying integrands, where the trapezoid rule converges faster than any power of the step; the
 * w-integral starts at 0, so it takes Simpson's rule. One grid of step H serves x and w (Φ(x+w) is
 * then a grid value), far finer than the 4 decimals the tables print (n = 2 matches the closed form
 * d2 = 2/√π, d3 = √(2 − 4/π) to 1e-9).
 */
const H = 0.05;
const X_MAX = 10; // Φ(−10) ≈ 7.6e-24: nothing of any range lies beyond
const W_MAX = 20; // the range of even 10⁶ normal values stays below 12
const XS = Math.round(X_MAX / H);
const WS = Math.round(W_MAX / H);

let grid: { phi: Float64Array; cdf: Float64Array } | undefined;
/** φ and Φ at x = −X_MAX + iH for i = 0 … 2·XS + WS (so that x + w stays on the grid). */
function normalGrid(): { phi: Float64Array; cdf: Float64Array } {
  if (grid) return grid;
  const size = 2 * XS + WS + 1;
  const phi = new Float64Array(size);
  const cdf = new Float64Array(size);
  for (let i = 0; i < size; i += 1) {
    const x = -X_MAX + i * H;
    phi[i] = Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
    cdf[i] = normalCdf(x);
  }
  grid = { phi, cdf };
  return grid;
}

function rangeMoments(n: number): { d2: number; d3: number } {
  const { phi, cdf } = normalGrid();
  let mean = 0;
  for (let i = 0; i <= 2 * XS; i += 1) {
    const upper = cdf[2 * XS - i]!; // 1 − Φ(x) = Φ(−x), exact on the symmetric grid
    mean += 1 - upper ** n - cdf[i]! ** n;
  }
  mean *= H;
  // E[W²] by Simpson over w = kH, k = 0 … WS (WS even)
  let second = 0;
  const from = Math.round((X_MAX - 9) / H); // φ(±9) ≈ 1e-18: the x-integral's tails add nothing
  const to = 2 * XS - from;
  for (let k = 1; k <= WS; k += 1) {
    let below = 0; // F(w)
    for (let i = from; i <= to; i += 1) below += phi[i]! * (cdf[i + k]! - cdf[i]!) ** (n - 1);
    below *= n * H;
    const tail = 1 - below;
    if (tail < 1e-17) break; // the rest of the w-integral is below 1e-15
    const weight = k === WS ? 1 : k % 2 === 1 ? 4 : 2;
    second += weight * 2 * k * H * tail;
  }
  second *= H / 3;
  return { d2: mean, d3: Math.sqrt(second - mean * mean) };
}

const cache = new Map<number, SpcConstants>();

/** The constants of subgroup size n (a whole number ≥ 2); computed once per n, then remembered. */
export function spcConstants(n: number): SpcConstants {
  const known = cache.get(n);
  if (known) return known;
  if (!Number.isInteger(n) || n < 2) throw new InvalidInputError('spc.stats.subgroup_size', { n: String(n) });
  const { d2, d3 } = rangeMoments(n);
  const c4 = c4Of(n);
  const spread = (3 * Math.sqrt(1 - c4 * c4)) / c4;
  const constants: SpcConstants = {
    n,
    d2,
    d3,
    c4,
    A2: 3 / (d2 * Math.sqrt(n)),
    A3: 3 / (c4 * Math.sqrt(n)),
    D3: Math.max(0, 1 - (3 * d3) / d2),
    D4: 1 + (3 * d3) / d2,
    B3: Math.max(0, 1 - spread),
    B4: 1 + spread,
  };
  cache.set(n, constants);
  return constants;
}
