import { describe, expect, it } from 'vitest';
import { formatProbability } from './symbols.tsx';

describe('the diagram’s words', () => {
  it('writes probabilities in a few characters', () => {
    expect([0, 1, 0.5, 0.0123, 0.000794, 1e-9].map(formatProbability)).toEqual(['0', '1', '0.500', '0.0123', '7.94e-4', '1.00e-9']);
  });
});
