import { describe, expect, it } from 'vitest';
import { translateError } from '../../i18n/index.ts';
import type { DomainError } from '../../errors.ts';
import { analyzeVariables } from './variables.ts';

/*
 * Montgomery, Introduction to SQC, Table 6.3 (Example 6.1): inside diameter of forged piston rings,
 * 25 preliminary samples of 5, then 15 more; as distributed in the R package qcc (`pistonrings`).
 * Published: x̄̄ = 74.001, R̄ = 0.023, X̄ limits 73.988 / 74.014, R limits 0 / 0.049 (the book rounds
 * R̄ to 0.023 before multiplying: 2.114·0.023); qcc prints x̄̄ = 74.00118, σ = 0.009785,
 * LCL 73.98805, UCL 74.0143. With the specification 74.000 ± 0.05 that Montgomery's exercises give
 * these rings, qcc's process.capability answers Cp 1.70, Cpk 1.66.
 */
const PHASE_I = [
  [74.03, 74.002, 74.019, 73.992, 74.008], [73.995, 73.992, 74.001, 74.011, 74.004], [73.988, 74.024, 74.021, 74.005, 74.002],
  [74.002, 73.996, 73.993, 74.015, 74.009], [73.992, 74.007, 74.015, 73.989, 74.014], [74.009, 73.994, 73.997, 73.985, 73.993],
  [73.995, 74.006, 73.994, 74.0, 74.005], [73.985, 74.003, 73.993, 74.015, 73.988], [74.008, 73.995, 74.009, 74.005, 74.004],
  [73.998, 74.0, 73.99, 74.007, 73.995], [73.994, 73.998, 73.994, 73.995, 73.99], [74.004, 74.0, 74.007, 74.0, 73.996],
  [73.983, 74.002, 73.998, 73.997, 74.012], [74.006, 73.967, 73.994, 74.0, 73.984], [74.012, 74.014, 73.998, 73.999, 74.007],
  [74.0, 73.984, 74.005, 73.998, 73.996], [73.994, 74.012, 73.986, 74.005, 74.007], [74.006, 74.01, 74.018, 74.003, 74.0],
  [73.984, 74.002, 74.003, 74.005, 73.997], [74.0, 74.01, 74.013, 74.02, 74.003], [73.988, 74.001, 74.009, 74.005, 73.996],
  [74.004, 73.999, 73.99, 74.006, 74.009], [74.01, 73.989, 73.99, 74.009, 74.014], [74.015, 74.008, 73.993, 74.0, 74.01],
  [73.982, 73.984, 73.995, 74.017, 74.013],
];
const PHASE_II = [
  [74.012, 74.015, 74.03, 73.986, 74.0], [73.995, 74.01, 73.99, 74.015, 74.001], [73.987, 73.999, 73.985, 74.0, 73.99],
  [74.008, 74.01, 74.003, 73.991, 74.006], [74.003, 74.0, 74.001, 73.986, 73.997], [73.994, 74.003, 74.015, 74.02, 74.004],
  [74.008, 74.002, 74.018, 73.995, 74.005], [74.001, 74.004, 73.99, 73.996, 73.998], [74.015, 74.0, 74.016, 74.025, 74.0],
  [74.03, 74.005, 74.0, 74.016, 74.012], [74.001, 73.99, 73.995, 74.01, 74.024], [74.015, 74.02, 74.024, 74.005, 74.019],
  [74.035, 74.01, 74.012, 74.015, 74.026], [74.017, 74.013, 74.036, 74.025, 74.026], [74.01, 74.005, 74.029, 74.0, 74.02],
];
const named = (rows: number[][], from = 1) => rows.map((values, i) => ({ subgroup: String(from + i), values }));

describe('X̄-R chart', () => {
  it('answers Montgomery’s piston-ring limits (Example 6.1) and qcc’s figures', () => {
    const result = analyzeVariables(named(PHASE_I), 'xbar-r');
    expect(result.center.toFixed(3)).toBe('74.001');
    expect(result.center).toBeCloseTo(74.00118, 5);
    expect(result.sigma).toBeCloseTo(0.009785, 6);
    expect(Number(result.lcl).toFixed(3)).toBe('73.988');
    expect(Number(result.ucl).toFixed(3)).toBe('74.014');
    expect(result.lcl).toBeCloseTo(73.98805, 5);
    expect(result.ucl).toBeCloseTo(74.0143, 4);
    expect(result.secondary!.center).toBeCloseTo(0.02276, 5); // R̄; the book prints 0.023
    expect(result.secondary!.lcl).toBe(0);
    expect(Number(result.secondary!.ucl)).toBeCloseTo(2.114 * 0.02276, 4); // the book: 2.114 · 0.023 = 0.049
    expect(result.violations).toEqual([]); // "the process is in control" in phase I
    expect(result.points[0]).toEqual({ subgroup: '1', value: expect.closeTo(74.0102, 4), secondary: expect.closeTo(0.038, 9) });
  });

  it('judges phase II samples against the frozen limits: the upward shift at the end of Table 6.3', () => {
    const phaseI = analyzeVariables(named(PHASE_I), 'xbar-r');
    const result = analyzeVariables(named(PHASE_II, 26), 'xbar-r', { limits: phaseI, rules: { primary: [1] } });
    expect(result.phase).toBe('II');
    expect(result.center).toBe(phaseI.center);
    expect(result.ucl).toBe(phaseI.ucl);
    // x̄ of samples 37, 38 and 39 are 74.0182, 74.0236, 74.0164 (the book: beyond UCL 74.014)
    expect(result.violations.map((v) => [v.subgroup, v.rule, v.series])).toEqual([['37', 1, 'primary'], ['38', 1, 'primary'], ['39', 1, 'primary']]);
  });

  it('answers capability against 74.000 ± 0.05: qcc’s Cp 1.70 and Cpk 1.66, Pp/Ppk with the overall s', () => {
    const { capability, histogram } = analyzeVariables(named(PHASE_I), 'xbar-r', { spec: { lsl: 73.95, usl: 74.05, target: 74 } });
    expect(capability!.cp!.toFixed(2)).toBe('1.70');
    expect(capability!.cpk!.toFixed(2)).toBe('1.66');
    const all = PHASE_I.flat();
    const mean = all.reduce((a, b) => a + b, 0) / all.length;
    const s = Math.sqrt(all.reduce((a, b) => a + (b - mean) ** 2, 0) / (all.length - 1));
    expect(capability!.sigmaOverall).toBeCloseTo(s, 12);
    expect(capability!.pp).toBeCloseTo(0.1 / (6 * s), 12);
    expect(capability!.ppk).toBeCloseTo((74.05 - mean) / (3 * s), 12); // the mean lies above 74.000
    expect(capability!.cpm).toBeCloseTo(0.1 / (6 * Math.sqrt(s * s + (mean - 74) ** 2)), 12);
    expect(histogram!.counts.reduce((a, b) => a + b, 0)).toBe(125);
    expect(histogram).toMatchObject({ lsl: 73.95, usl: 74.05, target: 74 });
  });
});

describe('X̄-S chart', () => {
  it('answers the piston rings’ X̄-S limits (Montgomery §6.3, x̄ and s charts: X̄ limits 73.988 / 74.014, S chart B3·s̄ / B4·s̄)', () => {
    const result = analyzeVariables(named(PHASE_I), 'xbar-s');
    const sd = (xs: number[]) => {
      const m = xs.reduce((a, b) => a + b, 0) / xs.length;
      return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
    };
    const sBar = PHASE_I.map(sd).reduce((a, b) => a + b, 0) / 25; // 0.00924 for these data (the book prints 0.0094)
    expect(result.secondary!.center).toBeCloseTo(sBar, 12);
    expect(result.secondary!.lcl).toBe(0);
    expect(Number(result.lcl).toFixed(3)).toBe('73.988');
    expect(Number(result.ucl).toFixed(3)).toBe('74.014');
    expect(Number(result.secondary!.ucl)).toBeCloseTo(2.089 * Number(result.secondary!.center), 4);
    expect(result.sigma).toBeCloseTo(Number(result.secondary!.center) / 0.94, 4);
  });

  it('pools the variances of unequal subgroups and gives each its own limits', () => {
    // sizes 2, 3, 3: s² = 2, 1, 4 (values chosen so); s_p² = (1·2 + 2·1 + 2·4)/5 = 2.4;
    // c4(6) = √(2/5)·Γ(3)/Γ(5/2) = √0.4 · 2 / (0.75√π)
    const result = analyzeVariables([
      { subgroup: 'a', values: [1, 3] },
      { subgroup: 'b', values: [4, 5, 6] },
      { subgroup: 'c', values: [0, 2, 4] },
    ], 'xbar-s');
    const sigma = Math.sqrt(2.4) / ((Math.sqrt(0.4) * 2) / (0.75 * Math.sqrt(Math.PI)));
    expect(result.sigma).toBeCloseTo(sigma, 6);
    expect(result.center).toBeCloseTo(25 / 8, 12); // the mean of all eight values
    expect(result.ucl).toEqual([expect.closeTo(25 / 8 + (3 * sigma) / Math.sqrt(2), 5), expect.closeTo(25 / 8 + (3 * sigma) / Math.sqrt(3), 5), expect.closeTo(25 / 8 + (3 * sigma) / Math.sqrt(3), 5)]);
    expect(result.secondary!.center).toEqual([expect.closeTo(0.7979 * sigma, 3), expect.closeTo(0.8862 * sigma, 3), expect.closeTo(0.8862 * sigma, 3)]);
  });
});

describe('I-MR chart', () => {
  it('uses MR̄/1.128 and limits the MR chart at D4·MR̄ (a hand-worked series)', () => {
    // x = 10, 12, 11, 13, 12: MR = 2, 1, 2, 1 → MR̄ = 1.5; σ = 1.5/1.128379 = 1.32934; x̄ = 11.6
    const result = analyzeVariables([10, 12, 11, 13, 12].map((v, i) => ({ subgroup: `s${i + 1}`, values: [v] })), 'i-mr');
    expect(result.center).toBeCloseTo(11.6, 12);
    expect(result.sigma).toBeCloseTo(1.5 / 1.1283792, 6);
    expect(result.ucl).toBeCloseTo(11.6 + (3 * 1.5) / 1.1283792, 6);
    expect(result.secondary).toEqual({ center: expect.closeTo(1.5, 9), lcl: 0, ucl: expect.closeTo(3.2665 * 1.5, 3) });
    expect(result.points[0]).toEqual({ subgroup: 's1', value: 10 });
    expect(result.points[1]).toEqual({ subgroup: 's2', value: 12, secondary: 2 });
  });

  it('flags a jump on the MR chart with rule 1 only by default, named by its subgroup', () => {
    const values = [5, 5.1, 4.9, 5, 5.1, 4.9, 5, 5.1, 4.9, 5, 9, 5];
    // every rule on the MR chart would also see 9 small ranges in a row below its centre (rule 2)
    const result = analyzeVariables(values.map((v, i) => ({ subgroup: `lot-${i + 1}`, values: [v] })), 'i-mr', { rules: { primary: [1] } });
    expect(result.violations.filter((v) => v.series === 'secondary').map((v) => [v.subgroup, v.rule])).toEqual([['lot-11', 1], ['lot-12', 1]]);
    expect(result.violations.filter((v) => v.series === 'primary').map((v) => [v.subgroup, v.rule])).toEqual([['lot-11', 1]]);
    const more = analyzeVariables(values.map((v, i) => ({ subgroup: `lot-${i + 1}`, values: [v] })), 'i-mr', { rules: { primary: [1], secondary: [1, 2] } });
    expect(more.violations.filter((v) => v.series === 'secondary').map((v) => [v.subgroup, v.rule])).toEqual([['lot-10', 2], ['lot-11', 1], ['lot-12', 1]]);
  });
});

describe('refusals', () => {
  const message = (run: () => unknown, locale: 'en-US' | 'zh-CN' = 'en-US') => {
    try {
      run();
    } catch (error) {
      return translateError(locale, error as DomainError);
    }
    throw new Error('not refused');
  };

  it('names every wrong subgroup, in both languages, and computes nothing', () => {
    const run = () => analyzeVariables([{ subgroup: 'A7', values: [1, Number.NaN] }, { subgroup: 'A8', values: [2] }], 'xbar-r');
    expect(message(run)).toBe('The data cannot be charted\nSubgroup A7: the measurement “NaN” is not a number\nSubgroup A8 has 1 measurements: an X̄ chart needs at least 2 per subgroup');
    expect(message(run, 'zh-CN')).toContain('子组 A7：测量值“NaN”不是数字');
  });

  it('refuses too few subgroups, unequal sizes for X̄-R, several values for I-MR, LSL ≥ USL and unknown rules', () => {
    expect(message(() => analyzeVariables([{ subgroup: '1', values: [1, 2] }], 'xbar-r'))).toContain('Only 1 subgroups: at least 2 are needed');
    expect(message(() => analyzeVariables([{ subgroup: '1', values: [1, 2] }, { subgroup: '2', values: [1, 2, 3] }], 'xbar-r'))).toContain('Subgroup sizes differ (2 to 3): an X̄-R chart needs one size; use the X̄-S chart');
    expect(message(() => analyzeVariables([{ subgroup: '1', values: [1, 2] }, { subgroup: '2', values: [3] }], 'i-mr'))).toContain('Subgroup 1 has 2 measurements: an I-MR chart takes one per subgroup');
    expect(message(() => analyzeVariables(named(PHASE_I), 'xbar-r', { spec: { lsl: 74.05, usl: 73.95 } }))).toContain('The lower specification limit 74.05 must be below the upper one 73.95');
    expect(message(() => analyzeVariables(named(PHASE_I), 'xbar-r', { rules: { primary: [1, 9] } }))).toContain('“9” is not a run rule');
    expect(message(() => analyzeVariables(named(PHASE_II), 'xbar-r', { limits: { center: 74 } }))).toContain('The frozen limits need a standard deviation (σ) greater than 0');
  });
});
