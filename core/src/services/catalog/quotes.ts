import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogRecord } from '../../db/schema/index.ts';
import { ConflictError } from '../../errors.ts';
import { isQuotableCatalogVersion, type CatalogServiceKey } from '../../domain/catalog/index.ts';
import type { OperationRecord } from '../shared/audit.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertProductType } from './access.ts';
import { actorOf } from '../shared/actor.ts';
import { catalogOperation, writeCatalogLog } from './log.ts';
import { findCatalogRow, type CatalogRecordRow } from './store.ts';
import { live } from '../../db/live.ts';
import { larger } from '../../db/portable.ts';

/**
 * The quote count (spec 001 §3 `quoteCount`): how many FMEA items cite a
 * record version. An item cites the released latest version it took and
 * keeps citing that version when a later one is released, so only a
 * released latest version can be newly cited, and any live version can be
 * let go. No route is asked: citing happens from an FMEA, whose own rights
 * its service checks; the record's product type must be the caller's.
 */
export async function changeCatalogQuotes(
  tx: DbOrTx,
  txCtx: TxContext,
  id: string,
  delta: number,
  options: { proposed?: boolean } = {},
): Promise<{ row: CatalogRecordRow; log: OperationRecord }> {
  const before = await findCatalogRow(tx, id);
  await assertProductType(tx, await actorOf(tx, txCtx.actor), before.productType);
  // `proposed`: the FMEA item that proposed the record (push to knowledge) cites it while it is still being reviewed
  if (delta > 0 && !isQuotableCatalogVersion(before) && !(options.proposed && before.isLatestVersion)) {
    throw new ConflictError('catalog.not_quotable' satisfies CatalogServiceKey, { serialNum: before.serialNum, versionNo: before.versionNo });
  }
  if (delta < 0 && before.quoteCount + delta < 0) throw new ConflictError('catalog.not_quoted' satisfies CatalogServiceKey, { serialNum: before.serialNum });
  const [row] = await tx
    .update(catalogRecord)
    // the row version is left alone: citing does not change what an editor read
    .set({ quoteCount: larger(0, sql`${catalogRecord.quoteCount} + ${delta}`) })
    .where(and(eq(catalogRecord.id, id), live(catalogRecord)))
    .returning();
  const action = delta > 0 ? 'quote' : 'unquote';
  await writeCatalogLog(tx, txCtx, { action, row: row! });
  return { row: row!, log: catalogOperation(action, id, { quoteCount: before.quoteCount }, { quoteCount: row!.quoteCount }) };
}

/**
 * FMEA items that cited these record versions are gone or reworded: each id
 * counts down once per occurrence, never below zero. Letting go asks no
 * product type (whoever may change the FMEA may drop its items), and a
 * record deleted since is skipped. Returns the operation-log records.
 */
export async function releaseCatalogQuotes(tx: DbOrTx, txCtx: TxContext, ids: readonly string[]): Promise<OperationRecord[]> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  const logs: OperationRecord[] = [];
  for (const [id, n] of counts) {
    const [row] = await tx
      .update(catalogRecord)
      .set({ quoteCount: larger(0, sql`${catalogRecord.quoteCount} - ${n}`) })
      .where(and(eq(catalogRecord.id, id), live(catalogRecord)))
      .returning();
    if (!row) continue;
    await writeCatalogLog(tx, txCtx, { action: 'unquote', row });
    logs.push(catalogOperation('unquote', id, null, { quoteCount: row.quoteCount, released: n }));
  }
  return logs;
}

/** An FMEA item cites the record version: its quote count goes up by one. */
export async function quoteCatalogRecord(ctx: ServiceContext, id: string): Promise<{ id: string; quoteCount: number }> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { row, log } = await changeCatalogQuotes(tx, txCtx, id, 1);
    return { result: { id: row.id, quoteCount: row.quoteCount }, log };
  });
}

/** An FMEA item no longer cites the record version: its quote count goes down by one. */
export async function unquoteCatalogRecord(ctx: ServiceContext, id: string): Promise<{ id: string; quoteCount: number }> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { row, log } = await changeCatalogQuotes(tx, txCtx, id, -1);
    return { result: { id: row.id, quoteCount: row.quoteCount }, log };
  });
}
