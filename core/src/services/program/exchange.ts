import { and, asc, eq, or } from 'drizzle-orm';
import { fmeaNode, fmeaProject, program, programStage, projectTask } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import { InvalidInputError, isDomainError, NotAllowedError, type Issue } from '../../errors.ts';
import {
  PROJECT_TASK_SOURCE_LABEL_KEYS,
  TASK_LABEL_LABEL_KEYS,
  TASK_SOURCE_LABEL_KEYS,
  TASK_TYPE_LABEL_KEYS,
  type ProgramMessageKey,
} from '../../domain/program/index.ts';
import { TASK_STATUS_KEYS } from '../../domain/status/index.ts';
import { LOCALES, translate, type Locale } from '../../i18n/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { normHeader } from '../shared/sheet-columns.ts';
import { turnKeeper } from '../shared/turns.ts';
import { writeAndLog } from '../shared/write.ts';
import { readSheet, SPREADSHEET_LIMIT_BYTES, writeSheet, type SheetColumn, type SheetRow } from '../shared/xlsx.ts';
import { spreadsheetLimits } from '../shared/zip-guard.ts';
import { assertOperate, mayReadTasks, programCaller, PROGRAM_ROUTE, TASK_ROUTE } from './access.ts';
import { insertProgram, programIssues, type ProgramInput } from './programs.ts';
import { insertTask, relatedOf, taskFieldIssues, type TaskInput } from './tasks.ts';
import { personByName } from './validate.ts';
import { listCustomFields } from '../custom-fields/fields.ts';
import { checkCustomValues, readCustomValues, saveCustomValues } from '../custom-fields/values.ts';
import { customFieldCells, customFieldColumns, customValuesOfCells } from '../custom-fields/xlsx.ts';

/**
 * Programs and tasks in and out of workbooks (spec 001 §7: GET /program/exportData, exportDescription,
 * POST /program/importData; the task list's import and export, xls/xlsx only). Headers are the fields'
 * labels in either language; value lists by code or by name in either language. An import is all or
 * nothing: every wrong row is reported with its row number and nothing is written; a column with data no
 * field takes refuses the file unless accepted (then reported). Rows naming an existing number are left
 * as they are (the imports create; editing is the forms'). The same readers and writers as the catalog's.
 */
type ProgramColumn = 'programNum' | 'programName' | 'enProgramName' | 'productNum' | 'productName' | 'programOwnerName' | 'startDate' | 'endDate' | 'sopDate' | 'dtPostDate' | 'releaseDate' | 'dePostDate' | 'completeDate' | 'description';
type TaskColumn =
  | 'taskNum'
  | 'taskName'
  | 'taskDesc'
  | 'taskType'
  | 'taskLabel'
  | 'taskSource'
  | 'projectTaskSource'
  | 'programNum'
  | 'programStageName'
  | 'fmeaNum'
  | 'nodeName'
  | 'parentTaskNum'
  | 'handlerName'
  | 'plannedStart'
  | 'plannedEnd'
  | 'hours'
  | 'dre'
  | 'taskStatus';

const PROGRAM_COLUMNS: readonly ProgramColumn[] = ['programNum', 'programName', 'enProgramName', 'productNum', 'productName', 'programOwnerName', 'startDate', 'endDate', 'sopDate', 'dtPostDate', 'releaseDate', 'dePostDate', 'completeDate', 'description'];
const TASK_COLUMNS: readonly TaskColumn[] = ['taskNum', 'taskName', 'taskDesc', 'taskType', 'taskLabel', 'taskSource', 'projectTaskSource', 'programNum', 'programStageName', 'fmeaNum', 'nodeName', 'parentTaskNum', 'handlerName', 'plannedStart', 'plannedEnd', 'hours', 'dre', 'taskStatus'];
const REQUIRED = new Set(['programName', 'taskName', 'taskType', 'handlerName']);

/** A column under its label in the writer's language, read back under either language's label or its key. */
function columnsOf<K extends string>(keys: readonly K[], locale: Locale): SheetColumn<K>[] {
  return keys.map((key) => {
    const own = translate(locale, `field.${key}`);
    return { key, headers: [own, ...LOCALES.map((l) => translate(l, `field.${key}`)).filter((h) => h !== own), key], required: REQUIRED.has(key) };
  });
}

/** Value lists by code or by label (either language): '1', 'Compile', '编制' all read as '1'. */
function choiceReader(labels: Readonly<Record<string, string>>) {
  const byText = new Map<string, string>();
  for (const [code, key] of Object.entries(labels)) {
    byText.set(normHeader(code), code);
    for (const locale of LOCALES) byText.set(normHeader(translate(locale, key)), code);
  }
  return (text: string): string => (text ? (byText.get(normHeader(text)) ?? text) : '');
}

const stamp = (ctx: ServiceContext) => ctx.now().toISOString().slice(0, 10).replaceAll('-', '');

export async function exportPrograms(ctx: ServiceContext, options: { locale?: Locale; search?: string } = {}): Promise<{ fileName: string; data: Uint8Array; count: number }> {
  assertOperate(await programCaller(ctx.db, ctx.actor), PROGRAM_ROUTE, 'export');
  const locale = options.locale ?? 'zh-CN';
  const rows = await ctx.db.select().from(program).where(live(program)).orderBy(asc(program.programNum));
  const data = await writeSheet(
    translate(locale, 'oplog.entity.program'),
    columnsOf(PROGRAM_COLUMNS, locale),
    rows.map((r) => ({
      programNum: r.programNum,
      programName: r.name,
      enProgramName: r.nameEn,
      productNum: r.productNum,
      productName: r.productName,
      programOwnerName: r.ownerName,
      startDate: r.startDate,
      endDate: r.endDate,
      sopDate: r.sopDate,
      dtPostDate: r.dtPostDate,
      releaseDate: r.releaseDate,
      dePostDate: r.dePostDate,
      completeDate: r.completeDate,
      description: r.description,
    })),
  );
  return { fileName: `program-${stamp(ctx)}.xlsx`, data, count: rows.length };
}

/** What each column takes, for the template's description row. */
function describe(locale: Locale, key: string): string {
  const t = (k: string, params?: Record<string, string | number>) => translate(locale, `program.sheet.${k}`, params);
  const parts: string[] = REQUIRED.has(key) ? [t('required')] : [];
  if (key === 'programNum' || key === 'taskNum') parts.push(t('number'));
  else if (/Date$|^planned/.test(key)) parts.push(t('date'));
  else if (key === 'programOwnerName' || key === 'handlerName') parts.push(t('user'));
  else if (key === 'hours') parts.push(t('hours'));
  else if (key === 'nodeName') parts.push(t('node'));
  else if (key === 'taskStatus') parts.push(t('export_only'));
  else if (key === 'fmeaNum' || key === 'parentTaskNum') parts.push(t('reference', { what: translate(locale, `field.${key}`) }));
  else if (key in CHOICES) parts.push(t('choices', { values: Object.values(CHOICES[key as keyof typeof CHOICES]).map((k) => translate(locale, k)).join(', ') }));
  else parts.push(t('text', { max: 200 }));
  return parts.join(locale === 'zh-CN' ? '；' : '; ');
}

const CHOICES = { taskType: TASK_TYPE_LABEL_KEYS, taskLabel: TASK_LABEL_LABEL_KEYS, taskSource: TASK_SOURCE_LABEL_KEYS, projectTaskSource: PROJECT_TASK_SOURCE_LABEL_KEYS } as const;

/** The import template (spec 001 §7 exportDescription): the headers and, under each, what it takes; the import skips that row. */
export async function exportProgramTemplate(ctx: ServiceContext, options: { locale?: Locale; kind?: 'program' | 'task' } = {}): Promise<{ fileName: string; data: Uint8Array }> {
  const caller = await programCaller(ctx.db, ctx.actor);
  const kind = options.kind ?? 'program';
  if (kind === 'program') assertOperate(caller, PROGRAM_ROUTE, 'import');
  else assertOperate(caller, TASK_ROUTE, 'import');
  const locale = options.locale ?? 'zh-CN';
  const keys = kind === 'program' ? PROGRAM_COLUMNS : TASK_COLUMNS;
  const data = await writeSheet(translate(locale, `oplog.entity.${kind === 'program' ? 'program' : 'project_task'}`), columnsOf(keys, locale), [Object.fromEntries(keys.map((k) => [k, describe(locale, k)]))]);
  return { fileName: `${kind}-template.xlsx`, data };
}

/** A filled-in template still holds its description row (either language): left out. */
function withoutDescription<K extends string>(rows: SheetRow<K>[], keys: readonly K[]): SheetRow<K>[] {
  const first = rows[0];
  if (!first || first.row !== 2) return rows;
  const key = keys.find((k) => REQUIRED.has(k)) ?? keys[0]!;
  return LOCALES.some((l) => normHeader(first.values[key] ?? '') === normHeader(describe(l, key))) ? rows.slice(1) : rows;
}

export interface ExchangeImportOptions {
  /** Read the file even though columns with data have no field (they are reported, not imported). */
  acceptUnmapped?: boolean;
  limit?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface ExchangeImportResult {
  created: number;
  /** Rows naming an existing number, left as they are. */
  skipped: number;
  /** The numbers given, in the order of the rows created. */
  numbers: string[];
  unmappedColumns: Issue[];
}

const rowIssues = (row: number, error: unknown): Issue[] => {
  if (!isDomainError(error)) throw error;
  return (error.issues.length ? error.issues : [{ messageKey: error.messageKey, params: error.params }]).map((i) => ({ ...i, row }));
};

/** Imports programs (spec 001 §7 importData): new rows are created with PN numbers; all or nothing. */
export async function importPrograms(ctx: ServiceContext, data: Uint8Array, options: ExchangeImportOptions = {}): Promise<ExchangeImportResult> {
  assertOperate(await programCaller(ctx.db, ctx.actor), PROGRAM_ROUTE, 'import');
  const read = await readSheet(data, columnsOf(PROGRAM_COLUMNS, 'zh-CN'), spreadsheetLimits('table', options.limit ?? SPREADSHEET_LIMIT_BYTES), { acceptUnmapped: options.acceptUnmapped === true });
  const rows = withoutDescription(read.rows, PROGRAM_COLUMNS);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const result: ExchangeImportResult = { created: 0, skipped: 0, numbers: [], unmappedColumns: read.unmapped };
    const issues: Issue[] = [];
    const pause = turnKeeper();
    for (const [done, { row, values: v }] of rows.entries()) {
      await pause();
      options.onProgress?.(done, rows.length);
      if (v.programNum) {
        const existing = await tx.select({ id: program.id }).from(program).where(and(eq(program.programNum, v.programNum.trim()), live(program))).get();
        if (existing) result.skipped += 1;
        else issues.push({ messageKey: 'program.import_unknown_number' satisfies ProgramMessageKey, field: 'programNum', row, params: { field: 'programNum', value: v.programNum } });
        continue;
      }
      const owner = v.programOwnerName ? await personByName(tx, v.programOwnerName.trim()) : undefined;
      if (v.programOwnerName && !owner) issues.push({ messageKey: 'task.import_user_unknown' satisfies ProgramMessageKey, field: 'programOwnerName', row, params: { field: 'programOwnerName', value: v.programOwnerName } });
      const input: ProgramInput = { ...Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.trim() || null])), programName: v.programName.trim(), programOwnerId: owner?.id ?? null };
      const own = programIssues(input, row);
      if (own.length) {
        issues.push(...own);
        continue;
      }
      // once a row is wrong nothing will be written: the rows after it are checked, not created
      if (issues.length) continue;
      try {
        const created = await insertProgram(tx, txCtx, input);
        result.created += 1;
        result.numbers.push(created.programNum);
      } catch (error) {
        issues.push(...rowIssues(row, error));
      }
    }
    options.onProgress?.(rows.length, rows.length);
    if (issues.length) throw new InvalidInputError('program.import_invalid' satisfies ProgramMessageKey, {}, issues);
    return { result, log: { action: 'program.import', entity: 'program', after: { created: result.numbers, skipped: result.skipped } } };
  });
}

export async function exportTasks(ctx: ServiceContext, options: { locale?: Locale; programId?: string } = {}): Promise<{ fileName: string; data: Uint8Array; count: number }> {
  const caller = await programCaller(ctx.db, ctx.actor);
  assertOperate(caller, TASK_ROUTE, 'export');
  if (!mayReadTasks(caller)) throw new NotAllowedError('permission.denied', { action: 'export' });
  const locale = options.locale ?? 'zh-CN';
  const programRow = options.programId ? await ctx.db.select({ id: program.id }).from(program).where(or(eq(program.id, options.programId), eq(program.programNum, options.programId))).get() : undefined;
  const rows = await ctx.db
    .select()
    .from(projectTask)
    .where(and(live(projectTask), programRow ? eq(projectTask.programId, programRow.id) : undefined))
    .orderBy(asc(projectTask.programId), asc(projectTask.sort), asc(projectTask.taskNum));
  const related = await relatedOf(ctx.db, rows);
  // the custom fields as columns after the task's own (System › Customisation forms)
  const fields = await listCustomFields(ctx.db, 'task');
  const custom = await readCustomValues(ctx.db, 'task', rows.map((r) => r.id));
  const label = (keys: Readonly<Record<string, string>>, code: string | null) => (code ? translate(locale, keys[code]!) : null);
  const data = await writeSheet(
    translate(locale, 'oplog.entity.project_task'),
    [...columnsOf(TASK_COLUMNS, locale), ...customFieldColumns(fields, locale)],
    rows.map((r) => {
      const x = related(r);
      return {
        taskNum: r.taskNum,
        taskName: r.name,
        taskDesc: r.description,
        taskType: label(TASK_TYPE_LABEL_KEYS, r.taskType),
        taskLabel: label(TASK_LABEL_LABEL_KEYS, r.taskLabel),
        taskSource: label(TASK_SOURCE_LABEL_KEYS, r.taskSource),
        projectTaskSource: label(PROJECT_TASK_SOURCE_LABEL_KEYS, r.projectTaskSource),
        programNum: x.programNum,
        programStageName: x.stageName,
        fmeaNum: x.fmeaNum,
        nodeName: x.nodeName,
        parentTaskNum: x.parentTaskNum,
        handlerName: r.handlerName,
        plannedStart: r.plannedStart,
        plannedEnd: r.plannedEnd,
        hours: r.hours,
        dre: r.dre,
        taskStatus: translate(locale, TASK_STATUS_KEYS[r.status]),
        ...customFieldCells(fields, custom.get(r.id) ?? {}),
      };
    }),
  );
  return { fileName: `task-${stamp(ctx)}.xlsx`, data, count: rows.length };
}

/**
 * Imports tasks (the task list's import, xls/xlsx): each row as the form takes it, its program, stage,
 * FMEA, node and superior task named by number or name, its handler by user or real name. Rows are
 * created in the file's order, so a part's task may follow its superior part's in the same file.
 */
export async function importTasks(ctx: ServiceContext, data: Uint8Array, options: ExchangeImportOptions = {}): Promise<ExchangeImportResult> {
  const caller = await programCaller(ctx.db, ctx.actor);
  assertOperate(caller, TASK_ROUTE, 'import');
  const fields = await listCustomFields(ctx.db, 'task');
  const read = await readSheet(data, [...columnsOf(TASK_COLUMNS, 'zh-CN'), ...customFieldColumns(fields, 'zh-CN')], spreadsheetLimits('table', options.limit ?? SPREADSHEET_LIMIT_BYTES), { acceptUnmapped: options.acceptUnmapped === true });
  const rows = withoutDescription(read.rows, TASK_COLUMNS);
  const choice = { taskType: choiceReader(TASK_TYPE_LABEL_KEYS), taskLabel: choiceReader(TASK_LABEL_LABEL_KEYS), taskSource: choiceReader(TASK_SOURCE_LABEL_KEYS), projectTaskSource: choiceReader(PROJECT_TASK_SOURCE_LABEL_KEYS) };
  return writeAndLog(ctx, async (tx, txCtx) => {
    const result: ExchangeImportResult = { created: 0, skipped: 0, numbers: [], unmappedColumns: read.unmapped };
    const issues: Issue[] = [];
    const pause = turnKeeper();
    const seen = new Set<string>();
    for (const [done, { row, values: v }] of rows.entries()) {
      await pause();
      options.onProgress?.(done, rows.length);
      const wrong = (field: TaskColumn, messageKey: ProgramMessageKey, value: string) => issues.push({ messageKey, field, row, params: { field, value } });
      if (v.taskNum) {
        if (seen.has(v.taskNum)) wrong('taskNum', 'task.import_duplicate', v.taskNum);
        seen.add(v.taskNum);
        if (await tx.select({ id: projectTask.id }).from(projectTask).where(eq(projectTask.taskNum, v.taskNum.trim())).get()) result.skipped += 1;
        continue;
      }
      const prog = v.programNum ? await tx.select({ id: program.id }).from(program).where(and(eq(program.programNum, v.programNum.trim()), live(program))).get() : undefined;
      if (v.programNum && !prog) wrong('programNum', 'task.import_program_unknown', v.programNum);
      const stage = prog && v.programStageName ? await tx.select({ id: programStage.id }).from(programStage).where(and(eq(programStage.programId, prog.id), eq(programStage.name, v.programStageName.trim()))).get() : undefined;
      if (prog && v.programStageName && !stage) wrong('programStageName', 'program.stage_not_found', v.programStageName);
      const fmea = v.fmeaNum ? await tx.select({ id: fmeaProject.id }).from(fmeaProject).where(and(eq(fmeaProject.serialNum, v.fmeaNum.trim()), live(fmeaProject))).get() : undefined;
      if (v.fmeaNum && !fmea) wrong('fmeaNum', 'task.import_fmea_unknown', v.fmeaNum);
      const nodes = fmea && v.nodeName ? await tx.select({ id: fmeaNode.id }).from(fmeaNode).where(and(eq(fmeaNode.projectId, fmea.id), eq(fmeaNode.name, v.nodeName.trim()))).limit(2) : [];
      if (fmea && v.nodeName && nodes.length !== 1) wrong('nodeName', 'task.import_node_unknown', v.nodeName);
      const parent = v.parentTaskNum ? await tx.select({ id: projectTask.id }).from(projectTask).where(and(eq(projectTask.taskNum, v.parentTaskNum.trim()), live(projectTask))).get() : undefined;
      if (v.parentTaskNum && !parent) wrong('parentTaskNum', 'task.parent_not_found', v.parentTaskNum);
      const handler = v.handlerName ? await personByName(tx, v.handlerName.trim()) : undefined;
      if (v.handlerName && !handler) wrong('handlerName', 'task.import_user_unknown', v.handlerName);
      if (!v.handlerName.trim()) issues.push({ messageKey: 'task.name_required' satisfies ProgramMessageKey, field: 'handlerName', row, params: { field: 'handlerName' } });
      const input: TaskInput = {
        taskName: v.taskName.trim(),
        taskDesc: v.taskDesc || null,
        taskType: choice.taskType(v.taskType) as TaskInput['taskType'],
        taskLabel: (choice.taskLabel(v.taskLabel) || null) as TaskInput['taskLabel'],
        taskSource: (choice.taskSource(v.taskSource) || null) as TaskInput['taskSource'],
        projectTaskSource: (choice.projectTaskSource(v.projectTaskSource) || null) as TaskInput['projectTaskSource'],
        programId: prog?.id ?? null,
        programStageId: stage?.id ?? null,
        parentId: parent?.id ?? null,
        projectId: fmea?.id ?? null,
        nodeId: nodes.length === 1 ? nodes[0]!.id : null,
        handlerId: handler?.id ?? '',
        plannedStart: v.plannedStart || null,
        plannedEnd: v.plannedEnd || null,
        hours: v.hours ? Number(v.hours) : null,
        dre: v.dre || null,
      };
      issues.push(...taskFieldIssues(input, row));
      // the filled custom cells, checked as a form's edit checks them (a blank one is not refused)
      const customValues = customValuesOfCells(fields, v);
      issues.push(...(await checkCustomValues(tx, 'task', customValues, { partial: true, row })).issues);
      // once a row is wrong nothing will be written: the rows after it are checked, not created
      if (issues.length) continue;
      try {
        const created = await insertTask(tx, txCtx, input);
        await saveCustomValues(tx, 'task', created.id, customValues, { partial: true });
        result.created += 1;
        result.numbers.push(created.taskNum);
      } catch (error) {
        issues.push(...rowIssues(row, error));
      }
    }
    options.onProgress?.(rows.length, rows.length);
    if (issues.length) throw new InvalidInputError('task.import_invalid' satisfies ProgramMessageKey, {}, issues);
    return { result, log: { action: 'task.import', entity: 'project_task', after: { created: result.numbers, skipped: result.skipped } } };
  });
}

