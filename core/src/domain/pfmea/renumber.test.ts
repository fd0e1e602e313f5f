import { describe, expect, it } from 'vitest';
import { processNosOutOfOrder, renumberedProcessNos } from './renumber.ts';
import { processNoUniqueIssues } from './structure.ts';

const steps = (...numbers: (string | null)[]) => numbers.map((processNo, i) => ({ id: `s${i + 1}`, processNo }));

describe('renumbering process steps', () => {
  it('notices numbers that no longer rise along the flow, passing over steps without a number', () => {
    expect(processNosOutOfOrder(steps('10', '20', '30'))).toBe(false);
    expect(processNosOutOfOrder(steps('10', null, '30', 'x'))).toBe(false);
    expect(processNosOutOfOrder(steps('20', '10', '30'))).toBe(true);
    expect(processNosOutOfOrder(steps('OP10', 'OP30', 'OP20'))).toBe(true);
    expect(processNosOutOfOrder(steps('10', '10'))).toBe(true);
    expect(processNosOutOfOrder([])).toBe(false);
  });

  it('numbers every step in steps of 10 along the flow, answering only the ones that change, all unique', () => {
    const moved = steps('20', '10', null, '40');
    const renumbered = renumberedProcessNos(moved);
    expect(renumbered).toEqual([
      { id: 's1', processNo: '10' },
      { id: 's2', processNo: '20' },
      { id: 's3', processNo: '30' },
    ]);
    const after = moved.map((s) => ({ ...s, processNo: renumbered.find((r) => r.id === s.id)?.processNo ?? s.processNo }));
    for (const s of after) expect(processNoUniqueIssues(after, s.processNo, s.id)).toEqual([]);
    expect(processNosOutOfOrder(after)).toBe(false);
  });

  it('keeps a prefix every numbered step shares, and drops mixed ones', () => {
    expect(renumberedProcessNos(steps('OP20', 'OP10')).map((r) => r.processNo)).toEqual(['OP10', 'OP20']);
    expect(renumberedProcessNos(steps('OP20', '10', 'A')).map((r) => r.processNo)).toEqual(['10', '20', '30']);
    expect(renumberedProcessNos(steps('10', '20'))).toEqual([]);
  });
});
