import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaControl } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { controlIssues, hasMsrSteps, kindOf, msrKindIssues, planControlList, sortIssues, type AnyControlKind, type ControlKind } from '../../domain/fmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import type { OperationRecord } from '../shared/audit.ts';
import { assertVersion, created, assertProjectEditable, nextVersion, updatedOrStale } from './access.ts';
import { findFailure } from './failures.ts';
import { releaseCatalogQuotes } from '../catalog/quotes.ts';
import { citeCatalogRecord, relinkCatalogRecord } from './catalog-link.ts';
import { nextSort } from './item-helpers.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

export type FmeaControlRow = typeof fmeaControl.$inferSelect;

export async function findControl(db: DbOrTx, controlId: string): Promise<FmeaControlRow> {
  const row = await db.select().from(fmeaControl).where(eq(fmeaControl.id, controlId)).get();
  if (!row) throw new NotFoundError('fmea.control_not_found' satisfies FmeaServiceMessageKey, { controlId });
  return row;
}

/**
 * A current prevention or detection control of a failure cause (risk
 * analysis, step 5). With `catalogRecordId` (a picked prevention or
 * detection measure) it cites that record version; its quote count goes up.
 */
export async function addControl(
  ctx: ServiceContext,
  input: { causeId: string; kind: AnyControlKind; description: string; catalogRecordId?: string | null },
): Promise<FmeaControlRow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const cause = await findFailure(tx, input.causeId);
    assertNoIssues(controlIssues(cause.kind, input));
    const { projectType } = await assertProjectEditable(tx, ctx.actor, cause.projectId, ctx.now(), 'add');
    assertNoIssues(msrKindIssues(input.kind, hasMsrSteps(kindOf(projectType))));
    const cited = input.catalogRecordId ? await citeCatalogRecord(tx, txCtx, input.catalogRecordId, { item: 'control', kind: input.kind }, input.description) : null;
    const sort = nextSort(fmeaControl, fmeaControl.sort, and(eq(fmeaControl.causeId, cause.id), eq(fmeaControl.kind, input.kind))!);
    const [row] = await tx
      .insert(fmeaControl)
      .values({
        projectId: cause.projectId,
        causeId: cause.id,
        kind: input.kind,
        description: input.description.trim(),
        catalogRecordId: cited?.record.id ?? null,
        sort,
        ...created(txCtx),
      })
      .returning();
    return { result: row!, log: [{ action: 'fmea.control.create', entity: 'fmea_control', entityId: row!.id, after: row }, ...(cited ? [cited.log] : [])] };
  });
}

export async function updateControl(
  ctx: ServiceContext,
  controlId: string,
  input: { version: number; kind?: AnyControlKind; description?: string; sort?: number; catalogRecordId?: string | null },
): Promise<FmeaControlRow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findControl(tx, controlId);
    assertNoIssues([...controlIssues('FC', input, { partial: true }), ...sortIssues(input.sort)]);
    const { projectType } = await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'edit');
    assertNoIssues(msrKindIssues(input.kind, hasMsrSteps(kindOf(projectType))));
    assertVersion(before, input.version, 'fmea_control');
    // a measure of the other kind no longer fits when the kind changes: the link goes with it
    const link = await relinkCatalogRecord(tx, txCtx, {
      before: before.catalogRecordId,
      asked: input.catalogRecordId,
      of: { item: 'control', kind: input.kind ?? before.kind },
      description: input.description ?? before.description,
    });
    const rows = await tx
      .update(fmeaControl)
      .set({
        ...(input.kind !== undefined && { kind: input.kind }),
        ...(input.description !== undefined && { description: input.description.trim() }),
        ...(input.sort !== undefined && { sort: input.sort }),
        catalogRecordId: link.catalogRecordId,
        ...nextVersion(txCtx),
      })
      .where(and(eq(fmeaControl.id, controlId), eq(fmeaControl.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'fmea_control');
    return { result: after, log: [{ action: 'fmea.control.update', entity: 'fmea_control', entityId: controlId, before, after }, ...link.logs] };
  });
}

export async function deleteControl(ctx: ServiceContext, controlId: string, input: { version: number }): Promise<void> {
  await writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findControl(tx, controlId);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'del');
    assertVersion(before, input.version, 'fmea_control');
    await tx.delete(fmeaControl).where(and(eq(fmeaControl.id, controlId), eq(fmeaControl.version, input.version)));
    const released = before.catalogRecordId ? await releaseCatalogQuotes(tx, txCtx, [before.catalogRecordId]) : [];
    return { result: undefined, log: [{ action: 'fmea.control.delete', entity: 'fmea_control', entityId: controlId, before }, ...released] };
  });
}

export interface SetControlsInput {
  readonly causeId: string;
  readonly kind: AnyControlKind;
  /** The wanted control texts, in order. */
  readonly descriptions: readonly string[];
  /** The cause's controls of the kind as the caller saw them, in order: a list changed since is refused whole. */
  readonly seen: readonly { readonly id: string; readonly version: number }[];
}

/**
 * Sets a cause's prevention or detection controls to a list in one
 * transaction (the risk grid's cell, docs/domain/fmea-engine.md): controls
 * whose text is unchanged stay as they are, the rest are reworded in place,
 * added or removed (planControlList). Nothing is written when the list
 * changed since the caller read it, or when one text is invalid.
 */
export async function setControls(ctx: ServiceContext, input: SetControlsInput): Promise<FmeaControlRow[]> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const cause = await findFailure(tx, input.causeId);
    // the cause and the kind once, then each text (a wrong cause is one problem, not one per text)
    const base = controlIssues(cause.kind, { kind: input.kind }, { partial: true });
    assertNoIssues(base.length ? base : input.descriptions.flatMap((description) => controlIssues(cause.kind, { description }, { partial: true })));
    const ofKind = and(eq(fmeaControl.causeId, cause.id), eq(fmeaControl.kind, input.kind))!;
    const current = await tx.select().from(fmeaControl).where(ofKind).orderBy(asc(fmeaControl.sort), asc(fmeaControl.id));
    const plan = planControlList(current, input.descriptions);
    // each change needs its own button; no change at all still needs the right to edit (a reader learns nothing from the answer)
    const buttons = [...(plan.reword.length ? (['edit'] as const) : []), ...(plan.add.length ? (['add'] as const) : []), ...(plan.remove.length ? (['del'] as const) : [])];
    const { projectType } = await assertProjectEditable(tx, ctx.actor, cause.projectId, ctx.now(), buttons.length ? buttons : 'edit');
    assertNoIssues(msrKindIssues(input.kind, hasMsrSteps(kindOf(projectType))));
    const stale = current.length !== input.seen.length || current.some((row, i) => row.id !== input.seen[i]!.id || row.version !== input.seen[i]!.version);
    if (stale) throw new ConflictError('fmea.stale_version' satisfies FmeaServiceMessageKey, { entity: 'fmea_control' });
    const log: OperationRecord[] = [];
    for (const { id, description } of plan.reword) {
      const before = current.find((row) => row.id === id)!;
      // reworded away from the record's wording, the control no longer cites it
      const link = await relinkCatalogRecord(tx, txCtx, { before: before.catalogRecordId, asked: undefined, of: { item: 'control', kind: input.kind }, description });
      const [after] = await tx
        .update(fmeaControl)
        .set({ description, catalogRecordId: link.catalogRecordId, ...nextVersion(txCtx) })
        .where(eq(fmeaControl.id, id))
        .returning();
      log.push({ action: 'fmea.control.update', entity: 'fmea_control', entityId: id, before, after }, ...link.logs);
    }
    for (const description of plan.add) {
      const sort = nextSort(fmeaControl, fmeaControl.sort, ofKind);
      const [row] = await tx.insert(fmeaControl).values({ projectId: cause.projectId, causeId: cause.id, kind: input.kind, description, catalogRecordId: null, sort, ...created(txCtx) }).returning();
      log.push({ action: 'fmea.control.create', entity: 'fmea_control', entityId: row!.id, after: row });
    }
    if (plan.remove.length) {
      const removed = current.filter((row) => plan.remove.includes(row.id));
      await tx.delete(fmeaControl).where(inArray(fmeaControl.id, [...plan.remove]));
      const cited = removed.flatMap((row) => (row.catalogRecordId ? [row.catalogRecordId] : []));
      for (const before of removed) log.push({ action: 'fmea.control.delete', entity: 'fmea_control', entityId: before.id, before });
      if (cited.length) log.push(...(await releaseCatalogQuotes(tx, txCtx, cited)));
    }
    const result = await tx.select().from(fmeaControl).where(ofKind).orderBy(asc(fmeaControl.sort), asc(fmeaControl.id));
    return { result, log };
  });
}
