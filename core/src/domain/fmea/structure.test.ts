import { describe, expect, it } from 'vitest';
import { indexGraph } from './graph.ts';
import {
  assertFamilyAllowsChild,
  assertNodeCopyable,
  assertNodeDeletable,
  assertNodeMovable,
  familyItemIssues,
  nextChildSort,
  planSubtreeCopy,
} from './structure.ts';
import { graphBuilder, threeLevelGraph } from './test-builders.ts';

const index = indexGraph(threeLevelGraph().node('X', 'B', 12).node('Y', 'B').node('Z', 'Y', 85).build());

describe('deleting structure nodes', () => {
  it('deletes one ordinary node', () => {
    expect(assertNodeDeletable(index, ['C']).id).toBe('C');
  });

  it('refuses multi-select delete, and an empty selection', () => {
    expect(() => assertNodeDeletable(index, ['C', 'D'])).toThrow(expect.objectContaining({ messageKey: 'fmea.multi_delete_unsupported', params: { count: 2 } }));
    expect(() => assertNodeDeletable(index, [])).toThrow(expect.objectContaining({ messageKey: 'fmea.multi_delete_unsupported' }));
  });

  it('refuses the root', () => {
    expect(() => assertNodeDeletable(index, ['P'])).toThrow(expect.objectContaining({ code: 'invalid_input', messageKey: 'fmea.root_not_deletable' }));
  });

  it('refuses a fixed node (assembly part 12, type 8…) and a subtree holding one', () => {
    expect(() => assertNodeDeletable(index, ['X'])).toThrow(expect.objectContaining({ messageKey: 'fmea.node_fixed', params: { nodeType: 12 } }));
    expect(() => assertNodeDeletable(index, ['Z'])).toThrow(expect.objectContaining({ messageKey: 'fmea.node_fixed', params: { nodeType: 85 } }));
    expect(() => assertNodeDeletable(index, ['B'])).toThrow(expect.objectContaining({ messageKey: 'fmea.subtree_has_fixed', params: { count: 2 } }));
  });

  it('names an unknown node', () => {
    expect(() => assertNodeDeletable(index, ['nope'])).toThrow(expect.objectContaining({ messageKey: 'fmea.node_unknown', params: { nodeId: 'nope' } }));
  });
});

describe('moving structure nodes', () => {
  it('moves an element under another branch', () => {
    expect(assertNodeMovable(index, 'C', 'B').id).toBe('C');
  });

  it('refuses to move a node below itself or its descendants', () => {
    expect(() => assertNodeMovable(index, 'A', 'A')).toThrow(expect.objectContaining({ messageKey: 'fmea.move_into_own_subtree' }));
    expect(() => assertNodeMovable(index, 'A', 'C')).toThrow(expect.objectContaining({ messageKey: 'fmea.move_into_own_subtree' }));
  });

  it('refuses to move the root or a fixed node', () => {
    expect(() => assertNodeMovable(index, 'P', 'A')).toThrow(expect.objectContaining({ messageKey: 'fmea.node_fixed' }));
    expect(() => assertNodeMovable(index, 'X', 'A')).toThrow(expect.objectContaining({ messageKey: 'fmea.node_fixed' }));
  });

  it('refuses a target that does not exist', () => {
    expect(() => assertNodeMovable(index, 'C', 'nope')).toThrow(expect.objectContaining({ messageKey: 'fmea.node_unknown' }));
  });
});

describe('family FMEA holds exactly one item', () => {
  const family = indexGraph(graphBuilder().root().node('I', 'P').node('I1', 'I').build());

  it('refuses a second item under the product, but not deeper nodes or other project types', () => {
    expect(() => assertFamilyAllowsChild(family, 'family', 'P')).toThrow(expect.objectContaining({ messageKey: 'fmea.family_one_item', params: { count: 2 } }));
    expect(() => assertFamilyAllowsChild(family, 'family', 'I')).not.toThrow();
    expect(() => assertFamilyAllowsChild(family, 'dfmea', 'P')).not.toThrow();
  });

  it('lets the one item move back under the root', () => {
    expect(() => assertFamilyAllowsChild(family, 'family', 'P', 'I')).not.toThrow();
  });

  it('reports a family project with no item or two items, and nothing for one', () => {
    expect(familyItemIssues(family, 'family')).toEqual([]);
    expect(familyItemIssues(indexGraph(graphBuilder().root().build()), 'family')).toEqual([
      { messageKey: 'fmea.family_one_item', field: 'structure', params: { count: 0 } },
    ]);
    expect(familyItemIssues(indexGraph(graphBuilder().root().node('A', 'P').node('B', 'P').build()), 'family')[0]?.params).toEqual({ count: 2 });
    expect(familyItemIssues(indexGraph(graphBuilder().root().build()), 'dfmea')).toEqual([]);
  });
});

describe('copying a subtree', () => {
  const graph = threeLevelGraph()
    .fnLink('a1', 'c1')
    .fnLink('p1', 'a1')
    .characteristic('ch1', 'c1')
    .control('pc1', 'K1')
    .action('act1', 'K1')
    .iface('i1', 'C', 'D')
    .iface('i2', 'C', 'B')
    .build();
  let n = 0;
  const plan = planSubtreeCopy(indexGraph(graph), 'A', () => `new${++n}`);

  it('gives every node, function, failure, characteristic and control of the subtree a new id', () => {
    expect([...plan.nodes.keys()]).toEqual(['A', 'C', 'D']);
    expect([...plan.functions.keys()].sort()).toEqual(['a1', 'a2', 'c1', 'd1']);
    expect([...plan.failures.keys()].sort()).toEqual(['K1', 'K2', 'K3', 'M1']);
    expect([...plan.characteristics.keys()]).toEqual(['ch1']);
    expect([...plan.controls.keys()]).toEqual(['pc1']);
    const all = [plan.nodes, plan.functions, plan.failures, plan.characteristics, plan.controls, plan.interfaces, plan.functionLinks, plan.failureLinks].flatMap((m) => [...m.values()]);
    expect(new Set(all).size).toBe(all.length);
    expect(plan.rootCopyId).toBe(plan.nodes.get('A'));
  });

  it('copies links and interfaces inside the subtree only, and no actions', () => {
    expect([...plan.functionLinks.keys()]).toEqual(['fl:a1>c1']);
    expect([...plan.failureLinks.keys()].sort()).toEqual(['l:M1>K1', 'l:M1>K2', 'l:M1>K3']);
    expect([...plan.interfaces.keys()]).toEqual(['i1']);
    expect(plan).not.toHaveProperty('actions');
  });

  it('refuses to copy the root', () => {
    expect(() => assertNodeCopyable(indexGraph(graph), 'P')).toThrow(expect.objectContaining({ messageKey: 'fmea.root_not_copyable' }));
    expect(() => planSubtreeCopy(indexGraph(graph), 'P', () => 'x')).toThrow(expect.objectContaining({ messageKey: 'fmea.root_not_copyable' }));
  });
});

describe('nextChildSort', () => {
  it('puts a new child after the last one, or first under a leaf', () => {
    const sorts = (index.children.get('A') ?? []).map((n) => n.sort);
    expect(nextChildSort(index, 'A')).toBe(Math.max(...sorts) + 1);
    expect(nextChildSort(index, 'C')).toBe(1);
  });
});
