import type ExcelJS from 'exceljs';
import {
  CONTROL_PLAN_COLUMNS,
  CONTROL_PLAN_HEADER_FIELDS,
  CONTROL_PLAN_PHASES,
  columnGroupLabelKey,
  columnLabelKey,
  headerLabelKey,
  phaseLabelKey,
  type ControlPlanColumn,
  type ControlPlanColumnGroup,
  type ControlPlanPhase,
} from '../../domain/pfmea/index.ts';
import { translate, type Locale } from '../../i18n/index.ts';
import { readAnalysisSource } from '../fmea-baseline/source.ts';
import { sealRecorder } from '../fmea-baseline/seal.ts';
import { applyStamp, stampCells, stampOf } from '../fmea/excel/stamp.ts';
import type { ServiceContext } from '../shared/context.ts';
import { PLAIN_STYLE, shareStyle, streamingWorkbook, WRAPPED_STYLE } from '../fmea/excel/workbook-io.ts';
import { getControlPlan } from './control-plan.ts';
import { workbookLabel } from './control-plan-sheet.ts';

export interface ControlPlanExportOptions {
  phase: ControlPlanPhase;
  /** Language of the labels (zh-CN unless said). */
  locale?: Locale;
  /** Every label in both languages, Chinese above English (customers' bilingual forms). */
  bilingual?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** Column widths of the form, by column. */
const WIDTHS: Record<ControlPlanColumn['key'], number> = {
  processNo: 10,
  processName: 24,
  machine: 18,
  characteristicNo: 7,
  productCharacteristic: 20,
  processCharacteristic: 20,
  specialClass: 9,
  specification: 20,
  evaluationTechnique: 18,
  sampleSize: 9,
  sampleFrequency: 11,
  controlMethod: 22,
  reactionPlan: 22,
};

const BORDER = Object.freeze({ style: 'thin' }) as ExcelJS.Border;
const BORDERS = Object.freeze({ top: BORDER, left: BORDER, bottom: BORDER, right: BORDER }) as Partial<ExcelJS.Borders>;
const HEADING_STYLE = Object.freeze({
  font: Object.freeze({ bold: true }),
  alignment: Object.freeze({ wrapText: true, vertical: 'middle', horizontal: 'center' }),
  border: BORDERS,
  fill: Object.freeze({ type: 'pattern', pattern: 'solid', fgColor: Object.freeze({ argb: 'FFE7EEF7' }) }),
}) as Partial<ExcelJS.Style>;
const CELL_STYLE = Object.freeze({ ...WRAPPED_STYLE, border: BORDERS }) as Partial<ExcelJS.Style>;
const TITLE_STYLE = Object.freeze({ font: Object.freeze({ bold: true, size: 14 }), alignment: Object.freeze({ wrapText: true, horizontal: 'center' }) }) as Partial<ExcelJS.Style>;
const LABEL_STYLE = Object.freeze({ font: Object.freeze({ bold: true }), alignment: Object.freeze({ wrapText: true, vertical: 'top' }) }) as Partial<ExcelJS.Style>;

/** The heading a column stands under ("Characteristics", "Methods"), or null. */
const GROUPS = new Map<string, ControlPlanColumnGroup | null>(CONTROL_PLAN_COLUMNS.map((c) => [c.key, 'group' in c ? c.group : null]));
const groupOf = (key: string): ControlPlanColumnGroup | null => GROUPS.get(key) ?? null;

/** The columns a merge of consecutive lines of one step spans: the step's number, name and machine. */
const STEP_COLUMNS = ['processNo', 'processName', 'machine'] as const;

/**
 * The control plan of a phase as the AIAG control plan form: the title, the
 * phase line (☒ for this plan's phase), the header block (label and value
 * pairs, three to a row), the body's two heading rows (Characteristics and
 * Methods merged over their columns, the others merged down both rows) and
 * one row per line with the columns the business rule "control plan
 * template" keeps, in the manual's order. A step's number, name and machine
 * are merged down its consecutive lines; below the header block, the stamp
 * row: the PFMEA's version and content hash (docs/domain/fmea-baselines.md),
 * in the cells and the properties with the seal, so `verify` tells whose plan
 * a file is and whether it was changed. Streaming writer: large plans stay
 * fast.
 */
export async function exportControlPlanWorkbook(ctx: ServiceContext, projectId: string, options: ControlPlanExportOptions): Promise<Uint8Array> {
  const locale = options.locale ?? 'zh-CN';
  const bilingual = options.bilingual === true;
  const label = (key: string) => workbookLabel(key, locale, bilingual);
  // an export only reads: a phase without a plan is written as the plan it would be, not created
  const view = await getControlPlan(ctx, projectId, { phase: options.phase, create: false });
  const columns = view.columns;
  const width = columns.length;
  const total = view.lines.length;
  options.onProgress?.(0, total);

  // the PFMEA's version and content hash, as its own workbook carries them, and the seal over every cell written
  const stamp = stampOf(await readAnalysisSource(ctx.db, projectId), ctx.now());
  const { workbook, bytes } = await streamingWorkbook();
  const recorder = sealRecorder(workbook);
  workbook.creator = 'FMEA Workbench';
  const sheet = workbook.addWorksheet(label('controlPlan.sheet').replace(/\n/g, ' '));
  sheet.columns = columns.map((key) => ({ key, width: WIDTHS[key] }));
  let rowNumber = 0;
  const add = (values: unknown[], style: Partial<ExcelJS.Style> = PLAIN_STYLE) => {
    const row = sheet.addRow(values);
    shareStyle(row, style);
    rowNumber++;
    return row;
  };

  const title = add([label('controlPlan.title')], TITLE_STYLE);
  title.height = bilingual ? 36 : 22;
  sheet.mergeCells(rowNumber, 1, rowNumber, width);
  title.commit();
  const phases = CONTROL_PLAN_PHASES.map((p) => `${p === options.phase ? '☒' : '☐'} ${label(phaseLabelKey(p)).replace(/\n/g, ' ')}`).join('    ');
  add([phases]);
  sheet.mergeCells(rowNumber, 1, rowNumber, width);
  sheet.getRow(rowNumber).commit();

  // The header block: three label/value pairs a row, each pair over a third of the columns.
  const pair = Math.floor(width / 3);
  const header = view.plan.header as Record<string, string | undefined>;
  for (let i = 0; i < CONTROL_PLAN_HEADER_FIELDS.length; i += 3) {
    const fields = CONTROL_PLAN_HEADER_FIELDS.slice(i, i + 3);
    const values: string[] = [];
    fields.forEach((field, p) => {
      values[p * pair + 1] = label(headerLabelKey(field));
      values[p * pair + 1 + Math.max(1, Math.floor(pair / 2))] = header[field] ?? '';
    });
    const row = add(values, WRAPPED_STYLE);
    fields.forEach((_, p) => {
      const start = p * pair + 1;
      const valueAt = start + Math.max(1, Math.floor(pair / 2));
      const end = p === 2 ? width : start + pair - 1;
      row.getCell(start).style = LABEL_STYLE;
      if (valueAt - 1 > start) sheet.mergeCells(rowNumber, start, rowNumber, valueAt - 1);
      if (end > valueAt) sheet.mergeCells(rowNumber, valueAt, rowNumber, end);
    });
    row.commit();
  }
  // the stamp row (it was a blank row above the body): the PFMEA's version and the content hash, like its own form
  const stampValues: string[] = [];
  const stampPairs = stampCells(stamp, label);
  stampPairs.forEach((p, i) => {
    stampValues[i * pair + 1] = p.label;
    stampValues[i * pair + 1 + Math.max(1, Math.floor(pair / 2))] = p.value;
  });
  const stampRow = add(stampValues, WRAPPED_STYLE);
  stampPairs.forEach((_, i) => {
    const start = i * pair + 1;
    const valueAt = start + Math.max(1, Math.floor(pair / 2));
    const end = i === stampPairs.length - 1 ? width : start + pair - 1;
    stampRow.getCell(start).style = LABEL_STYLE;
    if (valueAt - 1 > start) sheet.mergeCells(rowNumber, start, rowNumber, valueAt - 1);
    if (end > valueAt) sheet.mergeCells(rowNumber, valueAt, rowNumber, end);
  });
  stampRow.commit();

  // The body's headings: groups over their columns, single columns merged down both rows.
  const upper: string[] = [];
  const lower: string[] = [];
  columns.forEach((key, i) => {
    const group = groupOf(key);
    if (group && (i === 0 || groupOf(columns[i - 1]!) !== group)) upper[i + 1] = label(columnGroupLabelKey(group));
    if (group) lower[i + 1] = label(columnLabelKey(key));
    else upper[i + 1] = label(columnLabelKey(key));
  });
  const upperRow = add(upper, HEADING_STYLE);
  const top = rowNumber;
  const lowerRow = add(lower, HEADING_STYLE);
  upperRow.height = bilingual ? 32 : 20;
  lowerRow.height = bilingual ? 48 : 32;
  let i = 0;
  while (i < columns.length) {
    const group = groupOf(columns[i]!);
    if (!group) {
      sheet.mergeCells(top, i + 1, top + 1, i + 1);
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < columns.length && groupOf(columns[j + 1]!) === group) j++;
    if (j > i) sheet.mergeCells(top, i + 1, top, j + 1);
    i = j + 1;
  }
  lowerRow.commit();

  // One row per line; a step's columns merged down its consecutive lines.
  const stepColumns = STEP_COLUMNS.map((key) => columns.indexOf(key) + 1).filter((c) => c > 0);
  let runStart = rowNumber + 1;
  let runKey: string | null = null;
  let pending: ExcelJS.Row | undefined;
  const closeRun = () => {
    if (runKey !== null && rowNumber > runStart) for (const c of stepColumns) sheet.mergeCells(runStart, c, rowNumber, c);
    pending?.commit();
  };
  for (const [n, line] of view.lines.entries()) {
    const key = line.processNo || line.processName ? `${line.processNo}\u0000${line.processName}\u0000${line.machine}` : null;
    if (key !== runKey || key === null) {
      closeRun();
      runStart = rowNumber + 1;
      runKey = key;
    }
    pending = add(
      columns.map((c) => line[c]),
      CELL_STYLE,
    );
    if ((n + 1) % 500 === 0) options.onProgress?.(n + 1, total);
  }
  closeRun();
  sheet.commit();
  options.onProgress?.(total, total);
  applyStamp(workbook, stamp, recorder.seal(), (key) => translate(locale, key));
  return bytes();
}
