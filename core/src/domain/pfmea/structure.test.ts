import { describe, expect, it } from 'vitest';
import { indexGraph } from '../fmea/graph.ts';
import { graphBuilder } from '../fmea/test-builders.ts';
import {
  assertProcessPlacement,
  assertSameProcessLevel,
  characteristicKindIssues,
  characteristicKindOf,
  cleanProcessNo,
  functionScopeIssues,
  matchCustomerClass,
  processFieldsOutsidePfmeaIssues,
  nextProcessNo,
  nextProcessNos,
  nodeDepth,
  processLevelOf,
  processNodeIssues,
  processNoUniqueIssues,
  subtreeHeight,
  taskStatusIssues,
} from './structure.ts';
import { assertProcedurePlacement, workElementTypeOfCatalog } from './procedures.ts';
import { PROCESS_TREE_MAX_DEPTH } from './vocabulary.ts';

// P (item) → S1, S2 (steps) → E1 under S1 (work element); X below E1 is older, too-deep data.
const index = indexGraph(graphBuilder().root('P').node('S1', 'P').node('S2', 'P').node('E1', 'S1').node('X', 'E1').build());
const keys = (issues: { messageKey: string }[]) => issues.map((i) => i.messageKey);

describe('process levels', () => {
  it('reads the level from the depth: item, step, work element', () => {
    expect([nodeDepth(index, 'P'), nodeDepth(index, 'S1'), nodeDepth(index, 'E1'), nodeDepth(index, 'nope')]).toEqual([0, 1, 2, undefined]);
    expect(['P', 'S2', 'E1'].map((id) => processLevelOf(index, id))).toEqual(['item', 'step', 'element']);
  });

  it('refuses a node deeper than the maximum, and an unknown one', () => {
    expect(PROCESS_TREE_MAX_DEPTH).toBe(3);
    expect(() => processLevelOf(index, 'X')).toThrow(expect.objectContaining({ messageKey: 'pfmea.tree_too_deep', params: { max: 3 } }));
    expect(() => processLevelOf(index, 'nope')).toThrow(expect.objectContaining({ messageKey: 'fmea.node_unknown' }));
  });

  it('places a step under the item and a work element under a step, nothing under a work element', () => {
    expect(assertProcessPlacement(index, 'P')).toBe('step');
    expect(assertProcessPlacement(index, 'S2')).toBe('element');
    expect(() => assertProcessPlacement(index, 'E1')).toThrow(expect.objectContaining({ code: 'invalid_input', messageKey: 'pfmea.tree_too_deep' }));
  });

  it('places a subtree only where its lowest level is still a work element', () => {
    expect(subtreeHeight(index, 'S1')).toBe(3);
    expect(subtreeHeight(index, 'S2')).toBe(1);
    expect(subtreeHeight(indexGraph(graphBuilder().root('P').node('S', 'P').node('E', 'S').build()), 'S')).toBe(2);
    expect(assertProcessPlacement(index, 'P', 2)).toBe('step');
    expect(() => assertProcessPlacement(index, 'S2', 2)).toThrow(expect.objectContaining({ messageKey: 'pfmea.tree_too_deep' }));
  });
});

describe('fields by level', () => {
  it('a work element needs a 4M type, one of the four', () => {
    expect(processNodeIssues('element', { workElementType: 'machine' })).toEqual([]);
    expect(keys(processNodeIssues('element', {}))).toEqual(['pfmea.work_element_type_required']);
    expect(keys(processNodeIssues('element', { workElementType: '' }))).toEqual(['pfmea.work_element_type_required']);
    expect(processNodeIssues('element', { workElementType: 'method' })).toEqual([
      { messageKey: 'pfmea.work_element_type_invalid', field: 'workElementType', params: { field: 'workElementType', value: 'method' } },
    ]);
  });

  it('an update of a work element may leave the type out, but not clear it', () => {
    expect(processNodeIssues('element', {}, { partial: true })).toEqual([]);
    expect(keys(processNodeIssues('element', { workElementType: null }, { partial: true }))).toEqual(['pfmea.work_element_type_required']);
  });

  it('a step and the item have no 4M type', () => {
    expect(keys(processNodeIssues('step', { workElementType: 'man' }))).toEqual(['pfmea.work_element_type_element_only']);
    expect(keys(processNodeIssues('item', { workElementType: 'man' }))).toEqual(['pfmea.work_element_type_element_only']);
    expect(processNodeIssues('step', { workElementType: null })).toEqual([]);
  });

  it('only a step carries a process number, of at most 20 characters', () => {
    expect(processNodeIssues('step', { processNo: '10' })).toEqual([]);
    expect(processNodeIssues('step', { processNo: 'x'.repeat(20) })).toEqual([]);
    expect(keys(processNodeIssues('step', { processNo: 'x'.repeat(21) }))).toEqual(['validation.too_long']);
    expect(keys(processNodeIssues('element', { processNo: '10', workElementType: 'man' }))).toEqual(['pfmea.process_no_on_step_only']);
    expect(keys(processNodeIssues('item', { processNo: '10' }))).toEqual(['pfmea.process_no_on_step_only']);
    expect(processNodeIssues('element', { processNo: '', workElementType: 'man' })).toEqual([]);
  });
});

describe('process numbers', () => {
  const steps = [
    { id: 'S1', processNo: 'OP10' },
    { id: 'S2', processNo: '20' },
    { id: 'S3', processNo: null },
  ];

  it('are unique among the steps, trimmed and without case', () => {
    expect(processNoUniqueIssues(steps, '30')).toEqual([]);
    expect(processNoUniqueIssues(steps, 'op10')).toEqual([{ messageKey: 'pfmea.process_no_taken', field: 'processNo', params: { field: 'processNo', value: 'op10' } }]);
    expect(processNoUniqueIssues(steps, '20', 'S2')).toEqual([]);
    expect(processNoUniqueIssues(steps, null)).toEqual([]);
  });

  it('are stored trimmed; blank is none', () => {
    expect([cleanProcessNo(' 10 '), cleanProcessNo('  '), cleanProcessNo(null), cleanProcessNo(undefined)]).toEqual(['10', null, null, null]);
  });

  it('are generated in steps of 10 after the highest all-digit one', () => {
    expect(nextProcessNo([])).toBe('10');
    expect(nextProcessNo([null, undefined])).toBe('10');
    expect(nextProcessNo(['10', '20'])).toBe('30');
    expect(nextProcessNo(['10', '25'])).toBe('30');
    expect(nextProcessNo(['100', '20'])).toBe('110');
    expect(nextProcessNo(['OP10', '10.1'])).toBe('10');
    expect(nextProcessNo(['OP90', '5'])).toBe('10');
    expect(nextProcessNos(['10'], 3)).toEqual(['20', '30', '40']);
  });
});

describe('characteristics and function scopes', () => {
  it('the kind follows the level: product on a step, process on a work element, none on the item', () => {
    expect([characteristicKindOf('item'), characteristicKindOf('step'), characteristicKindOf('element')]).toEqual([null, 'product', 'process']);
    expect(characteristicKindIssues('step', 'product')).toEqual([]);
    expect(characteristicKindIssues('element', 'process')).toEqual([]);
    expect(characteristicKindIssues('step', undefined)).toEqual([]);
    expect(keys(characteristicKindIssues('step', 'process'))).toEqual(['pfmea.characteristic_kind_on_step']);
    expect(keys(characteristicKindIssues('element', 'product'))).toEqual(['pfmea.characteristic_kind_on_element']);
    expect(keys(characteristicKindIssues('item', 'product'))).toEqual(['pfmea.characteristic_kind_on_item']);
    expect(keys(characteristicKindIssues('step', 'special'))).toEqual(['pfmea.characteristic_kind_invalid']);
  });

  it('a function scope only on a function of the process item', () => {
    expect(functionScopeIssues('item', 'shipTo')).toEqual([]);
    expect(functionScopeIssues('step', null)).toEqual([]);
    expect(keys(functionScopeIssues('step', 'plant'))).toEqual(['pfmea.function_scope_item_only']);
    expect(keys(functionScopeIssues('element', 'endUser'))).toEqual(['pfmea.function_scope_item_only']);
    expect(keys(functionScopeIssues('item', 'customer'))).toEqual(['pfmea.function_scope_invalid']);
  });
});

describe('fields outside a PFMEA and customer classes', () => {
  it('a design-side FMEA refuses the process fields it has no place for', () => {
    expect(processFieldsOutsidePfmeaIssues({ name: 'x', processNo: null, workElementType: '' })).toEqual([]);
    expect(processFieldsOutsidePfmeaIssues({ processNo: '10', characteristicKind: 'product' }).map((i) => i.field)).toEqual(['processNo', 'characteristicKind']);
  });

  it('a customer class is one of the project’s classes, matched without case, stored as the record spells it', () => {
    expect(matchCustomerClass(' cc ', ['CC', '◆'])).toEqual({ value: 'CC', issues: [] });
    expect(matchCustomerClass('', ['CC'])).toEqual({ value: null, issues: [] });
    expect(matchCustomerClass(null, [])).toEqual({ value: null, issues: [] });
    expect(matchCustomerClass('▲', ['CC', '◆'])).toEqual({
      value: null,
      issues: [{ messageKey: 'pfmea.customer_class_unknown', field: 'customerClass', params: { field: 'customerClass', value: '▲' } }],
    });
  });
});

describe('moving and copying keep the level', () => {
  it('a step stays under the item, a work element under a step', () => {
    expect(assertSameProcessLevel(index, 1, 'P')).toBe('step');
    expect(assertSameProcessLevel(index, 2, 'S2')).toBe('element');
    expect(() => assertSameProcessLevel(index, 1, 'S2')).toThrow(expect.objectContaining({ messageKey: 'pfmea.level_change' }));
    expect(() => assertSameProcessLevel(index, 2, 'P')).toThrow(expect.objectContaining({ messageKey: 'pfmea.level_change' }));
    expect(() => assertSameProcessLevel(index, 3, 'E1')).toThrow(expect.objectContaining({ messageKey: 'pfmea.tree_too_deep' }));
  });
});

describe('task status of a process step', () => {
  it('is one of the spec task codes, or none, and only on a step', () => {
    expect(taskStatusIssues('step', '3')).toEqual([]);
    expect(taskStatusIssues('step', null)).toEqual([]);
    expect(keys(taskStatusIssues('step', '9'))).toEqual(['pfmea.task_status_invalid']);
    expect(keys(taskStatusIssues('element', '1'))).toEqual(['pfmea.task_status_step_only']);
    expect(keys(taskStatusIssues('item', '1'))).toEqual(['pfmea.task_status_step_only']);
  });
});

describe('process templates from the catalog', () => {
  it('a procedure becomes a step: only under the process item', () => {
    expect(() => assertProcedurePlacement('step')).not.toThrow();
    expect(() => assertProcedurePlacement('element')).toThrow(expect.objectContaining({ messageKey: 'pfmea.procedure_under_item_only' }));
  });

  it('maps the catalog’s 6M element types onto the 4M, a measurement being a machine and a method none', () => {
    expect(['man', 'machine', 'material', 'environment', 'measurement'].map((t) => workElementTypeOfCatalog(t, 'PE1'))).toEqual(['man', 'machine', 'material', 'environment', 'machine']);
    expect(() => workElementTypeOfCatalog('method', 'PE1')).toThrow(expect.objectContaining({ messageKey: 'pfmea.catalog_element_type_unusable', params: { serialNum: 'PE1', value: 'method' } }));
  });
});
