import { describe, expect, it } from 'vitest';
import { actionKindOf, closeGateIssues, proposalIssues, proposalMachine, rankMatches, termsOf, textScore, type MatchCandidate } from './index.ts';

describe('termsOf', () => {
  it('cuts Chinese into bigrams and English into words, dropping particles and filler', () => {
    expect([...termsOf('玻璃升降器的电机过热')]).toEqual(['玻璃', '璃升', '升降', '降器', '器电', '电机', '机过', '过热']);
    expect([...termsOf('Motor overheats due to the worn gear')]).toEqual(['motor', 'overheats', 'worn', 'gear']);
    expect([...termsOf('电机 motor')]).toEqual(['电机', 'motor']);
  });
});

describe('textScore', () => {
  it('needs two shared terms and a third of the item for a longer item, the one term for a one-term item', () => {
    expect(textScore(termsOf('gear wear'), termsOf('worm gear tooth wear')).terms).toEqual(['gear', 'wear']);
    expect(textScore(termsOf('gear'), termsOf('worm gear tooth wear')).score).toBe(0);
    expect(textScore(termsOf('gear noise'), termsOf('gear')).terms).toEqual(['gear']);
  });
});

describe('rankMatches', () => {
  const items: MatchCandidate[] = [
    { id: 'fn', item: 'function', text: 'Raise and lower the window', catalogSerial: null },
    { id: 'fc1', item: 'FC', text: '蜗轮齿面磨损', catalogSerial: null },
    { id: 'fc2', item: 'FC', text: 'Unrelated text entirely', catalogSerial: 'invalidMode:IM0007' },
    { id: 'fm', item: 'FM', text: '车窗无法上升', catalogSerial: null },
  ];
  it('ranks catalog links first, then by the share of the item covered, with the reasons', () => {
    const matches = rankMatches({ texts: [{ field: 'whyOccurred', text: '蜗轮齿面磨损导致车窗无法上升' }], catalogSerials: ['invalidMode:IM0007'] }, items);
    expect(matches.map((m) => m.id)).toEqual(['fc2', 'fc1', 'fm']);
    expect(matches[0]!.reasons).toEqual([{ kind: 'catalog', serial: 'invalidMode:IM0007' }]);
    expect(matches[1]).toMatchObject({ score: 1, reasons: [{ kind: 'text', field: 'whyOccurred' }] });
  });
  it('puts the items the source names first', () => {
    const matches = rankMatches({ texts: [{ field: 'description', text: '蜗轮齿面磨损' }], catalogSerials: [], itemIds: ['fn'] }, items);
    expect(matches.map((m) => [m.id, m.reasons[0]!.kind])).toEqual([['fn', 'named'], ['fc1', 'text']]);
  });
  it('finds nothing in an empty source', () => {
    expect(rankMatches({ texts: [{ field: 'description', text: '  ' }], catalogSerials: [] }, items)).toEqual([]);
  });
});

describe('proposalIssues', () => {
  const cause = { kind: 'FC' as const, occurrence: 4, detection: 6 };
  const base = { description: 'Worm gear wear', rationale: 'RS0001: 12 returns in 3 months' };
  it('accepts a raised occurrence on a cause', () => {
    expect(proposalIssues({ ...base, kind: 'raiseOccurrence', occurrence: 7 }, cause)).toEqual([]);
  });
  it('refuses a rating that is not above the current one, naming both', () => {
    expect(proposalIssues({ ...base, kind: 'raiseDetection', detection: 6 }, cause)).toEqual([
      { messageKey: 'loop.rating_not_raised', field: 'detection', params: { field: 'detection', value: 6, current: 6 } },
    ]);
  });
  it('puts a missing cause under a failure mode only, and a control needs its kind', () => {
    expect(proposalIssues({ ...base, kind: 'addCause' }, cause).map((i) => i.messageKey)).toEqual(['loop.target_kind']);
    expect(proposalIssues({ ...base, kind: 'addControl' }, cause).map((i) => i.field)).toEqual(['controlKind']);
    expect(proposalIssues({ ...base, kind: 'addCause', rationale: ' ' }, { kind: 'FM', occurrence: null, detection: null }).map((i) => i.field)).toEqual(['rationale']);
  });
  it('takes an occurrence a measured capability supports, lower as well as higher, on a cause only (SPC)', () => {
    expect(proposalIssues({ ...base, kind: 'rateOccurrence', occurrence: 2 }, cause)).toEqual([]);
    expect(proposalIssues({ ...base, kind: 'rateOccurrence', occurrence: 8 }, cause)).toEqual([]);
    expect(proposalIssues({ ...base, kind: 'rateOccurrence' }, cause).map((i) => [i.messageKey, i.field])).toEqual([['loop.rating_required', 'occurrence']]);
    expect(proposalIssues({ ...base, kind: 'rateOccurrence', occurrence: 2 }, { kind: 'FM', occurrence: null, detection: null }).map((i) => i.messageKey)).toEqual(['loop.target_kind']);
  });
  it('refuses an unknown kind alone', () => {
    expect(proposalIssues({ kind: 'drop' }).map((i) => i.field)).toEqual(['kind']);
  });
});

describe('decisions', () => {
  it('opens to accepted or rejected, and no further', () => {
    expect(proposalMachine.next('open', 'accept')).toBe('accepted');
    expect(() => proposalMachine.next('rejected', 'accept')).toThrow();
  });
  it('maps a proposal to the kind of action it becomes', () => {
    expect(actionKindOf({ kind: 'raiseDetection', controlKind: null })).toBe('detection');
    expect(actionKindOf({ kind: 'addControl', controlKind: 'detection' })).toBe('detection');
    expect(actionKindOf({ kind: 'addCause', controlKind: null })).toBe('prevention');
  });
  it('lets an 8D close over open proposals only with a reason', () => {
    expect(closeGateIssues(0, undefined)).toEqual([]);
    expect(closeGateIssues(2, '').map((i) => i.messageKey)).toEqual(['loop.reason_required']);
    expect(closeGateIssues(2, 'Owner on leave; tracked in RS0002')).toEqual([]);
  });
});
