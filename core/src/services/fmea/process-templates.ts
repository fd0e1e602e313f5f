import { and, eq, inArray } from 'drizzle-orm';
import { catalogRecord, fmeaNode } from '../../db/schema/index.ts';
import { CATALOG_TYPES, isQuotableCatalogVersion } from '../../domain/catalog/index.ts';
import { NODE_TYPES, nextChildSort, indexGraph, emptyGraph } from '../../domain/fmea/index.ts';
import { assertProcedurePlacement, catalogRecordUnusable, processLevelAt, nodeDepth, workElementTypeOfCatalog } from '../../domain/pfmea/index.ts';
import { productTypeVisible } from '../catalog/access.ts';
import { valuesOfRow, type CatalogRecordRow } from '../catalog/store.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../domain/permissions/index.ts';
import type { OperationRecord } from '../shared/audit.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { created, editableProject } from './access.ts';
import { newNodeFields, parentLookup } from './process-structure.ts';
import { findNode, type FmeaNodeRow } from './structure.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import { live } from '../../db/live.ts';

export interface ApplyProcedureInput {
  /** The process item (the PFMEA's root): a procedure becomes one of its steps. */
  parentId: string;
  /** A processProcedure catalog record version: the step's name is its wording. */
  procedureRecordId: string;
  /** procedureElement catalog record versions: the step's work elements, in this order, typed by their element type. */
  elementRecordIds?: readonly string[];
  /** The step's number; left out, the next one when isGenerateProcessNoRequired is on. */
  processNo?: string | null;
}

/** The records, each of its type, released latest, of the actor's product types; in the order asked. */
async function usableRecords(db: DbOrTx, actor: Actor, ids: readonly string[], type: string): Promise<CatalogRecordRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(catalogRecord).where(and(inArray(catalogRecord.id, [...ids]), live(catalogRecord)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row || row.type !== type || !isQuotableCatalogVersion(row) || !productTypeVisible(actor, row.productType)) throw catalogRecordUnusable(row?.serialNum ?? id);
    return row;
  });
}

/**
 * Applies a process template from the catalog (spec 001 §5 "process templates
 * only at the last-level node"; docs/domain/pfmea.md): the procedure becomes
 * a process step under the process item, numbered like any new step, and the
 * chosen procedure elements its work elements (the tree's last level), their
 * 6M types read as 4M. The nodes take the records' wording; they cite no
 * record (structure nodes hold no catalog citation, so no quote count moves).
 * One transaction, each node logged as created.
 */
export async function applyProcessProcedure(ctx: ServiceContext, input: ApplyProcedureInput): Promise<{ step: FmeaNodeRow; elements: FmeaNodeRow[] }> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const parent = await findNode(tx, input.parentId);
    const { project, actor } = await editableProject(tx, ctx.actor, parent.projectId, ctx.now(), 'add');
    const depth = kindOf(project.projectType).processModel ? nodeDepth(await parentLookup(tx, project.id), parent.id) : undefined;
    assertProcedurePlacement(depth === undefined ? 'element' : (processLevelAt(depth + 1) ?? 'element'));
    const [procedure] = await usableRecords(tx, actor, [input.procedureRecordId], 'processProcedure');
    const elementRecords = await usableRecords(tx, actor, input.elementRecordIds ?? [], 'procedureElement');
    const types = elementRecords.map((r) => workElementTypeOfCatalog(valuesOfRow(CATALOG_TYPES.procedureElement, r).elementType, r.serialNum));

    const insert = async (parentId: string, name: string, fields: Awaited<ReturnType<typeof newNodeFields>>) => {
      const siblings = await tx.select({ id: fmeaNode.id, parentId: fmeaNode.parentId, nodeType: fmeaNode.nodeType, sort: fmeaNode.sort }).from(fmeaNode).where(eq(fmeaNode.parentId, parentId));
      const sort = nextChildSort(indexGraph({ ...emptyGraph(), nodes: siblings }), parentId);
      const [row] = await tx
        .insert(fmeaNode)
        .values({ projectId: project.id, parentId, nodeType: NODE_TYPES.element, name: name.trim(), ...fields, sort, ...created(txCtx) })
        .returning();
      return row!;
    };
    const step = await insert(parent.id, procedure!.text, await newNodeFields(tx, project, parent.id, { processNo: input.processNo }));
    const elements: FmeaNodeRow[] = [];
    for (const [i, record] of elementRecords.entries()) {
      elements.push(await insert(step.id, record.text, await newNodeFields(tx, project, step.id, { workElementType: types[i] })));
    }
    const log: OperationRecord[] = [step, ...elements].map((row) => ({
      action: 'fmea.node.create',
      entity: 'fmea_node',
      entityId: row.id,
      after: { ...row, fromCatalog: row === step ? procedure!.serialNum : elementRecords[elements.indexOf(row)]!.serialNum },
    }));
    return { result: { step, elements }, log };
  });
}
