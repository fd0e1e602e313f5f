import type ExcelJS from 'exceljs';
import { cellCriticality, OCCURRENCE_LEVELS, SEVERITY_CLASSES } from '../../domain/fmeca/index.ts';
import { translate, type Locale } from '../../i18n/index.ts';
import { excel } from '../shared/workbook-stream.ts';
import type { ServiceContext } from '../shared/context.ts';
import { readFmeca, type FmecaInputs, type FmecaReport, type FmecaSource } from './fmeca.ts';

/**
 * The FMECA as a workbook: sheet 1 the criticality matrix (severity class
 * rows I–IV, occurrence level columns A–E, each cell its number of modes and
 * their names, coloured by criticality), sheet 2 the quantitative table (one
 * row per mode: item, S and class, O and level, β, α, λp in FIT, t, Cm; then
 * one row per item with Cr; then where α and λp came from: typed, the FMEDA's
 * FM number, or the frequency ratio), sheet 3 the mapping tables.
 */
export const FMECA_WORKBOOK_KEYS = [
  'fmeca.sheet.matrix',
  'fmeca.sheet.criticality',
  'fmeca.sheet.mapping',
  'fmeca.matrix.title',
  'fmeca.matrix.corner',
  'fmeca.matrix.unplaced',
  'fmeca.column.item',
  'fmeca.column.mode',
  'fmeca.column.severity',
  'fmeca.column.class',
  'fmeca.column.occurrence',
  'fmeca.column.level',
  'fmeca.column.beta',
  'fmeca.column.alpha',
  'fmeca.column.lambda',
  'fmeca.column.hours',
  'fmeca.column.cm',
  'fmeca.column.cr',
  'fmeca.column.alphaSource',
  'fmeca.column.lambdaSource',
  'fmeca.source.typed',
  'fmeca.source.fmeda',
  'fmeca.source.default',
  'fmeca.class.I',
  'fmeca.class.II',
  'fmeca.class.III',
  'fmeca.class.IV',
  'fmeca.level.A',
  'fmeca.level.B',
  'fmeca.level.C',
  'fmeca.level.D',
  'fmeca.level.E',
] as const;

const FILL = { high: 'FFF4B6B6', medium: 'FFFFE699', low: 'FFC6EFCE' } as const;
const THIN = { style: 'thin' } as const;
const BORDER: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const fill = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });

export function fmecaWorkbookOf(report: FmecaReport, locale: Locale): Promise<Uint8Array> {
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, key, params);
  return (async () => {
    const Excel = await excel();
    const workbook = new Excel.Workbook();
    workbook.creator = 'FMEA Workbench';

    const matrix = workbook.addWorksheet(t('fmeca.sheet.matrix'));
    matrix.columns = [{ width: 26 }, ...OCCURRENCE_LEVELS.map(() => ({ width: 30 }))];
    matrix.getCell(1, 1).value = t('fmeca.matrix.title', { serialNum: report.serialNum });
    matrix.getCell(1, 1).font = { bold: true, size: 14 };
    matrix.mergeCells(1, 1, 1, OCCURRENCE_LEVELS.length + 1);
    const head = matrix.getRow(2);
    head.getCell(1).value = t('fmeca.matrix.corner');
    OCCURRENCE_LEVELS.forEach((level, i) => (head.getCell(i + 2).value = t(`fmeca.level.${level}`)));
    head.font = { bold: true };
    head.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
    SEVERITY_CLASSES.forEach((cls, r) => {
      const row = matrix.getRow(r + 3);
      row.getCell(1).value = t(`fmeca.class.${cls}`);
      row.getCell(1).font = { bold: true };
      OCCURRENCE_LEVELS.forEach((level, c) => {
        const modes = report.matrix.cells[cls][level];
        const cell = row.getCell(c + 2);
        cell.value = modes.length === 0 ? '' : [String(modes.length), ...modes.map((m) => `${m.itemName}: ${m.name}`)].join('\n');
        cell.fill = fill(FILL[cellCriticality(cls, level)]);
      });
      row.alignment = { wrapText: true, vertical: 'top' };
      for (let c = 1; c <= OCCURRENCE_LEVELS.length + 1; c++) row.getCell(c).border = BORDER;
    });
    if (report.matrix.unplaced.length > 0) {
      const note = matrix.getRow(SEVERITY_CLASSES.length + 4);
      note.getCell(1).value = t('fmeca.matrix.unplaced', { count: report.matrix.unplaced.length });
      note.getCell(2).value = report.matrix.unplaced.map((m) => `${m.itemName}: ${m.name}`).join('\n');
      note.alignment = { wrapText: true, vertical: 'top' };
    }

    const table = workbook.addWorksheet(t('fmeca.sheet.criticality'));
    const columns = ['item', 'mode', 'severity', 'class', 'occurrence', 'level', 'beta', 'alpha', 'lambda', 'hours', 'cm', 'cr', 'alphaSource', 'lambdaSource'] as const;
    table.columns = columns.map((c) => ({ key: c, width: c === 'item' || c === 'mode' ? 28 : c.endsWith('Source') ? 18 : 12 }));
    const th = table.addRow(columns.map((c) => t(`fmeca.column.${c}`)));
    th.font = { bold: true };
    th.alignment = { wrapText: true, vertical: 'middle' };
    const orNone = (v: string | number | null) => (v === null ? '' : v);
    const source = (s: FmecaSource | null) => (s === null ? '' : t(`fmeca.source.${s.kind}`, { fmedaNum: s.fmedaNum ?? '' }));
    for (const item of report.items) {
      for (const m of report.modes.filter((x) => x.itemId === item.itemId)) {
        table.addRow([m.itemName, m.name, orNone(m.severity), orNone(m.severityClass), orNone(m.occurrence), orNone(m.occurrenceLevel), orNone(m.beta), orNone(m.alpha), orNone(m.lambdaFit), orNone(m.hours), orNone(m.cm), '', source(m.alphaSource), source(m.lambdaSource)]);
      }
      const total = table.addRow([item.itemName, '', '', '', '', '', '', '', orNone(item.lambdaFit), orNone(item.hours), '', orNone(item.cr), '', source(item.lambdaSource)]);
      total.font = { bold: true };
    }

    const mapping = workbook.addWorksheet(t('fmeca.sheet.mapping'));
    mapping.columns = [{ width: 40 }, { width: 16 }];
    SEVERITY_CLASSES.forEach((cls) => mapping.addRow([t(`fmeca.class.${cls}`), { I: 'S 9–10', II: 'S 7–8', III: 'S 4–6', IV: 'S 1–3' }[cls]]));
    mapping.addRow([]);
    OCCURRENCE_LEVELS.forEach((level) => mapping.addRow([t(`fmeca.level.${level}`), { A: 'O 9–10', B: 'O 7–8', C: 'O 5–6', D: 'O 3–4', E: 'O 1–2' }[level]]));

    return new Uint8Array(await workbook.xlsx.writeBuffer());
  })();
}

/** The project's FMECA workbook, with the quantitative inputs given (none: the matrix and the Cm the ratios allow). */
export async function exportFmecaWorkbook(ctx: ServiceContext, projectId: string, inputs: FmecaInputs = {}, locale: Locale = 'zh-CN'): Promise<Uint8Array> {
  return fmecaWorkbookOf(await readFmeca(ctx, projectId, inputs), locale);
}
