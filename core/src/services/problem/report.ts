import type ExcelJS from 'exceljs';
import { translate, type Locale } from '../../i18n/index.ts';
import { CAUSE_TRACKS, PROBLEM_STEPS, problemLabelKey, type ProblemActionKind, type ProblemLabelGroup, type ProblemStep } from '../../domain/problem/index.ts';
import { excel } from '../shared/workbook-stream.ts';
import type { ServiceContext } from '../shared/context.ts';
import { problemCaller, problemFor } from './access.ts';
import type { ProblemMessageKey } from './messages.ts';
import { problemView, type ProblemView } from './view.ts';

/**
 * The 8D report as a workbook (issue 24), laid out as customers' 8D forms are: a header block (number, brief,
 * part, customer, dates, responsible person, status, release by and date), then one band per discipline D0 …
 * D8 with its owner, state and dates, its narrative and its table (team, is / is-not, actions, causes of both
 * tracks with the 5-why chains), and the closing (closed loop, approver's opinion). Printable on A4 portrait,
 * one column block six cells wide. Reading it needs read access to the problem.
 */
const WIDTH = 6;
const BAND: Partial<ExcelJS.Fill> = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDE7F3' } };
const THIN = { style: 'thin' as const, color: { argb: 'FF999999' } };
const BOX: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };

export const PROBLEM_REPORT_KEYS = [
  'problem_report.title',
  'problem_report.problem_num',
  'problem_report.brief',
  'problem_report.description',
  'problem_report.type',
  'problem_report.source',
  'problem_report.part',
  'problem_report.customer',
  'problem_report.supplier',
  'problem_report.happened',
  'problem_report.location',
  'problem_report.frequency',
  'problem_report.equipment',
  'problem_report.batch',
  'problem_report.responsible',
  'problem_report.status',
  'problem_report.planned',
  'problem_report.actual',
  'problem_report.released',
  'problem_report.owner',
  'problem_report.state',
  'problem_report.finished',
  'problem_report.member',
  'problem_report.role',
  'problem_report.duty',
  'problem_report.dimension',
  'problem_report.is',
  'problem_report.is_not',
  'problem_report.action',
  'problem_report.due',
  'problem_report.done',
  'problem_report.result',
  'problem_report.category',
  'problem_report.cause',
  'problem_report.root_cause',
  'problem_report.verification',
  'problem_report.why_chain',
  'problem_report.closed_loop',
  'problem_report.closed_loop_reason',
  'problem_report.opinion',
  'problem_report.approver',
  'problem_report.yes',
  'problem_report.no',
] as const;
type ReportKey = (typeof PROBLEM_REPORT_KEYS)[number];

const ACTIONS_OF: Partial<Record<ProblemStep, ProblemActionKind>> = { D0: 'emergency', D3: 'containment', D5: 'corrective', D6: 'verification', D7A: 'preventive', D7B: 'readAcross' };

export function problemReportWorkbook(view: ProblemView, locale: Locale): Promise<Uint8Array> {
  return build(view, locale);
}

async function build(p: ProblemView, locale: Locale): Promise<Uint8Array> {
  const t = (key: ReportKey) => translate(locale, key);
  const l = (group: ProblemLabelGroup, value: string) => translate(locale, problemLabelKey(group, value));
  const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet('8D', { pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  sheet.columns = [18, 22, 18, 22, 18, 22].map((width) => ({ width }));

  const line = (cells: (string | number)[], style: { bold?: boolean; band?: boolean; wrap?: boolean } = {}) => {
    const row = sheet.addRow(cells);
    for (let c = 1; c <= WIDTH; c++) {
      const cell = row.getCell(c);
      cell.border = BOX;
      cell.alignment = { vertical: 'top', wrapText: style.wrap ?? true };
      if (style.bold) cell.font = { bold: true };
      if (style.band) cell.fill = BAND as ExcelJS.Fill;
    }
    return row;
  };
  const wide = (text: string, style: { bold?: boolean; band?: boolean } = {}) => {
    const row = line([text], style);
    sheet.mergeCells(row.number, 1, row.number, WIDTH);
    return row;
  };
  const pairs = (items: [ReportKey, string][]) => {
    for (let i = 0; i < items.length; i += 3) line(items.slice(i, i + 3).flatMap(([k, v]) => [t(k), v]));
  };
  const table = (headers: string[], rows: string[][]) => {
    line(headers, { bold: true });
    for (const r of rows) line(r);
  };

  const title = line([`${t('problem_report.title')}  ${p.problemNum}`], { bold: true });
  sheet.mergeCells(title.number, 1, title.number, WIDTH);
  title.height = 24;
  pairs([
    ['problem_report.problem_num', p.problemNum],
    ['problem_report.type', l('type', p.type)],
    ['problem_report.source', l('source', p.source)],
    ['problem_report.part', p.partNumber ?? ''],
    ['problem_report.customer', p.customerName ?? ''],
    ['problem_report.supplier', p.supplier ?? ''],
    ['problem_report.happened', day(p.happenedAt)],
    ['problem_report.location', p.location ?? ''],
    ['problem_report.frequency', p.frequency ?? ''],
    ['problem_report.equipment', p.processingEquipment ?? ''],
    ['problem_report.batch', p.unqualifiedBatch ?? ''],
    ['problem_report.responsible', p.responsibleName ?? ''],
    ['problem_report.status', l('status', p.status)],
    ['problem_report.planned', day(p.plannedCompletion)],
    ['problem_report.actual', day(p.actualCompletion)],
  ]);
  line([t('problem_report.brief'), p.brief]);
  sheet.mergeCells(sheet.rowCount, 2, sheet.rowCount, WIDTH);
  line([t('problem_report.released'), p.releasedByName ? `${p.releasedByName} ${day(p.releasedAt)}` : '']);
  sheet.mergeCells(sheet.rowCount, 2, sheet.rowCount, WIDTH);

  for (const step of PROBLEM_STEPS) {
    const s = p.steps.find((row) => row.step === step)!;
    sheet.addRow([]);
    wide(l('step', step), { bold: true, band: true });
    line([t('problem_report.owner'), s.ownerName ?? '', t('problem_report.state'), l('stepState', s.state), t('problem_report.finished'), day(s.finishedAt)]);
    if (step === 'D2' && p.description) wide(p.description);
    if (s.content) wide(s.content);
    if (step === 'D1') table([t('problem_report.member'), t('problem_report.role'), t('problem_report.duty')], p.members.map((m) => [m.userName, l('memberRole', m.role), m.duty ?? '']));
    if (step === 'D2') table([t('problem_report.dimension'), t('problem_report.is'), t('problem_report.is_not')], p.isNot.map((r) => [l('dimension', r.dimension), r.isText ?? '', r.isNotText ?? '']));
    if (step === 'D4') {
      for (const track of CAUSE_TRACKS) {
        wide(l('track', track), { bold: true });
        const causes = p.causes.filter((c) => c.track === track);
        table(
          [t('problem_report.category'), t('problem_report.cause'), t('problem_report.root_cause'), t('problem_report.verification')],
          causes.map((c) => [c.category ? l('category', c.category) : '', c.description, c.rootCause ? t('problem_report.yes') : '', c.verification ?? '']),
        );
        const chains = [...new Set(p.whys.filter((w) => w.track === track).map((w) => w.chain))];
        for (const chain of chains) wide(`${t('problem_report.why_chain')} ${chain}: ${p.whys.filter((w) => w.track === track && w.chain === chain).map((w) => w.answer).join(' → ')}`);
      }
    }
    const kind = ACTIONS_OF[step];
    if (kind) {
      const cause = (id: string | null) => p.causes.find((c) => c.id === id)?.description ?? '';
      table(
        [t('problem_report.action'), t('problem_report.cause'), t('problem_report.owner'), t('problem_report.due'), t('problem_report.done'), t('problem_report.result')],
        p.actions.filter((a) => a.kind === kind).map((a) => [a.description, cause(a.causeId), a.ownerName ?? '', day(a.plannedAt), day(a.doneAt), a.result ?? '']),
      );
    }
    if (step === 'D8') {
      line([t('problem_report.closed_loop'), p.closedLoop === null ? '' : p.closedLoop ? t('problem_report.yes') : t('problem_report.no'), t('problem_report.closed_loop_reason'), p.closedLoopReason ?? '', t('problem_report.approver'), p.approverName ?? '']);
      line([t('problem_report.opinion'), p.reviewOpinion ?? '']);
      sheet.mergeCells(sheet.rowCount, 2, sheet.rowCount, WIDTH);
    }
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A problem's 8D report (read access), named after its number. */
export async function exportProblemReport(ctx: ServiceContext, key: string, locale: Locale = 'zh-CN'): Promise<{ fileName: string; data: Uint8Array }> {
  const caller = await problemCaller(ctx.db, ctx.actor);
  const row = await problemFor(ctx.db, caller, key, 'read');
  const data = await problemReportWorkbook(await problemView(ctx.db, caller, row), locale);
  return { fileName: `${translate(locale, 'problem.report_file' satisfies ProblemMessageKey)}-${row.problemNum}.xlsx`, data };
}
