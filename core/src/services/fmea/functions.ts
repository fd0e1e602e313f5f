import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaFunction } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { functionIssues, sortIssues, type DeletionImpact } from '../../domain/fmea/index.ts';
import type { FunctionScope } from '../../domain/pfmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertVersion, created, assertProjectEditable, nextVersion, updatedOrStale } from './access.ts';
import { citeCatalogRecord, relinkCatalogRecord } from './catalog-link.ts';
import { deleteWithImpact, nextSort } from './item-helpers.ts';
import type { FmeaServiceMessageKey } from './messages.ts';
import { functionScopeFor, projectKind } from './process-structure.ts';
import { findNode } from './structure.ts';

export type FmeaFunctionRow = typeof fmeaFunction.$inferSelect;

export async function findFunction(db: DbOrTx, functionId: string): Promise<FmeaFunctionRow> {
  const row = await db.select().from(fmeaFunction).where(eq(fmeaFunction.id, functionId)).get();
  if (!row) throw new NotFoundError('fmea.function_not_found' satisfies FmeaServiceMessageKey, { functionId });
  return row;
}

/**
 * Adds a function (with its requirement) to a structure node, after the
 * node's other functions. With `catalogRecordId` (a picked catalog
 * suggestion) the function cites that record version and its quote count
 * goes up in the same transaction.
 */
export async function addFunction(
  ctx: ServiceContext,
  input: { nodeId: string; description: string; requirement?: string | null; catalogRecordId?: string | null; functionScope?: FunctionScope | null },
): Promise<FmeaFunctionRow> {
  assertNoIssues(functionIssues(input));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const node = await findNode(tx, input.nodeId);
    await assertProjectEditable(tx, ctx.actor, node.projectId, ctx.now(), 'add');
    const functionScope = await functionScopeFor(tx, await projectKind(tx, node.projectId), node.id, input.functionScope);
    const cited = input.catalogRecordId ? await citeCatalogRecord(tx, txCtx, input.catalogRecordId, { item: 'function' }, input.description) : null;
    const sort = nextSort(fmeaFunction, fmeaFunction.sort, eq(fmeaFunction.nodeId, node.id));
    const [row] = await tx
      .insert(fmeaFunction)
      .values({
        projectId: node.projectId,
        nodeId: node.id,
        description: input.description.trim(),
        requirement: input.requirement?.trim() || null,
        functionScope: functionScope ?? null,
        catalogRecordId: cited?.record.id ?? null,
        sort,
        ...created(txCtx),
      })
      .returning();
    return { result: row!, log: [{ action: 'fmea.function.create', entity: 'fmea_function', entityId: row!.id, after: row }, ...(cited ? [cited.log] : [])] };
  });
}

export async function updateFunction(
  ctx: ServiceContext,
  functionId: string,
  input: { version: number; description?: string; requirement?: string | null; sort?: number; catalogRecordId?: string | null; functionScope?: FunctionScope | null },
): Promise<FmeaFunctionRow> {
  assertNoIssues([...functionIssues(input, { partial: true }), ...sortIssues(input.sort)]);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findFunction(tx, functionId);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'edit');
    assertVersion(before, input.version, 'fmea_function');
    const functionScope = await functionScopeFor(tx, await projectKind(tx, before.projectId), before.nodeId, input.functionScope);
    const link = await relinkCatalogRecord(tx, txCtx, {
      before: before.catalogRecordId,
      asked: input.catalogRecordId,
      of: { item: 'function' },
      description: input.description ?? before.description,
    });
    const rows = await tx
      .update(fmeaFunction)
      .set({
        ...(input.description !== undefined && { description: input.description.trim() }),
        ...(input.requirement !== undefined && { requirement: input.requirement?.trim() || null }),
        ...(input.sort !== undefined && { sort: input.sort }),
        ...(functionScope !== undefined && { functionScope }),
        catalogRecordId: link.catalogRecordId,
        ...nextVersion(txCtx),
      })
      .where(and(eq(fmeaFunction.id, functionId), eq(fmeaFunction.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'fmea_function');
    return { result: after, log: [{ action: 'fmea.function.update', entity: 'fmea_function', entityId: functionId, before, after }, ...link.logs] };
  });
}

/** Deletes a function with its characteristics, failures, controls and actions; asks first when other nodes use it. */
export async function deleteFunction(ctx: ServiceContext, functionId: string, input: { version: number; confirm?: boolean }): Promise<DeletionImpact> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findFunction(tx, functionId);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'del');
    assertVersion(before, input.version, 'fmea_function');
    const { impact, logs } = await deleteWithImpact(tx, txCtx, before.projectId, { kind: 'function', id: functionId }, input.confirm);
    return {
      result: impact,
      log: [{ action: 'fmea.function.delete', entity: 'fmea_function', entityId: functionId, before: { ...before, usedByNodes: impact.usedByNodes } }, ...logs],
    };
  });
}
