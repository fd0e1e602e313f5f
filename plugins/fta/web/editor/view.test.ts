import { describe, expect, it } from 'vitest';
import { layoutTree, NODE_HEIGHT, NODE_WIDTH } from './layout.ts';
import { fitView, initialView, inView, MIN_SCALE, reveal, viewRect, zoomAt } from './view.ts';
import { randomTree, smallTree } from './sample-trees.ts';

describe('zoom and pan', () => {
  const layout = layoutTree(randomTree(1000));

  it('opens a wide tree with its top at three-quarter size, and fits it whole on demand', () => {
    const start = initialView(layout, 1000, 600);
    expect(start.scale).toBe(0.75);
    expect(layout.nodes[0]!.x * start.scale + start.x).toBeCloseTo(500);
    // 150,000 px wide: the smallest zoom, centred; a small tree fits whole, at most at its actual size
    expect(fitView(layout, 1000, 600).scale).toBe(MIN_SCALE);
    const small = layoutTree(smallTree());
    const fit = fitView(small, 400, 300);
    expect(small.width * fit.scale).toBeLessThanOrEqual(400);
    expect(small.height * fit.scale).toBeLessThanOrEqual(300);
    expect(fitView(small, 4000, 3000).scale).toBe(1);
  });

  it('zooms around the pointer: the point under it stays where it is', () => {
    const view = { scale: 1, x: -200, y: 10 };
    const zoomed = zoomAt(view, 2, 300, 200);
    expect(((300 - view.x) / view.scale) * zoomed.scale + zoomed.x).toBeCloseTo(300);
    expect(((200 - view.y) / view.scale) * zoomed.scale + zoomed.y).toBeCloseTo(200);
  });

  it('brings a node into view by the least move, and leaves a node in view where it is', () => {
    const view = { scale: 1, x: 0, y: 0 };
    const far = layout.nodes.find((n) => n.x > 5000)!;
    const moved = reveal(view, far, 1000, 600);
    const left = (far.x - NODE_WIDTH / 2) * moved.scale + moved.x;
    expect(left + NODE_WIDTH).toBeCloseTo(1000 - 16);
    expect(moved.y).toBe(0);
    expect(reveal(moved, far, 1000, 600)).toBe(moved);
  });

  it('lists the nodes in view and the gates whose lines cross it', () => {
    const view = initialView(layout, 1000, 600);
    const { nodes, parents } = inView(layout, viewRect(view, 1000, 600));
    const screen = (n: { x: number; y: number }) => ({ left: (n.x - NODE_WIDTH / 2) * view.scale + view.x, top: n.y * view.scale + view.y });
    for (const n of nodes) {
      const p = screen(n);
      expect(p.left + NODE_WIDTH * view.scale).toBeGreaterThan(-NODE_WIDTH);
      expect(p.left).toBeLessThan(1000 + NODE_WIDTH);
      expect(p.top).toBeLessThan(600 + NODE_HEIGHT);
    }
    expect(nodes.length).toBeLessThan(layout.nodes.length / 10);
    expect(parents.map((p) => p.key)).toContain(layout.nodes[0]!.key);
  });
});
