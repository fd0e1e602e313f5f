import { describe, expect, it } from 'vitest';
import {
  buildProcessFlow,
  flowBranchIssues,
  flowChartNumber,
  flowStepIssues,
  moveInOrder,
  reorderIssues,
  specialMark,
  stepTitle,
  type FlowBranchSource,
  type FlowCharacteristicSource,
  type FlowNodeSource,
  type FlowSource,
} from './flow.ts';

const node = (id: string, parentId: string | null, sort: number, extra: Partial<FlowNodeSource> = {}): FlowNodeSource => ({
  id,
  parentId,
  name: id,
  sort,
  version: 1,
  processNo: null,
  flowSymbol: null,
  flowInputs: null,
  flowOutputs: null,
  ...extra,
});
const characteristic = (id: string, functionId: string, extra: Partial<FlowCharacteristicSource> = {}): FlowCharacteristicSource => ({
  id,
  functionId,
  name: id,
  characteristicClass: 'general',
  special: false,
  characteristicKind: null,
  customerClass: null,
  sort: 1,
  ...extra,
});
const branch = (id: string, kind: 'rework' | 'scrap', fromNodeId: string, toNodeId: string | null, sort = 1): FlowBranchSource => ({ id, kind, fromNodeId, toNodeId, label: null, sort, version: 1 });

/**
 * Housing line: root → 10 Turn (machine: Lathe) → 20 Wash → 30 Inspect,
 * listed out of order so the sort decides.
 */
function housing(extra: Partial<FlowSource> = {}): FlowSource {
  return {
    nodes: [
      node('inspect', 'root', 3, { processNo: '30', flowSymbol: 'inspection' }),
      node('root', null, 1),
      node('turn', 'root', 1, { processNo: '10', flowInputs: 'Blank', flowOutputs: 'Turned housing' }),
      node('lathe', 'turn', 1),
      node('operator', 'turn', 2),
      node('wash', 'root', 2, { processNo: '20', flowSymbol: 'combined' }),
    ],
    functions: [
      { id: 'f-turn', nodeId: 'turn', sort: 1 },
      { id: 'f-lathe', nodeId: 'lathe', sort: 1 },
      { id: 'f-operator', nodeId: 'operator', sort: 1 },
      { id: 'f-root', nodeId: 'root', sort: 1 },
    ],
    characteristics: [
      characteristic('bore', 'f-turn', { special: true, characteristicClass: 'critical', sort: 2 }),
      characteristic('length', 'f-turn', { sort: 1 }),
      characteristic('speed', 'f-lathe', { special: true, characteristicClass: 'significant' }),
      characteristic('torque', 'f-operator', { customerClass: '◆' }),
      characteristic('vehicle', 'f-root'),
    ],
    branches: [],
    ...extra,
  };
}

describe('the flow of a PFMEA', () => {
  it('is the root’s children by sort, with the default symbol where none was chosen', () => {
    const flow = buildProcessFlow(housing());
    expect(flow.steps.map((s) => [s.position, s.processNo, s.name, s.symbol, s.symbolChosen])).toEqual([
      [1, '10', 'turn', 'operation', false],
      [2, '20', 'wash', 'combined', true],
      [3, '30', 'inspect', 'inspection', true],
    ]);
    expect(flow.steps[0]).toMatchObject({ inputs: 'Blank', outputs: 'Turned housing' });
  });

  it('gives each step the characteristics of its functions as product ones and those of its work elements as process ones', () => {
    const [turn, wash] = buildProcessFlow(housing()).steps;
    expect(turn!.productCharacteristics.map((c) => [c.name, c.kind, c.mark])).toEqual([
      ['length', 'product', null],
      ['bore', 'product', 'CC'],
    ]);
    expect(turn!.processCharacteristics.map((c) => [c.name, c.mark])).toEqual([
      ['speed', 'SC'],
      ['torque', '◆'],
    ]);
    expect(turn!.specialMarks).toEqual(['CC', 'SC', '◆']);
    expect(wash!.productCharacteristics).toEqual([]);
  });

  it('lets a stored kind win over the place the characteristic sits', () => {
    const source = housing();
    const flow = buildProcessFlow({ ...source, characteristics: [characteristic('feed', 'f-turn', { characteristicKind: 'process' })] });
    expect(flow.steps[0]!.processCharacteristics.map((c) => c.name)).toEqual(['feed']);
  });

  it('keeps rework to a step and scrap, and leaves out branches whose ends are no step any more', () => {
    const flow = buildProcessFlow(
      housing({
        branches: [
          branch('b3', 'rework', 'inspect', 'lathe', 3),
          branch('b1', 'rework', 'inspect', 'turn', 1),
          branch('b2', 'scrap', 'inspect', null, 2),
          branch('b4', 'rework', 'lathe', 'turn', 4),
        ],
      }),
    );
    expect(flow.branches.map((b) => [b.id, b.kind, b.fromStepId, b.toStepId])).toEqual([
      ['b1', 'rework', 'inspect', 'turn'],
      ['b2', 'scrap', 'inspect', null],
    ]);
  });

  it('is empty without a root or steps', () => {
    expect(buildProcessFlow({ nodes: [], functions: [], characteristics: [], branches: [] })).toEqual({ steps: [], branches: [] });
    expect(buildProcessFlow({ nodes: [node('root', null, 1)], functions: [], characteristics: [], branches: [] }).steps).toEqual([]);
  });
});

describe('special marks', () => {
  it('are the control plan’s class: the customer’s class first, CC for safety and critical, SC for significant and other special ones', () => {
    expect(specialMark({ special: true, characteristicClass: 'safety', customerClass: null })).toBe('CC');
    expect(specialMark({ special: false, characteristicClass: 'critical', customerClass: '  ' })).toBe('CC');
    expect(specialMark({ special: false, characteristicClass: 'significant', customerClass: null })).toBe('SC');
    expect(specialMark({ special: true, characteristicClass: 'general', customerClass: null })).toBe('SC');
    expect(specialMark({ special: false, characteristicClass: 'general', customerClass: null })).toBeNull();
    expect(specialMark({ special: false, characteristicClass: 'general', customerClass: ' ◆ ' })).toBe('◆');
  });
});

describe('the rules of a flow edit', () => {
  const steps = new Set(['turn', 'wash']);

  it('take the listed symbols, null for the default, and texts of at most 200 characters', () => {
    expect(flowStepIssues({ flowSymbol: 'delay', flowInputs: 'Blank', flowOutputs: null })).toEqual([]);
    expect(flowStepIssues({ flowSymbol: null })).toEqual([]);
    expect(flowStepIssues({ flowSymbol: 'decision' }).map((i) => [i.messageKey, i.field])).toEqual([['pfd.symbol_invalid', 'flowSymbol']]);
    expect(flowStepIssues({ flowInputs: 'x'.repeat(201) }).map((i) => [i.messageKey, i.field])).toEqual([['validation.too_long', 'flowInputs']]);
  });

  it('send rework back to a step of the PFMEA (itself included) and scrap nowhere', () => {
    expect(flowBranchIssues({ kind: 'rework', fromNodeId: 'wash', toNodeId: 'turn', label: 'Burr' }, steps)).toEqual([]);
    expect(flowBranchIssues({ kind: 'rework', fromNodeId: 'wash', toNodeId: 'wash' }, steps)).toEqual([]);
    expect(flowBranchIssues({ kind: 'scrap', fromNodeId: 'wash' }, steps)).toEqual([]);
    const keys = (b: Parameters<typeof flowBranchIssues>[0]) => flowBranchIssues(b, steps).map((i) => i.messageKey);
    expect(keys({ kind: 'rework', fromNodeId: 'wash' })).toEqual(['pfd.rework_target_required']);
    expect(keys({ kind: 'rework', fromNodeId: 'wash', toNodeId: 'elsewhere' })).toEqual(['pfd.rework_target_not_step']);
    expect(keys({ kind: 'scrap', fromNodeId: 'wash', toNodeId: 'turn' })).toEqual(['pfd.scrap_has_no_target']);
    expect(keys({ kind: 'scrap', fromNodeId: 'lathe' })).toEqual(['pfd.branch_from_not_step']);
    expect(keys({ kind: 'loop', fromNodeId: 'wash' })).toEqual(['pfd.branch_kind_invalid']);
  });

  it('take a new order only when it names every step once', () => {
    expect(reorderIssues(['wash', 'turn'], ['turn', 'wash'])).toEqual([]);
    for (const order of [['wash'], ['wash', 'wash'], ['wash', 'turn', 'x'], ['wash', 'x']]) {
      expect(reorderIssues(order, ['turn', 'wash']).map((i) => i.messageKey)).toEqual(['pfd.reorder_not_the_steps']);
    }
  });

  it('move a step up or down, not past either end', () => {
    expect(moveInOrder(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveInOrder(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveInOrder(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveInOrder(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('names and numbers', () => {
  it('writes a step as its number and name', () => {
    expect(stepTitle({ processNo: '20', name: 'Wash' })).toBe('20 Wash');
    expect(stepTitle({ processNo: null, name: 'Wash' })).toBe('Wash');
  });

  it('numbers the chart after its PFMEA', () => {
    expect(flowChartNumber('PF2611260001')).toBe('PFD2611260001');
    expect(flowChartNumber('X-7')).toBe('PFD-X-7');
  });
});
