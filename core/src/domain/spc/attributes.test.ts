import { describe, expect, it } from 'vitest';
import { translateError } from '../../i18n/index.ts';
import type { DomainError } from '../../errors.ts';
import { analyzeAttributes } from './attributes.ts';

// Montgomery, Introduction to SQC, Example 7.1: nonconforming orange-juice cans, 30 samples
// of 50 (qcc `orangejuice`). Published: p̄ = 0.2313, UCL 0.4102, LCL 0.0524; samples 15 and 23 out.
const JUICE = [12, 15, 8, 10, 4, 7, 16, 9, 14, 10, 5, 6, 17, 12, 22, 8, 10, 5, 13, 11, 20, 18, 24, 15, 9, 12, 7, 13, 9, 6];
// Montgomery ch. 7, the c chart of nonconformities on 26 printed circuit boards (qcc `circuit`).
// Published: c̄ = 19.85, UCL 33.22, LCL 6.48; samples 6 and 20 out.
const BOARDS = [21, 24, 16, 12, 15, 5, 28, 20, 31, 25, 20, 24, 16, 19, 10, 17, 13, 22, 18, 39, 30, 24, 16, 19, 17, 15];
const rows = (counts: number[], size: number | number[]) => counts.map((count, i) => ({ subgroup: String(i + 1), count, size: Array.isArray(size) ? size[i]! : size }));

describe('attribute charts', () => {
  it('answers the orange-juice p chart (Montgomery Example 7.1) and flags samples 15 and 23', () => {
    const result = analyzeAttributes(rows(JUICE, 50), 'p', { rules: { primary: [1] } });
    expect(result.center).toBeCloseTo(347 / 1500, 12);
    expect(Number(result.ucl).toFixed(4)).toBe('0.4102');
    expect(Number(result.lcl).toFixed(4)).toBe('0.0524');
    expect(result.violations.map((v) => v.subgroup)).toEqual(['15', '23']);
    expect(result.sigma).toBeUndefined();
    expect(result.secondary).toBeUndefined();
  });

  it('answers the same data as an np chart: n·p̄ = 11.567, limits 2.621 / 20.512', () => {
    const result = analyzeAttributes(rows(JUICE, 50), 'np', { rules: { primary: [1] } });
    expect(result.center).toBeCloseTo(11.5667, 4);
    expect(result.lcl).toBeCloseTo(50 * 0.0524275, 4);
    expect(result.ucl).toBeCloseTo(50 * 0.4102391, 4);
    expect(result.violations.map((v) => v.subgroup)).toEqual(['15', '23']);
  });

  it('answers the circuit-board c chart (Montgomery ch. 7) and flags samples 6 and 20', () => {
    const result = analyzeAttributes(rows(BOARDS, 1), 'c', { rules: { primary: [1] } });
    expect(result.center.toFixed(2)).toBe('19.85');
    expect(Number(result.ucl).toFixed(2)).toBe('33.21'); // the book rounds c̄ first: 19.85 + 3√19.85 = 33.22
    expect(Number(result.lcl).toFixed(2)).toBe('6.48');
    expect(result.violations.map((v) => v.subgroup)).toEqual(['6', '20']);
  });

  it('gives p and u charts one limit per subgroup when sizes differ (hand-computed)', () => {
    // p: 10/100, 30/200, 20/200 → p̄ = 60/500 = 0.12; σ(100) = √(0.12·0.88/100) = 0.032496, σ(200) = 0.022978
    const p = analyzeAttributes([{ subgroup: 'w1', count: 10, size: 100 }, { subgroup: 'w2', count: 30, size: 200 }, { subgroup: 'w3', count: 20, size: 200 }], 'p');
    expect(p.center).toBeCloseTo(0.12, 12);
    expect(p.ucl).toEqual([expect.closeTo(0.12 + 3 * 0.0324961, 6), expect.closeTo(0.12 + 3 * 0.0229783, 6), expect.closeTo(0.12 + 3 * 0.0229783, 6)]);
    expect(p.lcl).toEqual([expect.closeTo(0.12 - 3 * 0.0324961, 6), expect.closeTo(0.12 - 3 * 0.0229783, 6), expect.closeTo(0.12 - 3 * 0.0229783, 6)]);
    // u: 3 defects in 1.5 units, 9 in 4.5 → ū = 12/6 = 2; UCL = 2 + 3√(2/1.5), 2 + 3√(2/4.5) = 5.4641, 4; LCL 0, 0
    const u = analyzeAttributes([{ subgroup: 'r1', count: 3, size: 1.5 }, { subgroup: 'r2', count: 9, size: 4.5 }], 'u');
    expect(u.center).toBe(2);
    expect(u.ucl).toEqual([expect.closeTo(2 + 3 * Math.sqrt(2 / 1.5), 12), expect.closeTo(4, 12)]);
    expect(u.lcl).toBe(0); // both cut at zero: one number when all points share it
    expect(u.points.map((pt) => pt.value)).toEqual([2, 2]);
  });

  it('judges phase II counts against a frozen p̄ (Montgomery’s revised p̄ = 0.2150 after removing samples 15 and 23)', () => {
    const later = [9, 6, 12, 5, 6, 4, 6, 3, 7, 6, 2, 4, 3, 6, 5, 4, 8, 5, 6, 7, 5, 6, 3, 5];
    const result = analyzeAttributes(rows(later, 50), 'p', { limits: { center: 0.215 }, rules: { primary: [1, 2] } });
    expect(result.phase).toBe('II');
    expect(Number(result.ucl).toFixed(4)).toBe('0.3893');
    // the improved process runs below p̄: sample 3 (12/50 = 0.24) is above, so the run starts at 4
    // and is nine long at sample 12, then every sample completes it again
    expect(result.violations.filter((v) => v.rule === 2).map((v) => v.subgroup)).toEqual(['12', '13', '14', '15', '16', '17', '18', '19', '20', '21', '22', '23', '24']);
  });

  it('refuses what cannot be charted, naming each subgroup in both languages', () => {
    const refusal = (run: () => unknown, locale: 'en-US' | 'zh-CN' = 'en-US') => {
      try {
        run();
      } catch (error) {
        return translateError(locale, error as DomainError);
      }
      throw new Error('not refused');
    };
    const bad = [{ subgroup: 'd1', count: 60, size: 50 }, { subgroup: 'd2', count: 3, size: 0 }, { subgroup: 'd3', count: 2.5, size: 50 }, { subgroup: 'd4', count: Number.NaN, size: 50 }];
    const text = refusal(() => analyzeAttributes(bad, 'p'));
    expect(text).toContain('Subgroup d1: 60 defectives is more than the sample size 50');
    expect(text).toContain('Subgroup d2: the sample size 0 must be greater than 0');
    expect(text).toContain('Subgroup d3: the count 2.5 is not a whole number of 0 or more');
    expect(text).toContain('Subgroup d4: the count “NaN” is not a number');
    expect(refusal(() => analyzeAttributes(bad, 'p'), 'zh-CN')).toContain('子组 d1：不合格品数 60 大于样本量 50');
    expect(refusal(() => analyzeAttributes(rows([1, 2], [50, 60]), 'np'))).toContain('Sample sizes differ (50 to 60): an np chart needs one size; use the p chart');
    expect(refusal(() => analyzeAttributes(rows([1, 2], [1, 2]), 'c'))).toContain('use the u chart');
    expect(refusal(() => analyzeAttributes(rows([1], 50), 'p'))).toContain('Only 1 subgroups: at least 2 are needed');
  });
});
