import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaControl } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { controlIssues, sortIssues, type ControlKind } from '../../domain/fmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertVersion, created, assertProjectEditable, nextVersion, updatedOrStale } from './access.ts';
import { findFailure } from './failures.ts';
import { nextSort } from './item-helpers.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

export type FmeaControlRow = typeof fmeaControl.$inferSelect;

async function findControl(db: DbOrTx, controlId: string): Promise<FmeaControlRow> {
  const row = await db.select().from(fmeaControl).where(eq(fmeaControl.id, controlId)).get();
  if (!row) throw new NotFoundError('fmea.control_not_found' satisfies FmeaServiceMessageKey, { controlId });
  return row;
}

/** A current prevention or detection control of a failure cause (risk analysis, step 5). */
export async function addControl(ctx: ServiceContext, input: { causeId: string; kind: ControlKind; description: string }): Promise<FmeaControlRow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const cause = await findFailure(tx, input.causeId);
    assertNoIssues(controlIssues(cause.kind, input));
    await assertProjectEditable(tx, ctx.actor, cause.projectId, ctx.now(), 'add');
    const sort = nextSort(fmeaControl, fmeaControl.sort, and(eq(fmeaControl.causeId, cause.id), eq(fmeaControl.kind, input.kind))!);
    const [row] = await tx
      .insert(fmeaControl)
      .values({ projectId: cause.projectId, causeId: cause.id, kind: input.kind, description: input.description.trim(), sort, ...created(txCtx) })
      .returning();
    return { result: row!, log: { action: 'fmea.control.create', entity: 'fmea_control', entityId: row!.id, after: row } };
  });
}

export async function updateControl(
  ctx: ServiceContext,
  controlId: string,
  input: { version: number; kind?: ControlKind; description?: string; sort?: number },
): Promise<FmeaControlRow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findControl(tx, controlId);
    assertNoIssues([...controlIssues('FC', input, { partial: true }), ...sortIssues(input.sort)]);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'edit');
    assertVersion(before, input.version, 'fmea_control');
    const rows = await tx
      .update(fmeaControl)
      .set({
        ...(input.kind !== undefined && { kind: input.kind }),
        ...(input.description !== undefined && { description: input.description.trim() }),
        ...(input.sort !== undefined && { sort: input.sort }),
        ...nextVersion(txCtx),
      })
      .where(and(eq(fmeaControl.id, controlId), eq(fmeaControl.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'fmea_control');
    return { result: after, log: { action: 'fmea.control.update', entity: 'fmea_control', entityId: controlId, before, after } };
  });
}

export async function deleteControl(ctx: ServiceContext, controlId: string, input: { version: number }): Promise<void> {
  await writeAndLog(ctx, async (tx) => {
    const before = await findControl(tx, controlId);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'del');
    assertVersion(before, input.version, 'fmea_control');
    await tx.delete(fmeaControl).where(and(eq(fmeaControl.id, controlId), eq(fmeaControl.version, input.version)));
    return { result: undefined, log: { action: 'fmea.control.delete', entity: 'fmea_control', entityId: controlId, before } };
  });
}
