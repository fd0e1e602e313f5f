import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { insertRows } from '../../db/bulk-insert.ts';
import type { DbOrTx } from '../../db/client.ts';
import { catalogLog, catalogRecord, user } from '../../db/schema/index.ts';
import { CATALOG_TYPE_IDS, catalogLogActionKey, type CatalogLogAction } from '../../domain/catalog/index.ts';
import type { OperationRecord } from '../shared/audit.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { assertCatalogRead, assertProductType, catalogCaller, catalogType, productTypeCondition, type CatalogCaller } from './access.ts';

type RecordRow = typeof catalogRecord.$inferSelect;
export type CatalogLogRow = typeof catalogLog.$inferSelect;

export interface CatalogLogEntry {
  readonly action: CatalogLogAction;
  readonly row: Pick<RecordRow, 'id' | 'type' | 'rootId' | 'serialNum' | 'versionNo'>;
  readonly fromStatus?: string | null;
  readonly toStatus?: string | null;
  readonly remark?: string | null;
}

/** Writes one row of the knowledge log; call it inside the transaction of the change. */
export async function writeCatalogLog(tx: DbOrTx, ctx: TxContext, entry: CatalogLogEntry): Promise<void> {
  await writeCatalogLogs(tx, ctx, [entry]);
}

/** Writes rows of the knowledge log in multi-row inserts (an import's thousands of records). */
export async function writeCatalogLogs(tx: DbOrTx, ctx: TxContext, entries: readonly CatalogLogEntry[]): Promise<void> {
  const at = ctx.now();
  await insertRows(tx, catalogLog, entries.map((entry) => logRow(at, ctx, entry)));
}

function logRow(at: Date, ctx: TxContext, entry: CatalogLogEntry): typeof catalogLog.$inferInsert {
  return {
    at,
    type: entry.row.type,
    recordId: entry.row.id,
    rootId: entry.row.rootId,
    serialNum: entry.row.serialNum,
    versionNo: entry.row.versionNo,
    action: entry.action,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    remark: entry.remark ?? null,
    userId: ctx.actor.userId,
    userName: ctx.actor.userName,
  };
}

/** The operation-log record of a catalog write (the full rows before and after). */
export const catalogOperation = (action: CatalogLogAction, entityId: string, before: unknown, after: unknown): OperationRecord => ({
  action: `catalog.record.${action}`,
  entity: 'catalog_record',
  entityId,
  before,
  after,
});

export interface CatalogLogQuery extends PageQuery {
  /** One type; without it, every type whose route the caller holds. */
  type?: string;
  /** One record: every version of it (any version's id). */
  recordId?: string;
}

export interface CatalogLogView extends CatalogLogRow {
  /** The catalog key naming the action (`catalog.log.<action>`), for the reader's language. */
  actionKey: string;
  /** The person's real name as the user list holds it now; null when they have none or are gone (`userName` is the login they acted under). */
  userRealName: string | null;
}

/**
 * The knowledge log, newest first: of one type or of every type the caller may read, optionally of one record.
 * Filtered like the list: only entries about versions of the caller's product types (or without one); one
 * record's log is refused when that record is outside them, as reading it is.
 */
export async function listCatalogLog(ctx: ServiceContext, query: CatalogLogQuery = {}): Promise<Page<CatalogLogView>> {
  const { page, limit, offset } = pageWindow(query);
  const ids = query.type !== undefined ? [catalogType(query.type).id] : CATALOG_TYPE_IDS;
  const readable: string[] = [];
  let known: CatalogCaller | undefined;
  for (const id of ids) {
    const caller = await catalogCaller(ctx.db, ctx.actor, catalogType(id), known);
    known = caller;
    try {
      assertCatalogRead(caller);
      readable.push(id);
    } catch (error) {
      if (query.type !== undefined) throw error;
    }
  }
  // like the list: an entry about a version of a product type outside the caller's list is left out
  const visible = known && productTypeCondition(known.actor);
  if (readable.length === 0 || !known || visible === null) return { items: [], total: 0, page, limit };
  const where: (SQL | undefined)[] = [
    inArray(catalogLog.type, readable),
    visible && inArray(catalogLog.recordId, ctx.db.select({ id: catalogRecord.id }).from(catalogRecord).where(visible)),
  ];
  if (query.recordId !== undefined) {
    const row = await ctx.db.select({ rootId: catalogRecord.rootId, productType: catalogRecord.productType }).from(catalogRecord).where(eq(catalogRecord.id, query.recordId)).get();
    // a record outside the caller's product types is refused as reading it is
    if (row) await assertProductType(ctx.db, known.actor, row.productType);
    where.push(eq(catalogLog.rootId, row?.rootId ?? query.recordId));
  }
  const condition = and(...where);
  const [rows, totals] = await Promise.all([
    ctx.db
      .select({ entry: catalogLog, realName: user.realName })
      .from(catalogLog)
      .leftJoin(user, eq(user.id, catalogLog.userId))
      .where(condition)
      .orderBy(desc(catalogLog.at), desc(catalogLog.id))
      .limit(limit)
      .offset(offset),
    ctx.db.select({ n: count() }).from(catalogLog).where(condition),
  ]);
  const items = rows.map(({ entry, realName }) => ({ ...entry, actionKey: catalogLogActionKey(entry.action as CatalogLogAction), userRealName: realName?.trim() || null }));
  return { items, total: totals[0]?.n ?? 0, page, limit };
}
