import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogRecord } from '../../db/schema/index.ts';
import { InvalidInputError, isDomainError, type DomainError, type Issue } from '../../errors.ts';
import { catalogEnumLabel, catalogNumberEntry, catalogSheetColumns, readCatalogValues, type CatalogField, type CatalogTypeDefinition, type CatalogValue } from '../../domain/catalog/index.ts';
import { KNOWLEDGE_STATUS_KEYS, type KnowledgeStatus } from '../../domain/status/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { translate, type Locale } from '../../i18n/index.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { pageWindow } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertAllMapped } from '../shared/sheet-columns.ts';
import { readSheet, SPREADSHEET_LIMIT_BYTES, writeSheet, type SheetColumn } from '../shared/xlsx.ts';
import { turnKeeper } from '../shared/turns.ts';
import { spreadsheetLimits } from '../shared/zip-guard.ts';
import { assertCatalogOperate, assertCatalogRead, catalogCaller, catalogType, productTypeNames, productTypeVisible, type CatalogCaller } from './access.ts';
import { CatalogKeyIndex, NewRecordBatch } from './import-bulk.ts';
import { catalogOperation } from './log.ts';
import { customValueChecker, listCustomFields, readCustomValues } from '../custom-fields/index.ts';
import { customFieldCells, customFieldColumns, customValuesOfCells } from '../custom-fields/xlsx.ts';
import { catalogListFilter, reviseCatalogRecord, type CatalogListQuery } from './records.ts';
import { isCatalogTemplateRow } from './template.ts';
import { dictionarySheetLookups, findCatalogRow, productTypeOfValues, takeCatalogNumber, valuesOfRow } from './store.ts';

/** An export holds at most this many records (the spec's "export scope all" of a knowledge list). */
export const CATALOG_EXPORT_MAX = 50_000;

export interface CatalogExportQuery extends CatalogListQuery {
  /** `page`: the list page asked (page, limit); `all` (default): every record the list filter matches. */
  scope?: 'all' | 'page';
  /** The headers' and status names' language (default zh-CN). */
  locale?: Locale;
}

type DictionaryName = (dictionaryType: string, code: string, locale: Locale) => string;

/** A value as the sheet holds it: lists joined, an enum's and a dictionary's codes by their names in the reader's language (an import reads them back). */
function cell(field: CatalogField, value: CatalogValue | undefined, locale: Locale, dictionaryName: DictionaryName): string | number | null {
  if (value === undefined || value === null) return null;
  if (field.kind === 'enum') return (Array.isArray(value) ? value : [String(value)]).map((code) => catalogEnumLabel(field, code, locale)).join(', ');
  if (field.kind === 'dictionary') return (Array.isArray(value) ? value : [String(value)]).map((code) => dictionaryName(field.dictionary, code, locale)).join(',');
  return Array.isArray(value) ? value.join(',') : (value as string | number);
}

/**
 * The type's records as a spreadsheet (spec 001 §7 `exportData`): the list
 * filter's records, every declared field under its header in the reader's
 * language (enum values and dictionary items, the product type among them,
 * by their names in it), then version, status and quote count, then one
 * column per custom field (entity `catalog`) headed by its alias in that
 * language, as the problem and task workbooks have them. Needs `export`.
 */
export async function exportCatalogRecords(ctx: ServiceContext, typeId: string, query: CatalogExportQuery = {}): Promise<{ fileName: string; data: Uint8Array; count: number }> {
  const type = catalogType(typeId);
  const caller = await catalogCaller(ctx.db, ctx.actor, type);
  assertCatalogRead(caller);
  assertCatalogOperate(caller, type, 'export');
  const locale = query.locale ?? 'zh-CN';
  const where = catalogListFilter(caller, type, query);
  const window = query.scope === 'page' ? pageWindow(query) : { limit: CATALOG_EXPORT_MAX, offset: 0 };
  const rows = where
    ? await ctx.db.select().from(catalogRecord).where(where).orderBy(asc(catalogRecord.serialNum), asc(catalogRecord.versionNo)).limit(window.limit).offset(window.offset)
    : [];
  const fields = await listCustomFields(ctx.db, 'catalog');
  const columns = [...(catalogSheetColumns(type, locale) as SheetColumn[]), ...customFieldColumns(fields, locale)];
  const { nameOf } = await dictionarySheetLookups(ctx.db, type);
  const custom = fields.length ? await readCustomValues(ctx.db, 'catalog', rows.map((r) => r.id)) : new Map<string, Record<string, string>>();
  const sheetRows = rows.map((row) => {
    const values = valuesOfRow(type, row);
    return {
      [type.serialField]: row.serialNum,
      ...Object.fromEntries(type.fields.map((f) => [f.key, cell(f, values[f.key], locale, nameOf)])),
      versionNo: row.versionNo,
      status: translate(locale, KNOWLEDGE_STATUS_KEYS[row.status as KnowledgeStatus]),
      quoteCount: row.quoteCount,
      ...customFieldCells(fields, custom.get(row.id) ?? {}),
    };
  });
  const data = await writeSheet(type.title[locale], columns, sheetRows);
  const day = ctx.now().toISOString().slice(0, 10).replaceAll('-', '');
  return { fileName: `${type.tableKey}-${day}.xlsx`, data, count: rows.length };
}

/** Spec 001 §7 "Import modes: cover or de-duplicate". */
export const CATALOG_IMPORT_MODES = ['cover', 'dedupe'] as const;
export type CatalogImportMode = (typeof CATALOG_IMPORT_MODES)[number];

export interface CatalogImportOptions {
  /** `dedupe` (default): rows naming a record that exists are left out; `cover`: they change it (as editing does). */
  mode?: CatalogImportMode;
  /** Read the file even though columns with data have no field (reported, not imported). */
  acceptUnmapped?: boolean;
  /** Write the good rows even when others are wrong (the user chose it); the wrong ones are reported in `rowErrors`. */
  goodRowsOnly?: boolean;
  /** The import's size limit in bytes (IMPORT_MAX_MB; default 1 MB): the decompression limits follow it. */
  limit?: number;
  /** Rows checked so far of all rows read. */
  onProgress?: (done: number, total: number) => void;
}

export interface CatalogImportResult {
  created: number;
  /** Records changed in place (drafts, rejected records). */
  updated: number;
  /** Released records that got a new version in editing. */
  versioned: number;
  /** Rows naming a record that exists, left out (mode dedupe). */
  skipped: number;
  /** Problems of the rows left out (goodRowsOnly), each with its row. */
  rowErrors: Issue[];
  /** Columns with data no field takes, left out with the user's consent (acceptUnmapped). */
  unmappedColumns: Issue[];
}

const rowIssue = (row: number, issue: Issue): Issue => ({ ...issue, row });

/**
 * Imports a sheet of the type (spec 001 §7 `importData`): headers, and
 * enum values and dictionary items by code or name, in either language; every row checked as the form checks it (required,
 * lengths, bounds, codes, English while required, the caller's product
 * types, unique rules). A row naming a record — by number, else by a unique
 * rule, the rows above it in the file included — is left out in mode
 * `dedupe` and changes it in mode `cover`, as editing does (creator rule,
 * approval lock, a new version of a released record). All or nothing: any
 * wrong row refuses the whole file (`catalog.import_invalid`, one issue per
 * problem with its row), unless `goodRowsOnly`: then the good rows are
 * written (a row changing a record in its own savepoint, so a row refused
 * half-way leaves nothing; new records are checked whole before they are
 * written) and the wrong ones reported in `rowErrors`. A column with data no
 * field takes refuses the file too unless `acceptUnmapped`; the rows are
 * checked all the same, so a file with both is refused once, listing both
 * (refuseUnaccepted). The custom-field columns (by alias or system name):
 * a row's filled cells are checked as a form's edit checks them (a blank one
 * gives no value, a required field left blank is not refused) and saved with
 * the record it creates or changes. New records are written
 * in bulk (import-bulk.ts): the outcome of row by row at a fraction of its
 * cost. A filled-in template's description row is skipped. Needs `import`.
 */
export async function importCatalogRecords(ctx: ServiceContext, typeId: string, data: Uint8Array, options: CatalogImportOptions = {}): Promise<CatalogImportResult> {
  const type = catalogType(typeId);
  const mode = options.mode ?? 'dedupe';
  if (!(CATALOG_IMPORT_MODES as readonly string[]).includes(mode)) {
    throw new InvalidInputError('validation.failed', {}, [{ messageKey: 'catalog.value_not_allowed', field: 'mode', params: { field: 'mode', value: String(mode), allowed: CATALOG_IMPORT_MODES.join(', ') } }]);
  }
  const caller = await catalogCaller(ctx.db, ctx.actor, type);
  assertCatalogOperate(caller, type, 'import');
  const custom = await customValueChecker(ctx.db, 'catalog');
  const columns = [...(catalogSheetColumns(type, 'zh-CN') as SheetColumn[]), ...customFieldColumns(custom.fields, 'zh-CN')];
  // columns no field takes are refused below, together with the wrong rows: one refusal lists both
  const read = await readSheet(data, columns, spreadsheetLimits('table', options.limit ?? SPREADSHEET_LIMIT_BYTES), { acceptUnmapped: true });
  // a filled-in template (exportCatalogTemplate) still holds its description row
  const rows = read.rows[0]?.row === 2 && isCatalogTemplateRow(type, read.rows[0].values, custom.fields) ? read.rows.slice(1) : read.rows;
  // dictionary items by code or by name (either language): an export writes names
  const { dictionaries, dictionaryNames } = await dictionarySheetLookups(ctx.db, type);
  const lookups = { dictionaries, dictionaryNames };

  return writeAndLog(ctx, async (tx, txCtx) => {
    const result: CatalogImportResult = { created: 0, updated: 0, versioned: 0, skipped: 0, rowErrors: [], unmappedColumns: read.unmapped };
    const issues: Issue[] = [];
    const wrongRows = new Set<number>();
    const refuse = (sheetRow: number, error: DomainError) => {
      const found = error.issues.length ? error.issues : [{ messageKey: error.messageKey, params: error.params }];
      issues.push(...found.map((i) => rowIssue(sheetRow, i)));
      wrongRows.add(sheetRow);
    };
    // every row checked against its type first (no query), then the records the rows name looked up at once
    const checked: { sheetRow: number; values: Record<string, CatalogValue>; serialNum: string; customFields: Record<string, string> }[] = [];
    let done = 0;
    // thousands of rows: other requests are answered in between
    const pause = turnKeeper();
    const typeNames = await productTypeNames(tx);
    for (const { row: sheetRow, values: cells } of rows) {
      await pause();
      options.onProgress?.(done++, rows.length);
      const input = Object.fromEntries(type.fields.map((f) => [f.key, cells[f.key]]).filter(([, v]) => v !== ''));
      const row = readCatalogValues(type, input, caller.flags, lookups);
      const productType = productTypeOfValues(type, row.values);
      if (row.issues.length === 0 && !productTypeVisible(caller.actor, productType)) {
        row.issues.push({ messageKey: 'catalog.product_type_denied', field: 'productType', params: { field: 'productType', ...typeNames(productType!) } });
      }
      const customCheck = custom.check(customValuesOfCells(custom.fields, cells), { partial: true });
      row.issues.push(...customCheck.issues);
      if (row.issues.length) {
        issues.push(...row.issues.map((i) => rowIssue(sheetRow, i)));
        wrongRows.add(sheetRow);
        continue;
      }
      // the filled cells only: no value is null (stored holds them in their canonical form)
      const customFields = customCheck.stored as Record<string, string>;
      checked.push({ sheetRow, values: row.values, serialNum: (cells[type.serialField] ?? '').trim(), customFields });
    }
    const index = await CatalogKeyIndex.load(tx, type, checked);
    const batch = new NewRecordBatch(tx, txCtx, type, index, custom.fields, (sheetRow, error) => {
      refuse(sheetRow, error);
      result.created -= 1;
    });
    for (const { sheetRow, values, serialNum, customFields } of checked) {
      await pause();
      try {
        // a typed number may be one the rule hands the new records above: they are numbered first, as row by row
        if (serialNum && batch.awaitsNumbers) await batch.flush();
        const existing = index.existing(serialNum, values);
        if (existing && mode === 'dedupe') {
          result.skipped += 1;
        } else if (existing) {
          // the change is checked against the database (unique rules, versions): the records above are written first
          await batch.flush();
          result[await coverRecord(tx, txCtx, caller, type, index, existing.id, { values, customFields }, options.goodRowsOnly === true)] += 1;
        } else {
          assertNoIssues(index.uniqueIssues(values));
          // a typed number (or one the type requires) is checked and taken now; a blank one the rule hands out when written
          const typed = serialNum || catalogNumberEntry(type) === 'required' ? await takeCatalogNumber(tx, type, txCtx.now(), serialNum) : null;
          batch.add(sheetRow, values, typed, customFields);
          result.created += 1;
        }
      } catch (error) {
        if (!isDomainError(error)) throw error;
        refuse(sheetRow, error);
      }
    }
    await batch.flush();
    // a row's issues come in two passes: in row order again
    issues.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    options.onProgress?.(rows.length, rows.length);
    refuseUnaccepted(options.acceptUnmapped === true ? [] : read.unmapped, options.goodRowsOnly === true ? [] : issues, wrongRows.size);
    result.rowErrors = issues;
    const { rowErrors: _rowErrors, unmappedColumns: _unmapped, ...counts } = result;
    return { result, log: { ...catalogOperation('import', type.id, null, { type: type.id, mode, ...counts, ...(wrongRows.size > 0 && { wrongRows: wrongRows.size }) }), entityId: null } };
  });
}

/**
 * The file refused, nothing written, for what the user has not accepted
 * leaving out: columns no field takes (`import.columns_unmapped`, as every
 * import says it), wrong rows (`catalog.import_invalid`), or both in one
 * refusal (`catalog.import_refused`, the columns' issues first, then the
 * rows'), so the user sees everything the file holds wrong at once.
 */
function refuseUnaccepted(columns: readonly Issue[], rows: readonly Issue[], wrongRows: number): void {
  if (columns.length && rows.length) throw new InvalidInputError('catalog.import_refused', { count: wrongRows, columns: columns.length }, [...columns, ...rows]);
  assertAllMapped(columns, false);
  if (rows.length) throw new InvalidInputError('catalog.import_invalid', { count: wrongRows }, rows);
}

/**
 * A row changing the record it names, as editing does (creator rule, approval
 * lock, a new version of a released record); with `goodRowsOnly` in its own
 * savepoint, so a row refused half-way leaves nothing. The index learns the
 * record's new present.
 */
async function coverRecord(
  tx: DbOrTx,
  txCtx: TxContext,
  caller: CatalogCaller,
  type: CatalogTypeDefinition,
  index: CatalogKeyIndex,
  id: string,
  change: { values: Readonly<Record<string, CatalogValue>>; customFields: Record<string, string> },
  savepoint: boolean,
): Promise<'updated' | 'versioned'> {
  const cover = async (db: DbOrTx) => {
    const before = await findCatalogRow(db, id);
    const { row, action } = await reviseCatalogRecord(db, { ...txCtx, db }, caller, type, before, { version: before.version, ...change });
    index.put(row, valuesOfRow(type, row));
    return action === 'update' ? ('updated' as const) : ('versioned' as const);
  };
  return savepoint ? tx.transaction(cover) : cover(tx);
}
