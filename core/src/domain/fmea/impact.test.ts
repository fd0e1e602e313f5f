import { describe, expect, it } from 'vitest';
import { indexGraph } from './graph.ts';
import { deletionImpact } from './impact.ts';
import { graphBuilder, threeLevelGraph } from './test-builders.ts';

const graph = threeLevelGraph()
  .fnLink('p1', 'a1')
  .fnLink('a1', 'c1')
  .characteristic('ch1', 'c1')
  .control('pc1', 'K1')
  .control('dc1', 'K1')
  .action('act1', 'K1')
  .iface('i1', 'C', 'D')
  .iface('i2', 'A', 'B')
  .build();
const index = indexGraph(graph);

describe('deletionImpact', () => {
  it('takes a whole subtree with its contents and names the nodes outside that use it', () => {
    const impact = deletionImpact(index, { kind: 'node', id: 'A' });
    expect(impact.removed.nodes).toEqual(['A', 'C', 'D']);
    expect([...impact.removed.functions].sort()).toEqual(['a1', 'a2', 'c1', 'd1']);
    expect([...impact.removed.failures].sort()).toEqual(['K1', 'K2', 'K3', 'M1']);
    expect(impact.removed.characteristics).toEqual(['ch1']);
    expect([...impact.removed.controls].sort()).toEqual(['dc1', 'pc1']);
    expect(impact.removed.actions).toEqual(['act1']);
    expect([...impact.removed.interfaces].sort()).toEqual(['i1', 'i2']);
    expect([...impact.removed.functionLinks].sort()).toEqual(['fl:a1>c1', 'fl:p1>a1']);
    expect([...impact.removed.failureLinks].sort()).toEqual(['l:E1>M1', 'l:M1>K1', 'l:M1>K2', 'l:M1>K3']);
    expect(impact.references.map((r) => [r.kind, r.insideId, r.outsideId, r.outsideNodeId])).toEqual([
      ['functionLink', 'a1', 'p1', 'P'],
      ['failureLink', 'M1', 'E1', 'P'],
      ['interface', 'A', 'B', 'B'],
    ]);
    expect(impact.usedByNodes).toEqual(['B', 'P']);
    expect(impact.count).toBe(2);
  });

  it('counts nobody for a leaf whose links all point inwards', () => {
    const leaf = deletionImpact(indexGraph(graphBuilder().root().node('A', 'P').fn('a1', 'A').build()), { kind: 'node', id: 'A' });
    expect(leaf.count).toBe(0);
    expect(leaf.removed.functions).toEqual(['a1']);
  });

  it('counts the node of every linked failure for a component whose causes feed a mode above', () => {
    const impact = deletionImpact(index, { kind: 'node', id: 'C' });
    expect(impact.usedByNodes).toEqual(['A', 'D']);
    expect(impact.references).toHaveLength(4);
  });

  it('takes a function with its failures and cuts its links', () => {
    const impact = deletionImpact(index, { kind: 'function', id: 'c1' });
    expect(impact.removed.nodes).toEqual([]);
    expect([...impact.removed.failures].sort()).toEqual(['K1', 'K2']);
    expect(impact.removed.actions).toEqual(['act1']);
    expect(impact.usedByNodes).toEqual(['A']);
  });

  it('takes a cause with its controls and actions', () => {
    const impact = deletionImpact(index, { kind: 'failure', id: 'K1' });
    expect([...impact.removed.controls].sort()).toEqual(['dc1', 'pc1']);
    expect(impact.removed.failureLinks).toEqual(['l:M1>K1']);
    expect(impact.count).toBe(1);
  });

  it.each([
    ['characteristic', 'ch1', 'characteristics'],
    ['interface', 'i1', 'interfaces'],
    ['control', 'pc1', 'controls'],
    ['action', 'act1', 'actions'],
    ['functionLink', 'fl:a1>c1', 'functionLinks'],
    ['failureLink', 'l:M1>K1', 'failureLinks'],
  ] as const)('takes a single %s and nothing else', (kind, id, bucket) => {
    const impact = deletionImpact(index, { kind, id });
    expect(impact.removed[bucket]).toEqual([id]);
    const others = Object.entries(impact.removed).filter(([key]) => key !== bucket).flatMap(([, ids]) => ids);
    expect(others).toEqual([]);
    expect(impact.count).toBe(0);
  });
});
