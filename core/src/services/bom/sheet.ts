import { bom, bomPart } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { insertRows } from '../../db/bulk-insert.ts';
import { InvalidInputError, type Issue } from '../../errors.ts';
import { BOM_COLUMNS, BomRowReader, mergeBomParts, type BomColumnKey, type BomLayout, type BomMessageKey, type BomPart, type BomRead, type BomSheetRow } from '../../domain/bom/index.ts';
import { eq } from 'drizzle-orm';
import type { Locale } from '../../i18n/index.ts';
import { FILE_LIMITS } from '../files/limits.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { turnKeeper } from '../shared/turns.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertSpreadsheet, readSheet, writeSheet, type SheetColumn } from '../shared/xlsx.ts';
import { spreadsheetLimits } from '../shared/zip-guard.ts';
import { assertCatalogOperate, assertCatalogRead } from '../catalog/access.ts';
import { BOM_AREA, bomCaller } from './access.ts';
import { createBom, deleteParts, findProduct, liveBom, readParts, requireLiveBom, type BomRow } from './store.ts';

/** The sheet's columns: headers in the reader's language first, the other language and common spellings accepted. */
export function bomSheetColumns(locale: Locale = 'zh-CN'): SheetColumn<BomColumnKey>[] {
  const other: Locale = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  return BOM_COLUMNS.map((c) => ({ key: c.key, headers: [c.header[locale], c.header[other], ...c.aliases], required: c.required, width: c.width }));
}

/** Spec 001 §5 "only one BOM selectable": an import takes exactly one file. */
export function assertOneBomFile(count: number): void {
  if (count === 0) throw new InvalidInputError('validation.failed', {}, [{ messageKey: 'validation.required', field: 'excelFile', params: { field: 'excelFile' } }]);
  if (count > 1) throw new InvalidInputError('bom.one_file_only' satisfies BomMessageKey, { count });
}

/** Spec 001 §7 import modes. */
export const BOM_IMPORT_MODES = ['cover', 'dedupe'] as const;
export type BomImportMode = (typeof BOM_IMPORT_MODES)[number];

export interface BomImportOptions {
  /** `dedupe` (default): parts the BOM holds at the same place are left out, the rest added; `cover`: the file replaces the BOM. */
  mode?: BomImportMode;
  /** Write the good rows even when others are wrong (the wrong ones, and the rows below them, are reported). */
  goodRowsOnly?: boolean;
  /** Read the file even though columns with data have no field (reported in `unmapped`). */
  acceptUnmapped?: boolean;
  fileName?: string;
  /** Largest file, in bytes: the BOM's 3 MB (spec 001 §5) unless said. */
  limit?: number;
}

export interface BomImportResult {
  bomId: string;
  bomNum: string;
  layout: BomLayout;
  /** Part rows in the file. */
  rows: number;
  /** Parts written. */
  imported: number;
  /** Rows left out as the BOM already held them (dedupe). */
  skipped: number;
  /** Parts the cover import removed. */
  replaced: number;
  /** Rows left out as wrong (goodRowsOnly). */
  errors: Issue[];
  unmapped: Issue[];
}

/**
 * Imports a product's BOM from a sheet (spec 001 §3, §5, §7): xls/xlsx of at
 * most 3 MB; the product must exist ("BOM product does not exist"); every
 * row checked (readBomRows, BomRowReader) and nothing written while any is wrong, unless
 * `goodRowsOnly`. A product without a BOM gets a new one (PB number);
 * otherwise `cover` replaces its parts and `dedupe` adds what it lacks, both
 * only for whoever may edit it (master-data creator rule). Needs `import`
 * on the BOM route.
 */
export async function importBom(ctx: ServiceContext, productKey: string, data: Uint8Array, options: BomImportOptions = {}): Promise<BomImportResult> {
  const caller = await bomCaller(ctx.db, ctx.actor);
  assertCatalogRead(caller);
  assertCatalogOperate(caller, BOM_AREA, 'import');
  const product = await findProduct(ctx.db, caller.actor, productKey);
  const limit = options.limit ?? FILE_LIMITS.bom.maxBytes;
  const fileName = options.fileName ?? 'BOM.xlsx';
  assertSpreadsheet(fileName, data.byteLength, limit);
  const sheet = await readSheet(data, bomSheetColumns(), spreadsheetLimits('table', limit), { acceptUnmapped: options.acceptUnmapped === true });
  if (sheet.rows.length === 0) throw new InvalidInputError('bom.empty' satisfies BomMessageKey);
  const read = await checkRows(sheet.rows);
  if ((read.issues.length > 0 && !options.goodRowsOnly) || read.parts.length === 0) {
    throw new InvalidInputError('bom.import_invalid' satisfies BomMessageKey, { count: read.issues.length }, read.issues.slice(0, 200));
  }
  const mode = options.mode ?? 'dedupe';
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await liveBom(tx, product.id);
    if (before) assertCatalogOperate(caller, BOM_AREA, 'edit', before);
    const stored = before && mode === 'dedupe' ? await readParts(tx, before.id) : [];
    const { added, skipped } = mergeBomParts(stored, read.parts);
    let replaced = 0;
    let row: BomRow;
    if (before) {
      if (mode === 'cover') replaced = await deleteParts(tx, before.id);
      row = (await tx
        .update(bom)
        .set({ fileName, updaterId: txCtx.actor.userId, version: before.version + 1, updatedAt: txCtx.now() })
        .where(eq(bom.id, before.id))
        .returning()
        .get())!;
    } else {
      row = await createBom(tx, txCtx, product.id, fileName);
    }
    await insertParts(tx, txCtx, row.id, added);
    const result: BomImportResult = {
      bomId: row.id,
      bomNum: row.bomNum,
      layout: read.layout,
      rows: sheet.rows.length,
      imported: added.length,
      skipped,
      replaced,
      errors: read.issues,
      unmapped: sheet.unmapped,
    };
    return {
      result,
      log: { action: 'bom.sheet.import', entity: 'bom', entityId: row.id, before: before ?? null, after: { ...row, mode, imported: added.length, skipped, replaced } },
    };
  });
}

/** readBomRows, letting other requests in between chunks of a large sheet. */
async function checkRows(rows: readonly BomSheetRow[]): Promise<BomRead> {
  const reader = new BomRowReader(rows);
  const pause = turnKeeper();
  for (const row of rows) {
    reader.add(row);
    await pause();
  }
  return reader.result();
}

/** Parts per insert: a statement takes a few ms, and between them the server answers other requests. */
const INSERT_CHUNK = 1_000;

/** Inserts parts, parents first; a parent key is a part of this batch or a stored part's id. */
async function insertParts(tx: Tx, ctx: TxContext, bomId: string, parts: readonly BomPart[]): Promise<void> {
  const ids = new Map<string, string>();
  const now = ctx.now();
  const row = (p: BomPart) => {
    const id = crypto.randomUUID();
    ids.set(p.key, id);
    const parentId = p.parentKey === null ? null : (ids.get(p.parentKey) ?? p.parentKey);
    return { id, bomId, parentId, partNum: p.partNum, partName: p.partName, enPartName: p.enPartName, quantity: p.quantity, unit: p.unit, level: p.level, sort: p.sort, createdAt: now, updatedAt: now };
  };
  const pause = turnKeeper();
  for (let i = 0; i < parts.length; i += INSERT_CHUNK) {
    await insertRows(tx, bomPart, parts.slice(i, i + INSERT_CHUNK).map(row));
    await pause();
  }
}

/**
 * A product's BOM as a sheet, parts in tree order with level and parent
 * number, headers in the reader's language: importing it again gives the same
 * tree. Needs `export`.
 */
export async function exportBom(ctx: ServiceContext, productKey: string, locale: Locale = 'zh-CN'): Promise<{ fileName: string; data: Uint8Array; count: number }> {
  const caller = await bomCaller(ctx.db, ctx.actor);
  assertCatalogRead(caller);
  assertCatalogOperate(caller, BOM_AREA, 'export');
  const product = await findProduct(ctx.db, caller.actor, productKey);
  const row = await requireLiveBom(ctx.db, product);
  const parts = await readParts(ctx.db, row.id);
  const numOf = new Map(parts.map((p) => [p.id, p.partNum]));
  const sheetRows = parts.map((p) => ({
    level: p.level,
    parentPartNum: p.parentId === null ? null : (numOf.get(p.parentId) ?? null),
    partNum: p.partNum,
    partName: p.partName,
    enPartName: p.enPartName,
    quantity: p.quantity,
    unit: p.unit,
  }));
  const data = await writeSheet(locale === 'zh-CN' ? '物料清单' : 'BOM', bomSheetColumns(locale), sheetRows);
  return { fileName: `${row.bomNum}-${product.productNum}.xlsx`, data, count: parts.length };
}
