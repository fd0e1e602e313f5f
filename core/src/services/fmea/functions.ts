import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaFunction } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { functionIssues, sortIssues, type DeletionImpact } from '../../domain/fmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertVersion, created, assertProjectEditable, nextVersion, updatedOrStale } from './access.ts';
import { deleteWithImpact, nextSort } from './item-helpers.ts';
import type { FmeaServiceMessageKey } from './messages.ts';
import { findNode } from './structure.ts';

export type FmeaFunctionRow = typeof fmeaFunction.$inferSelect;

export async function findFunction(db: DbOrTx, functionId: string): Promise<FmeaFunctionRow> {
  const row = await db.select().from(fmeaFunction).where(eq(fmeaFunction.id, functionId)).get();
  if (!row) throw new NotFoundError('fmea.function_not_found' satisfies FmeaServiceMessageKey, { functionId });
  return row;
}

/** Adds a function (with its requirement) to a structure node, after the node's other functions. */
export async function addFunction(ctx: ServiceContext, input: { nodeId: string; description: string; requirement?: string | null }): Promise<FmeaFunctionRow> {
  assertNoIssues(functionIssues(input));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const node = await findNode(tx, input.nodeId);
    await assertProjectEditable(tx, ctx.actor, node.projectId, ctx.now(), 'add');
    const sort = nextSort(fmeaFunction, fmeaFunction.sort, eq(fmeaFunction.nodeId, node.id));
    const [row] = await tx
      .insert(fmeaFunction)
      .values({ projectId: node.projectId, nodeId: node.id, description: input.description.trim(), requirement: input.requirement?.trim() || null, sort, ...created(txCtx) })
      .returning();
    return { result: row!, log: { action: 'fmea.function.create', entity: 'fmea_function', entityId: row!.id, after: row } };
  });
}

export async function updateFunction(
  ctx: ServiceContext,
  functionId: string,
  input: { version: number; description?: string; requirement?: string | null; sort?: number },
): Promise<FmeaFunctionRow> {
  assertNoIssues([...functionIssues(input, { partial: true }), ...sortIssues(input.sort)]);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findFunction(tx, functionId);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'edit');
    assertVersion(before, input.version, 'fmea_function');
    const rows = await tx
      .update(fmeaFunction)
      .set({
        ...(input.description !== undefined && { description: input.description.trim() }),
        ...(input.requirement !== undefined && { requirement: input.requirement?.trim() || null }),
        ...(input.sort !== undefined && { sort: input.sort }),
        ...nextVersion(txCtx),
      })
      .where(and(eq(fmeaFunction.id, functionId), eq(fmeaFunction.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'fmea_function');
    return { result: after, log: { action: 'fmea.function.update', entity: 'fmea_function', entityId: functionId, before, after } };
  });
}

/** Deletes a function with its characteristics, failures, controls and actions; asks first when other nodes use it. */
export async function deleteFunction(ctx: ServiceContext, functionId: string, input: { version: number; confirm?: boolean }): Promise<DeletionImpact> {
  return writeAndLog(ctx, async (tx) => {
    const before = await findFunction(tx, functionId);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'del');
    assertVersion(before, input.version, 'fmea_function');
    const impact = await deleteWithImpact(tx, before.projectId, { kind: 'function', id: functionId }, input.confirm);
    return { result: impact, log: { action: 'fmea.function.delete', entity: 'fmea_function', entityId: functionId, before: { ...before, usedByNodes: impact.usedByNodes } } };
  });
}
