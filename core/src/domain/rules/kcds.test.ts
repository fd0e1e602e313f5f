import { describe, expect, it } from 'vitest';
import { kcdsClassOf } from './kcds.ts';
import { readRules } from './read.ts';

describe('KCDS creation rule', () => {
  const installed = readRules({}).kcds;
  it('lists safety and critical characteristics, and any reaching the critical severity, as critical', () => {
    expect(installed).toEqual({ criticalSeverity: 9, includeSignificant: true });
    expect(kcdsClassOf({ characteristicClass: 'safety', special: false }, null, installed)).toBe('critical');
    expect(kcdsClassOf({ characteristicClass: 'general', special: false }, 9, installed)).toBe('critical');
    expect(kcdsClassOf({ characteristicClass: 'general', special: false }, 8, installed)).toBeNull();
    const stricter = readRules({ kcdsCriticalSeverity: '10' }).kcds;
    expect(kcdsClassOf({ characteristicClass: 'general', special: false }, 9, stricter)).toBeNull();
  });
  it('lists significant characteristics only while the rule says so', () => {
    expect(kcdsClassOf({ characteristicClass: 'significant', special: false }, 5, installed)).toBe('significant');
    expect(kcdsClassOf({ characteristicClass: 'general', special: true }, null, installed)).toBe('significant');
    const off = readRules({ kcdsIncludeSignificant: '0' }).kcds;
    expect(kcdsClassOf({ characteristicClass: 'significant', special: false }, 5, off)).toBeNull();
  });
});
