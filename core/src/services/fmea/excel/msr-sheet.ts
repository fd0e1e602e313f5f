import type ExcelJS from 'exceljs';
import type { ApLevel } from '../../../domain/ap/index.ts';
import { ACTION_STATUS_LABEL_KEYS, MSR_CONTROL_KIND_LABEL_KEYS, type MsrRow } from '../../../domain/fmea/index.ts';
import type { SealRecorder } from '../../fmea-baseline/seal.ts';
import { lines } from './cells.ts';
import { RowWriter } from './row-writer.ts';
import { WRAPPED_STYLE } from './workbook-io.ts';

/**
 * The FMEA-MSR form sheet of a project whose kind has the MSR steps
 * (docs/domain/msr.md): one row per failure cause, the failure chain (focus
 * element and function, the most severe effect with its S, the modes, the
 * cause), the MSR risk analysis (F, current diagnostic monitoring and system
 * response, the most severe effect after the response and its S, M, MSR AP)
 * and the MSR optimisation (each action one line: kind, action, responsible,
 * target date, status, action taken, completion date, S after response, F, M,
 * and the MSR AP after them). A sheet for people: the import reads the same
 * facts from the list sheets (failures: F, M, msrS, msrEffect; controls and
 * actions of the kinds monitoring and response) and skips this one.
 */
export const MSR_COLUMNS = [
  'element',
  'function',
  'effect',
  'severity',
  'mode',
  'cause',
  'frequency',
  'monitoringControls',
  'responseControls',
  'effectAfter',
  'severityAfter',
  'monitoring',
  'ap',
  'actionKind',
  'action',
  'responsible',
  'targetDate',
  'status',
  'actionTaken',
  'completionDate',
  'raSeverity',
  'raFrequency',
  'raMonitoring',
  'raAp',
] as const;
type MsrColumn = (typeof MSR_COLUMNS)[number];

/** Step headings over the columns: the chain (steps 2–4), MSR risk analysis (5), MSR optimisation (6). */
const STEPS = [
  ['fmeaExcel.msr.step.failure', 6],
  ['fmeaExcel.msr.step.risk', 7],
  ['fmeaExcel.msr.step.optimization', 11],
] as const;

const WIDE = new Set<MsrColumn>(['element', 'function', 'effect', 'mode', 'cause', 'monitoringControls', 'responseControls', 'effectAfter', 'action', 'actionTaken']);

/** The message keys of the sheet (the catalog test reads them). */
export const MSR_SHEET_MESSAGE_KEYS: readonly string[] = [
  'fmeaExcel.sheet.msr',
  'fmeaExcel.msr.title',
  ...STEPS.map(([key]) => key),
  ...MSR_COLUMNS.map((c) => `fmeaExcel.msr.column.${c}`),
];

const AP_FILL: Record<ApLevel, string> = { H: 'FFF4B6B6', M: 'FFFFE699', L: 'FFC6EFCE' };
const apStyle = (argb: string): Partial<ExcelJS.Style> => Object.freeze({ ...WRAPPED_STYLE, fill: { type: 'pattern', pattern: 'solid', fgColor: { argb } } }) as Partial<ExcelJS.Style>;
const AP_STYLE: Record<ApLevel, Partial<ExcelJS.Style>> = { H: apStyle(AP_FILL.H), M: apStyle(AP_FILL.M), L: apStyle(AP_FILL.L) };
const AP_COLUMN = MSR_COLUMNS.indexOf('ap') + 1;
const RA_AP_COLUMN = MSR_COLUMNS.indexOf('raAp') + 1;

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** One cause's cells, by column. */
export function msrCells(r: MsrRow, t: (key: string) => string, userName: (id: string | null) => string): Record<MsrColumn, string> {
  return {
    element: r.elementName,
    function: r.functionDescription,
    effect: text(r.effect),
    severity: text(r.severity),
    mode: lines(r.modes),
    cause: r.cause,
    frequency: text(r.frequency),
    monitoringControls: lines(r.monitoringControls.map((c) => c.description)),
    responseControls: lines(r.responseControls.map((c) => c.description)),
    effectAfter: text(r.effectAfterResponse),
    severityAfter: text(r.severityAfterResponse),
    monitoring: text(r.monitoring),
    ap: text(r.ap),
    actionKind: lines(r.actions.map((a) => t(MSR_CONTROL_KIND_LABEL_KEYS[a.kind]))),
    action: lines(r.actions.map((a) => a.description)),
    responsible: lines(r.actions.map((a) => userName(a.responsibleUserId))),
    targetDate: lines(r.actions.map((a) => a.targetDate)),
    status: lines(r.actions.map((a) => t(ACTION_STATUS_LABEL_KEYS[a.status]))),
    actionTaken: lines(r.actions.map((a) => a.actionTaken)),
    completionDate: lines(r.actions.map((a) => a.completionDate)),
    raSeverity: text(r.after?.severityAfterResponse),
    raFrequency: text(r.after?.frequency),
    raMonitoring: text(r.after?.monitoring),
    raAp: text(r.after?.ap),
  };
}

/** Writes the FMEA-MSR sheet (title, step headings, column headings, one row per cause). */
export function writeMsrSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, seal: SealRecorder, rows: readonly MsrRow[], t: (key: string) => string, userName: (id: string | null) => string): void {
  const sheet = workbook.addWorksheet(t('fmeaExcel.sheet.msr'));
  sheet.columns = MSR_COLUMNS.map((c) => ({ key: c, width: WIDE.has(c) ? 28 : 10 }));
  const title = sheet.addRow([t('fmeaExcel.msr.title')]);
  title.font = { bold: true, size: 14 };
  sheet.mergeCells(1, 1, 1, MSR_COLUMNS.length);
  title.commit();
  const steps: string[] = [];
  let col = 1;
  for (const [key, span] of STEPS) {
    steps[col] = t(key);
    col += span;
  }
  const stepRow = sheet.addRow(steps);
  stepRow.font = { bold: true };
  col = 1;
  for (const [, span] of STEPS) {
    sheet.mergeCells(2, col, 2, col + span - 1);
    col += span;
  }
  stepRow.commit();
  const head = sheet.addRow(MSR_COLUMNS.map((c) => t(`fmeaExcel.msr.column.${c}`)));
  head.font = { bold: true };
  head.alignment = { wrapText: true, vertical: 'middle' };
  head.commit();
  const writer = new RowWriter(sheet, seal);
  for (const r of rows) {
    const cells = msrCells(r, t, userName);
    const styles = new Map<number, Partial<ExcelJS.Style>>();
    if (r.ap) styles.set(AP_COLUMN, AP_STYLE[r.ap]);
    if (r.after?.ap) styles.set(RA_AP_COLUMN, AP_STYLE[r.after.ap]);
    writer.row(
      MSR_COLUMNS.map((c) => cells[c]),
      WRAPPED_STYLE,
      styles.size > 0 ? styles : undefined,
    );
  }
  writer.flush();
  sheet.commit();
}
