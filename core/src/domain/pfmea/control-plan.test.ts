import { describe, expect, it } from 'vitest';
import { basisOf, generateLines, storeBasis, lineContradictions, normalizedControlText, ownControlText, readBasis, suspectReasons, type ControlPlanBasis } from './control-plan-basis.ts';
import { controlPlanChecks } from './control-plan-checks.ts';
import { controlPlanClass, indexControlPlanModel, machineText, specialClassText, type ControlPlanModel, type CpCharacteristic, type CpControl } from './control-plan-model.ts';
import { CONTROL_PLAN_COLUMN_KEYS, controlPlanHeaderIssues, cleanHeader, defaultPlanNumber, templateFromFlags, visibleColumns } from './control-plan.ts';

const at = (day: number) => new Date(Date.UTC(2026, 0, day));
const stamp = { by: 'u-author', at: at(1) };

const char = (id: string, functionId: string, name: string, extra: Partial<CpCharacteristic> = {}): CpCharacteristic => ({
  id,
  functionId,
  name,
  characteristicClass: 'general',
  special: false,
  customerClass: null,
  kind: null,
  ...stamp,
  ...extra,
});
const control = (id: string, causeId: string, kind: CpControl['kind'], description: string): CpControl => ({ id, causeId, kind, description, ...stamp });

/**
 * OP10 machining: the bore (critical) and its surface (general) on the step,
 * spindle speed (significant) on the lathe; two causes on the work elements
 * linked to the step's mode. OP20 washing has no characteristic. OP30 press
 * depth (general, marked special) with a cause on the press not linked to
 * any mode, but on the function that carries a process characteristic.
 */
function machining(): ControlPlanModel {
  return {
    steps: [
      { id: 's10', processNo: '10', name: 'Machine housing', ...stamp },
      { id: 's20', processNo: '20', name: 'Wash', ...stamp },
      { id: 's30', processNo: '30', name: 'Press bearing', ...stamp },
    ],
    elements: [
      { id: 'e10m', stepId: 's10', name: 'CNC lathe', type: 'machine' },
      { id: 'e10p', stepId: 's10', name: 'Operator', type: 'man' },
      { id: 'e20m', stepId: 's20', name: 'Washer', type: 'machine' },
      { id: 'e30m', stepId: 's30', name: 'Press', type: 'machine' },
      { id: 'e30f', stepId: 's30', name: 'Fixture', type: 'machine' },
    ],
    functions: [
      { id: 'f10', nodeId: 's10' },
      { id: 'f10m', nodeId: 'e10m' },
      { id: 'f10p', nodeId: 'e10p' },
      { id: 'f20', nodeId: 's20' },
      { id: 'f30', nodeId: 's30' },
      { id: 'f30m', nodeId: 'e30m' },
    ],
    characteristics: [
      char('bore', 'f10', 'Bore diameter', { characteristicClass: 'critical' }),
      char('finish', 'f10', 'Surface finish'),
      char('speed', 'f10m', 'Spindle speed', { characteristicClass: 'significant' }),
      char('depth', 'f30', 'Press depth', { special: true, customerClass: '◆' }),
      char('force', 'f30m', 'Press force'),
    ],
    modes: [
      { id: 'm10', functionId: 'f10' },
      { id: 'm30', functionId: 'f30' },
    ],
    causes: [
      { id: 'c-worn', functionId: 'f10m', detection: 7, modeIds: ['m10'], ...stamp },
      { id: 'c-skew', functionId: 'f10p', detection: 4, modeIds: ['m10'], ...stamp },
      { id: 'c-force', functionId: 'f30m', detection: 3, modeIds: [], ...stamp },
    ],
    controls: [
      control('p-life', 'c-worn', 'prevention', 'Tool life counter'),
      control('d-gauge', 'c-worn', 'detection', 'Bore gauge 100%'),
      control('p-yoke', 'c-skew', 'prevention', 'Poka-yoke fixture'),
      control('p-force', 'c-force', 'prevention', 'Force monitoring'),
    ],
  };
}

describe('the AIAG form', () => {
  it('has the 13 body columns in the manual’s order', () => {
    expect(CONTROL_PLAN_COLUMN_KEYS).toEqual([
      'processNo',
      'processName',
      'machine',
      'characteristicNo',
      'productCharacteristic',
      'processCharacteristic',
      'specialClass',
      'specification',
      'evaluationTechnique',
      'sampleSize',
      'sampleFrequency',
      'controlMethod',
      'reactionPlan',
    ]);
  });

  it('leaves out the optional columns the template switches off, keeping the order', () => {
    const template = templateFromFlags({ controlPlanMachineColumn: '0', controlPlanSpecialClassColumn: '1' });
    expect(template).toEqual({ machine: false, characteristicNo: true, specialClass: true });
    expect(visibleColumns(template).map((c) => c.key)).toEqual(CONTROL_PLAN_COLUMN_KEYS.filter((k) => k !== 'machine'));
    expect(visibleColumns()).toHaveLength(13);
  });

  it('checks the header: texts of at most 200 characters, real dates, known fields', () => {
    expect(controlPlanHeaderIssues({ partNumber: 'GH-100', originalDate: '2026-02-30', coreTeam: 'x'.repeat(201), colour: 'red' })).toEqual([
      { messageKey: 'fmea.date_invalid', field: 'originalDate', params: { field: 'originalDate', value: '2026-02-30' } },
      { messageKey: 'validation.too_long', field: 'coreTeam', params: { field: 'coreTeam', max: 200 } },
      { messageKey: 'controlPlan.header_field_unknown', field: 'colour', params: { name: 'colour' } },
    ]);
    expect(cleanHeader({ partNumber: ' GH-100 ', coreTeam: '  ', keyContact: null })).toEqual({ partNumber: 'GH-100' });
    expect(defaultPlanNumber('PF0001', 'prelaunch')).toBe('CP-PF0001-PL');
  });
});

describe('generating lines from the PFMEA', () => {
  it('gives one line per product or process characteristic of a step, in process order, citing the causes’ controls', () => {
    const lines = generateLines(machining()).map(({ basis: _basis, ...line }) => line);
    expect(lines).toEqual([
      { stepNodeId: 's10', characteristicId: 'bore', kind: 'product', controlIds: ['p-life', 'p-yoke', 'd-gauge'] },
      { stepNodeId: 's10', characteristicId: 'finish', kind: 'product', controlIds: ['p-life', 'p-yoke', 'd-gauge'] },
      { stepNodeId: 's10', characteristicId: 'speed', kind: 'process', controlIds: ['p-life', 'd-gauge'] },
      { stepNodeId: 's30', characteristicId: 'depth', kind: 'product', controlIds: [] },
      { stepNodeId: 's30', characteristicId: 'force', kind: 'process', controlIds: ['p-force'] },
    ]);
  });

  it('skips characteristics that have a line already', () => {
    expect(generateLines(machining(), new Set(['bore', 'speed', 'force'])).map((l) => l.characteristicId)).toEqual(['finish', 'depth']);
  });

  it('does not take the causes of another step’s work elements', () => {
    const model = machining();
    const moved: ControlPlanModel = { ...model, causes: [...model.causes, { id: 'c-other', functionId: 'f30m', detection: 2, modeIds: ['m10'], ...stamp }], controls: [...model.controls, control('p-other', 'c-other', 'prevention', 'Other')] };
    expect(generateLines(moved)[0]!.controlIds).toEqual(['p-life', 'p-yoke', 'd-gauge']);
  });

  it('fills the machine column from the step’s machine work elements, or the machine a process characteristic sits on', () => {
    const index = indexControlPlanModel(machining());
    expect(machineText(index.placeOf.get('bore')!, index)).toBe('CNC lathe');
    expect(machineText(index.placeOf.get('depth')!, index)).toBe('Press\nFixture');
    expect(machineText(index.placeOf.get('force')!, index)).toBe('Press');
  });

  it('classes CC for safety and critical, SC for significant or special, and shows the customer’s own class first', () => {
    expect(controlPlanClass({ characteristicClass: 'safety', special: false })).toBe('CC');
    expect(controlPlanClass({ characteristicClass: 'critical', special: true })).toBe('CC');
    expect(controlPlanClass({ characteristicClass: 'significant', special: false })).toBe('SC');
    expect(controlPlanClass({ characteristicClass: 'general', special: true })).toBe('SC');
    expect(controlPlanClass({ characteristicClass: 'general', special: false })).toBeNull();
    expect(specialClassText({ characteristicClass: 'general', special: true, customerClass: '◆' })).toBe('◆');
    expect(specialClassText({ characteristicClass: 'critical', special: false, customerClass: null })).toBe('CC');
  });
});

describe('the basis and the suspect marks', () => {
  const line = { stepNodeId: 's10', characteristicId: 'bore' };

  it('says what the PFMEA says now: step, characteristic, cited controls and the worst D', () => {
    const basis = basisOf(line, machining());
    expect(basis).toEqual({
      step: { id: 's10', processNo: '10', name: 'Machine housing' },
      characteristic: { id: 'bore', functionId: 'f10', nodeId: 's10', name: 'Bore diameter', characteristicClass: 'critical', special: false, customerClass: null, kind: 'product' },
      controls: [
        { id: 'p-life', causeId: 'c-worn', kind: 'prevention', text: 'Tool life counter' },
        { id: 'p-yoke', causeId: 'c-skew', kind: 'prevention', text: 'Poka-yoke fixture' },
        { id: 'd-gauge', causeId: 'c-worn', kind: 'detection', text: 'Bore gauge 100%' },
      ],
      causes: [
        { id: 'c-worn', detection: 7 },
        { id: 'c-skew', detection: 4 },
      ],
      worstDetection: 7,
    });
    // stored as JSON and read back, it is the same
    expect(readBasis(JSON.parse(JSON.stringify(storeBasis(basis))))).toEqual(basis);
    expect(storeBasis(basis).controls[2]).toEqual(['d-gauge', 0, 'detection', 'Bore gauge 100%']);
    expect(generateLines(machining())[0]!.basis).toEqual(basis);
    expect(readBasis(null)).toBeNull();
  });

  it('is not suspect while nothing changed, nor without a stored basis', () => {
    const model = machining();
    expect(suspectReasons(basisOf(line, model), basisOf(line, model))).toEqual([]);
    expect(suspectReasons(null, basisOf(line, model))).toEqual([]);
  });

  it('names a changed detection control and a changed D, with who changed them and when', () => {
    const model = machining();
    const stored = basisOf(line, model);
    const changed: ControlPlanModel = {
      ...model,
      causes: model.causes.map((c) => (c.id === 'c-worn' ? { ...c, detection: 8, by: 'u-rater', at: at(3) } : c)),
      controls: model.controls.map((c) => (c.id === 'd-gauge' ? { ...c, description: 'Air gauge', by: 'u-eng', at: at(2) } : c)),
    };
    const changes = new Map([
      ['d-gauge', { by: 'u-eng', at: at(2) }],
      ['c-worn', { by: 'u-rater', at: at(3) }],
    ]);
    expect(suspectReasons(stored, basisOf(line, changed), changes)).toEqual([
      { code: 'control_changed', params: { kind: 'detection', from: 'Bore gauge 100%', to: 'Air gauge' }, by: 'u-eng', at: at(2) },
      { code: 'detection_changed', params: { from: 7, to: 8 }, by: 'u-rater', at: at(3) },
    ]);
  });

  it('names added and removed controls, a renamed step and a new class', () => {
    const model = machining();
    const stored = basisOf(line, model);
    const changed: ControlPlanModel = {
      ...model,
      steps: model.steps.map((s) => (s.id === 's10' ? { ...s, processNo: '15', name: 'Turn housing' } : s)),
      characteristics: model.characteristics.map((c) => (c.id === 'bore' ? { ...c, characteristicClass: 'safety', customerClass: 'S' } : c)),
      controls: [...model.controls.filter((c) => c.id !== 'p-yoke'), control('d-cmm', 'c-skew', 'detection', 'CMM audit')],
    };
    expect(suspectReasons(stored, basisOf(line, changed)).map((r) => [r.code, r.params])).toEqual([
      ['step_number_changed', { from: '10', to: '15' }],
      ['step_renamed', { from: 'Machine housing', to: 'Turn housing' }],
      ['class_changed', { name: 'Bore diameter', from: 'critical', to: 'safety' }],
      ['customer_class_changed', { name: 'Bore diameter', from: '–', to: 'S' }],
      ['control_removed', { kind: 'prevention', text: 'Poka-yoke fixture' }],
      ['control_added', { kind: 'detection', text: 'CMM audit' }],
    ]);
  });

  it('says a deleted characteristic once, with the log’s stamp of the node it went with', () => {
    const model = machining();
    const stored = basisOf(line, model);
    const gone: ControlPlanModel = { ...model, characteristics: model.characteristics.filter((c) => c.id !== 'bore') };
    const reasons = suspectReasons(stored, basisOf(line, gone), new Map([['f10', { by: 'u-del', at: at(5) }]]));
    expect(reasons).toEqual([{ code: 'characteristic_deleted', params: { name: 'Bore diameter' }, by: 'u-del', at: at(5) }]);
    const noStep: ControlPlanModel = { ...gone, steps: gone.steps.filter((s) => s.id !== 's10') };
    expect(suspectReasons(stored, basisOf({ stepNodeId: null, characteristicId: null }, noStep)).map((r) => r.code)).toEqual(['step_deleted', 'characteristic_deleted']);
  });
});

describe('the reverse mark: a control plan that contradicts the PFMEA', () => {
  const current = basisOf({ stepNodeId: 's10', characteristicId: 'bore' }, machining());

  it('compares texts as sets of lines, whatever the case, spacing, order or separator', () => {
    expect(normalizedControlText('Poka-yoke fixture; tool LIFE  counter')).toBe(normalizedControlText('Tool life counter\nPoka-yoke fixture'));
  });

  it('marks an own control method or evaluation technique that says something else, naming the controls', () => {
    expect(lineContradictions({ controlMethod: 'Tool life counter\nPoka-yoke fixture', measurementTechnique: null }, current)).toEqual([]);
    expect(lineContradictions({ controlMethod: 'SPC chart', measurementTechnique: 'Visual check' }, current)).toEqual([
      { column: 'controlMethod', text: 'SPC chart', pfmeaText: 'Tool life counter\nPoka-yoke fixture', controlIds: ['p-life', 'p-yoke'] },
      { column: 'evaluationTechnique', text: 'Visual check', pfmeaText: 'Bore gauge 100%', controlIds: ['d-gauge'] },
    ]);
    // a line whose characteristic is gone contradicts nothing (it is suspect instead)
    expect(lineContradictions({ controlMethod: 'SPC chart', measurementTechnique: null }, { ...current, characteristic: null })).toEqual([]);
  });

  it('keeps no own text that says what the PFMEA says', () => {
    expect(ownControlText(' poka-yoke fixture ; Tool life counter ', current, 'controlMethod')).toBeNull();
    expect(ownControlText('SPC chart', current, 'controlMethod')).toBe('SPC chart');
    expect(ownControlText('  ', current, 'evaluationTechnique')).toBeNull();
  });
});

describe('the reviewer’s checks', () => {
  it('finds CC/SC characteristics without a line, untraced lines and weak detection on CC', () => {
    const model = machining();
    const lines = [
      { id: 'l1', stepNodeId: 's10', characteristicId: 'speed', linked: true },
      { id: 'l2', stepNodeId: null, characteristicId: null, linked: false },
      { id: 'l3', stepNodeId: null, characteristicId: null, linked: true },
      { id: 'l4', stepNodeId: 's20', characteristicId: null, linked: true },
    ];
    const checks = controlPlanChecks(lines, model);
    expect(checks.missingLines).toEqual([
      { characteristicId: 'bore', stepNodeId: 's10', processNo: '10', stepName: 'Machine housing', name: 'Bore diameter', planClass: 'CC' },
      { characteristicId: 'depth', stepNodeId: 's30', processNo: '30', stepName: 'Press bearing', name: 'Press depth', planClass: 'SC' },
    ]);
    expect(checks.untraced).toEqual([
      { lineId: 'l2', reason: 'unlinked' },
      { lineId: 'l3', reason: 'stepMissing' },
      { lineId: 'l4', reason: 'characteristicMissing' },
    ]);
    expect(checks.weakDetections).toEqual([{ characteristicId: 'bore', name: 'Bore diameter', causeId: 'c-worn', detection: 7, controls: [{ id: 'd-gauge', text: 'Bore gauge 100%' }], lineId: null }]);
  });

  it('is quiet for a plan that covers every special characteristic with good detection', () => {
    const model = machining();
    const better: ControlPlanModel = { ...model, causes: model.causes.map((c) => ({ ...c, detection: Math.min(c.detection ?? 1, 6) })) };
    const lines = generateLines(better).map((l, i) => ({ id: `l${i}`, stepNodeId: l.stepNodeId, characteristicId: l.characteristicId, linked: true }));
    expect(controlPlanChecks(lines, better)).toEqual({ missingLines: [], untraced: [], weakDetections: [] });
  });
});

/** A stored basis read back from partial JSON does not fail. */
it('reads a partial stored basis without failing', () => {
  const partial = readBasis({ step: ['s1', null, 'Old'], controls: [['x', 3]] }) as ControlPlanBasis;
  expect(partial).toEqual({ step: { id: 's1', processNo: null, name: 'Old' }, characteristic: null, controls: [{ id: 'x', causeId: '', kind: 'prevention', text: '' }], causes: [], worstDetection: null });
});
