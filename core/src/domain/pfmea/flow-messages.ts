import type { FlowChartHeader, FlowChartLabels } from './flow-layout.ts';
import { FLOW_BRANCH_KINDS, FLOW_SYMBOLS, type FlowBranchKind, type FlowSymbol } from './vocabulary.ts';

/**
 * The process flow chart's message keys (`pfd.*`, after the PFD number prefix
 * of spec 001), kept apart from the process model's `pfmea.*` keys. The texts
 * are in flow-locales/ beside this file; flow-messages.test.ts holds the code
 * to this list and the list to both catalogs.
 */
export const PFD_REFUSAL_KEYS = [
  'pfd.project_not_pfmea',
  'pfd.not_a_step',
  'pfd.symbol_invalid',
  'pfd.branch_kind_invalid',
  'pfd.branch_from_not_step',
  'pfd.rework_target_required',
  'pfd.rework_target_not_step',
  'pfd.scrap_has_no_target',
  'pfd.reorder_not_the_steps',
  'pfd.branch_not_found',
] as const;

export type PfdMessageKey = (typeof PFD_REFUSAL_KEYS)[number];

export const FLOW_SYMBOL_LABEL_KEYS = Object.fromEntries(FLOW_SYMBOLS.map((s) => [s, `pfd.symbol.${s}`])) as Record<FlowSymbol, string>;
export const FLOW_BRANCH_KIND_LABEL_KEYS = Object.fromEntries(FLOW_BRANCH_KINDS.map((k) => [k, `pfd.branch_kind.${k}`])) as Record<FlowBranchKind, string>;

/** The words of the chart and the workbook around the data (headings, prefixes, the legend). */
export const FLOW_CHART_TEXT_KEYS = {
  title: 'pfd.chart.title',
  flowColumn: 'pfd.chart.flow',
  operation: 'pfd.chart.operation',
  productCharacteristics: 'pfd.chart.product_characteristics',
  processCharacteristics: 'pfd.chart.process_characteristics',
  inputs: 'pfd.chart.inputs',
  outputs: 'pfd.chart.outputs',
  legend: 'pfd.chart.legend',
  notes: 'pfd.chart.notes',
  empty: 'pfd.chart.empty',
  pfdNumber: 'pfd.chart.pfd_number',
  pfmeaNumber: 'pfd.chart.pfmea_number',
  projectName: 'pfd.chart.project_name',
  date: 'pfd.chart.date',
  subtitle: 'pfd.chart.subtitle',
} as const;

/** Headings of the workbook's PFD sheet, in column order. */
export const FLOW_SHEET_COLUMN_KEYS = {
  stepNo: 'pfd.sheet.step_no',
  symbol: 'pfd.sheet.symbol',
  operation: 'pfd.sheet.operation',
  inputs: 'pfd.sheet.inputs',
  outputs: 'pfd.sheet.outputs',
  productCharacteristics: 'pfd.sheet.product_characteristics',
  processCharacteristics: 'pfd.sheet.process_characteristics',
  specialClass: 'pfd.sheet.special_class',
  branches: 'pfd.sheet.branches',
} as const;

/** How a branch reads in the workbook's branch cell: "Rework → 20 Turn", "Scrap: cracked". */
export const FLOW_BRANCH_TEXT_KEYS = {
  rework: 'pfd.sheet.branch_rework',
  reworkLabelled: 'pfd.sheet.branch_rework_labelled',
  scrap: 'pfd.sheet.branch_scrap',
  scrapLabelled: 'pfd.sheet.branch_scrap_labelled',
} as const;

export const PFD_LABEL_KEYS: readonly string[] = [
  ...Object.values(FLOW_SYMBOL_LABEL_KEYS),
  ...Object.values(FLOW_BRANCH_KIND_LABEL_KEYS),
  ...Object.values(FLOW_CHART_TEXT_KEYS),
  ...Object.values(FLOW_SHEET_COLUMN_KEYS),
  ...Object.values(FLOW_BRANCH_TEXT_KEYS),
];

export const PFD_DOMAIN_MESSAGE_KEYS: readonly string[] = [...PFD_REFUSAL_KEYS, ...PFD_LABEL_KEYS];

/** A translation function as both sides have one: core's `translate` bound to a locale, or a table in the browser. */
export type FlowTranslate = (key: string, params?: Record<string, string | number>) => string;

/** The chart's words from a catalog (the server's export; the workbench passes lingui's strings straight in). */
export function flowChartLabelsFrom(t: FlowTranslate): FlowChartLabels {
  const k = FLOW_CHART_TEXT_KEYS;
  return {
    symbols: Object.fromEntries(FLOW_SYMBOLS.map((s) => [s, t(FLOW_SYMBOL_LABEL_KEYS[s])])) as Record<FlowSymbol, string>,
    branchKinds: Object.fromEntries(FLOW_BRANCH_KINDS.map((b) => [b, t(FLOW_BRANCH_KIND_LABEL_KEYS[b])])) as Record<FlowBranchKind, string>,
    flowColumn: t(k.flowColumn),
    operation: t(k.operation),
    productCharacteristics: t(k.productCharacteristics),
    processCharacteristics: t(k.processCharacteristics),
    inputs: t(k.inputs),
    outputs: t(k.outputs),
    legend: t(k.legend),
    notes: t(k.notes),
    empty: t(k.empty),
  };
}

/** The title block: "Process flow chart PFD…", then the PFMEA's number, its name and the date of the drawing. */
export function flowChartHeaderFrom(t: FlowTranslate, facts: { readonly pfdNumber: string; readonly pfmeaNumber: string; readonly name: string; readonly date: string }): FlowChartHeader {
  const k = FLOW_CHART_TEXT_KEYS;
  return {
    title: t(k.title, { number: facts.pfdNumber }),
    subtitle: t(k.subtitle, { pfmea: facts.pfmeaNumber, name: facts.name, date: facts.date }),
  };
}
