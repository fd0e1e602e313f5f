import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  fmeaCharacteristic,
  fmeaControl,
  fmeaFailure,
  fmeaFailureLink,
  fmeaFunction,
  fmeaFunctionLink,
  fmeaInterface,
  fmeaNode,
} from '../../db/schema/index.ts';
import { InvalidInputError, NotAllowedError, NotFoundError } from '../../errors.ts';
import { assertFamilyAllowsChild, indexGraph, nextChildSort, planSubtreeCopy, type CopyPlan, type GraphIndex, type ProjectType } from '../../domain/fmea/index.ts';
import { isProjectOwner } from '../../domain/permissions/index.ts';
import { assertCopyBetweenKinds, assertSameProcessLevel, nextProcessNo, nodeDepth, processNoHolder } from '../../domain/pfmea/index.ts';
import type { OperationRecord } from '../shared/audit.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { readRuleFlags } from '../rules/rule-flags.ts';
import { assertOwner, created, editableProject, openableProject, projectAccess, type LoadedProject } from './access.ts';
import { insertChunks } from './bulk.ts';
import { carryCitations } from './catalog-link.ts';
import { loadGraph } from './graph-load.ts';
import type { FmeaServiceMessageKey } from './messages.ts';
import { isPfmea, numberedSteps, projectKind } from './process-structure.ts';
import { findNode, type FmeaNodeRow } from './structure.ts';

const mapped = (map: ReadonlyMap<string, string>, id: string) => map.get(id)!;

/** Where a copied tree goes (docs/domain/fmea-reuse.md). */
export type CopyPlacement =
  /** The source node becomes the last child of `parentId` (paste, borrow, saving a subtree template). */
  | { readonly kind: 'under'; readonly parentId: string }
  /** The source node becomes the root of a project that has no node yet (project copy, basic template, project from a template). */
  | { readonly kind: 'root' }
  /** The source node's functions and children join an existing node (inserting a template, borrowing a whole project). */
  | { readonly kind: 'merge'; readonly nodeId: string };

export interface TreeCopy {
  readonly sourceProjectId: string;
  readonly sourceNodeId: string;
  readonly target: { readonly project: { readonly id: string; readonly projectType: string }; readonly index: GraphIndex };
  readonly placement: CopyPlacement;
  /** Borrowed copies remember their originals (origin_id on nodes, functions, failures); plain copies do not. */
  readonly borrow: boolean;
}

export interface TreeCopyResult {
  /** The copied source node, or the node merged into. */
  readonly rootId: string;
  readonly plan: CopyPlan;
  readonly counts: { nodes: number; functions: number; failures: number; controls: number; links: number };
  readonly logs: OperationRecord[];
}

/**
 * The one copy engine: copies a node with its subtree from one project into
 * another (or the same) inside the caller's transaction: nodes, functions,
 * requirements, characteristics, failures with their ratings and controls,
 * and the links and interfaces inside the subtree, all with new ids. Links to
 * the rest of the tree and optimisation actions stay with the original. The
 * caller has checked who may read the source and write the target; the
 * engine checks what the structure allows (family one item, PFMEA levels,
 * design vs process).
 */
export async function copyTree(tx: Tx, txCtx: TxContext, input: TreeCopy): Promise<TreeCopyResult> {
  const { target, placement, sourceNodeId } = input;
  const project = target.project;
  const sourceIndex = indexGraph(await loadGraph(tx, input.sourceProjectId));
  const targetIndex = input.sourceProjectId === project.id ? sourceIndex : target.index;
  const targetNodeId = placement.kind === 'under' ? placement.parentId : placement.kind === 'merge' ? placement.nodeId : null;
  if (targetNodeId !== null && !targetIndex.node.has(targetNodeId)) throw new NotFoundError('fmea.node_not_found' satisfies FmeaServiceMessageKey, { nodeId: targetNodeId });
  const sourceProject = input.sourceProjectId === project.id ? project : await projectKind(tx, input.sourceProjectId);
  assertCopyBetweenKinds(isPfmea(sourceProject), isPfmea(project));
  const sourceDepth = nodeDepth(sourceIndex, sourceNodeId) ?? 0;
  if (placement.kind === 'under') {
    assertFamilyAllowsChild(targetIndex, project.projectType as ProjectType, placement.parentId);
    if (isPfmea(project)) assertSameProcessLevel(targetIndex, sourceDepth, placement.parentId);
  }
  if (placement.kind === 'merge') {
    // the source's children become the target's: a family item can gain none beside its one, a PFMEA level must match
    const incoming = (sourceIndex.children.get(sourceNodeId) ?? []).length;
    if (incoming > 0) assertFamilyAllowsChild(targetIndex, project.projectType as ProjectType, placement.nodeId, undefined, incoming);
    if (isPfmea(project) && nodeDepth(targetIndex, placement.nodeId) !== sourceDepth) throw new InvalidInputError('pfmea.level_change');
  }
  const planned = planSubtreeCopy(sourceIndex, sourceNodeId, () => crypto.randomUUID(), { wholeTree: placement.kind !== 'under' });
  const plan: CopyPlan =
    placement.kind === 'merge' ? { ...planned, rootCopyId: placement.nodeId, nodes: new Map([...planned.nodes].map(([from, to]) => [from, from === sourceNodeId ? placement.nodeId : to])) } : planned;
  const stamp = created(txCtx);
  const base = { projectId: project.id, ...stamp, version: 1 };
  const origin = (id: string) => (input.borrow ? id : null);
  const of = <T extends { id: string }>(rows: T[], map: ReadonlyMap<string, string>) => rows.filter((r) => map.has(r.id));
  const from = input.sourceProjectId;
  const [nodes, functions, characteristics, failures, controls, interfaces, functionLinks, failureLinks] = await Promise.all([
    tx.select().from(fmeaNode).where(eq(fmeaNode.projectId, from)),
    tx.select().from(fmeaFunction).where(eq(fmeaFunction.projectId, from)),
    tx.select().from(fmeaCharacteristic).where(eq(fmeaCharacteristic.projectId, from)),
    tx.select().from(fmeaFailure).where(eq(fmeaFailure.projectId, from)),
    tx.select().from(fmeaControl).where(eq(fmeaControl.projectId, from)),
    tx.select().from(fmeaInterface).where(eq(fmeaInterface.projectId, from)),
    tx.select().from(fmeaFunctionLink).where(eq(fmeaFunctionLink.projectId, from)),
    tx.select().from(fmeaFailureLink).where(eq(fmeaFailureLink.projectId, from)),
  ]);
  // Pre-order, so every parent is inserted before its children; a merged root is not inserted (it exists).
  const order = new Map([...plan.nodes.keys()].map((id, i) => [id, i]));
  const nodeRows = of(nodes, plan.nodes)
    .filter((n) => !(placement.kind === 'merge' && n.id === sourceNodeId))
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const processNos = isPfmea(project) ? copiedProcessNos(nodeRows, await numberedSteps(tx, project.id)) : new Map<string, string | null>();
  const parentOf = (n: FmeaNodeRow) => (n.id === sourceNodeId ? (placement.kind === 'under' ? placement.parentId : null) : mapped(plan.nodes, n.parentId!));
  const sortOf = (n: FmeaNodeRow) => (n.id !== sourceNodeId ? n.sort : placement.kind === 'under' ? nextChildSort(targetIndex, placement.parentId) : 1);
  // children merged into an existing node come after its own children
  const mergeOffset = placement.kind === 'merge' ? nextChildSort(targetIndex, placement.nodeId) - 1 : 0;
  await insertChunks(
    tx,
    fmeaNode,
    nodeRows.map((n) => ({
      ...n,
      ...base,
      id: mapped(plan.nodes, n.id),
      parentId: parentOf(n),
      sort: n.parentId === sourceNodeId ? n.sort + mergeOffset : sortOf(n),
      originId: origin(n.id),
      ...(processNos.has(n.id) && { processNo: processNos.get(n.id)! }),
    })),
  );
  // copies cite what their originals cite, where that version can still be cited
  const copiedFunctions = of(functions, plan.functions);
  const copiedFailures = of(failures, plan.failures);
  const copiedControls = of(controls, plan.controls);
  const citations = await carryCitations(tx, txCtx, [...copiedFunctions, ...copiedFailures, ...copiedControls].map((r) => r.catalogRecordId));
  const cites = (id: string | null) => (id !== null && citations.kept.has(id) ? id : null);
  await insertChunks(
    tx,
    fmeaFunction,
    copiedFunctions.map((f) => ({ ...f, ...base, id: mapped(plan.functions, f.id), nodeId: mapped(plan.nodes, f.nodeId), catalogRecordId: cites(f.catalogRecordId), originId: origin(f.id) })),
  );
  await insertChunks(tx, fmeaCharacteristic, of(characteristics, plan.characteristics).map((c) => ({ ...c, ...base, id: mapped(plan.characteristics, c.id), functionId: mapped(plan.functions, c.functionId) })));
  await insertChunks(
    tx,
    fmeaFailure,
    copiedFailures.map((f) => ({ ...f, ...base, id: mapped(plan.failures, f.id), functionId: mapped(plan.functions, f.functionId), catalogRecordId: cites(f.catalogRecordId), originId: origin(f.id) })),
  );
  await insertChunks(
    tx,
    fmeaControl,
    copiedControls.map((c) => ({ ...c, ...base, id: mapped(plan.controls, c.id), causeId: mapped(plan.failures, c.causeId), catalogRecordId: cites(c.catalogRecordId) })),
  );
  await insertChunks(
    tx,
    fmeaInterface,
    of(interfaces, plan.interfaces).map((i) => ({ ...i, ...base, id: mapped(plan.interfaces, i.id), firstNodeId: mapped(plan.nodes, i.firstNodeId), secondNodeId: mapped(plan.nodes, i.secondNodeId) })),
  );
  const linkBase = { projectId: project.id, createdBy: stamp.createdBy, createdAt: stamp.createdAt, updatedAt: stamp.updatedAt };
  await insertChunks(
    tx,
    fmeaFunctionLink,
    of(functionLinks, plan.functionLinks).map((l) => ({ ...linkBase, id: mapped(plan.functionLinks, l.id), higherFunctionId: mapped(plan.functions, l.higherFunctionId), lowerFunctionId: mapped(plan.functions, l.lowerFunctionId) })),
  );
  await insertChunks(
    tx,
    fmeaFailureLink,
    of(failureLinks, plan.failureLinks).map((l) => ({ ...linkBase, id: mapped(plan.failureLinks, l.id), higherFailureId: mapped(plan.failures, l.higherFailureId), lowerFailureId: mapped(plan.failures, l.lowerFailureId) })),
  );
  const counts = { nodes: nodeRows.length, functions: plan.functions.size, failures: plan.failures.size, controls: plan.controls.size, links: plan.failureLinks.size + plan.functionLinks.size };
  return { rootId: plan.rootCopyId, plan, counts, logs: citations.logs };
}

/**
 * With the basic rule treeCopyHeadOnly on, only the team's head (role 0) or an
 * administrator copies or borrows structure-tree nodes into a project (spec 000
 * §6 basic rules; off by default: every member who may edit).
 */
export async function assertHeadRule(db: DbOrTx, operation: 'treeCopy' | 'treeDelete', loaded: LoadedProject): Promise<void> {
  if (loaded.actor.isAdmin || !(await readRuleFlags(db)).headOnly[operation]) return;
  if (!isProjectOwner(projectAccess(loaded.project, loaded.members), loaded.actor.userId)) {
    throw new NotAllowedError((operation === 'treeCopy' ? 'fmea.tree_copy_head_only' : 'fmea.tree_delete_head_only') satisfies FmeaServiceMessageKey);
  }
}

/**
 * Copies a subtree (copy/paste in the structure editor) under another node,
 * possibly in another project the actor may edit; the copy is independent of
 * its original. Subject to treeCopyHeadOnly.
 */
export async function copySubtree(ctx: ServiceContext, sourceNodeId: string, input: { targetParentId: string }): Promise<FmeaNodeRow> {
  return pasteSubtree(ctx, sourceNodeId, input, false);
}

/**
 * Borrows a node with its subtree, or a whole project (its root: the root's
 * functions and children join the target node), from a project the actor
 * can read into one they may edit; the borrowed items remember their
 * originals (origin_id), so deleting those asks "used by N nodes". Borrowing
 * a whole project is the owner's (role 0) or an administrator's ("only the
 * owner may copy, borrow or delete"); a subtree follows treeCopyHeadOnly.
 */
export async function borrowSubtree(ctx: ServiceContext, sourceNodeId: string, input: { targetParentId: string }): Promise<FmeaNodeRow> {
  return pasteSubtree(ctx, sourceNodeId, input, true);
}

async function pasteSubtree(ctx: ServiceContext, sourceNodeId: string, input: { targetParentId: string }, borrow: boolean): Promise<FmeaNodeRow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const source = await findNode(tx, sourceNodeId);
    await openableProject(tx, ctx.actor, source.projectId, ctx.now());
    const target = await findNode(tx, input.targetParentId);
    const loaded = await editableProject(tx, ctx.actor, target.projectId, ctx.now(), 'add');
    const wholeProject = borrow && source.parentId === null;
    if (wholeProject) assertWholeProjectOwner(loaded);
    else await assertHeadRule(tx, 'treeCopy', loaded);
    const targetIndex = indexGraph(await loadGraph(tx, target.projectId));
    const placement: CopyPlacement = wholeProject ? { kind: 'merge', nodeId: target.id } : { kind: 'under', parentId: target.id };
    const copy = await copyTree(tx, txCtx, { sourceProjectId: source.projectId, sourceNodeId: source.id, target: { project: loaded.project, index: targetIndex }, placement, borrow });
    const row = await findNode(tx, copy.rootId);
    return {
      result: row,
      log: [
        { action: 'fmea.node.copy', entity: 'fmea_node', entityId: row.id, before: { sourceNodeId: source.id, sourceProjectId: source.projectId, borrow }, after: { ...row, counts: copy.counts } },
        ...copy.logs,
      ],
    };
  });
}

/** Only the team's head (role 0) or an administrator: copying, borrowing or deleting a whole project (spec 000 §6). */
export function assertWholeProjectOwner(loaded: LoadedProject): void {
  assertOwner(loaded, 'copy');
}

/**
 * Process numbers of copied steps: a number the target project does not use
 * yet is kept (a copy into another PFMEA); one in use (always, within the same
 * project) is replaced by the next generated number, so numbers stay unique.
 */
function copiedProcessNos(rows: readonly { id: string; processNo: string | null }[], inUse: readonly { id: string; processNo: string | null }[]): Map<string, string | null> {
  const taken = [...inUse];
  const out = new Map<string, string | null>();
  for (const row of rows) {
    if (row.processNo === null) continue;
    const processNo = processNoHolder(taken, row.processNo) ? nextProcessNo(taken.map((s) => s.processNo)) : row.processNo;
    out.set(row.id, processNo);
    taken.push({ id: `copy:${row.id}`, processNo });
  }
  return out;
}
