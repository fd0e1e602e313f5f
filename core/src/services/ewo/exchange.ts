import { and, eq, inArray, or } from 'drizzle-orm';
import { ewo, user } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import { InvalidInputError, isDomainError, type Issue } from '../../errors.ts';
import { EWO_SOURCES, EWO_TYPES, ewoFieldIssues, type EwoSource, type EwoType } from '../../domain/ewo/index.ts';
import { EWO_STATE_KEYS } from '../../domain/ewo/index.ts';
import { LOCALES, translate, type Locale } from '../../i18n/index.ts';
import { normHeader } from '../shared/sheet-columns.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertSpreadsheet, readSheet, writeSheet, type SheetColumn } from '../shared/xlsx.ts';
import { ewoCaller } from './access.ts';
import { insertEwo, listEwos, type EwoQuery } from './ewos.ts';
import type { EwoMessageKey } from './messages.ts';
import { resolveTracker } from './people.ts';

/**
 * The EWO list as a workbook, out and in (issue 24, "fmea ewo list|import|export"). Export: the list's filter,
 * one row per EWO, types, sources and states by their names in the reader's language, the tracker by user name.
 * Import: every row opens a new EWO (numbered unless the row gives an unused number); headers in either
 * language; a column no field takes is refused unless accepted; every row is checked first, and one wrong row
 * (named with its row number and field) writes nothing.
 */
type Column = 'ewoNum' | 'description' | 'ewoType' | 'source' | 'closingDate' | 'tracker' | 'status';

const HEADERS: Record<Column, Record<Locale, string>> = {
  ewoNum: { 'zh-CN': '变更编号', 'en-US': 'EWO number' },
  description: { 'zh-CN': '变更描述', 'en-US': 'Description' },
  ewoType: { 'zh-CN': '变更类型', 'en-US': 'Type' },
  source: { 'zh-CN': '变更来源', 'en-US': 'Source' },
  closingDate: { 'zh-CN': '关闭日期', 'en-US': 'Closing date' },
  tracker: { 'zh-CN': '跟踪人', 'en-US': 'Tracker' },
  status: { 'zh-CN': '状态', 'en-US': 'Status' },
};

export function ewoSheetColumns(locale: Locale = 'zh-CN'): SheetColumn<Column>[] {
  const other: Locale = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (Object.keys(HEADERS) as Column[]).map((key) => ({
    key,
    headers: [HEADERS[key][locale], HEADERS[key][other]],
    required: key === 'description',
    width: key === 'description' ? 48 : 18,
  }));
}

export const EWO_EXPORT_MAX = 10_000;

export async function exportEwos(ctx: ServiceContext, query: Omit<EwoQuery, 'page' | 'limit'> & { locale?: Locale } = {}): Promise<{ fileName: string; data: Uint8Array; count: number }> {
  await ewoCaller(ctx.db, ctx.actor, 'export');
  const locale = query.locale ?? 'zh-CN';
  const { items } = await listEwos(ctx, { ...query, page: 1, limit: EWO_EXPORT_MAX });
  const trackers = new Map(
    items.length ? (await ctx.db.select({ id: user.id, userName: user.userName }).from(user).where(inArray(user.id, [...new Set(items.map((i) => i.trackerId))]))).map((u) => [u.id, u.userName]) : [],
  );
  const rows = items.map((i) => ({
    ewoNum: i.ewoNum,
    description: i.description,
    ewoType: translate(locale, `ewo.type.${i.ewoType}`),
    source: translate(locale, `ewo.source.${i.source}`),
    closingDate: i.closingDate,
    tracker: trackers.get(i.trackerId) ?? i.trackerName,
    status: translate(locale, EWO_STATE_KEYS[i.status]),
  }));
  const data = await writeSheet(translate(locale, 'ewo.sheet_name'), ewoSheetColumns(locale), rows);
  return { fileName: `EWO-${ctx.now().toISOString().slice(0, 10)}.xlsx`, data, count: rows.length };
}

/** A type or source cell: its code, or its name in either language. */
function codeOf<C extends string>(cell: string, codes: readonly C[], family: 'type' | 'source'): C | string {
  const wanted = normHeader(cell);
  if (!wanted) return '';
  for (const code of codes) {
    if (normHeader(code) === wanted) return code;
    for (const locale of LOCALES) if (normHeader(translate(locale, `ewo.${family}.${code}`)) === wanted) return code;
  }
  return cell;
}

export interface EwoImportResult {
  created: { id: string; ewoNum: string }[];
  /** Columns left out because the caller accepted leaving them out. */
  unmapped: Issue[];
}

export async function importEwos(ctx: ServiceContext, data: Uint8Array, options: { fileName?: string; acceptUnmapped?: boolean } = {}): Promise<EwoImportResult> {
  await ewoCaller(ctx.db, ctx.actor, 'import');
  if (options.fileName !== undefined) assertSpreadsheet(options.fileName, data.length);
  const { rows, unmapped } = await readSheet(data, ewoSheetColumns(), undefined, { acceptUnmapped: options.acceptUnmapped });
  if (rows.length === 0) throw new InvalidInputError('ewo.import_empty' satisfies EwoMessageKey);
  const siteId = ctx.actor.siteId ?? null;
  const issues: Issue[] = [];
  const planned: { row: number; ewoNum: string | null; input: { description: string; ewoType: EwoType; source: EwoSource; closingDate: string | null; trackerId: string } }[] = [];
  const numbers = new Set<string>();
  for (const { row, values } of rows) {
    const ewoType = codeOf(values.ewoType, EWO_TYPES, 'type');
    const source = codeOf(values.source, EWO_SOURCES, 'source');
    const rowIssues = ewoFieldIssues({ description: values.description, ewoType, source, closingDate: values.closingDate || null, trackerId: values.tracker || null }).map((i) => ({
      ...i,
      row,
      ...(i.field === 'trackerId' ? { field: 'tracker' } : {}),
      ...(i.params?.field === 'trackerId' ? { params: { ...i.params, field: 'tracker' } } : {}),
    }));
    let trackerId = '';
    if (values.tracker) {
      const found = await ctx.db.select({ id: user.id }).from(user).where(and(live(user), or(eq(user.userName, values.tracker), eq(user.jobNumber, values.tracker)))).get();
      try {
        if (!found) throw new InvalidInputError('validation.failed', {}, [{ messageKey: 'ewo.tracker_unknown' satisfies EwoMessageKey, field: 'tracker' }]);
        trackerId = (await resolveTracker(ctx.db, found.id, siteId)).id;
      } catch (error) {
        if (!isDomainError(error)) throw error;
        rowIssues.push(...error.issues.map((i) => ({ ...i, field: 'tracker', row, params: { ...i.params, value: values.tracker } })));
      }
    }
    const num = values.ewoNum.trim() || null;
    if (num) {
      const taken = numbers.has(num) || !!(await ctx.db.select({ id: ewo.id }).from(ewo).where(eq(ewo.ewoNum, num)).get());
      if (taken) rowIssues.push({ messageKey: 'ewo.number_taken' satisfies EwoMessageKey, field: 'ewoNum', row, params: { value: num } });
      numbers.add(num);
    }
    issues.push(...rowIssues);
    if (rowIssues.length === 0) planned.push({ row, ewoNum: num, input: { description: values.description, ewoType: ewoType as EwoType, source: source as EwoSource, closingDate: values.closingDate || null, trackerId } });
  }
  if (issues.length) throw new InvalidInputError('ewo.import_invalid' satisfies EwoMessageKey, { count: issues.length }, issues);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const created: { id: string; ewoNum: string }[] = [];
    for (const p of planned) {
      const row = await insertEwo(tx, txCtx, p.input, p.ewoNum);
      created.push({ id: row.id, ewoNum: row.ewoNum });
    }
    return { result: { created, unmapped }, log: { action: 'ewo.import', entity: 'ewo', after: { count: created.length, numbers: created.map((c) => c.ewoNum) } } };
  });
}
