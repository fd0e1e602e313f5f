import { eq } from 'drizzle-orm';
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
import { NotFoundError } from '../../errors.ts';
import { assertFamilyAllowsChild, indexGraph, nextChildSort, planSubtreeCopy } from '../../domain/fmea/index.ts';
import { assertCopyBetweenKinds, assertSameProcessLevel, nextProcessNo, nodeDepth, processNoHolder } from '../../domain/pfmea/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { created, editableProject, openableProject } from './access.ts';
import { insertChunks } from './bulk.ts';
import { carryCitations } from './catalog-link.ts';
import { loadGraph } from './graph-load.ts';
import type { FmeaServiceMessageKey } from './messages.ts';
import { isPfmea, numberedSteps, projectKind } from './process-structure.ts';
import { findNode, type FmeaNodeRow } from './structure.ts';

const mapped = (map: ReadonlyMap<string, string>, id: string) => map.get(id)!;

/**
 * Copies a subtree (copy/paste in the structure editor) under another node,
 * possibly in another project the actor may edit: nodes, functions,
 * requirements, characteristics, failures with their ratings and controls,
 * and the links and interfaces inside the subtree, all with new ids. Links to
 * the rest of the tree and optimisation actions stay with the original.
 */
export async function copySubtree(ctx: ServiceContext, sourceNodeId: string, input: { targetParentId: string }): Promise<FmeaNodeRow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const source = await findNode(tx, sourceNodeId);
    await openableProject(tx, ctx.actor, source.projectId, ctx.now());
    const target = await findNode(tx, input.targetParentId);
    const { project } = await editableProject(tx, ctx.actor, target.projectId, ctx.now(), 'add');
    const sourceIndex = indexGraph(await loadGraph(tx, source.projectId));
    const targetIndex = target.projectId === source.projectId ? sourceIndex : indexGraph(await loadGraph(tx, target.projectId));
    if (!targetIndex.node.has(target.id)) throw new NotFoundError('fmea.node_not_found' satisfies FmeaServiceMessageKey, { nodeId: target.id });
    assertFamilyAllowsChild(targetIndex, project.projectType, target.id);
    const sourceProject = target.projectId === source.projectId ? project : await projectKind(tx, source.projectId);
    assertCopyBetweenKinds(isPfmea(sourceProject), isPfmea(project));
    if (isPfmea(project)) assertSameProcessLevel(targetIndex, nodeDepth(sourceIndex, source.id)!, target.id);
    const plan = planSubtreeCopy(sourceIndex, source.id, () => crypto.randomUUID());
    const stamp = created(txCtx);
    const base = { projectId: project.id, ...stamp, version: 1 };
    const of = <T extends { id: string }>(rows: T[], map: ReadonlyMap<string, string>) => rows.filter((r) => map.has(r.id));
    const [nodes, functions, characteristics, failures, controls, interfaces, functionLinks, failureLinks] = await Promise.all([
      tx.select().from(fmeaNode).where(eq(fmeaNode.projectId, source.projectId)),
      tx.select().from(fmeaFunction).where(eq(fmeaFunction.projectId, source.projectId)),
      tx.select().from(fmeaCharacteristic).where(eq(fmeaCharacteristic.projectId, source.projectId)),
      tx.select().from(fmeaFailure).where(eq(fmeaFailure.projectId, source.projectId)),
      tx.select().from(fmeaControl).where(eq(fmeaControl.projectId, source.projectId)),
      tx.select().from(fmeaInterface).where(eq(fmeaInterface.projectId, source.projectId)),
      tx.select().from(fmeaFunctionLink).where(eq(fmeaFunctionLink.projectId, source.projectId)),
      tx.select().from(fmeaFailureLink).where(eq(fmeaFailureLink.projectId, source.projectId)),
    ]);
    // Pre-order, so every parent is inserted before its children.
    const order = new Map([...plan.nodes.keys()].map((id, i) => [id, i]));
    const nodeRows = of(nodes, plan.nodes).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const processNos = isPfmea(project) ? copiedProcessNos(nodeRows, await numberedSteps(tx, project.id)) : new Map<string, string | null>();
    await insertChunks(
      tx,
      fmeaNode,
      nodeRows.map((n) => ({
        ...n,
        ...base,
        id: mapped(plan.nodes, n.id),
        parentId: n.id === source.id ? target.id : mapped(plan.nodes, n.parentId!),
        sort: n.id === source.id ? nextChildSort(targetIndex, target.id) : n.sort,
        ...(processNos.has(n.id) && { processNo: processNos.get(n.id)! }),
      })),
    );
    // copies cite what their originals cite, where that version can still be cited
    const copiedFunctions = of(functions, plan.functions);
    const copiedFailures = of(failures, plan.failures);
    const copiedControls = of(controls, plan.controls);
    const citations = await carryCitations(tx, txCtx, [...copiedFunctions, ...copiedFailures, ...copiedControls].map((r) => r.catalogRecordId));
    const cites = (id: string | null) => (id !== null && citations.kept.has(id) ? id : null);
    await insertChunks(tx, fmeaFunction, copiedFunctions.map((f) => ({ ...f, ...base, id: mapped(plan.functions, f.id), nodeId: mapped(plan.nodes, f.nodeId), catalogRecordId: cites(f.catalogRecordId) })));
    await insertChunks(tx, fmeaCharacteristic, of(characteristics, plan.characteristics).map((c) => ({ ...c, ...base, id: mapped(plan.characteristics, c.id), functionId: mapped(plan.functions, c.functionId) })));
    await insertChunks(
      tx,
      fmeaFailure,
      copiedFailures.map((f) => ({ ...f, ...base, id: mapped(plan.failures, f.id), functionId: mapped(plan.functions, f.functionId), catalogRecordId: cites(f.catalogRecordId) })),
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
    const copy = await findNode(tx, plan.rootCopyId);
    const counts = { nodes: plan.nodes.size, functions: plan.functions.size, failures: plan.failures.size, controls: plan.controls.size, links: plan.failureLinks.size + plan.functionLinks.size };
    return {
      result: copy,
      log: [{ action: 'fmea.node.copy', entity: 'fmea_node', entityId: copy.id, before: { sourceNodeId: source.id }, after: { ...copy, counts } }, ...citations.logs],
    };
  });
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
