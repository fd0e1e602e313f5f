import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { insertRows } from '../../db/bulk-insert.ts';
import type { DbOrTx } from '../../db/client.ts';
import { catalogRecord, customFieldValue } from '../../db/schema/index.ts';
import { ConflictError, isDomainError, type DomainError, type Issue } from '../../errors.ts';
import { catalogDuplicateIssue, catalogNumberEntry, catalogUniqueKeys, type CatalogServiceKey, type CatalogTypeDefinition, type CatalogUniqueKey, type CatalogValue } from '../../domain/catalog/index.ts';
import { KNOWLEDGE_STATUS } from '../../domain/status/index.ts';
import type { TxContext } from '../shared/context.ts';
import { allocateNumbers } from '../numbering/numbering.ts';
import { writeCatalogLogs } from './log.ts';
import { columnsOfValues, currentRowsOf, UNDER_REVIEW, uniqueKeyExpression, type CatalogRecordRow } from './store.ts';
import { jsonElements } from '../../db/portable.ts';
import type { CustomFieldRow } from '../custom-fields/fields.ts';

/**
 * The import's bulk path (docs/domain/catalog.md, "At scale"): the type's
 * numbers and unique-rule values read once into memory, so a row is looked up
 * without a query, and its new records written together — numbers taken in
 * one counter step, records and knowledge-log rows in multi-row inserts.
 */

/** A record's present as the import looks it up. */
export type CatalogHolder = Pick<CatalogRecordRow, 'id' | 'rootId' | 'serialNum' | 'versionNo' | 'status'>;

// SQLite's own lower() and trim(), which the unique rule's SQL applies (uniqueKeyExpression): ASCII letters, spaces
const sqlLower = (text: string) => text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
const sqlTrim = (text: string) => text.replace(/^ +| +$/g, '');
/** A value as its column or JSON path reads in SQL (a list comma-joined); unique rules name texts and codes. */
const storedText = (value: CatalogValue | undefined) => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value));
const ruleKey = (fields: readonly string[], parts: readonly string[]) => [fields.join(','), ...parts].join('\u0000');

/**
 * The present of every record of a type by number and by each unique rule's
 * values (as the rule compares them: trimmed, lower-cased), kept up to date
 * with the rows the import writes: what `existingRecord` and `uniqueIssues`
 * would find with a query each, the rows above in the file included.
 */
export class CatalogKeyIndex {
  private readonly bySerial = new Map<string, CatalogHolder>();
  private readonly byKey = new Map<string, CatalogHolder[]>();
  private readonly keysOf = new Map<string, string[]>();

  private constructor(private readonly type: CatalogTypeDefinition) {}

  /**
   * Reads the presents the rows can name, in one query for their numbers and
   * one per unique rule (by its first field's values, lower-cased by SQL as
   * the rule compares them; the description's in catalog_record_unique_text_idx),
   * every rule's values of each as SQL computes them.
   */
  static async load(db: DbOrTx, type: CatalogTypeDefinition, rows: readonly { values: Readonly<Record<string, CatalogValue>>; serialNum: string }[]): Promise<CatalogKeyIndex> {
    const index = new CatalogKeyIndex(type);
    const fields = [...new Set((type.unique ?? []).flat())];
    const serials = [...new Set(rows.map((r) => r.serialNum).filter((s) => s !== ''))];
    const firsts = new Map<string, Set<string>>();
    for (const row of rows) {
      for (const key of catalogUniqueKeys(type, row.values)) firsts.set(key.fields[0]!, (firsts.get(key.fields[0]!) ?? new Set()).add(key.values[0]!));
    }
    const found = new Map<string, Record<string, unknown>>();
    const read = async (condition: SQL) => {
      for (const row of await holdersQuery(db, type, fields, condition)) found.set(row.id as string, row);
    };
    if (serials.length) await read(sql`${catalogRecord.serialNum} in (select value from ${jsonElements(serials)})`);
    for (const [field, values] of firsts) await read(holdersWhere(type, field, [...values]));
    for (const row of found.values()) {
      const holder = { id: row.id, rootId: row.rootId, serialNum: row.serialNum, versionNo: row.versionNo, status: row.status } as CatalogHolder;
      index.add(holder, (key) => (row[`k${fields.indexOf(key)}`] as string | null) ?? '');
    }
    return index;
  }

  /** A present the import wrote (a new record, a changed one, a new version), its values as it stored them. */
  put(holder: CatalogHolder, values: Readonly<Record<string, CatalogValue>>): void {
    this.remove(holder.id);
    this.add(holder, (key) => sqlLower(sqlTrim(storedText(values[key]))));
  }

  /** The record a row names: by number, else by the first unique rule a present holds (the highest version of it). */
  existing(serialNum: string, values: Readonly<Record<string, CatalogValue>>): CatalogHolder | undefined {
    if (serialNum) return this.bySerial.get(serialNum);
    for (const key of catalogUniqueKeys(this.type, values)) {
      const holder = this.holder(key);
      if (holder) return holder;
    }
    return undefined;
  }

  /** uniqueIssues of a new record: a clash with a record under review is a conflict, others issues under the field. */
  uniqueIssues(values: Readonly<Record<string, CatalogValue>>): Issue[] {
    const issues: Issue[] = [];
    for (const key of catalogUniqueKeys(this.type, values)) {
      const clash = this.holder(key);
      if (!clash) continue;
      if (UNDER_REVIEW.includes(clash.status)) throw new ConflictError('catalog.content_under_review' satisfies CatalogServiceKey, { serialNum: clash.serialNum });
      issues.push(catalogDuplicateIssue(key));
    }
    return issues;
  }

  private holder(key: CatalogUniqueKey): CatalogHolder | undefined {
    const holders = this.byKey.get(ruleKey(key.fields, key.values.map(sqlLower))) ?? [];
    return holders.reduce<CatalogHolder | undefined>((best, h) => (best === undefined || h.versionNo > best.versionNo ? h : best), undefined);
  }

  private add(holder: CatalogHolder, normalized: (field: string) => string): void {
    const known = this.bySerial.get(holder.serialNum);
    if (holder.serialNum && (!known || known.versionNo <= holder.versionNo)) this.bySerial.set(holder.serialNum, holder);
    const keys = (this.type.unique ?? []).map((fields) => ruleKey(fields, fields.map(normalized)));
    for (const key of keys) this.byKey.set(key, [...(this.byKey.get(key) ?? []), holder]);
    this.keysOf.set(holder.id, keys);
  }

  /** A held record that will not be written after all. */
  forget(id: string): void {
    this.remove(id);
  }

  private remove(id: string): void {
    for (const key of this.keysOf.get(id) ?? []) this.byKey.set(key, this.byKey.get(key)!.filter((h) => h.id !== id));
    this.keysOf.delete(id);
  }
}

/** The presents of a type whose field holds one of `values` as unique rules compare it (SQL lower-cases them). */
export const holdersWhere = (type: CatalogTypeDefinition, field: string, values: readonly string[]): SQL =>
  sql`${uniqueKeyExpression(type.fields.find((f) => f.key === field)!)} in (select lower(value) from ${jsonElements(values)})`;

/** The presents of a type meeting `condition`, with each unique-rule field as the rule compares it (k0, k1, … in `fields` order). */
export function holdersQuery(db: DbOrTx, type: CatalogTypeDefinition, fields: readonly string[], condition: SQL) {
  const expressions = Object.fromEntries(fields.map((key, i) => [`k${i}`, sql<string>`${uniqueKeyExpression(type.fields.find((f) => f.key === key)!)}`]));
  const { id, rootId, serialNum, versionNo, status } = catalogRecord;
  return db.select({ id, rootId, serialNum, versionNo, status, ...expressions }).from(catalogRecord).where(and(currentRowsOf(type.id), condition));
}

interface NewRecord {
  /** The sheet row it came from. */
  readonly row: number;
  readonly id: string;
  readonly values: Readonly<Record<string, CatalogValue>>;
  /** Taken already (typed, checked); null: numbered by the rule when written. */
  serialNum: string | null;
  readonly at: Date;
  /** Its custom values by system name, checked (canonical form). */
  readonly customFields: Readonly<Record<string, string>>;
}

/**
 * The import's new records, checked and held until written together: before
 * a row that needs the database to see them (a change of an existing record,
 * a typed number) and at the end. Each one is a present in the index at once.
 */
export class NewRecordBatch {
  private pending: NewRecord[] = [];

  constructor(
    private readonly tx: DbOrTx,
    private readonly txCtx: TxContext,
    private readonly type: CatalogTypeDefinition,
    private readonly index: CatalogKeyIndex,
    /** The entity `catalog`'s custom fields (their ids, for the values' rows). */
    private readonly customFields: readonly CustomFieldRow[],
    /** A held record the rule could give no number (its serials for the day used up): left out, its row refused. */
    private readonly refuse: (row: number, error: DomainError) => void,
  ) {}

  /** Whether a held record still waits for its number (a typed number must come after it, as row by row). */
  get awaitsNumbers(): boolean {
    return this.pending.some((r) => r.serialNum === null);
  }

  add(row: number, values: Readonly<Record<string, CatalogValue>>, serialNum: string | null, customFields: Readonly<Record<string, string>> = {}): void {
    const record: NewRecord = { row, id: randomUUID(), values, serialNum, at: this.txCtx.now(), customFields };
    this.pending.push(record);
    this.index.put({ id: record.id, rootId: record.id, serialNum: serialNum ?? '', versionNo: 1, status: KNOWLEDGE_STATUS.editing }, values);
  }

  /** Numbers the held records in one counter step, writes them, their custom values and their knowledge-log rows in multi-row inserts. */
  async flush(): Promise<void> {
    const held = this.pending;
    if (held.length === 0) return;
    this.pending = [];
    const unnumbered = held.filter((r) => r.serialNum === null);
    if (unnumbered.length > 0 && catalogNumberEntry(this.type) === 'rule') {
      const { numbers, error } = await this.numbers(unnumbered.length);
      unnumbered.forEach((record, i) => {
        if (i < numbers.length) {
          record.serialNum = numbers[i]!;
          this.index.put({ id: record.id, rootId: record.id, serialNum: record.serialNum, versionNo: 1, status: KNOWLEDGE_STATUS.editing }, record.values);
        } else {
          this.index.forget(record.id);
          this.refuse(record.row, error!);
        }
      });
    }
    const records = held.filter((r) => r.serialNum !== null);
    const { actor } = this.txCtx;
    const rows = records.map((r) => ({
      id: r.id,
      type: this.type.id,
      rootId: r.id,
      serialNum: r.serialNum!,
      versionNo: 1,
      isLatestVersion: true,
      status: KNOWLEDGE_STATUS.editing,
      ...columnsOfValues(this.type, r.values),
      remark: null,
      creatorId: actor.userId,
      creatorName: actor.userName,
      updaterId: actor.userId,
      createdAt: r.at,
      updatedAt: r.at,
    }));
    await insertRows(this.tx, catalogRecord, rows);
    const fieldIds = new Map(this.customFields.map((f) => [f.systemName, f.id]));
    const custom = records.flatMap((r) =>
      Object.entries(r.customFields).map(([name, value]) => ({ fieldId: fieldIds.get(name)!, recordId: r.id, value, createdAt: r.at, updatedAt: r.at })),
    );
    await insertRows(this.tx, customFieldValue, custom);
    await writeCatalogLogs(
      this.tx,
      this.txCtx,
      rows.map((row) => ({ action: 'import', row, toStatus: row.status })),
    );
  }

  /**
   * `count` numbers in one counter step; when the rule runs out of serials
   * (its digits), as many as it has, taken one by one as row by row would,
   * and the error the rest are refused with.
   */
  private async numbers(count: number): Promise<{ numbers: string[]; error?: DomainError }> {
    const module = this.type.numbering.module;
    const taken = (block: readonly string[]) => this.numbersHeld(block);
    try {
      // in a savepoint: a step past the last serial has moved the counter when it fails
      return { numbers: await this.tx.transaction((sp) => allocateNumbers(sp, module, this.txCtx.now(), count, taken)) };
    } catch (error) {
      if (!isDomainError(error)) throw error;
    }
    const numbers: string[] = [];
    try {
      while (numbers.length < count) numbers.push(...(await allocateNumbers(this.tx, module, this.txCtx.now(), 1, taken)));
      return { numbers };
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return { numbers, error };
    }
  }

  /** The numbers of a block some record of the type holds, deleted ones included (numbers are never reused). */
  private async numbersHeld(block: readonly string[]): Promise<Set<string>> {
    const rows = await this.tx
      .select({ serialNum: catalogRecord.serialNum })
      .from(catalogRecord)
      .where(and(eq(catalogRecord.type, this.type.id), sql`${catalogRecord.serialNum} in (select value from ${jsonElements(block)})`));
    return new Set(rows.map((r) => r.serialNum));
  }
}
