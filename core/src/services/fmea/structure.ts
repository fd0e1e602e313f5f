import { assertUsablePicture } from '../files/access.ts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaFailureLink, fmeaFunctionLink, fmeaNode, fmeaProject } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import {
  assertChildNodeType,
  assertFamilyAllowsChild,
  assertNodeDeletable,
  assertNodeMovable,
  brokenLinkCount,
  linksBrokenBy,
  deletionImpact,
  emptyGraph,
  indexGraph,
  nextChildSort,
  nodeIssues,
  sortIssues,
  NODE_TYPES,
  type DeletionImpact,
} from '../../domain/fmea/index.ts';
import { assertSameProcessLevel, nodeDepth } from '../../domain/pfmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertVersion, created, assertProjectEditable, editableProject, nextVersion, openableProject, updatedOrStale } from './access.ts';
import { deleteRemovedSet, loadGraph, removedCounts } from './graph-load.ts';
import type { FmeaServiceMessageKey } from './messages.ts';
import { assertHeadRule } from './structure-copy.ts';
import { changedNodeFields, isPfmea, newNodeFields, projectKind, type ProcessNodeFields } from './process-structure.ts';
import { live } from '../../db/live.ts';

export type FmeaNodeRow = typeof fmeaNode.$inferSelect;

export async function findNode(db: DbOrTx, nodeId: string): Promise<FmeaNodeRow> {
  const row = await db.select().from(fmeaNode).where(eq(fmeaNode.id, nodeId)).get();
  if (!row) throw new NotFoundError('fmea.node_not_found' satisfies FmeaServiceMessageKey, { nodeId });
  return row;
}

export interface NodeInput extends ProcessNodeFields {
  parentId: string;
  name: string;
  /** 9 (element) unless given; 12 and 8… for generated fixed nodes. */
  nodeType?: number;
  imageName?: string | null;
}

/** Adds a structure node as the last child of its parent. */
export async function addNode(ctx: ServiceContext, input: NodeInput): Promise<FmeaNodeRow> {
  const nodeType = assertChildNodeType(input.nodeType ?? NODE_TYPES.element).code;
  assertNoIssues(nodeIssues(input));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const parent = await findNode(tx, input.parentId);
    const { project } = await editableProject(tx, ctx.actor, parent.projectId, ctx.now(), 'add');
    const siblings = await tx.select({ id: fmeaNode.id, parentId: fmeaNode.parentId, nodeType: fmeaNode.nodeType, sort: fmeaNode.sort }).from(fmeaNode).where(eq(fmeaNode.parentId, parent.id));
    const index = indexGraph({ ...emptyGraph(), nodes: [parent, ...siblings] });
    assertFamilyAllowsChild(index, project.projectType, parent.id);
    const process = await newNodeFields(tx, project, parent.id, input);
    if (input.imageName) await assertUsablePicture(txCtx, input.imageName);
    const [row] = await tx
      .insert(fmeaNode)
      .values({ projectId: project.id, parentId: parent.id, nodeType, name: input.name.trim(), imageName: input.imageName ?? null, ...process, sort: nextChildSort(index, parent.id), ...created(txCtx) })
      .returning();
    return { result: row!, log: { action: 'fmea.node.create', entity: 'fmea_node', entityId: row!.id, after: row } };
  });
}

/**
 * Renames a node (or changes its image); any node, the root included. In a
 * PFMEA also a step's process number or a work element's 4M type.
 */
export async function updateNode(ctx: ServiceContext, nodeId: string, input: { version: number; name?: string; imageName?: string | null } & ProcessNodeFields): Promise<FmeaNodeRow> {
  assertNoIssues(nodeIssues(input, { partial: true }));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findNode(tx, nodeId);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'edit');
    assertVersion(before, input.version, 'fmea_node');
    const process = await changedNodeFields(tx, await projectKind(tx, before.projectId), nodeId, input);
    if (input.imageName && input.imageName !== before.imageName) await assertUsablePicture(txCtx, input.imageName);
    const rows = await tx
      .update(fmeaNode)
      .set({ ...(input.name !== undefined && { name: input.name.trim() }), ...(input.imageName !== undefined && { imageName: input.imageName }), ...process, ...nextVersion(txCtx) })
      .where(and(eq(fmeaNode.id, nodeId), eq(fmeaNode.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'fmea_node');
    return { result: after, log: { action: 'fmea.node.update', entity: 'fmea_node', entityId: nodeId, before, after } };
  });
}

export interface MoveInput {
  version: number;
  parentId: string;
  /** Position among the new siblings; last when left out. */
  sort?: number;
  /** Also remove the links the move breaks (the chain rule no longer holds for them). */
  confirm?: boolean;
}

/**
 * Moves a node under another parent. Links whose ends no longer sit on
 * adjacent levels are counted first: without `confirm` the move is refused
 * with the count (ConflictError 'fmea.links_broken'), with it they are removed.
 */
export async function moveNode(ctx: ServiceContext, nodeId: string, input: MoveInput): Promise<FmeaNodeRow> {
  assertNoIssues(sortIssues(input.sort));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findNode(tx, nodeId);
    const { project } = await editableProject(tx, ctx.actor, before.projectId, ctx.now(), 'edit');
    const graph = await loadGraph(tx, project.id);
    const index = indexGraph(graph);
    if (!index.node.has(input.parentId)) throw new NotFoundError('fmea.node_not_found' satisfies FmeaServiceMessageKey, { nodeId: input.parentId });
    assertNodeMovable(index, nodeId, input.parentId);
    assertFamilyAllowsChild(index, project.projectType, input.parentId, nodeId);
    if (isPfmea(project)) assertSameProcessLevel(index, nodeDepth(index, nodeId)!, input.parentId);
    assertVersion(before, input.version, 'fmea_node');
    const sort = input.sort ?? nextChildSort(index, input.parentId);
    const broken = linksBrokenBy(graph, { ...graph, nodes: graph.nodes.map((n) => (n.id === nodeId ? { ...n, parentId: input.parentId } : n)) });
    if (brokenLinkCount(broken) > 0) {
      if (!input.confirm) throw new ConflictError('fmea.links_broken' satisfies FmeaServiceMessageKey, { count: brokenLinkCount(broken) });
      if (broken.failureLinks.length) await tx.delete(fmeaFailureLink).where(inArray(fmeaFailureLink.id, [...broken.failureLinks]));
      if (broken.functionLinks.length) await tx.delete(fmeaFunctionLink).where(inArray(fmeaFunctionLink.id, [...broken.functionLinks]));
    }
    const rows = await tx
      .update(fmeaNode)
      .set({ parentId: input.parentId, sort, ...nextVersion(txCtx) })
      .where(and(eq(fmeaNode.id, nodeId), eq(fmeaNode.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'fmea_node');
    return { result: after, log: { action: 'fmea.node.move', entity: 'fmea_node', entityId: nodeId, before, after: { ...after, removedLinks: broken } } };
  });
}

/** What deleting a node would take with it and which nodes use it (the confirmation prompt's data). */
export async function nodeDeletionImpact(ctx: ServiceContext, nodeId: string): Promise<DeletionImpact> {
  const node = await findNode(ctx.db, nodeId);
  await openableProject(ctx.db, ctx.actor, node.projectId, ctx.now());
  return withBorrowers(ctx.db, deletionImpact(indexGraph(await loadGraph(ctx.db, node.projectId)), { kind: 'node', id: nodeId }));
}

/**
 * Nodes of other live projects borrowed from the removed ones (origin_id:
 * borrowed subtrees, inserted templates, family variants) use them too: they
 * join `usedByNodes` and the count (docs/domain/fmea-reuse.md).
 */
export async function withBorrowers(db: DbOrTx, impact: DeletionImpact): Promise<DeletionImpact> {
  const ids = impact.removed.nodes;
  const borrowers: string[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ id: fmeaNode.id })
      .from(fmeaNode)
      .innerJoin(fmeaProject, eq(fmeaProject.id, fmeaNode.projectId))
      .where(and(inArray(fmeaNode.originId, ids.slice(i, i + 500)), live(fmeaProject)));
    borrowers.push(...rows.map((r) => r.id));
  }
  if (borrowers.length === 0) return impact;
  const usedByNodes = [...new Set([...impact.usedByNodes, ...borrowers])].sort();
  return { ...impact, usedByNodes, count: usedByNodes.length };
}

/**
 * Deletes one node with its subtree and everything on it. Several ids are
 * refused (multi-select delete is not supported), as are the root and fixed
 * nodes; with treeDeleteHeadOnly on, only the team's head or an administrator.
 * When other nodes use the subtree (here, or borrowed into other projects) the delete needs `confirm: true`;
 * otherwise it fails with ConflictError('fmea.node_in_use', { count }).
 */
export async function deleteNode(
  ctx: ServiceContext,
  nodeIds: string | readonly string[],
  input: { version: number; confirm?: boolean },
): Promise<DeletionImpact> {
  const ids = typeof nodeIds === 'string' ? [nodeIds] : [...nodeIds];
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findNode(tx, ids[0] ?? '');
    const loaded = await editableProject(tx, ctx.actor, before.projectId, ctx.now(), 'del');
    await assertHeadRule(tx, 'treeDelete', loaded);
    const index = indexGraph(await loadGraph(tx, loaded.project.id));
    assertNodeDeletable(index, ids);
    assertVersion(before, input.version, 'fmea_node');
    const impact = await withBorrowers(tx, deletionImpact(index, { kind: 'node', id: before.id }));
    if (impact.count > 0 && !input.confirm) throw new ConflictError('fmea.node_in_use' satisfies FmeaServiceMessageKey, { count: impact.count });
    const released = await deleteRemovedSet(tx, txCtx, impact.removed);
    return {
      result: impact,
      log: [
        { action: 'fmea.node.delete', entity: 'fmea_node', entityId: before.id, before: { ...before, removed: removedCounts(impact.removed), usedByNodes: impact.usedByNodes } },
        ...released,
      ],
    };
  });
}

