import type ExcelJS from 'exceljs';
import { stepTitle, type FlowBranch, type FlowCharacteristic, type FlowStep } from '../../domain/pfmea/flow.ts';
import {
  FLOW_BRANCH_TEXT_KEYS,
  FLOW_CHART_TEXT_KEYS,
  FLOW_SHEET_COLUMN_KEYS,
  FLOW_SYMBOL_LABEL_KEYS,
  flowChartHeaderFrom,
  flowChartLabelsFrom,
  type FlowTranslate,
} from '../../domain/pfmea/flow-messages.ts';
import { renderProcessFlowSvg } from '../../domain/pfmea/flow-svg.ts';
import { translate, type Locale } from '../../i18n/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { excel } from '../fmea/excel/workbook-io.ts';
import { readProcessFlow, type ProcessFlowView } from './flow.ts';
import { readAnalysisSource } from '../fmea-baseline/source.ts';
import { sealOfWorkbook } from '../fmea-baseline/seal.ts';
import { applyStamp, stampCells, stampOf, type WorkbookStamp } from '../fmea/excel/stamp.ts';

/**
 * The flow chart leaves the product in two forms: a workbook with one PFD
 * sheet (a row per step, in flow order, under a header naming the chart, its
 * PFMEA and the date, and the stamp row: the PFMEA's version and content
 * hash, sealed like the PFMEA's own workbook) and the picture as a standalone SVG, drawn by the same
 * pure renderer the workbench shows. Both in the language asked for.
 */
export const FLOW_EXPORT_FORMATS = ['xlsx', 'svg'] as const;
export type FlowExportFormat = (typeof FLOW_EXPORT_FORMATS)[number];

export const FLOW_EXPORT_TYPES: Record<FlowExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  svg: 'image/svg+xml; charset=utf-8',
};

export interface FlowExport {
  readonly bytes: Uint8Array;
  /** PFD….xlsx or PFD….svg, after the chart's number. */
  readonly fileName: string;
  readonly contentType: string;
  readonly view: ProcessFlowView;
}

export interface FlowExportOptions {
  readonly format: FlowExportFormat;
  readonly locale: Locale;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The chart of a PFMEA as a file, for anyone who may open the project. */
export async function exportProcessFlow(ctx: ServiceContext, projectId: string, options: FlowExportOptions): Promise<FlowExport> {
  const view = await readProcessFlow(ctx, projectId, options.locale);
  const t: FlowTranslate = (key, params) => translate(options.locale, key, params);
  const date = isoDate(ctx.now());
  const bytes = options.format === 'svg' ? flowSvgBytes(view, t, date) : await flowWorkbook(view, t, date, stampOf(await readAnalysisSource(ctx.db, projectId), ctx.now()));
  return { bytes, fileName: `${view.pfdNumber}.${options.format}`, contentType: FLOW_EXPORT_TYPES[options.format], view };
}

function flowSvgBytes(view: ProcessFlowView, t: FlowTranslate, date: string): Uint8Array {
  const header = flowChartHeaderFrom(t, { pfdNumber: view.pfdNumber, pfmeaNumber: view.project.serialNum, name: view.project.name, date });
  return new TextEncoder().encode(renderProcessFlowSvg(view.flow, flowChartLabelsFrom(t), header));
}

// ---------------------------------------------------------------------------
// The PFD sheet

const COLUMNS = Object.keys(FLOW_SHEET_COLUMN_KEYS) as (keyof typeof FLOW_SHEET_COLUMN_KEYS)[];
const WIDTHS: Record<(typeof COLUMNS)[number], number> = {
  stepNo: 10,
  symbol: 14,
  operation: 32,
  inputs: 26,
  outputs: 26,
  productCharacteristics: 34,
  processCharacteristics: 34,
  specialClass: 12,
  branches: 30,
};

const characteristicLine = (c: FlowCharacteristic) => (c.mark ? `${c.name} [${c.mark}]` : c.name);

function branchText(b: FlowBranch, steps: ReadonlyMap<string, FlowStep>, t: FlowTranslate): string {
  const k = FLOW_BRANCH_TEXT_KEYS;
  if (b.kind === 'scrap') return b.label ? t(k.scrapLabelled, { label: b.label }) : t(k.scrap);
  const target = stepTitle(steps.get(b.toStepId!)!);
  return b.label ? t(k.reworkLabelled, { target, label: b.label }) : t(k.rework, { target });
}

/** The cells of one step's row, in column order. */
export function flowSheetRow(step: FlowStep, branches: readonly FlowBranch[], steps: ReadonlyMap<string, FlowStep>, t: FlowTranslate): string[] {
  const cells: Record<(typeof COLUMNS)[number], string> = {
    stepNo: step.processNo ?? '',
    symbol: t(FLOW_SYMBOL_LABEL_KEYS[step.symbol]),
    operation: step.name,
    inputs: step.inputs ?? '',
    outputs: step.outputs ?? '',
    productCharacteristics: step.productCharacteristics.map(characteristicLine).join('\n'),
    processCharacteristics: step.processCharacteristics.map(characteristicLine).join('\n'),
    specialClass: step.specialMarks.join(', '),
    branches: branches
      .filter((b) => b.fromStepId === step.id)
      .map((b) => branchText(b, steps, t))
      .join('\n'),
  };
  return COLUMNS.map((c) => cells[c]);
}

const THIN = { style: 'thin' } as const;
const BORDER: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };

async function flowWorkbook(view: ProcessFlowView, t: FlowTranslate, date: string, stamp: WorkbookStamp): Promise<Uint8Array> {
  const Excel = await excel();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('PFD', { views: [{ state: 'frozen', ySplit: 4 }], pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  sheet.columns = COLUMNS.map((c) => ({ key: c, width: WIDTHS[c] }));
  const k = FLOW_CHART_TEXT_KEYS;

  const title = sheet.getRow(1);
  title.getCell(1).value = t(k.title, { number: view.pfdNumber });
  title.getCell(1).font = { bold: true, size: 14 };
  title.height = 24;
  sheet.mergeCells(1, 1, 1, COLUMNS.length);

  // the header block: label / value pairs, as the PFMEA's own form header is written
  const pairs: [string, string][] = [
    [t(k.pfdNumber), view.pfdNumber],
    [t(k.pfmeaNumber), view.project.serialNum],
    [t(k.projectName), view.project.name],
    [t(k.date), date],
  ];
  const header = sheet.getRow(2);
  pairs.forEach(([label, value], i) => {
    const at = 1 + i * 2;
    header.getCell(at).value = label;
    header.getCell(at).font = { bold: true };
    header.getCell(at + 1).value = value;
  });

  // the stamp row: the PFMEA's version and content hash (docs/domain/fmea-baselines.md), like its own form
  const stampRow = sheet.getRow(3);
  stampCells(stamp, (key) => t(key)).forEach(({ label, value }, i) => {
    stampRow.getCell(1 + i * 2).value = label;
    stampRow.getCell(1 + i * 2).font = { bold: true };
    stampRow.getCell(2 + i * 2).value = value;
  });

  const headings = sheet.getRow(4);
  COLUMNS.forEach((c, i) => {
    const cell = headings.getCell(i + 1);
    cell.value = t(FLOW_SHEET_COLUMN_KEYS[c]);
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } };
    cell.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
    cell.border = BORDER;
  });

  const steps = new Map(view.flow.steps.map((s) => [s.id, s]));
  view.flow.steps.forEach((step, i) => {
    const row = sheet.getRow(5 + i);
    flowSheetRow(step, view.flow.branches, steps, t).forEach((value, c) => {
      const cell = row.getCell(c + 1);
      cell.value = value;
      cell.alignment = { wrapText: true, vertical: 'top' };
      cell.border = BORDER;
    });
  });
  // the seal over the cells as written, with the stamp in the properties: `verify` tells whose chart a file is and whether it was changed
  applyStamp(workbook, stamp, sealOfWorkbook(workbook), (key) => t(key));
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
