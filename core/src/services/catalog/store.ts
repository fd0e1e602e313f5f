import { readCustomValues, type StoredCustomValues } from '../custom-fields/values.ts';
import { and, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogRecord, dictionary, user } from '../../db/schema/index.ts';
import { ConflictError, InvalidInputError, InvalidTransitionError, NotFoundError, isDomainError, type Issue } from '../../errors.ts';
import {
  catalogColumnField,
  catalogDuplicateIssue,
  catalogNumberEntry,
  catalogUniqueKeys,
  isCurrentCatalogVersion,
  readCatalogValues,
  type CatalogColumn,
  type CatalogField,
  type CatalogServiceKey,
  type CatalogTypeDefinition,
  type CatalogUniqueKey,
  type CatalogValue,
} from '../../domain/catalog/index.ts';
import { MANUAL_NUMBER_MAX, checkManualNumber } from '../../domain/numbering/index.ts';
import { isOwnApplication, rowMarker, type RowMarker } from '../../domain/permissions/index.ts';
import { KNOWLEDGE_STATUS } from '../../domain/status/index.ts';
import { assertNoIssues, checkText } from '../../domain/validation/index.ts';
import { allocateNumber, getNumberingRule, registerManualNumber } from '../numbering/numbering.ts';
import { assertProductType, canCatalogOperate, type CatalogCaller } from './access.ts';
import { live } from '../../db/live.ts';
import { jsonField, jsonListJoined } from '../../db/portable.ts';

/**
 * The engine's storage: a record's values to and from `catalog_record`
 * (the description, English description, product type and category in
 * their columns, every other field in the JSON data), numbers, uniqueness
 * and the view the services answer with.
 */

export type CatalogRecordRow = typeof catalogRecord.$inferSelect;

/** The statuses of a record under review: locked, and a unique clash with one is a conflict. */
export const UNDER_REVIEW: readonly string[] = [KNOWLEDGE_STATUS.toBeApproved, KNOWLEDGE_STATUS.pendingApproval];

/** What the caller may do with a row, for the list's buttons (the services check again when they act). */
export interface CatalogRowActions {
  readonly edit: boolean;
  readonly del: boolean;
  readonly apply: boolean;
  readonly audit: boolean;
  readonly approve: boolean;
  readonly reject: boolean;
  readonly withdraw: boolean;
}

/** The names of the people on a record (real name, else user name), by role. */
export interface CatalogPeople {
  readonly creator: string | null;
  readonly updater: string | null;
  readonly applicant: string | null;
  readonly auditor: string | null;
  readonly approver: string | null;
}

/** A record version as the services answer it. */
export interface CatalogRecordView extends Omit<CatalogRecordRow, 'text' | 'enText' | 'productType' | 'category' | 'data' | 'delFlg' | 'deletedAt'> {
  /** Every declared field by its spec name, null when empty (the description and product type included). */
  readonly values: Record<string, CatalogValue>;
  readonly people: CatalogPeople;
  /** Authorship as the grid colours it (spec 001 §6): mycompiled, myreadable, noPermission. */
  readonly marker: RowMarker;
  readonly can: CatalogRowActions;
  /** Custom field values by system name (entity `catalog`, shared by every catalog type). */
  readonly customFields: StoredCustomValues;
}

const COLUMN_OF: Record<CatalogColumn, 'text' | 'enText' | 'productType' | 'category'> = {
  text: 'text',
  enText: 'enText',
  productType: 'productType',
  category: 'category',
};

/** Every declared field's value of a row. */
export function valuesOfRow(type: CatalogTypeDefinition, row: Pick<CatalogRecordRow, 'text' | 'enText' | 'productType' | 'category' | 'data'>): Record<string, CatalogValue> {
  const values: Record<string, CatalogValue> = {};
  for (const field of type.fields) {
    values[field.key] = field.column ? (row[COLUMN_OF[field.column]] ?? null) : ((row.data as Record<string, CatalogValue>)[field.key] ?? null);
  }
  return values;
}

/** The columns a record's values are stored in. */
export function columnsOfValues(type: CatalogTypeDefinition, values: Readonly<Record<string, CatalogValue>>) {
  const data: Record<string, CatalogValue> = {};
  const column = (name: CatalogColumn) => {
    const field = catalogColumnField(type, name);
    const value = field ? values[field.key] : null;
    return value === undefined || value === null ? null : String(value);
  };
  for (const field of type.fields) {
    const value = values[field.key];
    if (!field.column && value !== null && value !== undefined) data[field.key] = value;
  }
  return { text: column('text') ?? '', enText: column('enText'), productType: column('productType'), category: column('category'), data };
}

export const productTypeOfValues = (type: CatalogTypeDefinition, values: Readonly<Record<string, CatalogValue>>): string | null => {
  const field = catalogColumnField(type, 'productType');
  const value = field ? values[field.key] : null;
  return typeof value === 'string' ? value : null;
};

/** A live version by id, or not found. */
export async function findCatalogRow(db: DbOrTx, id: string): Promise<CatalogRecordRow> {
  const row = await db.select().from(catalogRecord).where(and(eq(catalogRecord.id, id), live(catalogRecord))).get();
  if (!row) throw new NotFoundError('catalog.record_not_found' satisfies CatalogServiceKey, { id });
  return row;
}

/** Operations act on a record's present, never on a release a later one replaced. */
export function assertCurrentVersion(row: CatalogRecordRow): void {
  if (!isCurrentCatalogVersion(row)) {
    throw new InvalidTransitionError('catalog.superseded' satisfies CatalogServiceKey, { serialNum: row.serialNum, versionNo: row.versionNo });
  }
}

/** A write names the row version it read; another is a conflict that writes nothing. */
export function assertRowVersion(row: CatalogRecordRow, expected: number): void {
  if (row.version !== expected) throw staleCatalogVersion(row.version);
}

export const staleCatalogVersion = (current?: number) =>
  new ConflictError('catalog.stale_version' satisfies CatalogServiceKey, current === undefined ? {} : { currentVersion: current });

/** The row an update returned, or the stale-version conflict when its WHERE on the version matched nothing. */
export function updatedOrStale(rows: readonly CatalogRecordRow[]): CatalogRecordRow {
  const row = rows[0];
  if (row === undefined) throw staleCatalogVersion();
  return row;
}

/** The live codes of the dictionaries a type's fields name. */
/** The live items of the dictionaries a type's fields name: code and names, per dictionary type. */
async function dictionaryItems(db: DbOrTx, type: CatalogTypeDefinition): Promise<Record<string, { code: string; name: string; enName: string }[]>> {
  const types = [...new Set(type.fields.flatMap((f) => (f.kind === 'dictionary' ? [f.dictionary] : [])))];
  if (types.length === 0) return {};
  const roots = await db
    .select({ id: dictionary.id, code: dictionary.code })
    .from(dictionary)
    .where(and(eq(dictionary.parentId, ''), inArray(dictionary.code, types)));
  const items = roots.length
    ? await db
        .select({ parentId: dictionary.parentId, code: dictionary.code, name: dictionary.name, enName: dictionary.enName })
        .from(dictionary)
        .where(and(inArray(dictionary.parentId, roots.map((r) => r.id)), live(dictionary)))
    : [];
  const out: Record<string, { code: string; name: string; enName: string }[]> = Object.fromEntries(types.map((t) => [t, []]));
  for (const root of roots) out[root.code] = items.filter((i) => i.parentId === root.id);
  return out;
}

export async function dictionaryCodes(db: DbOrTx, type: CatalogTypeDefinition): Promise<Record<string, string[]>> {
  return Object.fromEntries(Object.entries(await dictionaryItems(db, type)).map(([t, items]) => [t, items.map((i) => i.code)]));
}

/**
 * The dictionaries of a type's fields for a sheet (issue 20): what an import
 * checks codes against and reads names back by (either language, any case),
 * and each item's name in a language for the export (the English name, else
 * the Chinese one), so a product type reads "乘用车", not "1", and comes back.
 */
export async function dictionarySheetLookups(db: DbOrTx, type: CatalogTypeDefinition) {
  const items = await dictionaryItems(db, type);
  const dictionaries = Object.fromEntries(Object.entries(items).map(([t, list]) => [t, list.map((i) => i.code)]));
  const dictionaryNames = Object.fromEntries(
    Object.entries(items).map(([t, list]) => {
      const names = new Map<string, string>();
      for (const i of list) for (const n of [i.name, i.enName]) if (n.trim() && !names.has(n.trim().toLowerCase())) names.set(n.trim().toLowerCase(), i.code);
      return [t, names];
    }),
  );
  const nameOf = (dictionaryType: string, code: string, locale: 'zh-CN' | 'en-US') => {
    const item = items[dictionaryType]?.find((i) => i.code === code);
    return item ? (locale === 'en-US' && item.enName.trim() ? item.enName : item.name) : code;
  };
  return { dictionaries, dictionaryNames, nameOf };
}

/**
 * A record's values read and checked as its type declares them, under the
 * current rule flags and dictionaries, and its product type held to the
 * caller's list. Throws InvalidInputError with one issue per problem.
 */
export async function checkedValues(db: DbOrTx, type: CatalogTypeDefinition, input: unknown, caller: CatalogCaller): Promise<Record<string, CatalogValue>> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new InvalidInputError('validation.failed', {}, [{ messageKey: 'validation.required', field: 'values', params: { field: 'values' } }]);
  }
  const { values, issues } = readCatalogValues(type, input as Record<string, unknown>, caller.flags, { dictionaries: await dictionaryCodes(db, type) });
  assertNoIssues(issues);
  await assertProductType(db, caller.actor, productTypeOfValues(type, values));
  return values;
}

/** An optional remark or opinion-free text: at most 200 characters. */
export function checkedRemark(value: unknown, field = 'remark'): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  assertNoIssues(checkText(typeof value === 'string' ? value.trim() : value, { field }));
  const text = (value as string).trim();
  return text === '' ? null : text;
}

/** A field's value in SQL: its engine column, or its JSON path in `data` (a multiple field as comma-joined codes). */
export function fieldExpression(field: CatalogField): SQL {
  if (field.column) return sql`${catalogRecord[COLUMN_OF[field.column]]}`;
  if ((field.kind === 'enum' || field.kind === 'dictionary') && field.multiple) return jsonListJoined(catalogRecord.data, field.key);
  return jsonField(catalogRecord.data, field.key);
}

/** Rows that are some record's present, live, of a type. */
export const currentRowsOf = (typeId: string): SQL =>
  and(eq(catalogRecord.type, typeId), live(catalogRecord), or(eq(catalogRecord.isLatestVersion, true), ne(catalogRecord.status, KNOWLEDGE_STATUS.released)))!;

/**
 * A field as unique rules compare it: trimmed, lower-cased, empty for null. The
 * description column is never null and is written without coalesce: that is
 * the expression `catalog_record_unique_text_idx` holds, so the lookup is an
 * index search (the schema's comment says why the index has no coalesce).
 */
export function uniqueKeyExpression(field: CatalogField): SQL {
  return field.column === 'text' ? sql`lower(trim(${catalogRecord.text}))` : sql`lower(trim(coalesce(${fieldExpression(field)}, '')))`;
}

/**
 * The type's unique rules (spec 001 §5) against every other record's
 * present (its latest version or the version in preparation), compared
 * trimmed and case-insensitively: a record of the same root does not count.
 * A clash with a record under review is the spec's "new knowledge item
 * blocked while under review" (conflict); other clashes are issues under
 * the field.
 */
/** The present of another record (not of `rootId`) holding a unique rule's values, compared trimmed and case-insensitively. */
export async function findUniqueHolder(db: DbOrTx, type: CatalogTypeDefinition, key: CatalogUniqueKey, rootId: string | null, within?: SQL): Promise<CatalogRecordRow | undefined> {
  return uniqueHolderQuery(db, type, key, rootId, within).get();
}

/** findUniqueHolder's query (its plan is tested: it must search catalog_record_unique_text_idx); `within` narrows the records that count. */
export function uniqueHolderQuery(db: DbOrTx, type: CatalogTypeDefinition, key: CatalogUniqueKey, rootId: string | null, within?: SQL) {
  const matches = key.fields.map((name, i) => sql`${uniqueKeyExpression(type.fields.find((f) => f.key === name)!)} = lower(${key.values[i]!})`);
  return db
    .select()
    .from(catalogRecord)
    .where(and(currentRowsOf(type.id), rootId === null ? undefined : ne(catalogRecord.rootId, rootId), within, ...matches))
    .orderBy(desc(catalogRecord.versionNo))
    .limit(1);
}

/**
 * `field`: only the rules that field takes part in; `within`: only the records
 * matching it count (the probe before saving, probes.ts, which asks among the
 * records its caller may see). A save passes neither: every record counts.
 */
export async function uniqueIssues(
  db: DbOrTx,
  type: CatalogTypeDefinition,
  values: Readonly<Record<string, CatalogValue>>,
  rootId: string | null,
  { field, within }: { field?: string; within?: SQL } = {},
): Promise<Issue[]> {
  const issues: Issue[] = [];
  for (const key of catalogUniqueKeys(type, values)) {
    if (field !== undefined && !key.fields.includes(field)) continue;
    const clash = await findUniqueHolder(db, type, key, rootId, within);
    if (!clash) continue;
    if (UNDER_REVIEW.includes(clash.status)) throw new ConflictError('catalog.content_under_review' satisfies CatalogServiceKey, { serialNum: clash.serialNum });
    issues.push(catalogDuplicateIssue(key));
  }
  return issues;
}

const numberTaken = (db: DbOrTx, typeId: string) => async (number: string) =>
  (await db.select({ id: catalogRecord.id }).from(catalogRecord).where(and(eq(catalogRecord.type, typeId), eq(catalogRecord.serialNum, number))).get()) !== undefined;

const serialIssue = (type: CatalogTypeDefinition, messageKey: string, params: Record<string, string | number> = {}): Issue => ({
  messageKey,
  field: type.serialField,
  params: { field: type.serialField, ...params },
});

/**
 * The number of a new record (spec 001 §3): numbers are per type and never
 * reused (deleted records keep theirs). Entry `rule`: blank takes the next
 * number of the type's numbering module, past any number a record holds; a
 * typed one is accepted where that rule allows manual numbers, and moves the
 * counter past it. Entry `required` (products): the typed number, required,
 * one line, at most 50 characters. A number a record already holds is an
 * issue under the number field.
 */
export async function takeCatalogNumber(db: DbOrTx, type: CatalogTypeDefinition, now: Date, typed: unknown): Promise<string> {
  const taken = numberTaken(db, type.id);
  const text = typeof typed === 'string' ? typed.trim() : typed;
  const blank = text === undefined || text === null || text === '';
  if (catalogNumberEntry(type) === 'required') {
    if (blank) assertNoIssues([serialIssue(type, 'validation.required')]);
    assertNoIssues(checkText(text, { field: type.serialField, max: MANUAL_NUMBER_MAX }));
    if (/[\r\n]/.test(text as string)) assertNoIssues([serialIssue(type, 'catalog.code_one_line')]);
  } else {
    if (blank) return allocateNumber(db, type.numbering.module, now, taken);
    if (typeof text !== 'string') assertNoIssues([serialIssue(type, 'validation.not_text')]);
    try {
      checkManualNumber(await getNumberingRule(db, type.numbering.module), text as string);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      assertNoIssues([serialIssue(type, error.messageKey, error.params)]);
    }
  }
  if (await taken(text as string)) assertNoIssues([serialIssue(type, 'catalog.serial_duplicate', { value: text as string })]);
  return catalogNumberEntry(type) === 'rule' ? registerManualNumber(db, type.numbering.module, text as string) : (text as string);
}

/** Real names (else user names) of the people a set of rows names. */
export async function peopleNames(db: DbOrTx, rows: readonly CatalogRecordRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => [r.creatorId, r.updaterId, r.applicantId, r.auditorId, r.approverId]).filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map();
  const users = await db.select({ id: user.id, userName: user.userName, realName: user.realName }).from(user).where(inArray(user.id, ids));
  return new Map(users.map((u) => [u.id, u.realName || u.userName]));
}

function rowActions(caller: CatalogCaller, type: CatalogTypeDefinition, row: CatalogRecordRow): CatalogRowActions {
  const current = isCurrentCatalogVersion(row);
  const may = (button: string, owned = false) => current && canCatalogOperate(caller, type, button, owned ? row : undefined);
  const unlocked = !UNDER_REVIEW.includes(row.status);
  // separation of duties: the applicant does not decide on their own application
  const mine = caller.rules.separationOfDuties && isOwnApplication(row.applicantId, caller.actor.userId);
  return {
    edit: unlocked && may('edit', true),
    del: unlocked && may('del', true),
    apply: row.status === KNOWLEDGE_STATUS.editing && may('edit', true),
    audit: !mine && row.status === KNOWLEDGE_STATUS.toBeApproved && may('audit'),
    approve: !mine && row.status === KNOWLEDGE_STATUS.pendingApproval && may('approve'),
    reject: !mine && ((row.status === KNOWLEDGE_STATUS.toBeApproved && may('audit')) || (row.status === KNOWLEDGE_STATUS.pendingApproval && may('approve'))),
    withdraw: row.status === KNOWLEDGE_STATUS.toBeApproved && current && (caller.actor.isAdmin || (row.applicantId !== null && row.applicantId === caller.actor.userId)),
  };
}

export function toView(caller: CatalogCaller, type: CatalogTypeDefinition, row: CatalogRecordRow, names: ReadonlyMap<string, string>, customFields: StoredCustomValues = {}): CatalogRecordView {
  const { text: _text, enText: _enText, productType: _productType, category: _category, data: _data, delFlg: _delFlg, deletedAt: _deletedAt, ...rest } = row;
  const name = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  return {
    ...rest,
    values: valuesOfRow(type, row),
    people: {
      creator: name(row.creatorId) ?? row.creatorName,
      updater: name(row.updaterId),
      applicant: name(row.applicantId),
      auditor: name(row.auditorId),
      approver: name(row.approverId),
    },
    marker: rowMarker(row, caller.actor),
    can: rowActions(caller, type, row),
    customFields,
  };
}

export async function viewsOf(db: DbOrTx, caller: CatalogCaller, type: CatalogTypeDefinition, rows: readonly CatalogRecordRow[]): Promise<CatalogRecordView[]> {
  const [names, custom] = await Promise.all([peopleNames(db, rows), readCustomValues(db, 'catalog', rows.map((r) => r.id))]);
  return rows.map((row) => toView(caller, type, row, names, custom.get(row.id) ?? {}));
}

export async function viewOf(db: DbOrTx, caller: CatalogCaller, type: CatalogTypeDefinition, row: CatalogRecordRow): Promise<CatalogRecordView> {
  return (await viewsOf(db, caller, type, [row]))[0]!;
}
