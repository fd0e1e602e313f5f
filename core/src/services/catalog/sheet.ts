import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogRecord } from '../../db/schema/index.ts';
import { InvalidInputError, isDomainError, type Issue } from '../../errors.ts';
import { catalogEnumLabel, catalogSheetColumns, catalogUniqueKeys, readCatalogValues, type CatalogField, type CatalogTypeDefinition, type CatalogValue } from '../../domain/catalog/index.ts';
import { KNOWLEDGE_STATUS_KEYS, type KnowledgeStatus } from '../../domain/status/index.ts';
import { translate, type Locale } from '../../i18n/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { pageWindow } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { readSheet, SPREADSHEET_LIMIT_BYTES, writeSheet, type SheetColumn } from '../shared/xlsx.ts';
import { spreadsheetLimits } from '../shared/zip-guard.ts';
import { assertCatalogOperate, assertCatalogRead, catalogCaller, catalogType, productTypeVisible } from './access.ts';
import { catalogOperation, writeCatalogLog } from './log.ts';
import { catalogListFilter, insertCatalogRecord, reviseCatalogRecord, type CatalogListQuery } from './records.ts';
import { isCatalogTemplateRow } from './template.ts';
import { currentRowsOf, dictionaryCodes, findUniqueHolder, productTypeOfValues, valuesOfRow, type CatalogRecordRow } from './store.ts';

/** An export holds at most this many records (the spec's "export scope all" of a knowledge list). */
export const CATALOG_EXPORT_MAX = 50_000;

export interface CatalogExportQuery extends CatalogListQuery {
  /** `page`: the list page asked (page, limit); `all` (default): every record the list filter matches. */
  scope?: 'all' | 'page';
  /** The headers' and status names' language (default zh-CN). */
  locale?: Locale;
}

/** A value as the sheet holds it: lists joined, an enum's codes by their names in the reader's language (an import reads them back). */
function cell(field: CatalogField, value: CatalogValue | undefined, locale: Locale): string | number | null {
  if (value === undefined || value === null) return null;
  if (field.kind === 'enum') return (Array.isArray(value) ? value : [String(value)]).map((code) => catalogEnumLabel(field, code, locale)).join(', ');
  return Array.isArray(value) ? value.join(',') : (value as string | number);
}

/**
 * The type's records as a spreadsheet (spec 001 §7 `exportData`): the list
 * filter's records, every declared field under its header in the reader's
 * language (enum values by their names in it), then version, status and
 * quote count. Needs `export`.
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
  const columns = catalogSheetColumns(type, locale) as SheetColumn[];
  const sheetRows = rows.map((row) => {
    const values = valuesOfRow(type, row);
    return {
      [type.serialField]: row.serialNum,
      ...Object.fromEntries(type.fields.map((f) => [f.key, cell(f, values[f.key], locale)])),
      versionNo: row.versionNo,
      status: translate(locale, KNOWLEDGE_STATUS_KEYS[row.status as KnowledgeStatus]),
      quoteCount: row.quoteCount,
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

/** The record a row names: by number, else by the first unique rule another record holds; its version in preparation if it has one, else its latest. */
async function existingRecord(db: DbOrTx, type: CatalogTypeDefinition, serialNum: string, values: Readonly<Record<string, CatalogValue>>): Promise<CatalogRecordRow | undefined> {
  if (serialNum) {
    return db
      .select()
      .from(catalogRecord)
      .where(and(currentRowsOf(type.id), eq(catalogRecord.serialNum, serialNum)))
      .orderBy(desc(catalogRecord.versionNo))
      .get();
  }
  for (const key of catalogUniqueKeys(type, values)) {
    const holder = await findUniqueHolder(db, type, key, null);
    if (holder) return holder;
  }
  return undefined;
}

const rowIssue = (row: number, issue: Issue): Issue => ({ ...issue, row });

/**
 * Imports a sheet of the type (spec 001 §7 `importData`): headers, and
 * enum values by code or name, in either language; every row checked as the form checks it (required,
 * lengths, bounds, codes, English while required, the caller's product
 * types, unique rules). A row naming a record — by number, else by a unique
 * rule, the rows above it in the file included — is left out in mode
 * `dedupe` and changes it in mode `cover`, as editing does (creator rule,
 * approval lock, a new version of a released record). All or nothing: any
 * wrong row refuses the whole file (`catalog.import_invalid`, one issue per
 * problem with its row), unless `goodRowsOnly`: then the good rows are
 * written (each row in its own savepoint, so a row refused half-way leaves
 * nothing) and the wrong ones reported in `rowErrors`. A filled-in
 * template's description row is skipped. Needs `import`.
 */
export async function importCatalogRecords(ctx: ServiceContext, typeId: string, data: Uint8Array, options: CatalogImportOptions = {}): Promise<CatalogImportResult> {
  const type = catalogType(typeId);
  const mode = options.mode ?? 'dedupe';
  if (!(CATALOG_IMPORT_MODES as readonly string[]).includes(mode)) {
    throw new InvalidInputError('validation.failed', {}, [{ messageKey: 'catalog.value_not_allowed', field: 'mode', params: { field: 'mode', value: String(mode), allowed: CATALOG_IMPORT_MODES.join(', ') } }]);
  }
  const caller = await catalogCaller(ctx.db, ctx.actor, type);
  assertCatalogOperate(caller, type, 'import');
  const columns = catalogSheetColumns(type, 'zh-CN') as SheetColumn[];
  const read = await readSheet(data, columns, spreadsheetLimits('table', options.limit ?? SPREADSHEET_LIMIT_BYTES), { acceptUnmapped: options.acceptUnmapped === true });
  // a filled-in template (exportCatalogTemplate) still holds its description row
  const rows = read.rows[0]?.row === 2 && isCatalogTemplateRow(type, read.rows[0].values) ? read.rows.slice(1) : read.rows;
  const lookups = { dictionaries: await dictionaryCodes(ctx.db, type) };

  return writeAndLog(ctx, async (tx, txCtx) => {
    const result: CatalogImportResult = { created: 0, updated: 0, versioned: 0, skipped: 0, rowErrors: [], unmappedColumns: read.unmapped };
    const issues: Issue[] = [];
    const wrongRows = new Set<number>();
    let done = 0;
    for (const { row: sheetRow, values: cells } of rows) {
      options.onProgress?.(done++, rows.length);
      const input = Object.fromEntries(type.fields.map((f) => [f.key, cells[f.key]]).filter(([, v]) => v !== ''));
      const row = readCatalogValues(type, input, caller.flags, lookups);
      const productType = productTypeOfValues(type, row.values);
      if (row.issues.length === 0 && !productTypeVisible(caller.actor, productType)) {
        row.issues.push({ messageKey: 'catalog.product_type_denied', field: 'productType', params: { field: 'productType', productType: productType! } });
      }
      if (row.issues.length) {
        issues.push(...row.issues.map((i) => rowIssue(sheetRow, i)));
        wrongRows.add(sheetRow);
        continue;
      }
      const serialNum = (cells[type.serialField] ?? '').trim();
      try {
        // each row in its own savepoint: a row refused half-way leaves nothing behind when the good rows are kept
        const outcome = await tx.transaction(async (sp) => {
          const spCtx = { ...txCtx, db: sp };
          const existing = await existingRecord(sp, type, serialNum, row.values);
          if (existing && mode === 'dedupe') return 'skipped' as const;
          if (existing) {
            const { action } = await reviseCatalogRecord(sp, spCtx, caller, type, existing, { version: existing.version, values: row.values });
            return action === 'update' ? ('updated' as const) : ('versioned' as const);
          }
          const created = await insertCatalogRecord(sp, spCtx, type, row.values, serialNum, null);
          await writeCatalogLog(sp, spCtx, { action: 'import', row: created, toStatus: created.status });
          return 'created' as const;
        });
        result[outcome] += 1;
      } catch (error) {
        if (!isDomainError(error)) throw error;
        const found = error.issues.length ? error.issues : [{ messageKey: error.messageKey, params: error.params }];
        issues.push(...found.map((i) => rowIssue(sheetRow, i)));
        wrongRows.add(sheetRow);
      }
    }
    options.onProgress?.(rows.length, rows.length);
    if (issues.length && !options.goodRowsOnly) throw new InvalidInputError('catalog.import_invalid', { count: wrongRows.size }, issues);
    result.rowErrors = issues;
    const { rowErrors: _rowErrors, unmappedColumns: _unmapped, ...counts } = result;
    return { result, log: { ...catalogOperation('import', type.id, null, { type: type.id, mode, ...counts, ...(wrongRows.size > 0 && { wrongRows: wrongRows.size }) }), entityId: null } };
  });
}
