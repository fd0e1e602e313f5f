import { describe, expect, it } from 'vitest';
import { COMPACT_GRID_COLUMNS, expandCompactGrid, type CompactGridShape } from './compact-grid.ts';

// the function and the mode cite catalog versions (the marker the analysis read also shows), the rest are own wording
const cited = (serialNum: string) => ({ recordId: `rec-${serialNum}`, serialNum, versionNo: 2, status: '2', newerVersion: false });
const gear = { elementId: 'A', elementName: 'Gearbox', functionId: 'a1', functionDescription: 'Transmit torque', requirement: '12 Nm', functionCatalog: cited('FN2611250001') };
const effect = { id: 'E1', description: 'Window does not close', severity: 9, version: 1, catalog: null, elementName: 'Window lifter', functionDescription: 'Close window', chains: 2 };
const mode = { id: 'M1', description: 'No torque transmitted', frequencyRatio: null, version: 1, catalog: cited('FA2611250001') };
const cause = { id: 'K1', description: 'Teeth worn', occurrence: 6, detection: 5, version: 1, catalog: null, elementName: 'Gear', functionDescription: 'Mesh', chains: 1 };
const control = { id: 'P1', version: 1, kind: 'prevention', description: 'Guideline DG-12', sort: 1, catalog: cited('PR2611250001') };
const hardness = { id: 'H', name: 'Tooth hardness', characteristicClass: 'safety', special: true } as const;
const modulus = { id: 'U', name: 'Tooth module', characteristicClass: 'general', special: false } as const;
const torque = { id: 'T', name: 'Torque', characteristicClass: 'significant', special: true } as const;

const page = {
  columns: [...COMPACT_GRID_COLUMNS],
  functions: [gear],
  modes: [mode],
  effects: [effect],
  causes: [cause],
  controls: [[control]],
  actions: [[]],
  characteristics: [[torque, modulus, hardness], []],
  rows: [
    [0, 0, 0, 0, 0, 'H', 270, null, null, null, null, null, false],
    [0, 0, 0, null, 1, null, null, null, null, null, null, null, false],
  ],
} satisfies CompactGridShape;

describe('expandCompactGrid', () => {
  it('puts each row together from the items it names: S from the effect, O and D from the cause, the most serious special class', () => {
    const [rated, noCause] = expandCompactGrid(page);
    expect(rated).toEqual({
      ...gear,
      effect,
      mode,
      cause,
      controls: [control],
      characteristics: [torque, modulus, hardness],
      actions: [],
      specialCharacteristics: [torque, hardness],
      characteristicClass: 'safety',
      hasOpenActions: false,
      severity: 9,
      occurrence: 6,
      detection: 5,
      det: 5,
      ap: 'H',
      rpn: 270,
      raseverity: null,
      raoccurrence: null,
      radet: null,
      rarpn: null,
      raAp: null,
    });
    expect(noCause).toMatchObject({ cause: null, controls: [], actions: [], occurrence: null, detection: null, det: null, specialCharacteristics: [], characteristicClass: null });
    // shared items stay one object
    expect(noCause!.effect).toBe(rated!.effect);
  });

  it('refuses columns it does not know rather than read them wrongly', () => {
    expect(() => expandCompactGrid({ ...page, columns: [...COMPACT_GRID_COLUMNS].reverse() })).toThrow(/columns are not the ones this client reads: hasOpenActions, raAp/);
    expect(() => expandCompactGrid({ ...page, columns: [...COMPACT_GRID_COLUMNS, 'chainKey'] })).toThrow(/not the ones/);
  });
});
