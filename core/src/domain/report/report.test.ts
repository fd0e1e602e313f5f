import { describe, expect, it } from 'vitest';
import { compileApTable, DEFAULT_AP_RULES, DEFAULT_AP_SELECTION } from '../ap/index.ts';
import { apTableString } from '../fmea/index.ts';
import type { FmeaSnapshot } from '../fmea-baseline/index.ts';
import { cellAp, controlledCharacteristics, dfmeaReport, openActionsSection, riskPicture, snapshotRatingGroups, tasksSection, testCoverageSection, totalsBy, trendPoint } from './index.ts';

const lookup = compileApTable(DEFAULT_AP_RULES.dfmea, DEFAULT_AP_SELECTION);
const table = apTableString(lookup);
const group = (s: number | null, o: number | null, d: number | null, n = 1, ra: [number | null, number | null, number | null] = [null, null, null]) => ({ s, o, d, raS: ra[0], raO: ra[1], raD: ra[2], n });

describe('riskPicture', () => {
  it('counts chains by AP before and after optimisation, residual ratings replacing only what an action re-rated', () => {
    expect(lookup(9, 8, 7)).toBe('H');
    expect(lookup(9, 1, 7)).not.toBe('H');
    const picture = riskPicture([group(9, 8, 7, 3, [null, 1, null]), group(2, 2, 2, 5), group(null, 4, 4, 2)], table);
    expect(picture.before).toEqual({ H: 3, M: 0, L: 5, unrated: 2, chains: 10 });
    const after = lookup(9, 1, 7);
    expect(picture.after[after]).toBe(3 + (after === 'L' ? 5 : 0));
    expect(picture.after.H).toBe(0);
    expect(picture.after.unrated).toBe(2);
  });

  it('fills the S×O heat maps with the counts per AP, the chains moved to their residual cell after', () => {
    const picture = riskPicture([group(9, 8, 7, 3, [null, 1, null]), group(9, 8, 1, 1)], table);
    expect(picture.heatBefore).toEqual([{ s: 9, o: 8, n: 4, H: 3 + (lookup(9, 8, 1) === 'H' ? 1 : 0), M: lookup(9, 8, 1) === 'M' ? 1 : 0, L: lookup(9, 8, 1) === 'L' ? 1 : 0 }]);
    expect(picture.heatAfter.map((c) => [c.s, c.o, c.n])).toEqual([[9, 8, 1], [9, 1, 3]]);
    expect(cellAp(picture.heatBefore[0]!)).toBe('H');
  });

  it('refuses a table that is not 1000 levels', () => {
    expect(() => riskPicture([], 'HML')).toThrow(RangeError);
  });
});

describe('openActionsSection', () => {
  const action = (id: string, ownerId: string | null, targetDate: string | null) => ({ id, description: id, causeDescription: 'c', ownerId, ownerName: ownerId && `name ${ownerId}`, ownerNameEn: ownerId, targetDate, status: 'open' });
  it('groups by owner, earliest due first, marks those due before today overdue (today itself is not)', () => {
    const section = openActionsSection([action('a', 'u1', '2026-12-06'), action('b', 'u1', '2026-12-01'), action('c', 'u2', null), action('d', null, '2026-01-01'), action('e', 'u2', '2026-12-05')], '2026-12-06');
    expect(section).toMatchObject({ open: 5, overdue: 3 });
    expect(section.owners.map((o) => [o.ownerId, o.open, o.overdue])).toEqual([['u1', 2, 1], ['u2', 2, 1], [null, 1, 1]]);
    expect(section.owners[0]!.items.map((i) => [i.id, i.overdue])).toEqual([['b', true], ['a', false]]);
    expect(section.owners[1]!.items.map((i) => i.id)).toEqual(['e', 'c']);
  });
});

describe('special characteristics and the control plan', () => {
  const char = (id: string, elementName = 'Step 10') => ({ id, name: `char ${id}`, characteristicClass: 'critical', customerClass: null, functionDescription: 'f', elementName });
  it('says for each whether a control-plan line has both a control method and a reaction plan', () => {
    const { items, counts } = controlledCharacteristics([char('a'), char('b'), char('c')], [
      { characteristicId: 'a', controlMethod: 'SPC', reactionPlan: 'Stop and sort' },
      { characteristicId: 'b', controlMethod: 'SPC', reactionPlan: '  ' },
      { characteristicId: 'b', controlMethod: null, reactionPlan: 'Sort' },
    ]);
    expect(items.map((i) => [i.id, i.controlPlan, i.lines])).toEqual([['a', 'complete', 1], ['b', 'incomplete', 2], ['c', 'missing', 0]]);
    expect(counts).toEqual({ complete: 1, incomplete: 1, missing: 1 });
  });

  it('test coverage: without a DVP&R it is unavailable rather than 0 %', () => {
    expect(testCoverageSection(null)).toMatchObject({ available: false, percent: null, controls: 0 });
    expect(testCoverageSection({ controls: 8, tested: 6, qualified: 4, unqualified: 1, open: 1 })).toMatchObject({ available: true, percent: 75 });
  });
});

describe('dfmeaReport', () => {
  it('puts the sections together for the project', () => {
    const project = { id: 'p', serialNum: 'DF0001', name: 'Window lifter', projectType: 'dfmea', reviewStatus: 'draft', versionLabel: null };
    const report = dfmeaReport({ project, apTable: table, ratings: [group(9, 8, 7)], openActions: [], specialCharacteristics: [], testCoverage: null, today: '2026-12-06', generatedAt: '2026-12-06T10:00:00.000Z' });
    expect(report).toMatchObject({ project, before: { H: 1, chains: 1 }, openActions: { open: 0 }, testCoverage: { available: false } });
  });
});

describe('tasks and counts', () => {
  it('counts tasks by status and handler; only unfinished ones past their planned end are overdue', () => {
    const section = tasksSection(
      [
        { handlerId: 'u1', handlerName: 'A', status: '1', plannedEnd: '2026-12-01' },
        { handlerId: 'u1', handlerName: 'A', status: '3', plannedEnd: '2026-12-01' },
        { handlerId: 'u2', handlerName: 'B', status: '0', plannedEnd: '2026-12-31' },
      ],
      '2026-12-06',
    );
    expect(section).toMatchObject({ total: 3, open: 2, overdue: 1, byStatus: { '0': 1, '1': 1, '2': 0, '3': 1, '4': 0, '5': 0, '6': 0, '7': 0 } });
    expect(section.handlers.map((h) => [h.handlerId, h.total, h.open, h.overdue])).toEqual([['u1', 2, 1, 1], ['u2', 1, 1, 0]]);
  });

  it('totals a grouped count by one key, largest first', () => {
    const rows = [{ keys: { type: 'dfmea', status: 'draft' }, n: 2 }, { keys: { type: 'pfmea', status: 'draft' }, n: 3 }, { keys: { type: 'dfmea', status: 'released' }, n: 2 }];
    expect(totalsBy(rows, 'type')).toEqual([{ value: 'dfmea', n: 4 }, { value: 'pfmea', n: 3 }]);
  });
});

describe('AP over time from a baseline', () => {
  const failure = (id: string, kind: string, r: Partial<Record<'severity' | 'occurrence' | 'detection', number>> = {}) => ({ id, functionId: 'f', kind, description: id, severity: r.severity ?? null, occurrence: r.occurrence ?? null, detection: r.detection ?? null, frequencyRatio: null, catalogRecordId: null, sort: 0 });
  const snapshot = {
    format: 1,
    ap: { table: 'dfmea', selection: '', rules: [] },
    failures: [failure('e1', 'FE', { severity: 9 }), failure('e2', 'FE', { severity: 2 }), failure('m', 'FM'), failure('c1', 'FC', { occurrence: 8, detection: 7 }), failure('c2', 'FC', { occurrence: 2, detection: 2 }), failure('m2', 'FM')],
    failureLinks: [
      { id: 'l1', higherFailureId: 'e1', lowerFailureId: 'm' },
      { id: 'l2', higherFailureId: 'e2', lowerFailureId: 'm' },
      { id: 'l3', higherFailureId: 'm', lowerFailureId: 'c1' },
      { id: 'l4', higherFailureId: 'm', lowerFailureId: 'c2' },
    ],
    actions: [{ id: 'a', causeId: 'c1', status: 'completed', raSeverity: null, raOccurrence: 1, raDetection: null, sort: 1 }],
  } as unknown as FmeaSnapshot;

  it('makes effect × cause chains per mode (a mode without links is one unrated chain) with residual ratings from the actions', () => {
    const groups = snapshotRatingGroups(snapshot);
    expect(groups.reduce((n, g) => n + g.n, 0)).toBe(5);
    expect(groups).toContainEqual({ s: 9, o: 8, d: 7, raS: 9, raO: 1, raD: 7, n: 1 });
    expect(groups).toContainEqual({ s: null, o: null, d: null, raS: null, raO: null, raD: null, n: 1 });
    const point = trendPoint('BL1', '2026-12-01T00:00:00.000Z', snapshot, table);
    expect(point.before).toMatchObject({ H: 1, chains: 5, unrated: 1 });
    expect(point.after.H).toBe(0);
  });
});
