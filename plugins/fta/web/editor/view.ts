import { NODE_HEIGHT, NODE_WIDTH, LEVEL_HEIGHT, type LayoutNode, type TreeLayout } from './layout.ts';

/**
 * Zoom and pan of the diagram (pure): a point of the layout is drawn at `point · scale + (x, y)` in the
 * viewport. The editor draws only what the viewport shows (`inView`), so a tree of thousands of events
 * costs what its visible part costs.
 */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export const MIN_SCALE = 0.05;
export const MAX_SCALE = 3;

const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/** The whole tree in the viewport, no larger than its actual size. */
export function fitView(layout: TreeLayout, width: number, height: number): View {
  const scale = clampScale(Math.min(1, width / layout.width, height / layout.height));
  return { scale, x: (width - layout.width * scale) / 2, y: Math.max(0, (height - layout.height * scale) / 2) };
}

/** Where a tree opens: whole if it fits at a readable size, else its top at three-quarter size. */
export function initialView(layout: TreeLayout, width: number, height: number): View {
  const fit = fitView(layout, width, height);
  if (fit.scale >= 0.6) return fit;
  const top = layout.nodes[0];
  const scale = 0.75;
  return { scale, x: width / 2 - (top?.x ?? 0) * scale, y: 0 };
}

/** Zoom by `factor` keeping the viewport point (px, py) where it is. */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const scale = clampScale(view.scale * factor);
  const k = scale / view.scale;
  return { scale, x: px - (px - view.x) * k, y: py - (py - view.y) * k };
}

/** A node brought into view if it is not, moving the view no further than that (so the rest stays put). */
export function reveal(view: View, node: LayoutNode, width: number, height: number, margin = 16): View {
  const shift = (from: number, to: number, size: number) => (from < margin ? margin - from : to > size - margin ? Math.max(margin - from, size - margin - to) : 0);
  const left = (node.x - NODE_WIDTH / 2) * view.scale + view.x;
  const top = node.y * view.scale + view.y;
  const dx = shift(left, left + NODE_WIDTH * view.scale, width);
  const dy = shift(top, top + NODE_HEIGHT * view.scale, height);
  return dx === 0 && dy === 0 ? view : { ...view, x: view.x + dx, y: view.y + dy };
}

/** The layout's rectangle the viewport shows, with a node's margin so nodes enter before they are seen. */
export function viewRect(view: View, width: number, height: number) {
  return { x: -view.x / view.scale - NODE_WIDTH, y: -view.y / view.scale - NODE_HEIGHT, width: width / view.scale + 2 * NODE_WIDTH, height: height / view.scale + 2 * NODE_HEIGHT };
}

/** The nodes to draw and the gates whose input lines cross the rectangle. */
export function inView(layout: TreeLayout, rect: { x: number; y: number; width: number; height: number }): { nodes: LayoutNode[]; parents: LayoutNode[] } {
  const nodes: LayoutNode[] = [];
  const parents: LayoutNode[] = [];
  const right = rect.x + rect.width;
  const bottom = rect.y + rect.height;
  for (const n of layout.nodes) {
    const within = n.y <= bottom && n.y + NODE_HEIGHT >= rect.y;
    if (within && n.x + NODE_WIDTH / 2 >= rect.x && n.x - NODE_WIDTH / 2 <= right) nodes.push(n);
    if (n.children.length === 0 || n.y > bottom || n.y + LEVEL_HEIGHT < rect.y) continue;
    const first = layout.byKey.get(n.children[0]!)!.x;
    const last = layout.byKey.get(n.children[n.children.length - 1]!)!.x;
    if (Math.max(n.x, last) >= rect.x && Math.min(n.x, first) <= right) parents.push(n);
  }
  return { nodes, parents };
}
