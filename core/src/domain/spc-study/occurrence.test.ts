import { describe, expect, it } from 'vitest';
import { occurrenceFromCapability } from './occurrence.ts';

describe('occurrenceFromCapability (AIAG FMEA 3rd edition Ppk column, O 1 left to the team)', () => {
  it.each([
    [2.1, 2],
    [1.67, 2],
    [1.33, 2],
    [1.25, 3],
    [1.1, 4],
    [1.0, 5],
    [0.95, 6],
    [0.9, 7],
    [0.8, 8],
    [0.6, 9],
    [0.3, 10],
  ])('Cpk %s proposes O %s', (cpk, occurrence) => {
    expect(occurrenceFromCapability({ cpk, ppk: cpk })).toBe(occurrence);
  });

  it('reads the lower of Cpk and Ppk, and gives nothing without a capability', () => {
    expect(occurrenceFromCapability({ cpk: 1.8, ppk: 0.9 })).toBe(7);
    expect(occurrenceFromCapability({ cpk: null, ppk: 1.05 })).toBe(5);
    expect(occurrenceFromCapability({ cpk: Number.NaN })).toBeNull();
    expect(occurrenceFromCapability(null)).toBeNull();
  });
});
