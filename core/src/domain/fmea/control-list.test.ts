import { describe, expect, it } from 'vitest';
import { parseControlList, planControlList } from './control-list.ts';

const current = [
  { id: 'a', description: 'Torque check' },
  { id: 'b', description: 'Visual check' },
];

describe('a cause’s control list', () => {
  it('reads the grid’s text: split at semicolons, trimmed, no empty controls', () => {
    expect(parseControlList(' Torque check ;; Visual check; ')).toEqual(['Torque check', 'Visual check']);
    expect(parseControlList('   ')).toEqual([]);
  });

  it('keeps what did not change, rewords in place, adds past the end', () => {
    expect(planControlList(current, ['Torque check', 'Camera check', 'Leak test'])).toEqual({ reword: [{ id: 'b', description: 'Camera check' }], add: ['Leak test'], remove: [] });
  });

  it('removes the controls past the end of the wanted list', () => {
    expect(planControlList(current, ['Torque audit'])).toEqual({ reword: [{ id: 'a', description: 'Torque audit' }], add: [], remove: ['b'] });
    expect(planControlList(current, [])).toEqual({ reword: [], add: [], remove: ['a', 'b'] });
  });

  it('does nothing for the same list', () => {
    expect(planControlList(current, [' Torque check', 'Visual check '])).toEqual({ reword: [], add: [], remove: [] });
  });
});
