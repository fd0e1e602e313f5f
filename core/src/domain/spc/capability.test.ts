import { describe, expect, it } from 'vitest';
import { capabilityOf, histogramOf, meanAndSd, quantiles } from './capability.ts';

describe('capability', () => {
  it('computes the two-sided indices by hand (μ = 10.2, σ within 0.1, overall 0.2, spec 9.7–10.9, target 10.3)', () => {
    const c = capabilityOf(10.2, 0.1, 0.2, { lsl: 9.7, usl: 10.9, target: 10.3 });
    expect(c.cp).toBeCloseTo(1.2 / 0.6, 12); // 2
    expect(c.cpk).toBeCloseTo(0.5 / 0.3, 12); // min(0.7, 0.5)/0.3 = 1.667
    expect(c.pp).toBeCloseTo(1.2 / 1.2, 12); // 1
    expect(c.ppk).toBeCloseTo(0.5 / 0.6, 12);
    expect(c.cpm).toBeCloseTo(1.2 / (6 * Math.sqrt(0.04 + 0.01)), 12); // 0.894
  });

  it('answers only the defined side of a one-sided specification', () => {
    const upper = capabilityOf(10, 0.5, 1, { usl: 13 });
    expect(upper).toMatchObject({ cp: null, pp: null, cpm: null, cpk: 2, ppk: 1 });
    const lower = capabilityOf(10, 0.5, 1, { lsl: 8.5, target: 10 });
    expect(lower).toMatchObject({ cp: null, pp: null, cpm: null, cpk: 1, ppk: 0.5 });
  });

  it('answers null rather than infinity when the data do not vary', () => {
    expect(capabilityOf(5, 0, 0, { lsl: 4, usl: 6, target: 5 })).toMatchObject({ cp: null, cpk: null, pp: null, ppk: null, cpm: null });
  });

  it('takes the sample standard deviation with n − 1', () => {
    expect(meanAndSd([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({ mean: 5, sd: Math.sqrt(32 / 7) });
  });
});

describe('histogram', () => {
  it('bins by Freedman–Diaconis: 1…100, IQR 49.5, width 2·49.5/100^(1/3) → 5 bins', () => {
    const h = histogramOf(Array.from({ length: 100 }, (_, i) => i + 1), { lsl: 0, usl: 90 });
    // (100 − 1)·100^(1/3) / (2·49.5) = 4.64 → 5 equal bins from 1 to 100
    expect(h.counts).toEqual([20, 20, 20, 20, 20]);
    expect(h.edges).toEqual([1, 20.8, 40.6, 60.4, 80.2, 100].map((e) => expect.closeTo(e, 9)));
    expect(h).toMatchObject({ lsl: 0, usl: 90 });
  });

  it('falls back to Sturges when the IQR is zero, and draws one bin for constant data', () => {
    const spiky = [...Array(30).fill(5), 1, 9];
    expect(histogramOf(spiky).counts.length).toBe(Math.ceil(Math.log2(32)) + 1);
    expect(histogramOf([3, 3, 3])).toEqual({ edges: [3, 4], counts: [3] });
  });
});

describe('quantiles', () => {
  it('agree with the sorted definition (type 7) on scrambled data with ties', () => {
    const xs = Array.from({ length: 1001 }, (_, i) => ((i * 7919) % 1009) % 97);
    const sorted = [...xs].sort((a, b) => a - b);
    const type7 = (q: number) => {
      const pos = (xs.length - 1) * q;
      const lo = Math.floor(pos);
      return sorted[lo]! + (sorted[Math.min(lo + 1, xs.length - 1)]! - sorted[lo]!) * (pos - lo);
    };
    const qs = [0, 0.1, 0.25, 0.3337, 0.5, 0.75, 0.9, 1];
    expect(quantiles(xs, qs)).toEqual(qs.map(type7));
    expect(quantiles([4, 1, 3, 2], [0.25, 0.75])).toEqual([1.75, 3.25]);
  });
});
