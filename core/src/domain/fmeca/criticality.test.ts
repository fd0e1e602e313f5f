import { describe, expect, it } from 'vitest';
import { cellCriticality, cmProblems, criticalityMatrix, itemCriticalities, modeCriticality, occurrenceLevelOf, severityClassOf, type FmecaMode } from './criticality.ts';

describe('severity classes and occurrence levels', () => {
  it('maps S 1–10 to MIL-STD-1629A classes by the documented table, bounds included', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(severityClassOf)).toEqual(['IV', 'IV', 'IV', 'III', 'III', 'III', 'II', 'II', 'I', 'I']);
    expect([null, undefined, 0, 11, 2.5].map((s) => severityClassOf(s as number))).toEqual([null, null, null, null, null]);
  });

  it('maps O 1–10 to levels A–E', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(occurrenceLevelOf)).toEqual(['E', 'E', 'D', 'D', 'C', 'C', 'B', 'B', 'A', 'A']);
    expect(occurrenceLevelOf(null)).toBeNull();
  });
});

describe('the criticality matrix', () => {
  const mode = (id: string, severities: (number | null)[], occurrences: (number | null)[]): FmecaMode => ({ id, name: id, itemId: 'motor', itemName: 'Motor', severities, occurrences });

  it('places each mode at its highest effect severity and highest cause occurrence', () => {
    const matrix = criticalityMatrix([
      // S 10 and 6 → I; O 2, 7 → B
      mode('jams', [10, 6], [2, 7]),
      // S 8 → II; O 3 → D
      mode('slow', [8], [3]),
      // S 5 → III; O 10 → A, with an unrated cause beside it
      mode('noisy', [5], [null, 10]),
      // S 9 → I; O 8 → B: the same cell as "jams", after it
      mode('stalls', [9], [8]),
      // no rated cause: not placed
      mode('unrated', [7], [null]),
      // no effect at all: not placed
      mode('orphan', [], [4]),
    ]);
    expect(matrix.cells.I.B.map((m) => m.id)).toEqual(['jams', 'stalls']);
    expect(matrix.cells.I.B[0]).toMatchObject({ severity: 10, occurrence: 7, severityClass: 'I', occurrenceLevel: 'B' });
    expect(matrix.cells.II.D.map((m) => m.id)).toEqual(['slow']);
    expect(matrix.cells.III.A.map((m) => m.id)).toEqual(['noisy']);
    expect(matrix.unplaced.map((m) => [m.id, m.severityClass, m.occurrenceLevel])).toEqual([
      ['unrated', 'II', null],
      ['orphan', null, 'D'],
    ]);
    const placed = Object.values(matrix.cells).flatMap((row) => Object.values(row).flat());
    expect(placed).toHaveLength(4);
  });

  it('colours the upper right cells high, the lower left low', () => {
    expect([cellCriticality('I', 'A'), cellCriticality('I', 'C'), cellCriticality('II', 'B'), cellCriticality('III', 'C'), cellCriticality('IV', 'E'), cellCriticality('I', 'E')]).toEqual(['high', 'high', 'high', 'medium', 'low', 'medium']);
  });
});

describe('mode and item criticality', () => {
  it('computes Cm = β·α·λp·t and Cr = Σ Cm, as worked by hand', () => {
    // motor: λp 12e-6/h over 2,000 h; brush wear α 0.6 β 0.5 → 0.5·0.6·12e-6·2000 = 7.2e-3
    //                                   winding short α 0.3 β 1 → 1·0.3·12e-6·2000 = 7.2e-3; Cr = 1.44e-2
    // sensor: λp 0.5e-6/h over 2,000 h; no signal α 1 β 0.1 → 0.1·1·0.5e-6·2000 = 1e-4
    const items = itemCriticalities([
      { modeId: 'wear', itemId: 'motor', beta: 0.5, alpha: 0.6, lambdaP: 12e-6, hours: 2000 },
      { modeId: 'short', itemId: 'motor', beta: 1, alpha: 0.3, lambdaP: 12e-6, hours: 2000 },
      { modeId: 'signal', itemId: 'sensor', beta: 0.1, alpha: 1, lambdaP: 0.5e-6, hours: 2000 },
      { modeId: 'open', itemId: 'sensor', beta: null, alpha: 0, lambdaP: 0.5e-6, hours: 2000 },
    ]);
    expect(items.map((i) => i.itemId)).toEqual(['motor', 'sensor']);
    expect(items[0]!.modes.map((m) => m.cm)).toEqual([expect.closeTo(7.2e-3, 15), expect.closeTo(7.2e-3, 15)]);
    expect(items[0]!.cr).toBeCloseTo(1.44e-2, 15);
    // a mode without β has no Cm and adds nothing
    expect(items[1]!.modes.map((m) => m.cm)).toEqual([expect.closeTo(1e-4, 18), null]);
    expect(items[1]!.cr).toBeCloseTo(1e-4, 18);
    expect(itemCriticalities([{ modeId: 'x', itemId: 'y', beta: null, alpha: null, lambdaP: null, hours: null }])[0]!.cr).toBeNull();
  });

  it('gives no Cm for inputs out of range, and names each', () => {
    expect(modeCriticality({ beta: 1.2, alpha: 0.5, lambdaP: 1e-6, hours: 10 })).toBeNull();
    expect(modeCriticality({ beta: 0.5, alpha: 0.5, lambdaP: -1e-6, hours: 10 })).toBeNull();
    expect(modeCriticality({ beta: 0, alpha: 0.5, lambdaP: 1e-6, hours: 10 })).toBe(0);
    expect(
      cmProblems([
        { modeId: 'a', itemId: 'motor', beta: 1.2, alpha: 0.7, lambdaP: 1e-6, hours: -5 },
        { modeId: 'b', itemId: 'motor', beta: 0.5, alpha: 0.4, lambdaP: Number.NaN, hours: 10 },
        // 0.1 + 0.2 + 0.7 is 1 within rounding: no problem
        { modeId: 'c', itemId: 'gear', beta: 1, alpha: 0.1, lambdaP: 1e-6, hours: 1 },
        { modeId: 'd', itemId: 'gear', beta: 1, alpha: 0.2, lambdaP: 1e-6, hours: 1 },
        { modeId: 'e', itemId: 'gear', beta: 1, alpha: 0.7, lambdaP: 1e-6, hours: 1 },
      ]).map((p) => [p.field, p.itemId]),
    ).toEqual([
      ['beta', 'motor'],
      ['hours', 'motor'],
      ['lambdaP', 'motor'],
      ['alphaSum', 'motor'],
    ]);
  });
});
