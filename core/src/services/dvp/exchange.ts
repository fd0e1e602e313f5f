import { and, eq, or } from 'drizzle-orm';
import { dvpTest, user } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import { InvalidInputError, isDomainError, type Issue } from '../../errors.ts';
import { DVP_COLUMNS, DVP_HEADER_FIELDS, DVP_RESULTS, DVP_STAGES, dvpResultIssues, dvpTestIssues, type DvpResult } from '../../domain/dvp/index.ts';
import { LOCALES, translate, type Locale } from '../../i18n/index.ts';
import { assertMapped, unmappedIssues } from '../fmea/excel/detect.ts';
import { mapData, matchHeader, normHeader, type HeaderColumn } from '../fmea/excel/headers.ts';
import { assertWorkbookFile } from '../fmea/excel/import.ts';
import { readAllSheets } from '../fmea/excel/workbook-io.ts';
import { excel } from '../shared/workbook-stream.ts';
import type { ServiceContext } from '../shared/context.ts';
import { actorName } from '../shared/people.ts';
import { writeAndLog } from '../shared/write.ts';
import { dvpCaller, readablePlan, writablePlan } from './access.ts';
import type { DvpMessageKey } from './messages.ts';
import { columnsOf, insertTest, resultMarks, setLinks, type DvpTestInput } from './tests.ts';
import { detectionControls, planView, type DvpControlView } from './view.ts';

/**
 * A plan's DVP&R workbook, out and in (issue 25; docs/domain/dvp.md "Workbook"): the AIAG DVP&R form's layout, a
 * title and a header block (DVP number, plan, DFMEA, status), then the column headings and one row per test.
 * Import reads headings in either language wherever they stand in the first rows; a row whose test number the plan
 * has updates that test, any other row adds one; the detection controls a test proves are written one per line as
 * "cause / control" and read back the same (or by the control's text where only one control has it). Every row is
 * checked first: one wrong row (named by number and column) writes nothing; a column no field takes is refused
 * unless accepted.
 */
export type DvpColumn = (typeof DVP_COLUMNS)[number];

const WIDE = new Set<DvpColumn>(['name', 'testItem', 'acceptanceCriteria', 'resultNote', 'controls', 'testStandard', 'analysisProject']);

export function dvpSheetColumns(): HeaderColumn<DvpColumn>[] {
  return DVP_COLUMNS.map((key) => ({ key, headers: LOCALES.map((l) => translate(l, `dvp.column.${key}`)), required: key === 'name' }));
}

const controlLabel = (c: Pick<DvpControlView, 'causeText' | 'description'>) => `${c.causeText} / ${c.description}`;

export async function exportDvpWorkbook(ctx: ServiceContext, planKey: string, { locale = 'zh-CN' }: { locale?: Locale } = {}): Promise<{ fileName: string; data: Uint8Array; count: number }> {
  const caller = await dvpCaller(ctx.db, ctx.actor, 'export');
  const { plan } = await readablePlan(ctx.db, caller, planKey, ctx.now());
  const view = await planView(ctx.db, plan, false);
  const controlOf = new Map(view.controls.map((c) => [c.id, c]));
  const logins = new Map<string, string>();
  for (const t of view.testRows) {
    if (t.responsibleUserId && !logins.has(t.responsibleUserId)) logins.set(t.responsibleUserId, (await ctx.db.select({ userName: user.userName }).from(user).where(eq(user.id, t.responsibleUserId)).get())?.userName ?? '');
  }
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet(translate(locale, 'dvp.sheet_name' satisfies DvpMessageKey));
  sheet.columns = DVP_COLUMNS.map((key) => ({ key, width: WIDE.has(key) ? 36 : 14 }));
  sheet.addRow([translate(locale, 'dvp.title')]).font = { bold: true, size: 14 };
  sheet.mergeCells(1, 1, 1, 8);
  const head = { dvpNum: view.dvpNum, plan: view.name, project: `${view.projectNum} ${view.projectName}`, status: translate(locale, `dvp.status.${view.status}`) };
  sheet.addRow(DVP_HEADER_FIELDS.flatMap((f) => [translate(locale, `dvp.header.${f}`), head[f]]));
  sheet.addRow([]);
  const headings = sheet.addRow(DVP_COLUMNS.map((c) => translate(locale, `dvp.column.${c}`)));
  headings.font = { bold: true };
  headings.alignment = { wrapText: true, vertical: 'middle' };
  for (const t of view.testRows) {
    const row = sheet.addRow([
      t.testNum,
      t.name,
      t.classification,
      t.analysisProject,
      t.dimensionChainLevel,
      t.calculationMethod,
      t.testStandard,
      t.testQuantity,
      t.testItem,
      t.acceptanceCriteria,
      t.testStage,
      t.responsibleUserId ? logins.get(t.responsibleUserId) || t.responsibleName : null,
      t.plannedStart,
      t.plannedEnd,
      t.actualStart,
      t.actualEnd,
      t.sampleQuantity,
      t.result ? translate(locale, `dvp.result.${t.result}`) : null,
      t.resultNote,
      t.controlIds.flatMap((id) => (controlOf.has(id) ? [controlLabel(controlOf.get(id)!)] : [])).join('\n') || null,
    ]);
    row.alignment = { wrapText: true, vertical: 'top' };
  }
  const data = new Uint8Array(await workbook.xlsx.writeBuffer());
  return { fileName: `DVP-${view.dvpNum}.xlsx`, data, count: view.testRows.length };
}

/** A result cell: its code or its name in either language; blank: not tested. */
function resultOf(cell: string): DvpResult | null | string {
  const wanted = normHeader(cell);
  if (!wanted) return null;
  for (const code of DVP_RESULTS) {
    if (normHeader(code) === wanted) return code;
    for (const locale of LOCALES) if (normHeader(translate(locale, `dvp.result.${code}`)) === wanted) return code;
  }
  return cell;
}

function stageOf(cell: string): string | null {
  const wanted = normHeader(cell);
  if (!wanted) return null;
  for (const code of DVP_STAGES) {
    if (normHeader(code) === wanted) return code;
    for (const locale of LOCALES) if (normHeader(translate(locale, `dvp.stage.${code}`)) === wanted) return code;
  }
  return cell;
}

const number = (cell: string): number | null | string => (cell.trim() === '' ? null : /^\d+$/.test(cell.trim()) ? Number(cell.trim()) : cell);

export interface DvpImportResult {
  created: number;
  updated: number;
  unmapped: Issue[];
}

export async function importDvpWorkbook(
  ctx: ServiceContext,
  planKey: string,
  data: Uint8Array,
  options: { fileName: string; acceptUnmapped?: boolean; onProgress?: (done: number, total: number) => void },
): Promise<DvpImportResult> {
  const caller = await dvpCaller(ctx.db, ctx.actor, 'import');
  assertWorkbookFile(options.fileName, data.length);
  const { plan } = await writablePlan(ctx.db, caller, planKey, ctx.now());
  const [sheet] = await readAllSheets(data);
  const columns = dvpSheetColumns();
  const match = sheet ? matchHeader(sheet.rows, columns) : null;
  if (!sheet || !match) throw new InvalidInputError('dvp.import_empty' satisfies DvpMessageKey);
  // a header block naming another plan's number is refused: the file is not this plan's
  const numberLabels = new Set(LOCALES.map((l) => normHeader(translate(l, 'dvp.header.dvpNum'))));
  for (const r of sheet.rows.slice(0, match.first)) {
    const at = r.cells.findIndex((c) => numberLabels.has(normHeader(c ?? '')));
    const named = at >= 0 ? (r.cells[at + 1] ?? '').trim() : '';
    if (named && named !== plan.dvpNum) throw new InvalidInputError('dvp.import_plan_mismatch' satisfies DvpMessageKey, { dvpNum: named });
  }
  const mapped = mapData(sheet.rows, match, columns);
  const unmapped = mapped.unmapped.map((u) => ({ sheet: sheet.name, column: u.column, header: u.header, cells: u.cells }));
  assertMapped(unmapped, options.acceptUnmapped === true);
  if (mapped.rows.length === 0) throw new InvalidInputError('dvp.import_empty' satisfies DvpMessageKey);

  const existing = new Map((await ctx.db.select().from(dvpTest).where(eq(dvpTest.planId, plan.id))).map((t) => [t.testNum, t]));
  const controls = await detectionControls(ctx.db, plan.projectId);
  const byLabel = new Map(controls.map((c) => [normHeader(controlLabel(c)), c.id]));
  const byText = new Map<string, string[]>();
  for (const c of controls) byText.set(normHeader(c.description), [...(byText.get(normHeader(c.description)) ?? []), c.id]);
  const issues: Issue[] = [];
  const planned: { row: number; testId: string | null; input: DvpTestInput; result: DvpResult | null; resultNote: string | null }[] = [];
  for (const { row, values: v } of mapped.rows) {
    const input: DvpTestInput = {
      name: v.name,
      classification: v.classification,
      analysisProject: v.analysisProject,
      dimensionChainLevel: v.dimensionChainLevel,
      calculationMethod: v.calculationMethod,
      testStandard: v.testStandard,
      testItem: v.testItem,
      acceptanceCriteria: v.acceptanceCriteria,
      plannedStart: v.plannedStart,
      plannedEnd: v.plannedEnd,
      actualStart: v.actualStart,
      actualEnd: v.actualEnd,
    };
    const raw = { ...input, testQuantity: number(v.testQuantity), sampleQuantity: number(v.sampleQuantity), testStage: stageOf(v.testStage) };
    const result = resultOf(v.result);
    const rowIssues: Issue[] = [...dvpTestIssues(raw), ...dvpResultIssues({ result, resultNote: v.resultNote })];
    const controlIds: string[] = [];
    for (const line of v.controls.split('\n').map((l) => l.trim()).filter(Boolean)) {
      const id = byLabel.get(normHeader(line)) ?? ((byText.get(normHeader(line)) ?? []).length === 1 ? byText.get(normHeader(line))![0] : undefined);
      if (id) controlIds.push(id);
      else rowIssues.push({ messageKey: 'dvp.control_unknown' satisfies DvpMessageKey, field: 'controls', params: { control: line } });
    }
    let responsibleUserId: string | null = null;
    if (v.responsible) {
      const found = await ctx.db.select({ id: user.id }).from(user).where(and(live(user), or(eq(user.userName, v.responsible), eq(user.jobNumber, v.responsible), eq(user.realName, v.responsible)))).get();
      if (found) responsibleUserId = found.id;
      else rowIssues.push({ messageKey: 'dvp.responsible_unknown' satisfies DvpMessageKey, field: 'responsible', params: { value: v.responsible } });
    }
    issues.push(...rowIssues.map((i) => ({ ...i, row })));
    if (rowIssues.length) continue;
    const known = v.testNum ? existing.get(v.testNum.trim()) : undefined;
    planned.push({
      row,
      testId: known?.id ?? null,
      input: { ...input, testQuantity: raw.testQuantity as number | null, sampleQuantity: raw.sampleQuantity as number | null, testStage: (raw.testStage as DvpTestInput['testStage']) ?? null, responsibleUserId, controlIds },
      result: result as DvpResult | null,
      resultNote: v.resultNote.trim() || null,
    });
  }
  if (issues.length) throw new InvalidInputError('dvp.import_invalid' satisfies DvpMessageKey, { count: issues.length }, issues);

  return writeAndLog(ctx, async (tx, txCtx) => {
    const { plan: current } = await writablePlan(tx, caller, plan.id, txCtx.now());
    const by = await actorName(tx, txCtx.actor);
    let created = 0;
    let updated = 0;
    const logs = [];
    for (const [i, p] of planned.entries()) {
      let before = p.testId ? await tx.select().from(dvpTest).where(eq(dvpTest.id, p.testId)).get() : undefined;
      if (!before) {
        before = await insertTest(tx, txCtx, current, p.input);
        created++;
      } else {
        const set = await columnsOf(tx, txCtx, current, p.input, before);
        await setLinks(tx, current, before.id, p.input.controlIds ?? []);
        before = (await tx.update(dvpTest).set({ ...set, version: before.version + 1, updatedAt: txCtx.now() }).where(eq(dvpTest.id, before.id)).returning())[0]!;
        updated++;
      }
      if (before.result !== p.result || (before.resultNote ?? null) !== p.resultNote) {
        const was = before.result;
        const [row] = await tx
          .update(dvpTest)
          .set({ result: p.result, resultNote: p.resultNote, resultById: txCtx.actor.userId, resultByName: by, resultAt: txCtx.now(), updatedAt: txCtx.now() })
          .where(eq(dvpTest.id, before.id))
          .returning();
        if (was !== p.result) logs.push(...(await resultMarks(tx, txCtx, current, was, row!, by)));
      }
      options.onProgress?.(i + 1, planned.length);
    }
    return { result: { created, updated, unmapped: unmappedIssues(unmapped) }, log: [{ action: 'dvp.import' as const, entity: 'dvp_plan' as const, entityId: current.id, after: { dvpNum: current.dvpNum, created, updated } }, ...logs] };
  });
}
