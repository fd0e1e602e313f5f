import { InvalidInputError, type Issue } from '../../errors.ts';
import { bySortThenId, rootsOf, subtreeOf, type GraphIndex, type GraphNode } from './graph.ts';
import type { FmeaMessageKey } from './messages.ts';
import { nodeTypeProfile } from './node-types.ts';
import type { ProjectType } from './vocabulary.ts';
import { kindOf } from './kinds.ts';

const refuse = (key: FmeaMessageKey, params?: Record<string, string | number>) => new InvalidInputError(key, params);

function existing(index: GraphIndex, nodeId: string): GraphNode {
  const node = index.node.get(nodeId);
  if (!node) throw refuse('fmea.node_unknown', { nodeId });
  return node;
}

const isFixed = (node: GraphNode) => nodeTypeProfile(node.nodeType)?.editable === false;

/**
 * Structure delete (spec 001 §5): one node at a time ("multi-select delete
 * not supported"), never the root, never a fixed node (type 12 or 8…), and
 * never a subtree that holds one.
 */
export function assertNodeDeletable(index: GraphIndex, nodeIds: readonly string[]): GraphNode {
  if (nodeIds.length !== 1) throw refuse('fmea.multi_delete_unsupported', { count: nodeIds.length });
  const node = existing(index, nodeIds[0]!);
  if (node.parentId === null) throw refuse('fmea.root_not_deletable');
  if (isFixed(node)) throw refuse('fmea.node_fixed', { nodeType: node.nodeType });
  const fixedBelow = subtreeOf(index, node.id).filter((n) => n.id !== node.id && isFixed(n)).length;
  if (fixedBelow > 0) throw refuse('fmea.subtree_has_fixed', { count: fixedBelow });
  return node;
}

/** Move: not the root or a fixed node, and not below itself. */
export function assertNodeMovable(index: GraphIndex, nodeId: string, newParentId: string): GraphNode {
  const node = existing(index, nodeId);
  existing(index, newParentId);
  if (node.parentId === null || isFixed(node)) throw refuse('fmea.node_fixed', { nodeType: node.nodeType });
  if (subtreeOf(index, node.id).some((n) => n.id === newParentId)) throw refuse('fmea.move_into_own_subtree');
  return node;
}

/** Copy: anything but the root (a tree holds one product). */
export function assertNodeCopyable(index: GraphIndex, nodeId: string): GraphNode {
  const node = existing(index, nodeId);
  if (node.parentId === null) throw refuse('fmea.root_not_copyable');
  return node;
}

/**
 * Family FMEA "must hold exactly one item" (spec 001 §5): read as one
 * structure element directly under the product. Adding, moving or copying a
 * second one under the root is refused (`incoming`: how many children arrive at
 * once, as when a template merges into the root); `familyItemIssues` reports a family
 * project that holds none (for completeness checks before release).
 */
export function assertFamilyAllowsChild(index: GraphIndex, projectType: ProjectType, parentId: string, movingNodeId?: string, incoming = 1): void {
  if (!kindOf(projectType).singleItem) return;
  const parent = existing(index, parentId);
  if (parent.parentId !== null) return;
  const items = (index.children.get(parent.id) ?? []).filter((n) => n.id !== movingNodeId);
  if (items.length + incoming > 1) throw refuse('fmea.family_one_item', { count: items.length + incoming });
}

export function familyItemIssues(index: GraphIndex, projectType: ProjectType): Issue[] {
  if (!kindOf(projectType).singleItem) return [];
  const root = rootsOf(index)[0];
  const count = root ? (index.children.get(root.id) ?? []).length : 0;
  return count === 1 ? [] : [{ messageKey: 'fmea.family_one_item' satisfies FmeaMessageKey, params: { count }, field: 'structure' }];
}

/** Sort value that puts a new child last under its parent. */
export function nextChildSort(index: GraphIndex, parentId: string): number {
  const kids = index.children.get(parentId) ?? [];
  return kids.reduce((max, n) => Math.max(max, n.sort), 0) + 1;
}

/** Old id → new id for every row a subtree copy creates. */
export interface CopyPlan {
  readonly rootCopyId: string;
  readonly nodes: ReadonlyMap<string, string>;
  readonly functions: ReadonlyMap<string, string>;
  readonly characteristics: ReadonlyMap<string, string>;
  readonly failures: ReadonlyMap<string, string>;
  readonly controls: ReadonlyMap<string, string>;
  readonly interfaces: ReadonlyMap<string, string>;
  readonly functionLinks: ReadonlyMap<string, string>;
  readonly failureLinks: ReadonlyMap<string, string>;
}

/**
 * What copying a subtree creates (new ids from `newId`): its nodes, functions,
 * characteristics, failures with their ratings and controls, and every link
 * and interface whose two ends are both inside the subtree. Links to the rest
 * of the tree and optimisation actions are not copied (see the engine doc).
 * `wholeTree` lets the root be the source (docs/domain/fmea-reuse.md).
 */
export function planSubtreeCopy(index: GraphIndex, sourceId: string, newId: () => string, { wholeTree = false }: { wholeTree?: boolean } = {}): CopyPlan {
  // A whole tree (a project copy, a template) starts at the root; a paste never does.
  if (wholeTree) existing(index, sourceId);
  else assertNodeCopyable(index, sourceId);
  const g = index.graph;
  const remap = <T extends { id: string }>(rows: readonly T[], keep: (row: T) => boolean) =>
    new Map(rows.filter(keep).map((r) => [r.id, newId()] as const));
  const nodes = new Map(subtreeOf(index, sourceId).map((n) => [n.id, newId()] as const));
  const functions = remap(g.functions, (f) => nodes.has(f.nodeId));
  const failures = remap([...g.failures].sort(bySortThenId), (f) => functions.has(f.functionId));
  return {
    rootCopyId: nodes.get(sourceId)!,
    nodes,
    functions,
    characteristics: remap(g.characteristics, (c) => functions.has(c.functionId)),
    failures,
    controls: remap(g.controls, (c) => failures.has(c.causeId)),
    interfaces: remap(g.interfaces, (i) => nodes.has(i.firstNodeId) && nodes.has(i.secondNodeId)),
    functionLinks: remap(g.functionLinks, (l) => functions.has(l.higherId) && functions.has(l.lowerId)),
    failureLinks: remap(g.failureLinks, (l) => failures.has(l.higherId) && failures.has(l.lowerId)),
  };
}
