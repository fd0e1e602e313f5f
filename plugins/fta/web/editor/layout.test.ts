import { describe, expect, it } from 'vitest';
import type { FtaDocument } from '@fmea/core/domain';
import { GAP, layoutTree, NODE_WIDTH, visibleNodes, type TreeLayout } from './layout.ts';
import { randomTree, smallTree } from './sample-trees.ts';

/** Nodes of one level never overlap: sorted by x, each is at least a node width and the gap from the next. */
function overlaps(layout: TreeLayout): string[] {
  const levels = new Map<number, number[]>();
  for (const n of layout.nodes) levels.set(n.depth, [...(levels.get(n.depth) ?? []), n.x]);
  const bad: string[] = [];
  for (const [depth, xs] of levels) {
    xs.sort((a, b) => a - b);
    for (let i = 1; i < xs.length; i++) if (xs[i]! - xs[i - 1]! < NODE_WIDTH + GAP - 1e-6) bad.push(`level ${depth} at ${xs[i]}`);
  }
  return bad;
}

describe('fault-tree layout', () => {
  it('draws a shared event as a leaf under each gate that uses it, and a shared gate expanded once', () => {
    const layout = layoutTree(smallTree());
    const places = (name: string) => layout.nodes.filter((n) => n.name === name);
    expect(places('A').map((n) => n.parentGate)).toEqual(['G1', 'G2']);
    expect(places('A').every((n) => n.repeated)).toBe(true);
    expect(places('B')).toHaveLength(1);
    expect(places('B')[0]!.repeated).toBe(false);
    // G1 under TOP with its inputs, and as a leaf under G2
    const g1 = places('G1');
    expect(g1.map((n) => [n.key, n.leafGate, n.children.length])).toEqual([
      ['TOP/0', false, 2],
      ['G2/2', true, 0],
    ]);
    expect(places('C').map((n) => n.key)).toEqual(['TOP/1', 'G2/1']);
  });

  it('centres each gate over its first and last input and keeps levels apart without overlaps', () => {
    const layout = layoutTree(smallTree());
    for (const n of layout.nodes) {
      if (n.children.length === 0) continue;
      const kids = n.children.map((k) => layout.byKey.get(k)!);
      expect(n.x).toBeCloseTo((kids[0]!.x + kids[kids.length - 1]!.x) / 2);
      for (const k of kids) expect(k.y).toBeGreaterThan(n.y);
    }
    expect(overlaps(layout)).toEqual([]);
    const xs = layout.nodes.map((n) => n.x);
    expect(Math.min(...xs) - NODE_WIDTH / 2).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs) + NODE_WIDTH / 2).toBeLessThanOrEqual(layout.width);
  });

  it('packs a small subtree under a deep neighbour instead of beside its widest level', () => {
    // TOP = OR(G1, E3) with G1 = AND(E1, E2): E3 sits at level 1, right of G1, not right of E2
    const doc: FtaDocument = {
      ...smallTree(),
      gates: [
        { name: 'TOP', operator: 'or', inputs: ['G1', 'G2'] },
        { name: 'G1', operator: 'and', inputs: ['A', 'B', 'C'] },
        { name: 'G2', operator: 'or', inputs: ['A'] },
      ],
    };
    const layout = layoutTree(doc);
    const at = (key: string) => layout.byKey.get(key)!;
    // contours: G2's single input only has to clear G1's last input, so the levels' spacing is one node + gap
    expect(at('G2/0').x - at('G1/2').x).toBeCloseTo(NODE_WIDTH + GAP);
  });

  it('hides a collapsed gate’s inputs and counts the basic events under it', () => {
    const layout = layoutTree(smallTree(), { collapsed: new Set(['G1']) });
    const g1 = layout.nodes.find((n) => n.key === 'TOP/0')!;
    expect(g1).toMatchObject({ collapsed: true, leafGate: true, hidden: 2, children: [] });
    expect(layout.nodes.some((n) => n.name === 'B')).toBe(false);
    // A still shows under G2
    expect(layout.nodes.filter((n) => n.name === 'A').map((n) => n.parentGate)).toEqual(['G2']);
  });

  it('draws a cycle and an undefined input instead of failing', () => {
    const doc: FtaDocument = {
      ...smallTree(),
      gates: [
        { name: 'TOP', operator: 'or', inputs: ['G1', 'X'] },
        { name: 'G1', operator: 'and', inputs: ['A', 'TOP'] },
      ],
    };
    const layout = layoutTree(doc);
    expect(layout.nodes.map((n) => [n.key, n.kind, n.leafGate])).toEqual([
      ['TOP', 'gate', false],
      ['TOP/0', 'gate', false],
      ['G1/0', 'basic', false],
      ['G1/1', 'gate', true],
      ['TOP/1', 'missing', false],
    ]);
  });

  it('lays out a 1,000-event tree with every event drawn and no overlaps', () => {
    const doc = randomTree(1000);
    const layout = layoutTree(doc);
    const drawn = new Set(layout.nodes.filter((n) => n.kind === 'basic').map((n) => n.name));
    expect(drawn.size).toBe(1000);
    expect(overlaps(layout)).toEqual([]);
  });

  it('lists only the nodes inside the viewport', () => {
    const layout = layoutTree(randomTree(1000));
    const view = { x: 0, y: 0, width: 1200, height: 700 };
    const seen = visibleNodes(layout, view);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(layout.nodes.length / 10);
    expect(seen.every((n) => n.x - NODE_WIDTH / 2 <= 1200 && n.y <= 700)).toBe(true);
  });
});
