import { and, eq } from 'drizzle-orm';
import { dictionary } from '../../db/schema/index.ts';
import { DomainError, InvalidInputError, type Issue } from '../../errors.ts';
import type { ServiceContext } from '../shared/context.ts';
import { readSheet, SPREADSHEET_LIMIT_BYTES, writeSheet, type SheetColumn } from '../shared/xlsx.ts';
import { turnKeeper } from '../shared/turns.ts';
import { spreadsheetLimits } from '../shared/zip-guard.ts';
import { dictionaryTree, saveDictionaryItem } from './dictionaries.ts';

type DictColumn = 'typeCode' | 'typeName' | 'typeEnName' | 'code' | 'name' | 'enName' | 'sort';

/** One row per item with its type (root) repeated: easy to edit in a spreadsheet. */
export const DICTIONARY_SHEET_COLUMNS: readonly SheetColumn<DictColumn>[] = [
  { key: 'typeCode', headers: ['typeCode', '类型编码', 'Type code'], required: true },
  { key: 'typeName', headers: ['typeName', '类型名称', 'Type name'] },
  { key: 'typeEnName', headers: ['typeEnName', '类型英文名', 'Type English name'] },
  { key: 'code', headers: ['code', '编码', 'Code'], required: true },
  { key: 'name', headers: ['name', '名称', 'Name'], required: true },
  { key: 'enName', headers: ['enName', '英文名称', 'English name'] },
  { key: 'sort', headers: ['sort', '排序', 'Sort'] },
];

export async function exportDictionaries(ctx: ServiceContext): Promise<Uint8Array> {
  const rows = [];
  for (const type of await dictionaryTree(ctx)) {
    for (const item of type.children) {
      rows.push({ typeCode: type.code, typeName: type.name, typeEnName: type.enName, code: item.code, name: item.name, enName: item.enName, sort: item.sort });
    }
  }
  return writeSheet('dictionaries', DICTIONARY_SHEET_COLUMNS, rows);
}

export interface DictionaryImportReport {
  created: number;
  updated: number;
  errors: Issue[];
  /** Columns left out with the user's consent. */
  unmapped: Issue[];
}

/**
 * Imports items (creating missing types); existing codes are updated
 * (cover). All in one transaction: a bad row writes nothing, nor does a
 * column with data no field takes unless `acceptUnmapped`.
 */
export async function importDictionaries(
  ctx: ServiceContext,
  data: Uint8Array,
  /** limit: the import's size limit in bytes (IMPORT_MAX_MB; default 1 MB): the decompression limits follow it. */
  options: { limit?: number; onProgress?: (done: number, total: number) => void; acceptUnmapped?: boolean } = {},
): Promise<DictionaryImportReport> {
  const { rows, unmapped } = await readSheet(data, DICTIONARY_SHEET_COLUMNS, spreadsheetLimits('table', options.limit ?? SPREADSHEET_LIMIT_BYTES), { acceptUnmapped: options.acceptUnmapped });
  const report: DictionaryImportReport = { created: 0, updated: 0, errors: [], unmapped };
  const abort = new Error('rollback');
  try {
    await ctx.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx as unknown as ServiceContext['db'] };
      let done = 0;
      // a statement of the embedded driver holds the event loop: let other requests in between rows
      const pause = turnKeeper();
      for (const { row, values } of rows) {
        await pause();
        try {
          const sort = values.sort ? Number(values.sort) : undefined;
          let type = await tx.select().from(dictionary).where(and(eq(dictionary.parentId, ''), eq(dictionary.code, values.typeCode))).get();
          if (!type) type = await saveDictionaryItem(txCtx, { code: values.typeCode, name: values.typeName || values.typeCode, enName: values.typeEnName });
          const existing = await tx.select().from(dictionary).where(and(eq(dictionary.parentId, type.id), eq(dictionary.code, values.code))).get();
          await saveDictionaryItem(txCtx, { id: existing?.id, parentId: type.id, code: values.code, name: values.name, enName: values.enName, sort });
          if (existing) report.updated++;
          else report.created++;
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          const issues = error.issues.length ? error.issues : [{ messageKey: error.messageKey, params: error.params }];
          report.errors.push(...issues.map((i) => ({ ...i, row })));
        }
        options.onProgress?.(++done, rows.length);
      }
      if (report.errors.length) throw abort;
    });
  } catch (error) {
    if (error !== abort) throw error;
    throw new InvalidInputError('import.rows_invalid', {}, report.errors);
  }
  return report;
}
