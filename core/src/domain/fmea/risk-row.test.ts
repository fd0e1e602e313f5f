import { describe, expect, it } from 'vitest';
import { compileApTable, DEFAULT_AP_RULES, DEFAULT_AP_SELECTION, type ApRule } from '../ap/index.ts';
import { apSummary, apTableString, buildRiskRow, mostSeriousClass, raterFromLookup, raterFromRules, type ChainFacts, type RowAction } from './risk-row.ts';

const rules = DEFAULT_AP_RULES.dfmea;
const byRules = raterFromRules(rules, DEFAULT_AP_SELECTION);
const byLookup = raterFromLookup(compileApTable(rules, DEFAULT_AP_SELECTION));

function facts(s: number | null, o: number | null, d: number | null, over: Partial<ChainFacts> = {}): ChainFacts {
  return {
    elementId: 'A',
    elementName: 'Gearbox',
    functionId: 'a1',
    functionDescription: 'Transmit torque',
    requirement: '12 Nm',
    functionCatalog: null,
    effect: { id: 'E1', description: 'Window does not close', severity: s, version: 1, catalog: null, elementName: 'Window lifter', functionDescription: 'Close window', chains: 1 },
    mode: { id: 'M1', description: 'No torque transmitted', frequencyRatio: null, version: 1, catalog: null },
    cause: { id: 'K1', description: 'Gear teeth worn', occurrence: o, detection: d, version: 1, catalog: null, elementName: 'Gear', functionDescription: 'Mesh with worm', chains: 1 },
    preventionControls: ['Design guideline DG-12'],
    detectionControls: ['Endurance test ET-3'],
    controls: [
      { id: 'P1', version: 1, kind: 'prevention', description: 'Design guideline DG-12', sort: 1, catalog: null },
      { id: 'D1', version: 1, kind: 'detection', description: 'Endurance test ET-3', sort: 1, catalog: null },
    ],
    characteristics: [],
    actions: [],
    ...over,
  };
}

const action = (over: Partial<RowAction>): RowAction => ({
  id: 'act',
  kind: 'prevention',
  description: 'Harden teeth',
  responsibleUserId: null,
  targetDate: null,
  status: 'open',
  actionTaken: null,
  evidence: null,
  completionDate: null,
  raSeverity: null,
  raOccurrence: null,
  raDetection: null,
  version: 1,
  ...over,
});

describe('risk row AP per the AIAG-VDA DFMEA table', () => {
  it.each([
    [9, 6, 5, 'H'],
    [10, 8, 1, 'H'],
    [9, 2, 7, 'H'],
    [9, 2, 1, 'L'],
    [8, 4, 2, 'M'],
    [7, 4, 2, 'M'],
    [6, 8, 7, 'H'],
    [5, 3, 7, 'L'],
    [3, 8, 7, 'M'],
    [10, 1, 10, 'L'],
    [1, 10, 10, 'L'],
  ] as const)('rates S%i O%i D%i as %s with its RPN', (s, o, d, ap) => {
    const row = buildRiskRow(facts(s, o, d), byRules);
    expect(row.ap).toBe(ap);
    expect(row.rpn).toBe(s * o * d);
  });

  it('rates the same through the compiled lookup as through assessRisk, for all 1000 ratings and residuals', () => {
    for (let s = 1; s <= 10; s++) {
      for (let o = 1; o <= 10; o++) {
        for (let d = 1; d <= 10; d++) {
          const row = { severity: s, occurrence: o, det: d, raseverity: 11 - s, raoccurrence: 11 - o, radet: 11 - d };
          expect(byLookup(row)).toEqual(byRules(row));
        }
      }
    }
  });

  it('rates through any rule set given', () => {
    const onlyS: ApRule[] = [{ ruleType: 'S', ap: 'H', sMin: 2 }];
    expect(buildRiskRow(facts(2, 1, 1), raterFromRules(onlyS)).ap).toBe('H');
  });

  it('leaves AP and RPN empty while S, O or D is missing, or the chain has no effect or cause', () => {
    for (const row of [buildRiskRow(facts(null, 3, 3), byRules), buildRiskRow(facts(9, 3, null), byRules), buildRiskRow(facts(9, 3, 3, { cause: null }), byRules)]) {
      expect(row.ap).toBeNull();
      expect(row.rpn).toBeNull();
    }
    expect(buildRiskRow(facts(9, 3, 3, { effect: null }), byRules).severity).toBeNull();
  });
});

describe('risk row optimisation columns', () => {
  it('re-rates after actions: S9 O6 D5 (H) with O→2 and D→2 becomes L', () => {
    const row = buildRiskRow(facts(9, 6, 5, { actions: [action({ raOccurrence: 2 }), action({ id: 'b', kind: 'detection', raDetection: 2, status: 'completed' })] }), byRules);
    expect(row).toMatchObject({ ap: 'H', rpn: 270, raseverity: 9, raoccurrence: 2, radet: 2, rarpn: 36, raAp: 'L', hasOpenActions: true });
  });

  it('has no residual columns without a re-rating, and no open actions when all are closed', () => {
    const row = buildRiskRow(facts(9, 6, 5, { actions: [action({ status: 'completed' }), action({ status: 'notImplemented' })] }), byRules);
    expect(row).toMatchObject({ raseverity: null, raoccurrence: null, radet: null, rarpn: null, raAp: null, hasOpenActions: false });
  });

  it('rates a residual set even when the chain itself is not fully rated', () => {
    const row = buildRiskRow(facts(null, 6, 5, { actions: [action({ raSeverity: 4 })] }), byRules);
    expect(row).toMatchObject({ ap: null, raseverity: 4, raoccurrence: 6, radet: 5, rarpn: 120, raAp: 'M' });
  });

  it('shows special characteristics only, with the most serious class', () => {
    const characteristics = [
      { id: 'c1', name: 'Surface hardness', characteristicClass: 'significant', special: true },
      { id: 'c2', name: 'Colour', characteristicClass: 'safety', special: false },
      { id: 'c3', name: 'Tooth profile', characteristicClass: 'critical', special: true },
    ] as const;
    const row = buildRiskRow(facts(9, 6, 5, { characteristics }), byRules);
    expect(row.specialCharacteristics.map((c) => c.id)).toEqual(['c1', 'c3']);
    expect(row.characteristicClass).toBe('critical');
    expect(mostSeriousClass([])).toBeNull();
  });

  it('keys the row by its chain', () => {
    expect(buildRiskRow(facts(1, 1, 1), byRules).chainKey).toBe('E1:M1:K1');
    expect(buildRiskRow(facts(1, 1, 1, { effect: null, cause: null }), byRules).chainKey).toBe('-:M1:-');
  });
});

describe('apTableString and apSummary', () => {
  it('lays the lookup out so SQL can read cell (s,o,d) at (s-1)*100+(o-1)*10+d', () => {
    const lookup = compileApTable(rules, DEFAULT_AP_SELECTION);
    const table = apTableString(lookup);
    expect(table).toHaveLength(1000);
    expect(table[(9 - 1) * 100 + (6 - 1) * 10 + (5 - 1)]).toBe('H');
    for (let i = 0; i < 1000; i++) expect(table[i]).toBe(lookup(Math.floor(i / 100) + 1, (Math.floor(i / 10) % 10) + 1, (i % 10) + 1));
  });

  it('counts rows per AP level', () => {
    expect(apSummary([{ ap: 'H' }, { ap: 'H' }, { ap: 'L' }, { ap: null }])).toEqual({ L: 1, M: 0, H: 2, unrated: 1 });
  });
});
