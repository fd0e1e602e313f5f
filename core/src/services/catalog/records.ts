import type { CustomValues } from '../../domain/custom-fields/index.ts';
import { copyCustomValues, saveCustomValues } from '../custom-fields/values.ts';
import { customListSql, type CustomListQuery } from '../custom-fields/list-query.ts';
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, max, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogRecord } from '../../db/schema/index.ts';
import { ConflictError, InvalidInputError } from '../../errors.ts';
import { assertCatalogDeletable, catalogEditPlan, type CatalogServiceKey, type CatalogTypeDefinition, type CatalogValue } from '../../domain/catalog/index.ts';
import { KNOWLEDGE_STATUS, knowledgeMachine } from '../../domain/status/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { readDb, type ServiceContext, type TxContext } from '../shared/context.ts';
import { contains, pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertCatalogOperate, assertCatalogRead, assertProductType, catalogCaller, catalogType, productTypeCondition, type CatalogCaller } from './access.ts';
import { catalogOperation, writeCatalogLog } from './log.ts';
import { assertNotReferenced } from './references.ts';
import {
  assertCurrentVersion,
  assertRowVersion,
  checkedRemark,
  checkedValues,
  columnsOfValues,
  currentRowsOf,
  findCatalogRow,
  takeCatalogNumber,
  uniqueIssues,
  updatedOrStale,
  valuesOfRow,
  viewOf,
  viewsOf,
  type CatalogRecordRow,
  type CatalogRecordView,
} from './store.ts';
import { live, softDeleted } from '../../db/live.ts';

export interface CatalogCreateInput {
  /** The type's fields by their spec names (see the type's declaration). */
  values: Record<string, unknown>;
  /** A number typed by hand: where the type's numbering rule allows it, or always for types whose users type numbers (products). */
  serialNum?: string | null;
  remark?: string | null;
  /** Custom field values by system name (System › Customisation forms, entity `catalog`). */
  customFields?: CustomValues;
}

export interface CatalogUpdateInput {
  /** The row version the change is based on; a stale one is a conflict. */
  version: number;
  /** Fields to change; fields left out keep their values, null or '' empties one. */
  values?: Record<string, unknown>;
  remark?: string | null;
  /** Custom field values to change; fields left out keep theirs. */
  customFields?: CustomValues;
}

/**
 * A new record in editing (status 0, version 1, latest), numbered by the
 * type's rule (spec 001 §3), checked as its type declares (required and
 * unique rules, English while EnglishRequiredRuleFlag is on, the caller's
 * product types). Needs the `add` button on the type's route. Inside an
 * open transaction (import) use `insertCatalogRecord`.
 */
export async function createCatalogRecord(ctx: ServiceContext, typeId: string, input: CatalogCreateInput): Promise<CatalogRecordView> {
  const type = catalogType(typeId);
  const caller = await catalogCaller(ctx.db, ctx.actor, type);
  assertCatalogOperate(caller, type, 'add');
  const values = await checkedValues(ctx.db, type, input.values, caller);
  const remark = checkedRemark(input.remark);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const row = await insertCatalogRecord(tx, txCtx, type, values, input.serialNum, remark ?? null);
    await saveCustomValues(tx, 'catalog', row.id, input.customFields, { partial: false });
    await writeCatalogLog(tx, txCtx, { action: 'create', row, toStatus: row.status });
    return { result: await viewOf(tx, caller, type, row), log: catalogOperation('create', row.id, null, row) };
  });
}

/** Inserts a checked record: uniqueness, number, row (its own root). */
export async function insertCatalogRecord(
  tx: DbOrTx,
  txCtx: TxContext,
  type: CatalogTypeDefinition,
  values: Readonly<Record<string, CatalogValue>>,
  serialNum: unknown,
  remark: string | null,
): Promise<CatalogRecordRow> {
  assertNoIssues(await uniqueIssues(tx, type, values, null));
  const number = await takeCatalogNumber(tx, type, txCtx.now(), serialNum);
  const id = randomUUID();
  const [row] = await tx
    .insert(catalogRecord)
    .values({
      id,
      type: type.id,
      rootId: id,
      serialNum: number,
      versionNo: 1,
      isLatestVersion: true,
      status: KNOWLEDGE_STATUS.editing,
      ...columnsOfValues(type, values),
      remark,
      creatorId: txCtx.actor.userId,
      creatorName: txCtx.actor.userName,
      updaterId: txCtx.actor.userId,
      createdAt: txCtx.now(),
      updatedAt: txCtx.now(),
    })
    .returning();
  return row!;
}

/**
 * Changes a record (spec 001 §4, §5): needs `edit` on the route and, on
 * someone else's record, the creator rule's consent; refused while under
 * approval. A draft is changed in place, a rejected record goes back to
 * editing, and a released one stays as it is while a new version (its
 * `versionNo` + 1, not yet latest) is started in editing with the change —
 * the answer is that new version, with its own id. FMEA items keep citing
 * the version they took.
 */
export async function updateCatalogRecord(ctx: ServiceContext, id: string, input: CatalogUpdateInput): Promise<CatalogRecordView> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findCatalogRow(tx, id);
    const type = catalogType(before.type);
    const caller = await catalogCaller(tx, ctx.actor, type);
    const { row, action } = await reviseCatalogRecord(tx, txCtx, caller, type, before, input);
    return { result: await viewOf(tx, caller, type, row), log: catalogOperation(action, row.id, before, row) };
  });
}

/**
 * The change of `updateCatalogRecord` inside an open transaction: checks, writes the row or the new
 * version, the knowledge log, and the custom values (a new version starts with its release's).
 */
export async function reviseCatalogRecord(
  tx: DbOrTx,
  txCtx: TxContext,
  caller: CatalogCaller,
  type: CatalogTypeDefinition,
  before: CatalogRecordRow,
  input: CatalogUpdateInput,
): Promise<{ row: CatalogRecordRow; action: 'update' | 'new_version' }> {
  const revised = await reviseRow(tx, txCtx, caller, type, before, input);
  if (revised.action === 'new_version') await copyCustomValues(tx, 'catalog', before.id, revised.row.id);
  await saveCustomValues(tx, 'catalog', revised.row.id, input.customFields, { partial: true });
  return revised;
}

async function reviseRow(
  tx: DbOrTx,
  txCtx: TxContext,
  caller: CatalogCaller,
  type: CatalogTypeDefinition,
  before: CatalogRecordRow,
  input: CatalogUpdateInput,
): Promise<{ row: CatalogRecordRow; action: 'update' | 'new_version' }> {
  await assertProductType(tx, caller.actor, before.productType);
  assertCatalogOperate(caller, type, 'edit', before);
  assertCurrentVersion(before);
  const plan = catalogEditPlan(before.status);
  assertRowVersion(before, input.version);
  const values = await checkedValues(tx, type, { ...valuesOfRow(type, before), ...(input.values ?? {}) }, caller);
  const remark = checkedRemark(input.remark);
  assertNoIssues(await uniqueIssues(tx, type, values, before.rootId));
  const now = txCtx.now();

  if (plan.mode === 'inPlace') {
    const rows = await tx
      .update(catalogRecord)
      .set({ ...columnsOfValues(type, values), ...(remark !== undefined && { remark }), status: plan.status, updaterId: txCtx.actor.userId, updatedAt: now, version: sql`${catalogRecord.version} + 1` })
      .where(and(eq(catalogRecord.id, before.id), eq(catalogRecord.version, input.version)))
      .returning();
    const row = updatedOrStale(rows);
    await writeCatalogLog(tx, txCtx, { action: 'update', row, fromStatus: before.status, toStatus: row.status });
    return { row, action: 'update' };
  }

  const draft = await tx
    .select({ versionNo: catalogRecord.versionNo })
    .from(catalogRecord)
    .where(and(eq(catalogRecord.rootId, before.rootId), live(catalogRecord), ne(catalogRecord.status, KNOWLEDGE_STATUS.released)))
    .get();
  if (draft) throw new ConflictError('catalog.draft_exists' satisfies CatalogServiceKey, { serialNum: before.serialNum, versionNo: draft.versionNo });
  // deleted drafts keep their version numbers: the next one counts past them
  const last = await tx.select({ n: max(catalogRecord.versionNo) }).from(catalogRecord).where(eq(catalogRecord.rootId, before.rootId)).get();
  const [row] = await tx
    .insert(catalogRecord)
    .values({
      type: type.id,
      rootId: before.rootId,
      serialNum: before.serialNum,
      versionNo: (last?.n ?? before.versionNo) + 1,
      isLatestVersion: false,
      status: plan.status,
      ...columnsOfValues(type, values),
      remark: remark === undefined ? before.remark : remark,
      creatorId: before.creatorId,
      creatorName: before.creatorName,
      updaterId: txCtx.actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await writeCatalogLog(tx, txCtx, { action: 'new_version', row: row!, fromStatus: before.status, toStatus: row!.status });
  return { row: row!, action: 'new_version' };
}

/**
 * Deletes a record (soft: delFlg 1, its number stays taken). Needs `del`
 * and, on someone else's record, the creator rule's consent; refused while
 * under approval. Deleting the version in preparation drops that version
 * alone; deleting a record's latest version deletes the record with every
 * version — refused while FMEA items cite any of them (`catalog.in_use`) or
 * while its next version is under approval.
 */
export async function deleteCatalogRecord(ctx: ServiceContext, id: string, input: { version: number }): Promise<{ deleted: number }> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findCatalogRow(tx, id);
    const type = catalogType(before.type);
    const caller = await catalogCaller(tx, ctx.actor, type);
    await assertProductType(tx, caller.actor, before.productType);
    assertCatalogOperate(caller, type, 'del', before);
    assertCurrentVersion(before);
    assertCatalogDeletable(before.status);
    assertRowVersion(before, input.version);
    const gone = { ...softDeleted(), deletedAt: txCtx.now(), updaterId: txCtx.actor.userId, version: sql`${catalogRecord.version} + 1` };

    let deleted: CatalogRecordRow[];
    if (!before.isLatestVersion) {
      deleted = await tx.update(catalogRecord).set(gone).where(and(eq(catalogRecord.id, id), eq(catalogRecord.version, input.version))).returning();
    } else {
      const versions = await tx.select().from(catalogRecord).where(and(eq(catalogRecord.rootId, before.rootId), live(catalogRecord)));
      for (const other of versions) if (other.id !== id) assertCatalogDeletable(other.status);
      const quotes = versions.reduce((sum, v) => sum + v.quoteCount, 0);
      if (quotes > 0) throw new ConflictError('catalog.in_use' satisfies CatalogServiceKey, { count: quotes });
      await assertNotReferenced(tx, type, versions);
      deleted = await tx.update(catalogRecord).set(gone).where(and(eq(catalogRecord.rootId, before.rootId), live(catalogRecord))).returning();
    }
    updatedOrStale(deleted);
    await writeCatalogLog(tx, txCtx, { action: 'delete', row: before, fromStatus: before.status });
    return { result: { deleted: deleted.length }, log: catalogOperation('delete', id, { ...before, versions: deleted.map((r) => r.id) }, null) };
  });
}

async function readableRow(ctx: ServiceContext, id: string): Promise<{ row: CatalogRecordRow; type: CatalogTypeDefinition; caller: CatalogCaller }> {
  const row = await findCatalogRow(ctx.db, id);
  const type = catalogType(row.type);
  const caller = await catalogCaller(ctx.db, ctx.actor, type);
  assertCatalogRead(caller);
  await assertProductType(ctx.db, caller.actor, row.productType);
  return { row, type, caller };
}

/** One version of a record (any version, replaced releases too): the type's route must be held, its product type the caller's. */
export async function getCatalogRecord(ctx: ServiceContext, id: string): Promise<CatalogRecordView> {
  const { row, type, caller } = await readableRow(ctx, id);
  return viewOf(ctx.db, caller, type, row);
}

/** Every live version of the record a version belongs to, oldest first. */
export async function listCatalogVersions(ctx: ServiceContext, id: string): Promise<CatalogRecordView[]> {
  const { row, type, caller } = await readableRow(ctx, id);
  const rows = await ctx.db
    .select()
    .from(catalogRecord)
    .where(and(eq(catalogRecord.rootId, row.rootId), live(catalogRecord)))
    .orderBy(asc(catalogRecord.versionNo));
  return viewsOf(ctx.db, caller, type, rows);
}

/** The list's creator tabs: everyone's, the caller's own (mycompiled), others' (myreadable). */
export const CATALOG_CREATOR_TABS = ['all', 'mine', 'others'] as const;
export type CatalogCreatorTab = (typeof CATALOG_CREATOR_TABS)[number];

export interface CatalogListQuery extends PageQuery, CustomListQuery {
  /** Contained in the description in either language or in the number (case-insensitive, wildcards literal). */
  search?: string;
  /** Status codes (0..4); none given: all. */
  status?: readonly string[];
  /** Product-type codes, within the caller's own; none given: all the caller may see. */
  productTypes?: readonly string[];
  category?: string;
  creator?: CatalogCreatorTab;
  /** Include releases a later release replaced (history); by default only each record's present is listed. */
  allVersions?: boolean;
}

/**
 * A page of a type's records, newest change first: each record's present
 * (its latest version, and the version in preparation beside it), filtered
 * by search, status, product type, category and creator tab. Only records
 * without a product type or of one of the caller's product types are
 * listed (admins see all). Rows carry the grid marker and what the caller
 * may do with them.
 */
export async function listCatalogRecords(ctx: ServiceContext, typeId: string, query: CatalogListQuery = {}): Promise<Page<CatalogRecordView>> {
  const type = catalogType(typeId);
  const caller = await catalogCaller(ctx.db, ctx.actor, type);
  assertCatalogRead(caller);
  const { page, limit, offset } = pageWindow(query);
  const filter = catalogListFilter(caller, type, query);
  if (filter === null) return { items: [], total: 0, page, limit };
  const reader = await readDb(ctx);
  // each version row holds its own custom values (copyCustomValues), so the row's id is the record id
  const custom = await customListSql(reader, 'catalog', catalogRecord.id, query);
  const where = and(filter, custom.where)!;
  const rows = await catalogListPage(reader, where, limit, offset, custom.orderBy);
  // a page short of its limit is the list's end, so its total is known: a search matching little scans the type once, not twice
  const ended = rows.length < limit && (rows.length > 0 || offset === 0);
  const total = ended ? offset + rows.length : ((await reader.select({ n: count() }).from(catalogRecord).where(where))[0]?.n ?? 0);
  return { items: await viewsOf(reader, caller, type, rows), total, page, limit };
}

/**
 * The list's page, newest change first (its plan is tested: it walks catalog_record_type_updated_idx and stops after the page);
 * a custom field's sort (`first`) goes before that order.
 */
export const catalogListPage = (db: DbOrTx, where: SQL, limit: number, offset: number, first: readonly SQL[] = []) =>
  db.select().from(catalogRecord).where(where).orderBy(...first, desc(catalogRecord.updatedAt), desc(catalogRecord.serialNum), desc(catalogRecord.versionNo)).limit(limit).offset(offset);

const STATUSES: readonly string[] = knowledgeMachine.states;

/** The WHERE of a list query, or null when it can match nothing (no permitted product type asked). */
export function catalogListFilter(caller: CatalogCaller, type: CatalogTypeDefinition, query: CatalogListQuery): SQL | null {
  const { actor } = caller;
  const where: (SQL | undefined)[] = [query.allVersions ? and(eq(catalogRecord.type, type.id), live(catalogRecord)) : currentRowsOf(type.id)];
  const unknownStatus = (query.status ?? []).filter((s) => !STATUSES.includes(s));
  if (unknownStatus.length) {
    throw new InvalidInputError('validation.failed', {}, [{ messageKey: 'catalog.value_not_allowed', field: 'status', params: { field: 'status', value: unknownStatus[0]!, allowed: STATUSES.join(', ') } }]);
  }
  if (query.status?.length) where.push(inArray(catalogRecord.status, query.status as (typeof catalogRecord.status._.data)[]));

  const productTypes = productTypeCondition(actor, query.productTypes);
  if (productTypes === null) return null;
  where.push(productTypes);

  const search = query.search?.trim();
  if (search) where.push(or(contains(catalogRecord.text, search), contains(catalogRecord.enText, search), contains(catalogRecord.serialNum, search)));
  if (query.category?.trim()) where.push(eq(catalogRecord.category, query.category.trim()));

  // by id or by name (spec 001 §6), as rowMarker matches; empty never matches, NULL reads as empty
  const mine = sql`((${actor.userId} <> '' and coalesce(${catalogRecord.creatorId}, '') = ${actor.userId}) or (${actor.userName} <> '' and coalesce(${catalogRecord.creatorName}, '') = ${actor.userName}))`;
  const named = sql`(coalesce(${catalogRecord.creatorId}, '') <> '' or coalesce(${catalogRecord.creatorName}, '') <> '')`;
  if (query.creator === 'mine') where.push(mine);
  if (query.creator === 'others') where.push(and(not(mine), named));
  return and(...where)!;
}
