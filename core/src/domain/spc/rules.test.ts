import { describe, expect, it } from 'vitest';
import { runRules } from './rules.ts';

/** A series already in σ units around 0, limits ±3: each case is written point by point. */
const judge = (values: number[], rules: number[]) =>
  runRules({ values, center: 0, lcl: -3, ucl: 3, sigma: 1 }, rules).map(([index, rule]) => `${rule}@${index}`);

describe('Nelson’s run rules', () => {
  it('1: a point beyond 3σ, on either side; a point on the limit is not beyond', () => {
    expect(judge([0, 3.1, 0, -3.2, 3], [1])).toEqual(['1@1', '1@3']);
  });

  it('2: nine in a row on one side, at the 9th and every further one; a point on the centre line breaks it', () => {
    expect(judge([...Array(10).fill(0.5)], [2])).toEqual(['2@8', '2@9']);
    expect(judge([...Array(8).fill(-0.5), 0, ...Array(8).fill(-0.5)], [2])).toEqual([]);
  });

  it('3: six in a row steadily rising or falling; a tie breaks it', () => {
    // the peak (index 5) ends the rise and starts the fall: .5 .4 .3 .2 .1 0 falls six at index 10
    expect(judge([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.4, 0.3, 0.2, 0.1, 0, -0.1], [3])).toEqual(['3@5', '3@10', '3@11']);
    expect(judge([0, 0.1, 0.2, 0.2, 0.3, 0.4, 0.5], [3])).toEqual([]);
  });

  it('4: fourteen in a row alternating up and down', () => {
    const zigzag = Array.from({ length: 15 }, (_, i) => (i % 2 === 0 ? -0.5 : 0.5));
    expect(judge(zigzag, [4])).toEqual(['4@13', '4@14']);
    expect(judge(zigzag.slice(0, 13), [4])).toEqual([]);
  });

  it('5: two of three beyond 2σ on the same side, reported at the second one beyond', () => {
    expect(judge([2.5, 0, 2.1], [5])).toEqual(['5@2']);
    expect(judge([2.5, 0, -2.1], [5])).toEqual([]);
    expect(judge([2.5, 0, 0, 2.1], [5])).toEqual([]);
  });

  it('6: four of five beyond 1σ on the same side', () => {
    expect(judge([1.5, 1.2, 0, 1.1, 1.9], [6])).toEqual(['6@4']);
    expect(judge([1.5, 1.2, 0, 1.1, -1.9], [6])).toEqual([]);
  });

  it('7: fifteen in a row within 1σ, either side', () => {
    const hugging = Array.from({ length: 15 }, (_, i) => (i % 3 === 0 ? -0.4 : 0.3));
    expect(judge(hugging, [7])).toEqual(['7@14']);
    expect(judge([...hugging.slice(0, 14), 1.2], [7])).toEqual([]);
  });

  it('8: eight in a row beyond 1σ on either side', () => {
    expect(judge([1.5, -1.5, 1.5, -1.5, 1.5, -1.5, 1.5, -1.5], [8])).toEqual(['8@7']);
    expect(judge([1.5, -1.5, 1.5, -1.5, 0.5, -1.5, 1.5, -1.5], [8])).toEqual([]);
  });

  it('runs only the rules chosen, and reads each point in its own σ (variable limits)', () => {
    // the same value 0.12 is 3.7σ out where σ = 0.03 and 1.2σ where σ = 0.1
    const found = runRules({ values: [0.12, 0.12], center: 0, lcl: [-0.09, -0.3], ucl: [0.09, 0.3], sigma: [0.03, 0.1] }, [1, 2]);
    expect(found).toEqual([[0, 1]]);
  });

  it('skips points without a value (the first moving range) without breaking a run', () => {
    const values = [Number.NaN, ...Array(9).fill(0.5)];
    const found = runRules({ values, center: 0, lcl: -3, ucl: 3, sigma: 1 }, [2]);
    expect(found).toEqual([[9, 2]]);
  });
});
