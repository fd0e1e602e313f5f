import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaFailure } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { failureIssues, frequencyRatioIssues, sortIssues, type DeletionImpact, type FailureKind } from '../../domain/fmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { CatalogRecordRow } from '../catalog/store.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import type { OperationRecord } from '../shared/audit.ts';
import { assertVersion, created, assertProjectEditable, nextVersion, updatedOrStale } from './access.ts';
import { findFunction } from './functions.ts';
import { citeCatalogRecord, relinkCatalogRecord } from './catalog-link.ts';
import { deleteWithImpact, nextSort } from './item-helpers.ts';
import { clearRerateMarksOfCause } from './rerate-marks.ts';
import { actorName } from '../shared/people.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

export type FmeaFailureRow = typeof fmeaFailure.$inferSelect;

export async function findFailure(db: DbOrTx, failureId: string): Promise<FmeaFailureRow> {
  const row = await db.select().from(fmeaFailure).where(eq(fmeaFailure.id, failureId)).get();
  if (!row) throw new NotFoundError('fmea.failure_not_found' satisfies FmeaServiceMessageKey, { failureId });
  return row;
}

export interface FailureRatings {
  /** On a failure effect (FE). */
  severity?: number | null;
  /** On a failure cause (FC). */
  occurrence?: number | null;
  detection?: number | null;
  /** On a failure mode (FM): its share among the function's modes, 0..1. */
  frequencyRatio?: number | null;
}

export interface FailureInput extends FailureRatings {
  functionId: string;
  kind: FailureKind;
  description: string;
  /** The catalog failure mode picked for the text (a suggestion); its quote count goes up. */
  catalogRecordId?: string | null;
}

/**
 * Ratings a catalog failure record brings where the item has none (AIAG-VDA:
 * S rates the effect, O the cause; a mode carries neither). The record's
 * severity pre-fills an effect's S, its occurrence a cause's O; the user's
 * own rating always stands.
 */
function prefilled(kind: FailureKind, record: CatalogRecordRow | null, has: { severity: number | null; occurrence: number | null }): FailureRatings {
  if (!record) return {};
  const values = record.data as Record<string, unknown>;
  const rating = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 10 ? v : undefined);
  const severity = kind === 'FE' && has.severity === null ? rating(values.severity) : undefined;
  const occurrence = kind === 'FC' && has.occurrence === null ? rating(values.occurrence) : undefined;
  return { ...(severity !== undefined && { severity }), ...(occurrence !== undefined && { occurrence }) };
}

/** The modes of a function total a frequency ratio of at most 1 (spec 001 §5). */
async function assertFrequencyRatios(db: DbOrTx, functionId: string, ratio: number | null | undefined, exceptId?: string): Promise<void> {
  if (ratio === null || ratio === undefined) return;
  const others = await db
    .select({ functionId: fmeaFailure.functionId, frequencyRatio: fmeaFailure.frequencyRatio })
    .from(fmeaFailure)
    .where(and(eq(fmeaFailure.functionId, functionId), eq(fmeaFailure.kind, 'FM'), exceptId ? ne(fmeaFailure.id, exceptId) : undefined));
  assertNoIssues(frequencyRatioIssues([...others, { functionId, frequencyRatio: ratio }]));
}

/** Adds an effect, mode or cause to a function, with the ratings its kind carries. */
export async function addFailure(ctx: ServiceContext, input: FailureInput): Promise<FmeaFailureRow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { row, logs } = await insertFailure(tx, txCtx, input);
    return { result: row, log: logs };
  });
}

/** addFailure inside a caller's transaction: the checks, the row and what to log (with the catalog quote's). */
export async function insertFailure(tx: DbOrTx, txCtx: TxContext, input: FailureInput): Promise<{ row: FmeaFailureRow; logs: OperationRecord[] }> {
  assertNoIssues(failureIssues(input.kind, input));
  const fn = await findFunction(tx, input.functionId);
  await assertProjectEditable(tx, txCtx.actor, fn.projectId, txCtx.now(), 'add');
  await assertFrequencyRatios(tx, fn.id, input.frequencyRatio);
  const cited = input.catalogRecordId ? await citeCatalogRecord(tx, txCtx, input.catalogRecordId, { item: 'failure', kind: input.kind }, input.description) : null;
  const ratings = { severity: input.severity ?? null, occurrence: input.occurrence ?? null };
  const sort = nextSort(fmeaFailure, fmeaFailure.sort, eq(fmeaFailure.functionId, fn.id));
  const [row] = await tx
    .insert(fmeaFailure)
    .values({
      projectId: fn.projectId,
      functionId: fn.id,
      kind: input.kind,
      description: input.description.trim(),
      ...ratings,
      ...prefilled(input.kind, cited?.record ?? null, ratings),
      detection: input.detection ?? null,
      frequencyRatio: input.frequencyRatio ?? null,
      catalogRecordId: cited?.record.id ?? null,
      sort,
      ...created(txCtx),
    })
    .returning();
  return { row: row!, logs: [{ action: 'fmea.failure.create', entity: 'fmea_failure', entityId: row!.id, after: row }, ...(cited ? [cited.log] : [])] };
}

/**
 * Changes a failure's description, ratings or frequency ratio. Ratings are
 * checked for the failure's kind (S on FE; O and D on FC) and 1..10 through
 * `assertRating`; `null` clears a rating.
 */
export async function updateFailure(
  ctx: ServiceContext,
  failureId: string,
  input: FailureRatings & { version: number; description?: string; sort?: number; catalogRecordId?: string | null },
): Promise<FmeaFailureRow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findFailure(tx, failureId);
    assertNoIssues([...failureIssues(before.kind, input, { partial: true }), ...sortIssues(input.sort)]);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'edit');
    assertVersion(before, input.version, 'fmea_failure');
    if (input.frequencyRatio !== undefined) await assertFrequencyRatios(tx, before.functionId, input.frequencyRatio, before.id);
    const link = await relinkCatalogRecord(tx, txCtx, {
      before: before.catalogRecordId,
      asked: input.catalogRecordId,
      of: { item: 'failure', kind: before.kind },
      description: input.description ?? before.description,
    });
    const has = { severity: input.severity !== undefined ? input.severity : before.severity, occurrence: input.occurrence !== undefined ? input.occurrence : before.occurrence };
    const rows = await tx
      .update(fmeaFailure)
      .set({
        ...(input.description !== undefined && { description: input.description.trim() }),
        ...(input.severity !== undefined && { severity: input.severity }),
        ...(input.occurrence !== undefined && { occurrence: input.occurrence }),
        ...prefilled(before.kind, link.record, has),
        catalogRecordId: link.catalogRecordId,
        ...(input.detection !== undefined && { detection: input.detection }),
        ...(input.frequencyRatio !== undefined && { frequencyRatio: input.frequencyRatio }),
        ...(input.sort !== undefined && { sort: input.sort }),
        ...nextVersion(txCtx),
      })
      .where(and(eq(fmeaFailure.id, failureId), eq(fmeaFailure.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'fmea_failure');
    // a cause given its O or D anew is re-rated: its re-rating marks clear (docs/domain/dvp.md "Marks")
    const rerated = before.kind === 'FC' && ((input.occurrence !== undefined && input.occurrence !== null) || (input.detection !== undefined && input.detection !== null));
    const cleared = rerated ? await clearRerateMarksOfCause(tx, txCtx, failureId, await actorName(tx, ctx.actor)) : [];
    return { result: after, log: [{ action: 'fmea.failure.update', entity: 'fmea_failure', entityId: failureId, before, after }, ...link.logs, ...cleared] };
  });
}

/** Severity of a failure effect, 1..10 (null clears it). */
export function rateEffect(ctx: ServiceContext, effectId: string, input: { version: number; severity: number | null }): Promise<FmeaFailureRow> {
  return updateFailure(ctx, effectId, { version: input.version, severity: input.severity });
}

/** Occurrence and detection of a failure cause, each 1..10 (null clears it). */
export function rateCause(ctx: ServiceContext, causeId: string, input: { version: number; occurrence?: number | null; detection?: number | null }): Promise<FmeaFailureRow> {
  return updateFailure(ctx, causeId, input);
}

/** Deletes a failure with its controls, actions and links; asks first when other nodes' failures link to it. */
export async function deleteFailure(ctx: ServiceContext, failureId: string, input: { version: number; confirm?: boolean }): Promise<DeletionImpact> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findFailure(tx, failureId);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'del');
    assertVersion(before, input.version, 'fmea_failure');
    const { impact, logs } = await deleteWithImpact(tx, txCtx, before.projectId, { kind: 'failure', id: failureId }, input.confirm);
    return {
      result: impact,
      log: [{ action: 'fmea.failure.delete', entity: 'fmea_failure', entityId: failureId, before: { ...before, usedByNodes: impact.usedByNodes } }, ...logs],
    };
  });
}
