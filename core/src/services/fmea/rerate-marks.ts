import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaRerateMark } from '../../db/schema/index.ts';
import type { RerateSourceKind } from '../../domain/dvp/vocabulary.ts';
import type { OperationRecord } from '../shared/audit.ts';
import type { TxContext } from '../shared/context.ts';

/**
 * Re-rating marks (issue 25, "an unqualified result marks the linked failure chains for re-rating";
 * docs/domain/dvp.md "Marks"): a source (a DVP test for now) marks a chain's cause; the FMEA shows the open
 * marks beside the cause, and they clear when the cause is re-rated (its O or D set anew: `updateFailure`, or
 * an action on it given a new O or D: `insertAction`, `updateAction`) or when the source withdraws them (the
 * test's result changes). The closed loop's proposals ask a decision; a mark asks only for the ratings to be
 * looked at again, so it is its own record.
 */
export type RerateMarkRow = typeof fmeaRerateMark.$inferSelect;

export interface RerateSource {
  readonly kind: RerateSourceKind;
  readonly id: string;
  readonly number: string;
  readonly reason: string;
}

/** Marks each cause (once per source: an open mark of the same source stays as it is); returns the log rows. */
export async function markForRerating(tx: DbOrTx, ctx: TxContext, projectId: string, causeIds: readonly string[], source: RerateSource, byName: string): Promise<OperationRecord[]> {
  const causes = [...new Set(causeIds)];
  if (causes.length === 0) return [];
  const open = await tx
    .select({ causeId: fmeaRerateMark.causeId })
    .from(fmeaRerateMark)
    .where(and(eq(fmeaRerateMark.sourceKind, source.kind), eq(fmeaRerateMark.sourceId, source.id), isNull(fmeaRerateMark.clearedAt), inArray(fmeaRerateMark.causeId, causes)));
  const have = new Set(open.map((o) => o.causeId));
  const now = ctx.now();
  const fresh = causes.filter((c) => !have.has(c));
  if (fresh.length === 0) return [];
  const rows = await tx
    .insert(fmeaRerateMark)
    .values(fresh.map((causeId) => ({ projectId, causeId, sourceKind: source.kind, sourceId: source.id, sourceNumber: source.number, reason: source.reason, createdByName: byName, createdAt: now, updatedAt: now })))
    .returning();
  return rows.map((r) => ({ action: 'fmea.rerate.mark' as const, entity: 'fmea_rerate_mark' as const, entityId: r.id, after: { causeId: r.causeId, source: r.sourceNumber, reason: r.reason } }));
}

async function clearWhere(tx: DbOrTx, ctx: TxContext, where: ReturnType<typeof and>, byName: string, why: 'rerated' | 'withdrawn'): Promise<OperationRecord[]> {
  const now = ctx.now();
  const rows = await tx.update(fmeaRerateMark).set({ clearedAt: now, clearedByName: byName, updatedAt: now }).where(and(where, isNull(fmeaRerateMark.clearedAt))).returning();
  return rows.map((r) => ({ action: 'fmea.rerate.clear' as const, entity: 'fmea_rerate_mark' as const, entityId: r.id, before: { causeId: r.causeId, source: r.sourceNumber }, after: { cleared: why } }));
}

/** The cause was re-rated: its open marks clear, whatever their source. */
export function clearRerateMarksOfCause(tx: DbOrTx, ctx: TxContext, causeId: string, byName: string): Promise<OperationRecord[]> {
  return clearWhere(tx, ctx, and(eq(fmeaRerateMark.causeId, causeId)), byName, 'rerated');
}

/** The source withdraws its open marks (a test's result is no longer unqualified). */
export function clearRerateMarksOfSource(tx: DbOrTx, ctx: TxContext, kind: RerateSourceKind, sourceId: string, byName: string): Promise<OperationRecord[]> {
  return clearWhere(tx, ctx, and(eq(fmeaRerateMark.sourceKind, kind), eq(fmeaRerateMark.sourceId, sourceId)), byName, 'withdrawn');
}

/** The open marks of a project (the FMEA shows them beside the causes). */
export async function openRerateMarks(db: DbOrTx, projectId: string): Promise<RerateMarkRow[]> {
  return db.select().from(fmeaRerateMark).where(and(eq(fmeaRerateMark.projectId, projectId), isNull(fmeaRerateMark.clearedAt))).orderBy(fmeaRerateMark.createdAt);
}
