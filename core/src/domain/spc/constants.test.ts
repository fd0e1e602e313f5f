import { describe, expect, it } from 'vitest';
import { spcConstants } from './constants.ts';
import { normalCdf } from './normal.ts';

/*
 * The published table: Montgomery, Introduction to Statistical Quality Control, Appendix VI
 * ("Factors for Constructing Variables Control Charts"), n = 2…21; n = 22…25 from the ASTM table
 * (ASTM E2587 / STP 15D, as printed in Joglekar, Statistical Methods for Six Sigma, App. G, d3
 * rounded to 3 places). Columns: A2 A3 c4 B3 B4 d2 d3 D3 D4. Typed here as the reference; the code
 * computes every value from its definition.
 */
const TABLE: Record<number, [number, number, number, number, number, number, number, number, number]> = {
  2: [1.88, 2.659, 0.7979, 0, 3.267, 1.128, 0.853, 0, 3.267],
  3: [1.023, 1.954, 0.8862, 0, 2.568, 1.693, 0.888, 0, 2.574],
  4: [0.729, 1.628, 0.9213, 0, 2.266, 2.059, 0.88, 0, 2.282],
  5: [0.577, 1.427, 0.94, 0, 2.089, 2.326, 0.864, 0, 2.114],
  6: [0.483, 1.287, 0.9515, 0.03, 1.97, 2.534, 0.848, 0, 2.004],
  7: [0.419, 1.182, 0.9594, 0.118, 1.882, 2.704, 0.833, 0.076, 1.924],
  8: [0.373, 1.099, 0.965, 0.185, 1.815, 2.847, 0.82, 0.136, 1.864],
  9: [0.337, 1.032, 0.9693, 0.239, 1.761, 2.97, 0.808, 0.184, 1.816],
  10: [0.308, 0.975, 0.9727, 0.284, 1.716, 3.078, 0.797, 0.223, 1.777],
  11: [0.285, 0.927, 0.9754, 0.321, 1.679, 3.173, 0.787, 0.256, 1.744],
  12: [0.266, 0.886, 0.9776, 0.354, 1.646, 3.258, 0.778, 0.283, 1.717],
  13: [0.249, 0.85, 0.9794, 0.382, 1.618, 3.336, 0.77, 0.307, 1.693],
  14: [0.235, 0.817, 0.981, 0.406, 1.594, 3.407, 0.763, 0.328, 1.672],
  15: [0.223, 0.789, 0.9823, 0.428, 1.572, 3.472, 0.756, 0.347, 1.653],
  16: [0.212, 0.763, 0.9835, 0.448, 1.552, 3.532, 0.75, 0.363, 1.637],
  17: [0.203, 0.739, 0.9845, 0.466, 1.534, 3.588, 0.744, 0.378, 1.622],
  18: [0.194, 0.718, 0.9854, 0.482, 1.518, 3.64, 0.739, 0.391, 1.608],
  19: [0.187, 0.698, 0.9862, 0.497, 1.503, 3.689, 0.734, 0.403, 1.597],
  20: [0.18, 0.68, 0.9869, 0.51, 1.49, 3.735, 0.729, 0.415, 1.585],
  21: [0.173, 0.663, 0.9876, 0.523, 1.477, 3.778, 0.724, 0.425, 1.575],
  22: [0.167, 0.647, 0.9882, 0.534, 1.466, 3.819, 0.72, 0.434, 1.566],
  23: [0.162, 0.633, 0.9887, 0.545, 1.455, 3.858, 0.716, 0.443, 1.557],
  24: [0.157, 0.619, 0.9892, 0.555, 1.445, 3.895, 0.712, 0.451, 1.548],
  25: [0.153, 0.606, 0.9896, 0.565, 1.435, 3.931, 0.708, 0.459, 1.541],
};
const NAMES = ['A2', 'A3', 'c4', 'B3', 'B4', 'd2', 'd3', 'D3', 'D4'] as const;
/** The table's places: c4 to 4, the rest to 3. */
const places = (name: string) => (name === 'c4' ? 4 : 3);

describe('control chart constants', () => {
  it.each(Object.keys(TABLE).map(Number))('match the published table for n = %i, every constant', (n) => {
    const computed = spcConstants(n);
    NAMES.forEach((name, k) => {
      const published = TABLE[n]![k]!;
      // within one unit of the last printed place: the table's own D3/D4 were rounded from rounded
      // d2 and d3 (n = 18: 1 + 3·0.7386/3.640 = 1.6088, printed 1.608)
      expect(Math.abs(computed[name] - published), `${name}(${n}) = ${computed[name]}, table ${published}`).toBeLessThanOrEqual(1.001 * 10 ** -places(name));
    });
  });

  it('rounds to the table exactly for d2 and c4, which have no derived rounding', () => {
    for (const n of Object.keys(TABLE).map(Number)) {
      expect(spcConstants(n).d2.toFixed(3)).toBe(TABLE[n]![5]!.toFixed(3));
      expect(spcConstants(n).c4.toFixed(4)).toBe(TABLE[n]![2]!.toFixed(4));
    }
  });

  it('agrees with the closed forms of n = 2: d2 = 2/√π, d3 = √(2 − 4/π), c4 = √(2/π)', () => {
    const k = spcConstants(2);
    expect(k.d2).toBeCloseTo(2 / Math.sqrt(Math.PI), 9);
    expect(k.d3).toBeCloseTo(Math.sqrt(2 - 4 / Math.PI), 9);
    expect(k.c4).toBeCloseTo(Math.sqrt(2 / Math.PI), 12);
  });

  it('works for subgroups beyond any table (n = 50, 100) and grows as the range of many normals does', () => {
    // d2(50) = 4.4982, d2(100) = 5.0152 (Harter 1960, Table of expected values of the range)
    expect(spcConstants(50).d2).toBeCloseTo(4.4982, 3);
    expect(spcConstants(100).d2).toBeCloseTo(5.0152, 3);
    expect(spcConstants(100).c4).toBeCloseTo(1 - 1 / (4 * 99), 4); // c4 ≈ 1 − 1/(4(n−1)) for large n
  });

  it('refuses a subgroup size that is not a whole number of 2 or more', () => {
    expect(() => spcConstants(1)).toThrow('spc.stats.subgroup_size');
    expect(() => spcConstants(2.5)).toThrow('spc.stats.subgroup_size');
  });

  it('computes Φ to machine precision at known points', () => {
    expect(normalCdf(1)).toBeCloseTo(0.8413447460685429, 14);
    expect(normalCdf(-3)).toBeCloseTo(0.0013498980316301, 15);
    expect(normalCdf(-5) / 2.866515718791939e-7).toBeCloseTo(1, 12);
    expect(normalCdf(0)).toBe(0.5);
  });
});
