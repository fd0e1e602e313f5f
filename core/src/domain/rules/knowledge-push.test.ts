import { describe, expect, it } from 'vitest';
import { itemsToPush, type PushCandidate } from './knowledge-push.ts';

const item = (id: string, item: PushCandidate['item'], description: string, extra: Partial<PushCandidate> = {}): PushCandidate => ({
  id,
  item,
  description,
  catalogRecordId: null,
  ...extra,
});

describe('itemsToPush (the knowledge push rule)', () => {
  const items = [
    item('f1', 'function', 'Seal the cabin'),
    item('f2', 'function', ' seal the CABIN '),
    item('f3', 'function', 'Guide the glass', { catalogRecordId: 'r1' }),
    item('e1', 'failure', 'Water leaks', { kind: 'FE' }),
    item('c1', 'failure', 'water leaks', { kind: 'FC' }),
    item('p1', 'control', 'Rain test', { kind: 'prevention' }),
    item('d1', 'control', 'Rain test', { kind: 'detection' }),
    item('b1', 'control', '  ', { kind: 'detection' }),
  ];

  it('pushes nothing while the rule is off', () => {
    expect(itemsToPush('0', items)).toEqual([]);
    expect(itemsToPush('', items)).toEqual([]);
  });

  it('pushes each hand-written wording once per catalog type when the rule is on, in order', () => {
    // failures of every kind land in failure modes; prevention and detection measures are two types
    expect(itemsToPush('1', items).map((i) => i.id)).toEqual(['f1', 'e1', 'p1', 'd1']);
  });
});
