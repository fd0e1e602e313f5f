import { describe, expect, it } from 'vitest';
import { parseSpecification } from './spec.ts';

describe('parseSpecification: a control plan specification read as limits', () => {
  it.each([
    ['10 ± 0.1', { lsl: 9.9, usl: 10.1, target: 10 }],
    ['Ø25±0.05 mm', { lsl: 24.95, usl: 25.05, target: 25 }],
    ['10 +/- 0.1', { lsl: 9.9, usl: 10.1, target: 10 }],
    ['10 +0.2/-0.1', { lsl: 9.9, usl: 10.2, target: 10.05 }],
    ['10 -0.1 +0.2', { lsl: 9.9, usl: 10.2, target: 10.05 }],
    ['Φ10 (+0.2, -0.1)', { lsl: 9.9, usl: 10.2, target: 10.05 }],
    ['Ø10 +0.015/0 mm', { lsl: 10, usl: 10.015, target: 10.0075 }],
    ['22 ± 0.03 mm', { lsl: 21.97, usl: 22.03, target: 22 }],
    ['9.9~10.1', { lsl: 9.9, usl: 10.1, target: null }],
    ['9.9 - 10.1 mm', { lsl: 9.9, usl: 10.1, target: null }],
    ['45 to 55 N·m', { lsl: 45, usl: 55, target: null }],
    ['≤ 5', { lsl: null, usl: 5, target: null }],
    ['Ra <= 1.6', { lsl: null, usl: 1.6, target: null }],
    ['0.8 max', { lsl: null, usl: 0.8, target: null }],
    ['≥ 120 N', { lsl: 120, usl: null, target: null }],
    ['不小于 120N', { lsl: 120, usl: null, target: null }],
    ['１０±０.１', { lsl: 9.9, usl: 10.1, target: 10 }],
    ['10,1 ± 0,05', { lsl: 10.05, usl: 10.15, target: 10.1 }],
  ])('%s', (text, limits) => {
    expect(parseSpecification(text)).toEqual(limits);
  });

  it.each([null, '', 'no burrs', 'per drawing', 'OK/NG'])('%s gives nothing', (text) => {
    expect(parseSpecification(text)).toBeNull();
  });
});
