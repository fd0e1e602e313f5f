import type { FtaDocument } from '@fmea/core/domain';

/**
 * The fault-tree diagram's layout (issue 23): top-down, the top gate above its inputs, each subtree as
 * narrow as its contours allow (a tidy tree after Reingold & Tilford: each child subtree is pushed right
 * just far enough that, level by level, it clears the siblings placed before it; the parent is centred
 * over its first and last child). Pure: the editor memoises it on the document and the collapsed set.
 *
 * A fault tree is a graph (an event or gate may feed several gates), a tree layout draws a tree: each gate
 * is expanded once, where a depth-first walk from the top meets it first; every other use of it, and every
 * use of a basic, house or transfer event, is a leaf under that parent (`repeated` marks the events and
 * gates drawn more than once). A gate in `collapsed` shows no inputs (`hidden` counts the events below it).
 * A cycle is cut the same way (the gate met again is a leaf), so a broken document still draws.
 */
export type NodeKind = 'gate' | 'basic' | 'house' | 'transfer' | 'missing';

export interface LayoutNode {
  /** Unique and stable per place: the top gate's name, else `<parent gate>/<input index>`. */
  key: string;
  /** The gate or event drawn here. */
  name: string;
  kind: NodeKind;
  /** The key of the node it is drawn under. */
  parent: string | null;
  /** The gate it is an input of here. */
  parentGate: string | null;
  /** The input's place in its parent gate's inputs. */
  index: number;
  depth: number;
  /** Centre of the node (px). */
  x: number;
  /** Top of the node (px). */
  y: number;
  /** Drawn at another place too. */
  repeated: boolean;
  /** How many gates use it. */
  uses: number;
  /** A gate drawn here without its inputs: repeated (expanded elsewhere) or collapsed. */
  leafGate: boolean;
  collapsed: boolean;
  /** Basic events below a collapsed gate, not drawn. */
  hidden: number;
  /** Keys of the nodes drawn under it. */
  children: string[];
}

export interface TreeLayout {
  nodes: LayoutNode[];
  byKey: ReadonlyMap<string, LayoutNode>;
  width: number;
  height: number;
}

export interface LayoutOptions {
  collapsed?: ReadonlySet<string>;
  nodeWidth?: number;
  nodeHeight?: number;
  /** Between neighbouring subtrees. */
  gap?: number;
  /** Vertical distance from one level's top to the next's. */
  levelHeight?: number;
  margin?: number;
}

export const NODE_WIDTH = 132;
export const NODE_HEIGHT = 112;
export const LEVEL_HEIGHT = 150;
export const GAP = 16;

interface Draft {
  node: LayoutNode;
  kids: Draft[];
  /** x of each child relative to this node. */
  offsets: number[];
  /** Per level below and including this node: its leftmost and rightmost edge, relative to its centre. */
  left: number[];
  right: number[];
}

export function layoutTree(doc: FtaDocument, options: LayoutOptions = {}): TreeLayout {
  const collapsed = options.collapsed ?? new Set<string>();
  const width = options.nodeWidth ?? NODE_WIDTH;
  const height = options.nodeHeight ?? NODE_HEIGHT;
  const gap = options.gap ?? GAP;
  const level = options.levelHeight ?? LEVEL_HEIGHT;
  const margin = options.margin ?? 24;
  const gates = new Map(doc.gates.map((g) => [g.name, g]));
  const kinds = new Map<string, NodeKind>();
  for (const e of doc.basicEvents) kinds.set(e.name, 'basic');
  for (const e of doc.houseEvents) kinds.set(e.name, 'house');
  for (const e of doc.transfers) kinds.set(e.name, 'transfer');
  for (const g of doc.gates) kinds.set(g.name, 'gate');

  const uses = new Map<string, number>();
  for (const g of doc.gates) for (const input of g.inputs) uses.set(input, (uses.get(input) ?? 0) + 1);
  const expanded = new Set<string>();
  const eventsBelow = new Map<string, number>();
  const countEvents = (name: string, trail: Set<string>): number => {
    const gate = gates.get(name);
    if (!gate) return kinds.get(name) === 'basic' ? 1 : 0;
    const known = eventsBelow.get(name);
    if (known !== undefined) return known;
    if (trail.has(name)) return 0;
    trail.add(name);
    let n = 0;
    for (const input of gate.inputs) n += countEvents(input, trail);
    trail.delete(name);
    eventsBelow.set(name, n);
    return n;
  };

  const build = (name: string, key: string, parent: string | null, index: number, depth: number): Draft => {
    const kind = kinds.get(name) ?? 'missing';
    const gate = gates.get(name);
    const expand = gate !== undefined && !expanded.has(name) && !collapsed.has(name);
    const isCollapsed = gate !== undefined && !expanded.has(name) && collapsed.has(name);
    if (gate) expanded.add(name);
    const node: LayoutNode = {
      key,
      name,
      kind,
      parent,
      parentGate: parent === null ? null : key.slice(0, key.lastIndexOf('/')),
      index,
      depth,
      x: 0,
      y: 0,
      repeated: (uses.get(name) ?? 0) > 1,
      uses: uses.get(name) ?? 0,
      leafGate: gate !== undefined && !expand,
      collapsed: isCollapsed,
      hidden: isCollapsed ? countEvents(name, new Set()) : 0,
      children: [],
    };
    const kids = expand ? gate.inputs.map((input, i) => build(input, `${name}/${i}`, key, i, depth + 1)) : [];
    node.children = kids.map((k) => k.node.key);
    return place(node, kids, width, gap);
  };

  if (!gates.has(doc.top) && !kinds.has(doc.top)) return { nodes: [], byKey: new Map(), width: 0, height: 0 };
  const root = build(doc.top, doc.top, null, 0, 0);
  const left = Math.min(...root.left);
  const nodes: LayoutNode[] = [];
  // absolute positions, iteratively (a deep chain must not exhaust the stack twice)
  const stack: [Draft, number][] = [[root, margin - left]];
  let maxDepth = 0;
  while (stack.length) {
    const [draft, x] = stack.pop()!;
    draft.node.x = x;
    draft.node.y = margin + draft.node.depth * level;
    maxDepth = Math.max(maxDepth, draft.node.depth);
    nodes.push(draft.node);
    for (let i = draft.kids.length - 1; i >= 0; i--) stack.push([draft.kids[i]!, x + draft.offsets[i]!]);
  }
  const right = Math.max(...root.right);
  return {
    nodes,
    byKey: new Map(nodes.map((n) => [n.key, n])),
    width: right - left + 2 * margin,
    height: maxDepth * level + height + 2 * margin,
  };
}

/** Places the children's subtrees side by side as close as their contours allow, and centres the node over them. */
function place(node: LayoutNode, kids: Draft[], width: number, gap: number): Draft {
  const half = width / 2;
  if (kids.length === 0) return { node, kids, offsets: [], left: [-half], right: [half] };
  const offsets: number[] = [0];
  const left = [...kids[0]!.left];
  const right = [...kids[0]!.right];
  for (let i = 1; i < kids.length; i++) {
    const kid = kids[i]!;
    let shift = -Infinity;
    const shared = Math.min(right.length, kid.left.length);
    for (let d = 0; d < shared; d++) shift = Math.max(shift, right[d]! - kid.left[d]! + gap);
    offsets.push(shift);
    for (let d = 0; d < kid.right.length; d++) {
      right[d] = kid.right[d]! + shift;
      if (d >= left.length) left[d] = kid.left[d]! + shift;
    }
  }
  const mid = (offsets[0]! + offsets[offsets.length - 1]!) / 2;
  return {
    node,
    kids,
    offsets: offsets.map((o) => o - mid),
    left: [-half, ...left.map((v) => v - mid)],
    right: [half, ...right.map((v) => v - mid)],
  };
}

/** The nodes whose box meets the rectangle (the viewport, in layout coordinates): what the editor draws. */
export function visibleNodes(layout: TreeLayout, view: { x: number; y: number; width: number; height: number }, nodeWidth = NODE_WIDTH, nodeHeight = NODE_HEIGHT): LayoutNode[] {
  const half = nodeWidth / 2;
  return layout.nodes.filter((n) => n.x + half >= view.x && n.x - half <= view.x + view.width && n.y + nodeHeight >= view.y && n.y <= view.y + view.height);
}
