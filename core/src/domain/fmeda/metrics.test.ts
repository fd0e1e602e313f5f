import { describe, expect, it } from 'vitest';
import { iec61508Metrics, iso26262Metrics, maxSil, pfhSilBand, rowRates, type FmedaRow } from './metrics.ts';

/** Hand-computed cases (docs/domain/fmeda.md): every figure below was worked out on paper first. */
describe('ISO 26262-5 hardware metrics', () => {
  // λ = 100 FIT: a single-point mode without a mechanism (3 FIT), a safe one (47), a multiple-point one (50)
  // whose latent mechanism covers 61.2 %: 19.4 FIT stay latent
  const boundary: FmedaRow[] = [
    { elementFit: 100, distribution: 0.03, faultClass: 'single-point' },
    { elementFit: 100, distribution: 0.47, faultClass: 'safe' },
    { elementFit: 100, distribution: 0.5, faultClass: 'multiple-point', dcLatent: 0.612 },
  ];

  it('meets ASIL C exactly at SPFM 97 % and LFM 80 %, and not D', () => {
    const metrics = iso26262Metrics(boundary);
    // SPFM = 1 − 3 / 100; LFM = 1 − 19.4 / (100 − 3)
    expect(metrics.spfm).toBeCloseTo(0.97, 12);
    expect(metrics.lfm).toBeCloseTo(0.8, 12);
    expect(metrics.pmhfFit).toBeCloseTo(3, 12);
    expect(metrics.pmhfPerHour).toBeCloseTo(3e-9, 20);
    expect(metrics.asil).toEqual({
      B: { spfm: true, lfm: true, pmhf: true },
      C: { spfm: true, lfm: true, pmhf: true },
      D: { spfm: false, lfm: false, pmhf: true },
    });
  });

  it('meets 80 % where floating point makes it 0.7999999999999999 (an element of 13 FIT)', () => {
    const metrics = iso26262Metrics(boundary.map((row) => ({ ...row, elementFit: 13 })));
    expect(1 - (13 * 0.5 * (1 - 0.612)) / (13 - 13 * 0.03)).toBeLessThan(0.8);
    expect(metrics.asil.C.lfm).toBe(true);
  });

  it('falls short of C just below the boundaries', () => {
    const metrics = iso26262Metrics([{ ...boundary[0]!, distribution: 0.0301 }, { ...boundary[1]!, distribution: 0.4699 }, { ...boundary[2]!, dcLatent: 0.6119 }]);
    expect(metrics.asil.C).toEqual({ spfm: false, lfm: false, pmhf: true });
    expect(metrics.asil.B).toEqual({ spfm: true, lfm: true, pmhf: true });
  });

  // λ = 1000 FIT: a single-point mode (500) behind a mechanism of DC 90 % leaves 50 residual; a multiple-point
  // one (400) with latent coverage 50 % leaves 200 latent; 100 safe
  const motorDriver: FmedaRow[] = [
    { elementFit: 1000, distribution: 0.5, faultClass: 'single-point', dcResidual: 0.9 },
    { elementFit: 1000, distribution: 0.4, faultClass: 'multiple-point', dcLatent: 0.5 },
    { elementFit: 1000, distribution: 0.1, faultClass: 'safe' },
  ];

  it('tells an element that meets ASIL B but not C', () => {
    const metrics = iso26262Metrics(motorDriver);
    expect(metrics.spfm).toBeCloseTo(0.95, 12); // 1 − 50 / 1000
    expect(metrics.lfm).toBeCloseTo(1 - 200 / 950, 12); // 0.789…
    expect(metrics.pmhfFit).toBeCloseTo(50, 9);
    expect(metrics.asil).toEqual({
      B: { spfm: true, lfm: true, pmhf: true },
      C: { spfm: false, lfm: false, pmhf: true },
      D: { spfm: false, lfm: false, pmhf: false },
    });
    expect(metrics.sums).toMatchObject({ total: 1000, safe: 100, spf: 0, mpfLatent: 200 });
    expect(metrics.sums.rf).toBeCloseTo(50, 9);
    expect(metrics.sums.mpfDetected).toBeCloseTo(650, 9);
  });

  it('splits each mode into classes that add up to its λ', () => {
    for (const row of [...boundary, ...motorDriver, { elementFit: 12.5, distribution: 0.2, faultClass: 'single-point', dcResidual: 0.6 } as FmedaRow]) {
      const rates = rowRates(row);
      expect(rates.safe + rates.spf + rates.rf + rates.mpfDetected + rates.mpfLatent).toBeCloseTo(rates.total, 12);
    }
  });

  it('computes nothing from nothing, and meets no target with it', () => {
    const metrics = iso26262Metrics([]);
    expect(metrics).toMatchObject({ spfm: null, lfm: null, pmhfFit: 0 });
    expect(metrics.asil.B).toEqual({ spfm: false, lfm: false, pmhf: true });
  });
});

describe('IEC 61508-2 metrics', () => {
  it('counts single-point modes as dangerous and multiple-point ones as no effect', () => {
    const metrics = iec61508Metrics([
      { elementFit: 1000, distribution: 0.5, faultClass: 'single-point', dcResidual: 0.9 },
      { elementFit: 1000, distribution: 0.4, faultClass: 'multiple-point', dcLatent: 0.5 },
      { elementFit: 1000, distribution: 0.1, faultClass: 'safe' },
    ]);
    // SFF = (100 + 450) / (100 + 500); DC = 450 / 500; PFH = 50 FIT
    expect(metrics.sff).toBeCloseTo(550 / 600, 12);
    expect(metrics.dc).toBeCloseTo(0.9, 12);
    expect(metrics.pfhPerHour).toBeCloseTo(5e-8, 20);
    expect(metrics.pfhSilBand).toBe(3);
    expect(metrics.maxSil).toEqual({ typeA: { hft0: 3, hft1: 4, hft2: 4 }, typeB: { hft0: 2, hft1: 3, hft2: 4 } });
    expect(metrics.sums.noEffect).toBeCloseTo(400, 9);
  });

  it('reads Route 1H at the SFF boundaries: 60 %, 90 % and 99 % belong to the band above', () => {
    expect(maxSil(0.5999).typeB).toEqual({ hft0: 0, hft1: 1, hft2: 2 });
    expect(maxSil(0.6).typeB).toEqual({ hft0: 1, hft1: 2, hft2: 3 });
    expect(maxSil(0.6).typeA).toEqual({ hft0: 2, hft1: 3, hft2: 4 });
    expect(maxSil(0.9).typeB).toEqual({ hft0: 2, hft1: 3, hft2: 4 });
    expect(maxSil(0.99).typeB).toEqual({ hft0: 3, hft1: 4, hft2: 4 });
    expect(maxSil(0.5).typeA).toEqual({ hft0: 1, hft1: 2, hft2: 3 });
    expect(maxSil(null).typeA).toEqual({ hft0: 0, hft1: 0, hft2: 0 });
    // an SFF of exactly 60 % from rates: 60 safe, 40 dangerous undetected
    const exact = iec61508Metrics([
      { elementFit: 100, distribution: 0.6, faultClass: 'safe' },
      { elementFit: 100, distribution: 0.4, faultClass: 'single-point' },
    ]);
    expect(exact.maxSil.typeB.hft0).toBe(1);
    expect(exact.dc).toBe(0);
  });

  it('puts PFH in its SIL band, each bound belonging to the band below', () => {
    expect(pfhSilBand(9.99e-9)).toBe(4);
    expect(pfhSilBand(1e-8)).toBe(3);
    expect(pfhSilBand(1e-7)).toBe(2);
    expect(pfhSilBand(1e-6)).toBe(1);
    expect(pfhSilBand(1e-5)).toBe(0);
    expect(pfhSilBand(0)).toBe(4);
  });
});
