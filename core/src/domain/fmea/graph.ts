import type { FailureKind } from './vocabulary.ts';

/**
 * One FMEA project as plain data: the shape every pure rule of the engine
 * reads. Only ids, owners and order are here; texts and ratings stay in the
 * services' rows, so a 20,000-chain project loads and checks quickly.
 */
export interface GraphNode {
  readonly id: string;
  readonly parentId: string | null;
  readonly nodeType: number;
  readonly sort: number;
}

export interface GraphFunction {
  readonly id: string;
  readonly nodeId: string;
  readonly sort: number;
}

/** Function net: the lower function contributes to the higher one. */
export interface GraphFunctionLink {
  readonly id: string;
  readonly higherId: string;
  readonly lowerId: string;
}

export interface GraphCharacteristic {
  readonly id: string;
  readonly functionId: string;
}

export interface GraphInterface {
  readonly id: string;
  readonly firstNodeId: string;
  readonly secondNodeId: string;
}

export interface GraphFailure {
  readonly id: string;
  readonly functionId: string;
  readonly kind: FailureKind;
  readonly sort: number;
}

/** Failure net: FE → FM (higher is the effect) or FM → FC (higher is the mode). */
export interface GraphFailureLink {
  readonly id: string;
  readonly higherId: string;
  readonly lowerId: string;
}

/** Current controls and optimisation actions both hang on a cause. */
export interface GraphCauseItem {
  readonly id: string;
  readonly causeId: string;
}

export interface FmeaGraph {
  readonly nodes: readonly GraphNode[];
  readonly functions: readonly GraphFunction[];
  readonly functionLinks: readonly GraphFunctionLink[];
  readonly characteristics: readonly GraphCharacteristic[];
  readonly interfaces: readonly GraphInterface[];
  readonly failures: readonly GraphFailure[];
  readonly failureLinks: readonly GraphFailureLink[];
  readonly controls: readonly GraphCauseItem[];
  readonly actions: readonly GraphCauseItem[];
}

export const emptyGraph = (): FmeaGraph => ({
  nodes: [],
  functions: [],
  functionLinks: [],
  characteristics: [],
  interfaces: [],
  failures: [],
  failureLinks: [],
  controls: [],
  actions: [],
});

const byId = <T extends { readonly id: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));

function groupBy<T>(rows: readonly T[], key: (row: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/** Sibling order: sort, then id, so the order is total and stable. */
export const bySortThenId = (a: { sort: number; id: string }, b: { sort: number; id: string }) =>
  a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Lookups built once per graph; every rule that walks the graph uses them. */
export interface GraphIndex {
  readonly graph: FmeaGraph;
  readonly node: Map<string, GraphNode>;
  readonly fn: Map<string, GraphFunction>;
  readonly failure: Map<string, GraphFailure>;
  readonly children: Map<string, GraphNode[]>;
  readonly functionsOf: Map<string, GraphFunction[]>;
  readonly failuresOf: Map<string, GraphFailure[]>;
  /** Failure links by their higher / lower end. */
  readonly linksDown: Map<string, GraphFailureLink[]>;
  readonly linksUp: Map<string, GraphFailureLink[]>;
  /** "higherFunctionId>lowerFunctionId" for every function-net link. */
  readonly functionNet: Set<string>;
}

export function indexGraph(graph: FmeaGraph): GraphIndex {
  const children = groupBy(graph.nodes, (n) => n.parentId);
  for (const list of children.values()) list.sort(bySortThenId);
  const functionsOf = groupBy(graph.functions, (f) => f.nodeId);
  for (const list of functionsOf.values()) list.sort(bySortThenId);
  const failuresOf = groupBy(graph.failures, (f) => f.functionId);
  for (const list of failuresOf.values()) list.sort(bySortThenId);
  return {
    graph,
    node: byId(graph.nodes),
    fn: byId(graph.functions),
    failure: byId(graph.failures),
    children,
    functionsOf,
    failuresOf,
    linksDown: groupBy(graph.failureLinks, (l) => l.higherId),
    linksUp: groupBy(graph.failureLinks, (l) => l.lowerId),
    functionNet: new Set(graph.functionLinks.map((l) => `${l.higherId}>${l.lowerId}`)),
  };
}

/** The root(s): nodes without a parent. A healthy tree has exactly one. */
export const rootsOf = (index: GraphIndex): GraphNode[] =>
  index.graph.nodes.filter((n) => n.parentId === null).sort(bySortThenId);

/** The node and everything below it, in pre-order. */
export function subtreeOf(index: GraphIndex, nodeId: string): GraphNode[] {
  const start = index.node.get(nodeId);
  if (!start) return [];
  const out: GraphNode[] = [];
  const stack: GraphNode[] = [start];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    const kids = index.children.get(node.id) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return out;
}

/** Every node of the tree in pre-order (AIAG-VDA form order of structure elements). */
export function treeOrder(index: GraphIndex): GraphNode[] {
  return rootsOf(index).flatMap((root) => subtreeOf(index, root.id));
}

/** Structure node a failure sits on (through its function). */
export function nodeOfFailure(index: GraphIndex, failureId: string): GraphNode | undefined {
  const failure = index.failure.get(failureId);
  const fn = failure && index.fn.get(failure.functionId);
  return fn && index.node.get(fn.nodeId);
}
