/**
 * The standard normal distribution function Φ to about 15 significant digits, written out so the
 * domain needs no library: erf by its everywhere-positive series (no cancellation) near the centre,
 * erfc by its continued fraction (Abramowitz & Stegun 7.1.14) in the tails.
 */
const SQRT_PI = Math.sqrt(Math.PI);

/** erfc(z) for z ≥ 0. */
function erfcPositive(z: number): number {
  if (z < 3) {
    // erf z = 2/√π · e^(−z²) · Σ 2^k z^(2k+1) / (1·3·…·(2k+1))
    let term = z;
    let sum = z;
    for (let k = 1; k < 200; k += 1) {
      term *= (2 * z * z) / (2 * k + 1);
      sum += term;
      if (term < sum * 1e-17) break;
    }
    return 1 - ((2 / SQRT_PI) * Math.exp(-z * z) * sum);
  }
  // erfc z = e^(−z²)/√π · 1/(z + (1/2)/(z + 1/(z + (3/2)/(z + …)))), evaluated from the tail up
  let t = z;
  for (let k = 80; k >= 1; k -= 1) t = z + k / 2 / t;
  return Math.exp(-z * z) / (SQRT_PI * t);
}

/** Φ(x) = P(Z ≤ x) for a standard normal Z. */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const tail = 0.5 * erfcPositive(z);
  return x < 0 ? tail : 1 - tail;
}
