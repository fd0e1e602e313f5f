import { and, eq, or } from 'drizzle-orm';
import { user } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import { InvalidInputError, type Issue } from '../../errors.ts';
import { translate, type Locale } from '../../i18n/index.ts';
import { PROBLEM_SOURCES, PROBLEM_TYPES, problemFieldIssues, problemLabelKey, type ProblemLabelGroup } from '../../domain/problem/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { readSheet, writeSheet, SPREADSHEET_LIMIT_BYTES, type SheetColumn } from '../shared/xlsx.ts';
import { spreadsheetLimits } from '../shared/zip-guard.ts';
import { assertOnProblem, problemCaller } from './access.ts';
import type { ProblemMessageKey } from './messages.ts';
import { insertProblem, listProblems, type ProblemInput, type ProblemQuery } from './problems.ts';
import type { ProblemListItem } from './view.ts';
import { listCustomFields, type CustomFieldRow } from '../custom-fields/fields.ts';
import { checkCustomValues, saveCustomValues } from '../custom-fields/values.ts';
import { customFieldCells, customFieldColumns, customValuesOfCells } from '../custom-fields/xlsx.ts';

/**
 * The problem list in and out of a workbook (issue 24: `fmea problem import|export`, the list's export): one
 * sheet, one problem a row, headers in either language. Type and source are read as their stored value or
 * their name in either language. An import is checked whole before anything is written: every row's problems
 * are answered together (row by row), a column no field takes is refused unless accepted (then reported),
 * and the problems are written in one transaction (all or nothing).
 */
type Key =
  | 'problemNum'
  | 'brief'
  | 'description'
  | 'type'
  | 'source'
  | 'happenedAt'
  | 'location'
  | 'frequency'
  | 'processingEquipment'
  | 'unqualifiedBatch'
  | 'partNumber'
  | 'supplier'
  | 'customerName'
  | 'responsible'
  | 'plannedCompletion'
  | 'status'
  | 'closedLoop';

const col = (key: Key, zh: string, en: string, width = 18): SheetColumn<Key> => ({ key, headers: [zh, en], width });
export const PROBLEM_SHEET_COLUMNS: readonly SheetColumn<Key>[] = [
  col('problemNum', '问题编号', 'Problem number'),
  { ...col('brief', '问题简述', 'Brief', 40), required: true },
  col('description', '问题描述', 'Description', 50),
  { ...col('type', '问题类型', 'Type'), required: true },
  { ...col('source', '问题来源', 'Source'), required: true },
  col('happenedAt', '发生时间', 'Happen time'),
  col('location', '发生地点', 'Location'),
  col('frequency', '发生频次', 'Frequency'),
  col('processingEquipment', '加工设备', 'Processing equipment'),
  col('unqualifiedBatch', '不合格批次', 'Unqualified batch'),
  col('partNumber', '零件号', 'Part number'),
  col('supplier', '供应商', 'Supplier'),
  col('customerName', '客户', 'Customer'),
  col('responsible', '责任人', 'Responsible person'),
  col('plannedCompletion', '计划完成日期', 'Planned completion'),
  col('status', '状态', 'Status'),
  col('closedLoop', '是否闭环', 'Closed loop'),
];
/** Written on export, ignored on import (the number is given, the status and closed loop are the 8D's). */
const EXPORT_ONLY: readonly Key[] = ['problemNum', 'status', 'closedLoop'];

/** The problem's columns, then one per custom field (System › Customisation forms). */
const sheetColumns = (locale: Locale, fields: readonly CustomFieldRow[] = []) => [
  ...PROBLEM_SHEET_COLUMNS.map((c) => ({ ...c, headers: locale === 'zh-CN' ? c.headers : [c.headers[1]!, c.headers[0]!] })),
  ...customFieldColumns(fields, locale),
];
const label = (locale: Locale, group: ProblemLabelGroup, value: string) => translate(locale, problemLabelKey(group, value));
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');

export function problemRowsOf(items: readonly ProblemListItem[], locale: Locale, fields: readonly CustomFieldRow[] = []): Partial<Record<string, string>>[] {
  const yes = translate(locale, 'problem_sheet.yes');
  const no = translate(locale, 'problem_sheet.no');
  return items.map((p) => ({
    problemNum: p.problemNum,
    brief: p.brief,
    description: p.description ?? '',
    type: label(locale, 'type', p.type),
    source: label(locale, 'source', p.source),
    happenedAt: day(p.happenedAt),
    location: p.location ?? '',
    frequency: p.frequency ?? '',
    processingEquipment: p.processingEquipment ?? '',
    unqualifiedBatch: p.unqualifiedBatch ?? '',
    partNumber: p.partNumber ?? '',
    supplier: p.supplier ?? '',
    customerName: p.customerName ?? '',
    responsible: p.responsibleName ?? '',
    plannedCompletion: day(p.plannedCompletion),
    status: label(locale, 'status', p.status),
    closedLoop: p.closedLoop === null ? '' : p.closedLoop ? yes : no,
    ...customFieldCells(fields, p.customFields),
  }));
}

/** The problems a list query selects (every page), as a workbook. Needs export on the list's route. */
export async function exportProblems(ctx: ServiceContext, query: Omit<ProblemQuery, 'page' | 'limit'> = {}, locale: Locale = 'zh-CN'): Promise<{ fileName: string; data: Uint8Array; count: number }> {
  const caller = await problemCaller(ctx.db, ctx.actor);
  assertOnProblem(caller, 'export', query.kind === 'customer');
  const items: ProblemListItem[] = [];
  for (let page = 1; ; page++) {
    const batch = await listProblems(ctx, { ...query, page, limit: 500 });
    items.push(...batch.items);
    if (items.length >= batch.total || batch.items.length === 0) break;
  }
  const title = translate(locale, 'problem.export_file' satisfies ProblemMessageKey);
  const fields = await listCustomFields(ctx.db, 'problem');
  const data = await writeSheet(title, sheetColumns(locale, fields), problemRowsOf(items, locale, fields));
  return { fileName: `${title}.xlsx`, data, count: items.length };
}

/** A stored value from its value or its name in either language, or undefined. */
function valueOf(group: ProblemLabelGroup, values: readonly string[], text: string): string | undefined {
  const t = text.trim().toLowerCase();
  return values.find((v) => v.toLowerCase() === t || label('zh-CN', group, v).toLowerCase() === t || label('en-US', group, v).toLowerCase() === t);
}

function dateOf(text: string, field: string, row: number, issues: Issue[]): Date | null {
  if (!text.trim()) return null;
  const d = new Date(/^\d{4}-\d{1,2}-\d{1,2}$/.test(text.trim()) ? `${text.trim()}T00:00:00Z` : text.trim());
  if (Number.isNaN(d.getTime())) {
    issues.push({ messageKey: 'problem.import_bad_date' satisfies ProblemMessageKey, field, row, params: { field, value: text } });
    return null;
  }
  return d;
}

export interface ProblemImportOptions {
  /** Import although some columns are taken by no field (they are listed in the answer). */
  acceptUnmapped?: boolean;
  /** Rows name customer problems (fawProblem_index). */
  customer?: boolean;
  limitBytes?: number;
}

export interface ProblemImportResult {
  created: { id: string; problemNum: string; brief: string }[];
  /** Columns with data no field takes (read only with acceptUnmapped). */
  unmapped: Issue[];
}

export async function importProblems(ctx: ServiceContext, data: Uint8Array, options: ProblemImportOptions = {}): Promise<ProblemImportResult> {
  const caller = await problemCaller(ctx.db, ctx.actor);
  assertOnProblem(caller, 'import', options.customer === true);
  const fields = await listCustomFields(ctx.db, 'problem');
  const columns: SheetColumn[] = [
    ...PROBLEM_SHEET_COLUMNS.filter((c) => !EXPORT_ONLY.includes(c.key)),
    ...PROBLEM_SHEET_COLUMNS.filter((c) => EXPORT_ONLY.includes(c.key)).map((c) => ({ ...c, required: false })),
    ...customFieldColumns(fields, 'zh-CN'),
  ];
  const { rows, unmapped } = await readSheet(data, columns, spreadsheetLimits('table', options.limitBytes ?? SPREADSHEET_LIMIT_BYTES), { acceptUnmapped: options.acceptUnmapped });
  if (rows.length === 0) throw new InvalidInputError('problem.import_empty' satisfies ProblemMessageKey);
  const issues: Issue[] = [];
  const inputs: { input: ProblemInput; responsible: { id: string; name: string } | null; custom: Record<string, string> }[] = [];
  for (const { row, values: cells } of rows) {
    const values = cells as Record<Key, string>;
    const type = valueOf('type', PROBLEM_TYPES, values.type);
    const source = valueOf('source', PROBLEM_SOURCES, values.source);
    const input: ProblemInput = {
      brief: values.brief,
      description: values.description || null,
      type: (type ?? values.type) as ProblemInput['type'],
      source: (source ?? values.source) as ProblemInput['source'],
      happenedAt: dateOf(values.happenedAt, 'happenedAt', row, issues),
      location: values.location || null,
      frequency: values.frequency || null,
      processingEquipment: values.processingEquipment || null,
      unqualifiedBatch: values.unqualifiedBatch || null,
      partNumber: values.partNumber || null,
      supplier: values.supplier || null,
      customerProblem: options.customer === true,
      customerName: values.customerName || null,
      plannedCompletion: dateOf(values.plannedCompletion, 'plannedCompletion', row, issues),
    };
    issues.push(...problemFieldIssues(input, row));
    let responsible: { id: string; name: string } | null = null;
    if (values.responsible.trim()) {
      const name = values.responsible.trim();
      const found = await ctx.db.select({ id: user.id, userName: user.userName, realName: user.realName }).from(user).where(and(live(user), or(eq(user.userName, name), eq(user.realName, name), eq(user.jobNumber, name)))).get();
      if (found) responsible = { id: found.id, name: found.realName || found.userName };
      else issues.push({ messageKey: 'problem.import_unknown_user' satisfies ProblemMessageKey, field: 'responsibleId', row, params: { field: 'responsibleId', value: name } });
    }
    // the filled custom cells, checked as a form's edit checks them (a blank one is not refused)
    const custom = customValuesOfCells(fields, cells);
    issues.push(...(await checkCustomValues(ctx.db, 'problem', custom, { partial: true, row })).issues);
    inputs.push({ input, responsible, custom });
  }
  if (issues.length) throw new InvalidInputError('problem.import_invalid' satisfies ProblemMessageKey, {}, issues);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const created = [];
    for (const { input, responsible, custom } of inputs) {
      const made = await insertProblem(tx, txCtx, input, responsible);
      await saveCustomValues(tx, 'problem', made.id, custom, { partial: true });
      created.push(made);
    }
    return {
      result: { created: created.map((p) => ({ id: p.id, problemNum: p.problemNum, brief: p.brief })), unmapped },
      log: created.map((p) => ({ action: 'problem.import' as const, entity: 'problem' as const, entityId: p.id, after: { problemNum: p.problemNum, brief: p.brief } })),
    };
  });
}
