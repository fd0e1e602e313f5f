import { and, desc, eq, inArray, max, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ewo, ewoEntry } from '../../db/schema/index.ts';
import { ConflictError } from '../../errors.ts';
import { softDeleted } from '../../db/live.ts';
import { assertEwoDeletable, assertEwoEditable, ewoFieldIssues, type EwoEntryKind, type EwoSource, type EwoState, type EwoType, type EwoBreakpointKind, type EwoBreakpointResult } from '../../domain/ewo/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { allocateNumber, registerManualNumber } from '../numbering/numbering.ts';
import { readDb, type ServiceContext, type TxContext } from '../shared/context.ts';
import { contains, pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertCreator, assertOwner, ewoCaller, readableEwo, readableWhere, type EwoCaller, type EwoRow } from './access.ts';
import type { EwoMessageKey } from './messages.ts';
import { storeEwoMessages } from '../messages/ewo.ts';
import type { MessageRow } from '../messages/inbox.ts';
import { actorName, resolveTracker } from './people.ts';
import { ewoSummary, ewoView, type EwoSummary, type EwoView } from './view.ts';

/**
 * EWOs (issue 24; docs/domain/ewo.md): list, open (add), read, edit and delete. Each write is checked whole
 * first (every field's issue at once), against the version read (409 when another write came first), and logged
 * with the change in one transaction.
 */
export interface EwoQuery extends PageQuery {
  /** Number or description contains. */
  search?: string;
  status?: readonly EwoState[];
  openStatus?: 'open' | 'closed';
  ewoType?: EwoType;
  source?: EwoSource;
  /** mine: created by the caller; tracking: the caller is the tracker; approving: waiting for the caller's decision. */
  scope?: 'mine' | 'tracking' | 'approving';
}

export async function listEwos(ctx: ServiceContext, query: EwoQuery = {}): Promise<Page<EwoSummary>> {
  const caller = await ewoCaller(ctx.db, ctx.actor);
  const db = await readDb(ctx);
  const { page, limit, offset } = pageWindow(query);
  const text = query.search?.trim();
  const me = ctx.actor.userId ?? '';
  const where = and(
    readableWhere(caller),
    text ? or(contains(ewo.ewoNum, text), contains(ewo.description, text)) : undefined,
    query.status?.length ? inArray(ewo.status, [...query.status]) : undefined,
    query.openStatus === 'closed' ? eq(ewo.status, 'closed') : query.openStatus === 'open' ? sql`${ewo.status} <> 'closed'` : undefined,
    query.ewoType ? eq(ewo.ewoType, query.ewoType) : undefined,
    query.source ? eq(ewo.source, query.source) : undefined,
    query.scope === 'mine' ? eq(ewo.creatorId, me) : query.scope === 'tracking' ? eq(ewo.trackerId, me) : query.scope === 'approving' ? and(eq(ewo.approverId, me), eq(ewo.status, 'publishPending')) : undefined,
  );
  const [rows, count] = await Promise.all([
    db.select().from(ewo).where(where).orderBy(desc(ewo.updatedAt), desc(ewo.ewoNum)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)` }).from(ewo).where(where).get(),
  ]);
  return { items: rows.map(ewoSummary), total: Number(count?.n ?? 0), page, limit };
}

export async function getEwo(ctx: ServiceContext, key: string): Promise<EwoView> {
  const caller = await ewoCaller(ctx.db, ctx.actor);
  return ewoView(ctx.db, caller, await readableEwo(ctx.db, caller, key));
}

export interface NewEwo {
  description: string;
  ewoType: EwoType;
  source: EwoSource;
  closingDate?: string | null;
  trackerId: string;
}

/** A write's outcome: the EWO as it now is, and the messages stored (pushed to their recipients once committed). */
export interface EwoOutcome {
  ewo: EwoView;
  messages: MessageRow[];
}

/** Inserts a checked EWO with a new EC number (inside the caller's transaction). */
export async function insertEwo(tx: Tx, txCtx: TxContext, input: NewEwo, givenNum: string | null = null): Promise<EwoRow> {
  assertNoIssues(ewoFieldIssues(input));
  const siteId = txCtx.actor.siteId ?? null;
  const tracker = await resolveTracker(tx, input.trackerId, siteId);
  const now = txCtx.now();
  const name = await actorName(tx, txCtx.actor);
  const ewoNum = givenNum ? await registerManualNumber(tx, 'ewo', givenNum) : (await allocateNumber(tx, 'ewo', now, async (n) => !!(await tx.select({ id: ewo.id }).from(ewo).where(eq(ewo.ewoNum, n)).get())));
  const [row] = await tx
    .insert(ewo)
    .values({
      ewoNum,
      description: input.description.trim(),
      ewoType: input.ewoType,
      source: input.source,
      closingDate: input.closingDate || null,
      trackerId: tracker.id,
      trackerName: tracker.name,
      siteId,
      creatorId: txCtx.actor.userId,
      creatorName: name,
      updaterId: txCtx.actor.userId,
      updaterName: name,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

export async function createEwo(ctx: ServiceContext, input: NewEwo): Promise<EwoOutcome> {
  const caller = await ewoCaller(ctx.db, ctx.actor, 'add');
  return writeAndLog(ctx, async (tx, txCtx) => {
    const row = await insertEwo(tx, txCtx, input);
    const messages = await storeEwoMessages(tx, txCtx, row, 'tracker', [row.trackerId], null);
    return { result: { ewo: await ewoView(tx, caller, row), messages }, log: { action: 'ewo.create', entity: 'ewo', entityId: row.id, after: { ewoNum: row.ewoNum, description: row.description, tracker: row.trackerName } } };
  });
}

export interface EwoChanges {
  version: number;
  description?: string;
  ewoType?: EwoType;
  source?: EwoSource;
  closingDate?: string | null;
  trackerId?: string;
}

export const staleEwo = (row: EwoRow) => new ConflictError('ewo.stale' satisfies EwoMessageKey, { ewo: row.ewoNum, currentVersion: row.version });

/** The EWO the caller may change, at the version they read (inside a write). */
export async function ownedAt(tx: Tx, caller: EwoCaller, key: string, version: number): Promise<EwoRow> {
  const before = await readableEwo(tx, caller, key);
  assertOwner(caller, before);
  if (before.version !== version) throw staleEwo(before);
  return before;
}

/** Sets fields and moves the version on, refusing a write that lost the race. */
export async function bump(tx: Tx, txCtx: TxContext, before: EwoRow, set: Partial<typeof ewo.$inferInsert>): Promise<EwoRow> {
  const now = txCtx.now();
  const [row] = await tx
    .update(ewo)
    .set({ ...set, version: before.version + 1, updaterId: txCtx.actor.userId, updaterName: await actorName(tx, txCtx.actor), updatedAt: now })
    .where(and(eq(ewo.id, before.id), eq(ewo.version, before.version)))
    .returning();
  if (!row) throw staleEwo(before);
  return row;
}

export interface EntryInput {
  kind: EwoEntryKind;
  content?: string | null;
  breakpointKind?: EwoBreakpointKind | null;
  breakpointValue?: string | null;
  result?: EwoBreakpointResult | null;
}

/** Appends an entry to the EWO's history, numbered after the last. */
export async function addEntry(tx: Tx, txCtx: TxContext, ewoId: string, entry: EntryInput): Promise<void> {
  const last = await tx.select({ seq: max(ewoEntry.seq) }).from(ewoEntry).where(eq(ewoEntry.ewoId, ewoId)).get();
  await tx.insert(ewoEntry).values({
    ewoId,
    seq: (last?.seq ?? 0) + 1,
    kind: entry.kind,
    content: entry.content?.trim() || null,
    breakpointKind: entry.breakpointKind ?? null,
    breakpointValue: entry.breakpointValue ?? null,
    result: entry.result ?? null,
    actorId: txCtx.actor.userId,
    actorName: await actorName(tx, txCtx.actor),
    at: txCtx.now(),
  });
}

export async function updateEwo(ctx: ServiceContext, key: string, changes: EwoChanges): Promise<EwoOutcome> {
  const caller = await ewoCaller(ctx.db, ctx.actor, 'edit');
  assertNoIssues(ewoFieldIssues(changes, { partial: true }));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await ownedAt(tx, caller, key, changes.version);
    assertEwoEditable(before.status);
    const tracker = changes.trackerId !== undefined && changes.trackerId !== before.trackerId ? await resolveTracker(tx, changes.trackerId, before.siteId) : null;
    const row = await bump(tx, txCtx, before, {
      ...(changes.description !== undefined ? { description: changes.description.trim() } : {}),
      ...(changes.ewoType !== undefined ? { ewoType: changes.ewoType } : {}),
      ...(changes.source !== undefined ? { source: changes.source } : {}),
      ...(changes.closingDate !== undefined ? { closingDate: changes.closingDate || null } : {}),
      ...(tracker ? { trackerId: tracker.id, trackerName: tracker.name } : {}),
    });
    const messages = tracker ? await storeEwoMessages(tx, txCtx, row, 'tracker', [tracker.id], null) : [];
    const fields = ['description', 'ewoType', 'source', 'closingDate', 'trackerName'] as const;
    const pick = (r: EwoRow) => Object.fromEntries(fields.map((f) => [f, r[f]]));
    return { result: { ewo: await ewoView(tx, caller, row), messages }, log: { action: 'ewo.update', entity: 'ewo', entityId: row.id, before: pick(before), after: pick(row) } };
  });
}

/** Deletes an EWO still being opened (its creator; marked deleted, its number kept). */
export async function deleteEwo(ctx: ServiceContext, key: string, version: number): Promise<void> {
  const caller = await ewoCaller(ctx.db, ctx.actor, 'del');
  await writeAndLog(ctx, async (tx, txCtx) => {
    const before = await readableEwo(tx, caller, key);
    assertCreator(caller, before);
    if (before.version !== version) throw staleEwo(before);
    assertEwoDeletable(before.status);
    await bump(tx, txCtx, before, { ...softDeleted(), deletedAt: txCtx.now() });
    return { result: undefined, log: { action: 'ewo.delete', entity: 'ewo', entityId: before.id, before: { ewoNum: before.ewoNum, description: before.description } } };
  });
}
