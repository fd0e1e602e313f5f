import { ACTION_STATUS_LABEL_KEYS, CHARACTERISTIC_CLASS_LABEL_KEYS, type ActionStatus, type CharacteristicClass } from '../../domain/fmea/index.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import type { ApLevel } from '../../domain/ap/index.ts';
import { cellAp, type ApCounts, type DfmeaReport, type HeatCell, type OpenActionsSection, type PfmeaReport, type TasksSection } from '../../domain/report/index.ts';
import { FMEA_REVIEW_STATUS_KEYS, TASK_STATUS_KEYS, type FmeaReviewStatus } from '../../domain/status/index.ts';
import { translate, type Locale } from '../../i18n/index.ts';
import type { ScoreRankingRow } from '../scores/reads.ts';
import { excel } from '../shared/workbook-stream.ts';
import type { ApTrend } from './project-reports.ts';
import type { FmeaForm } from './form.ts';
import type { CountsReport, nodesReport } from './overview.ts';

/**
 * A report as sections of tables (issue 25, docs/domain/reports.md), written as a workbook (one sheet per
 * section) or as a printable document (html.ts): headers in the reader's language, the charts as the tables they
 * are drawn from (the heat map as a 10×10 grid coloured by AP).
 */
export type ReportWorkbookInput =
  | { kind: 'design'; report: DfmeaReport; trend?: ApTrend }
  | { kind: 'process'; report: PfmeaReport; trend?: ApTrend }
  | { kind: 'counts'; report: CountsReport }
  | { kind: 'nodes'; report: Awaited<ReturnType<typeof nodesReport>> }
  | { kind: 'tasks'; report: TasksSection }
  | { kind: 'ranking'; report: { items: readonly ScoreRankingRow[] } }
  | { kind: 'form'; report: FmeaForm };

/** Highest first, as the report reads. */
const AP_LEVELS = ['H', 'M', 'L'] as const satisfies readonly ApLevel[];
const AP_FILL: Record<ApLevel, string> = { H: 'FFF4B4B4', M: 'FFFFE699', L: 'FFC6EFCE' };

export type Cell = string | number | null;

/** One section of a report as a table: a workbook sheet, a printed section. `ap` colours cells by AP (the heat maps: [row][column], null for none). */
export interface ReportSection {
  readonly title: string;
  readonly headers: readonly string[];
  readonly rows: readonly Cell[][];
  readonly ap?: readonly (readonly (ApLevel | null)[])[];
}

/** The sections of a report, titled and headed in `locale`: what the workbook and the printed report are both written from. */
export function reportSections(input: ReportWorkbookInput, locale: Locale): { title: string; subtitle: string; sections: ReportSection[] } {
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, key, params);
  const en = locale === 'en-US';
  const sections: ReportSection[] = [];
  const table = (title: string, headers: readonly string[], rows: readonly Cell[][], ap?: ReportSection['ap']) => sections.push({ title, headers, rows, ...(ap ? { ap } : {}) });
  const typeName = (type: string) => t(kindOf(type).labelKey);
  const statusName = (status: string) => t(FMEA_REVIEW_STATUS_KEYS[status as FmeaReviewStatus] ?? status);

  const apSheet = (before: ApCounts, after: ApCounts) =>
    table(t('report.sheet.ap'), [t('report.col.ap'), t('report.col.before'), t('report.col.after')], [
      ...AP_LEVELS.map((ap): Cell[] => [ap, before[ap], after[ap]]),
      [t('report.col.unrated'), before.unrated, after.unrated],
      [t('report.col.chains'), before.chains, after.chains],
    ]);

  const heatSheet = (name: string, cells: readonly HeatCell[]) => {
    const at = new Map(cells.map((c) => [c.s * 100 + c.o, c]));
    const rows: Cell[][] = [];
    for (let s = 10; s >= 1; s--) rows.push([s, ...Array.from({ length: 10 }, (_, i) => at.get(s * 100 + i + 1)?.n ?? null)]);
    const colours: (ApLevel | null)[][] = [];
    for (let s = 10; s >= 1; s--) colours.push([null, ...Array.from({ length: 10 }, (_, i) => { const cell = at.get(s * 100 + i + 1); return cell ? cellAp(cell) : null; })]);
    table(name, ['S \\ O', ...Array.from({ length: 10 }, (_, i) => String(i + 1))], rows, colours);
  };

  const actionsSheet = (section: OpenActionsSection) =>
    table(
      t('report.sheet.open_actions'),
      [t('report.col.owner'), t('report.col.action'), t('report.col.cause'), t('report.col.due'), t('report.col.status'), t('report.col.overdue')],
      section.owners.flatMap((o) =>
        o.items.map((i): Cell[] => [
          (en ? o.ownerNameEn : o.ownerName) ?? t('report.no_owner'),
          i.description,
          i.causeDescription,
          i.targetDate,
          t(ACTION_STATUS_LABEL_KEYS[i.status as ActionStatus] ?? i.status),
          i.overdue ? t('report.yes') : '',
        ]),
      ),
    );

  const summary = (report: DfmeaReport | PfmeaReport, extra: Cell[][]) =>
    table(t('report.sheet.summary'), [t('report.col.item'), t('report.col.value')], [
      [t('report.col.project'), report.project.serialNum],
      [t('report.col.name'), report.project.name],
      [t('report.col.type'), typeName(report.project.projectType)],
      [t('report.col.review_status'), statusName(report.project.reviewStatus)],
      [t('report.col.generated'), report.generatedAt.slice(0, 16).replace('T', ' ') + ' UTC'],
      [t('report.col.open_actions'), report.openActions.open],
      [t('report.col.overdue_actions'), report.openActions.overdue],
      ...extra,
    ]);

  const trendSheet = (trend: ApTrend | undefined) => {
    if (!trend) return;
    table(
      t('report.sheet.trend'),
      [t('report.col.baseline'), t('report.col.date'), ...AP_LEVELS.map((ap) => `${ap} (${t('report.col.before')})`), ...AP_LEVELS.map((ap) => `${ap} (${t('report.col.after')})`)],
      trend.points.map((p): Cell[] => [p.label === 'working' ? t('report.working_copy') : p.label, p.at.slice(0, 10), ...AP_LEVELS.map((ap) => p.before[ap]), ...AP_LEVELS.map((ap) => p.after[ap])]),
    );
  };

  const charName = (c: { characteristicClass: string }) => t(CHARACTERISTIC_CLASS_LABEL_KEYS[c.characteristicClass as CharacteristicClass] ?? c.characteristicClass);

  switch (input.kind) {
    case 'design': {
      const r = input.report;
      const cov = r.testCoverage;
      summary(r, [[t('report.col.test_coverage'), cov.available ? `${cov.tested}/${cov.controls} (${cov.percent ?? 0} %)` : t('report.no_dvp')]]);
      apSheet(r.before, r.after);
      heatSheet(t('report.sheet.heat_before'), r.heatBefore);
      heatSheet(t('report.sheet.heat_after'), r.heatAfter);
      actionsSheet(r.openActions);
      table(t('report.sheet.special'), [t('report.col.element'), t('report.col.function'), t('report.col.characteristic'), t('report.col.class')], r.specialCharacteristics.map((c) => [c.elementName, c.functionDescription, c.name, c.customerClass ?? charName(c)]));
      trendSheet(input.trend);
      break;
    }
    case 'process': {
      const r = input.report;
      summary(r, [[t('report.col.cp_missing'), r.controlPlan.missing], [t('report.col.cp_incomplete'), r.controlPlan.incomplete]]);
      apSheet(r.before, r.after);
      heatSheet(t('report.sheet.heat_before'), r.heatBefore);
      heatSheet(t('report.sheet.heat_after'), r.heatAfter);
      actionsSheet(r.openActions);
      table(
        t('report.sheet.special'),
        [t('report.col.element'), t('report.col.function'), t('report.col.characteristic'), t('report.col.class'), t('report.col.control_plan')],
        r.specialCharacteristics.map((c) => [c.elementName, c.functionDescription, c.name, c.customerClass ?? charName(c), t(`report.cp.${c.controlPlan}`)]),
      );
      trendSheet(input.trend);
      break;
    }
    case 'counts': {
      const r = input.report;
      table(
        t('report.sheet.counts'),
        [t('report.col.type'), t('report.col.review_status'), t('report.col.site'), t('report.col.count')],
        r.rows.map((row) => [typeName(row.keys.projectType!), statusName(row.keys.reviewStatus!), (en ? row.siteNameEn || row.siteName : row.siteName) ?? t('report.no_site'), row.n]),
      );
      table(t('report.sheet.by_type'), [t('report.col.type'), t('report.col.count')], r.byType.map((v) => [typeName(v.value), v.n]));
      table(t('report.sheet.by_status'), [t('report.col.review_status'), t('report.col.count')], r.byStatus.map((v) => [statusName(v.value), v.n]));
      break;
    }
    case 'nodes': {
      const r = input.report;
      const cols = ['nodes', 'functions', 'effects', 'modes', 'causes', 'chains'] as const;
      table(
        t('report.sheet.nodes'),
        [t('report.col.project'), t('report.col.name'), t('report.col.type'), ...cols.map((c) => t(`report.col.${c}`))],
        [...r.rows.map((row): Cell[] => [row.serialNum, row.name, typeName(row.projectType), ...cols.map((c) => row[c])]), [t('report.col.total'), null, null, ...cols.map((c) => r.total[c])]],
      );
      break;
    }
    case 'tasks': {
      const r = input.report;
      const codes = Object.keys(TASK_STATUS_KEYS) as (keyof typeof TASK_STATUS_KEYS)[];
      table(t('report.sheet.by_status'), [t('report.col.status'), t('report.col.count')], codes.map((code) => [t(TASK_STATUS_KEYS[code]), r.byStatus[code] ?? 0]));
      table(
        t('report.sheet.handlers'),
        [t('report.col.handler'), t('report.col.count'), t('report.col.open'), t('report.col.overdue'), ...codes.map((code) => t(TASK_STATUS_KEYS[code]))],
        r.handlers.map((h) => [h.handlerName ?? t('report.no_owner'), h.total, h.open, h.overdue, ...codes.map((code) => h.byStatus[code] ?? 0)]),
      );
      break;
    }
    case 'form': {
      const list = (items: readonly string[]) => items.join('\n');
      table(
        t('report.sheet.form'),
        [
          t('report.col.element'),
          t('report.col.function'),
          t('report.col.effect'),
          'S',
          t('report.col.mode'),
          t('report.col.cause'),
          t('report.col.prevention'),
          'O',
          t('report.col.detection'),
          'D',
          'AP',
          t('report.col.action'),
          "S'",
          "O'",
          "D'",
          "AP'",
        ],
        input.report.rows.map((r): Cell[] => [
          r.elementName,
          r.functionDescription,
          r.effect?.description ?? null,
          r.severity,
          r.mode.description,
          r.cause?.description ?? null,
          list(r.preventionControls),
          r.occurrence,
          list(r.detectionControls),
          r.detection,
          r.ap,
          list(r.actions.map((a) => `${a.description}${a.targetDate ? ` (${a.targetDate})` : ''} · ${t(ACTION_STATUS_LABEL_KEYS[a.status] ?? a.status)}`)),
          r.raseverity,
          r.raoccurrence,
          r.radet,
          r.raAp,
        ]),
      );
      break;
    }
    case 'ranking': {
      table(
        t('report.sheet.ranking'),
        [t('report.col.rank'), t('report.col.user'), t('report.col.department'), t('report.col.site'), t('report.col.contribution'), t('report.col.activity'), t('report.col.total'), t('report.col.grade')],
        input.report.items.map((r) => [
          r.rank,
          (en ? r.realNameEn : '') || r.realName || r.userName,
          (en ? r.departmentNameEn : '') || r.departmentName,
          (en ? r.siteNameEn : '') || r.siteName,
          r.contributionScore,
          r.activityScore,
          r.totalScore,
          t(`report.grade.${r.grade}`),
        ]),
      );
      break;
    }
  }
  const project = input.kind === 'design' || input.kind === 'process' || input.kind === 'form' ? input.report.project : null;
  const title = project ? `${t(`report.title.${input.kind}`)} · ${project.serialNum} ${project.name}` : t(`report.title.${input.kind}`);
  const generatedAt = project ? (input.report as DfmeaReport | PfmeaReport | FmeaForm).generatedAt : null;
  return { title, subtitle: generatedAt ? `${t('report.col.generated')}: ${generatedAt.slice(0, 16).replace('T', ' ')} UTC` : '', sections };
}

/** A report as a workbook: one sheet per section, bold frozen header row, heat-map cells filled with their AP's colour. */
export async function reportWorkbook(input: ReportWorkbookInput, locale: Locale): Promise<Uint8Array> {
  const workbook = new (await excel()).Workbook();
  for (const section of reportSections(input, locale).sections) {
    const sheet = workbook.addWorksheet(section.title.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31));
    sheet.addRow([...section.headers]).font = { bold: true };
    for (const row of section.rows) sheet.addRow([...row]);
    sheet.columns.forEach((c, i) => (c.width = Math.min(60, Math.max(10, ...[section.headers[i] ?? '', ...section.rows.map((r) => String(r[i] ?? ''))].map((text) => text.length + 2)))));
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    section.ap?.forEach((row, r) =>
      row.forEach((ap, c) => {
        if (ap) sheet.getCell(r + 2, c + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: AP_FILL[ap] } };
      }),
    );
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
