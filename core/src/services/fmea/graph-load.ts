import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  fmeaAction,
  fmeaCharacteristic,
  fmeaControl,
  fmeaFailure,
  fmeaFailureLink,
  fmeaFunction,
  fmeaFunctionLink,
  fmeaInterface,
  fmeaNode,
} from '../../db/schema/index.ts';
import type { FmeaGraph, RemovedSet } from '../../domain/fmea/index.ts';
import type { OperationRecord } from '../shared/audit.ts';
import type { TxContext } from '../shared/context.ts';
import { releaseRemovedCitations } from './catalog-link.ts';

/** The whole analysis of a project as the engine's plain graph: ids, owners and order only. */
export async function loadGraph(db: DbOrTx, projectId: string): Promise<FmeaGraph> {
  const [nodes, functions, functionLinks, characteristics, interfaces, failures, failureLinks, controls, actions] = await Promise.all([
    db.select({ id: fmeaNode.id, parentId: fmeaNode.parentId, nodeType: fmeaNode.nodeType, sort: fmeaNode.sort }).from(fmeaNode).where(eq(fmeaNode.projectId, projectId)),
    db.select({ id: fmeaFunction.id, nodeId: fmeaFunction.nodeId, sort: fmeaFunction.sort }).from(fmeaFunction).where(eq(fmeaFunction.projectId, projectId)),
    db
      .select({ id: fmeaFunctionLink.id, higherId: fmeaFunctionLink.higherFunctionId, lowerId: fmeaFunctionLink.lowerFunctionId })
      .from(fmeaFunctionLink)
      .where(eq(fmeaFunctionLink.projectId, projectId)),
    db.select({ id: fmeaCharacteristic.id, functionId: fmeaCharacteristic.functionId }).from(fmeaCharacteristic).where(eq(fmeaCharacteristic.projectId, projectId)),
    db
      .select({ id: fmeaInterface.id, firstNodeId: fmeaInterface.firstNodeId, secondNodeId: fmeaInterface.secondNodeId })
      .from(fmeaInterface)
      .where(eq(fmeaInterface.projectId, projectId)),
    db.select({ id: fmeaFailure.id, functionId: fmeaFailure.functionId, kind: fmeaFailure.kind, sort: fmeaFailure.sort }).from(fmeaFailure).where(eq(fmeaFailure.projectId, projectId)),
    db
      .select({ id: fmeaFailureLink.id, higherId: fmeaFailureLink.higherFailureId, lowerId: fmeaFailureLink.lowerFailureId })
      .from(fmeaFailureLink)
      .where(eq(fmeaFailureLink.projectId, projectId)),
    db.select({ id: fmeaControl.id, causeId: fmeaControl.causeId }).from(fmeaControl).where(eq(fmeaControl.projectId, projectId)),
    db.select({ id: fmeaAction.id, causeId: fmeaAction.causeId }).from(fmeaAction).where(eq(fmeaAction.projectId, projectId)),
  ]);
  return { nodes, functions, functionLinks, characteristics, interfaces, failures, failureLinks, controls, actions };
}

/** SQLite takes up to 32,766 bound values; chunks of 500 keep every statement small. */
async function deleteIn(db: DbOrTx, ids: readonly string[], remove: (chunk: string[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) await remove(ids.slice(i, i + 500));
}

/**
 * Deletes exactly what the engine's deletion impact names, links first and
 * owners last. The foreign-key cascades would do the same; doing it
 * explicitly keeps the pure impact the one source of truth. The catalog
 * records the removed functions, failures and controls cited are released
 * first (docs/domain/catalog.md, "Reuse inside the FMEA").
 */
export async function deleteRemovedSet(db: DbOrTx, txCtx: TxContext, removed: RemovedSet): Promise<OperationRecord[]> {
  const released = await releaseRemovedCitations(db, txCtx, removed);
  await deleteIn(db, removed.failureLinks, (c) => db.delete(fmeaFailureLink).where(inArray(fmeaFailureLink.id, c)));
  await deleteIn(db, removed.functionLinks, (c) => db.delete(fmeaFunctionLink).where(inArray(fmeaFunctionLink.id, c)));
  await deleteIn(db, removed.interfaces, (c) => db.delete(fmeaInterface).where(inArray(fmeaInterface.id, c)));
  await deleteIn(db, removed.actions, (c) => db.delete(fmeaAction).where(inArray(fmeaAction.id, c)));
  await deleteIn(db, removed.controls, (c) => db.delete(fmeaControl).where(inArray(fmeaControl.id, c)));
  await deleteIn(db, removed.failures, (c) => db.delete(fmeaFailure).where(inArray(fmeaFailure.id, c)));
  await deleteIn(db, removed.characteristics, (c) => db.delete(fmeaCharacteristic).where(inArray(fmeaCharacteristic.id, c)));
  await deleteIn(db, removed.functions, (c) => db.delete(fmeaFunction).where(inArray(fmeaFunction.id, c)));
  // Children before parents, so no node is ever left without its parent mid-way.
  await deleteIn(db, [...removed.nodes].reverse(), (c) => db.delete(fmeaNode).where(inArray(fmeaNode.id, c)));
  return released;
}

export const removedCounts = (removed: RemovedSet) =>
  Object.fromEntries(Object.entries(removed).map(([key, ids]) => [key, (ids as readonly string[]).length]));
