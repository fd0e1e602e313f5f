import { describe, expect, it } from 'vitest';
import { decimate } from './decimate.ts';

describe('decimate', () => {
  it('keeps, per pixel column, the lowest and highest point, plus the first and the last', () => {
    // 12 points over 3 columns of 4 (x 0–11: columns [0, 3.67), [3.67, 7.33), [7.33, 11])
    const ys = [5, 1, 9, 4, /**/ 3, 3, 8, 2, /**/ 6, 7, 0, 5];
    const xs = ys.map((_, i) => i);
    const out = decimate(xs, ys, 3);
    // column 1: min 1 @1, max 9 @2; column 2: x = 4…7: min 2 @7, max 8 @6; column 3: x = 8…11: min 0 @10, max 7 @9
    expect(out.indices).toEqual([0, 1, 2, 6, 7, 9, 10, 11]);
    expect(out.ys).toEqual([5, 1, 9, 8, 2, 7, 0, 5]);
    expect(out.xs).toEqual([0, 1, 2, 6, 7, 9, 10, 11]);
  });

  it('always keeps the indices it is told to (the out-of-control points), even mid-column', () => {
    const ys = [5, 1, 9, 4, 3, 3, 8, 2, 6, 7, 0, 5];
    const out = decimate(ys.map((_, i) => i), ys, 3, new Set([4, 99]));
    expect(out.indices).toEqual([0, 1, 2, 4, 6, 7, 9, 10, 11]);
  });

  it('keeps the first of equal extremes and returns a short series whole', () => {
    const flat = [2, 2, 2, 2, 2, 2, 2];
    // x 0–6 over 2 columns: 0–2 | 3–6; each column keeps its first point
    expect(decimate(flat.map((_, i) => i), flat, 2).indices).toEqual([0, 3, 6]);
    expect(decimate([0, 1, 2], [3, 1, 2], 2).indices).toEqual([0, 1, 2]);
  });

  it('thins 100,000 points to at most two per column plus the kept ones, and never drops a kept one', () => {
    const n = 100_000;
    const xs = Array.from({ length: n }, (_, i) => i);
    const ys = xs.map((i) => Math.sin(i / 50) + (i % 7919 === 0 ? 5 : 0));
    const keep = new Set([12_345, 67_890]);
    const out = decimate(xs, ys, 1000, keep);
    expect(out.indices.length).toBeLessThanOrEqual(2 * 1000 + 2 + keep.size);
    for (const i of keep) expect(out.indices).toContain(i);
    for (let i = 0; i < n; i += 7919) expect(out.indices).toContain(i); // every spike is a column maximum
  });
});
