import type { SheetColumn } from '../../shared/xlsx.ts';

/**
 * The analysis sheets of the DFMEA workbook: one list per sheet, one item per
 * row and one field per cell (no list inside a cell), with the chain sheet's
 * keys (N… elements, F… functions, E…/M…/C… failures, '@root' the product).
 * Together they hold the whole analysis, also what no chain reaches (the
 * function net across levels, interfaces, items without chains, node types,
 * frequency ratios, the product's name) and every list in its order. Columns
 * named after an item's text beside its key (`element`, `function`, `cause`…)
 * are there for reading: on import they must be the keyed item's text or
 * empty. The headers say which sheet is which (the sheet names are only
 * cosmetic); they are written in the export's language and read in either
 * (`data-columns.ts`), the identifiers here being what older exports wrote.
 */
export const ANALYSIS_SHEETS = {
  structure: [
    { key: 'elementKey', headers: ['elementKey'], required: true },
    { key: 'parentKey', headers: ['parentKey'], required: true },
    { key: 'element', headers: ['element'], required: true },
    { key: 'nodeType', headers: ['nodeType'] },
  ],
  functions: [
    { key: 'functionKey', headers: ['functionKey'], required: true },
    { key: 'elementKey', headers: ['elementKey'], required: true },
    { key: 'element', headers: ['element'] },
    { key: 'function', headers: ['function'], required: true },
    { key: 'requirement', headers: ['requirement'] },
  ],
  functionNet: [
    { key: 'higherFunctionKey', headers: ['higherFunctionKey'], required: true },
    { key: 'higherFunction', headers: ['higherFunction'] },
    { key: 'lowerFunctionKey', headers: ['lowerFunctionKey'], required: true },
    { key: 'lowerFunction', headers: ['lowerFunction'] },
  ],
  characteristics: [
    { key: 'functionKey', headers: ['functionKey'], required: true },
    { key: 'function', headers: ['function'] },
    { key: 'characteristic', headers: ['characteristic'], required: true },
    { key: 'class', headers: ['class'], required: true },
    { key: 'special', headers: ['special'] },
  ],
  interfaces: [
    { key: 'firstElementKey', headers: ['firstElementKey'], required: true },
    { key: 'firstElement', headers: ['firstElement'] },
    { key: 'secondElementKey', headers: ['secondElementKey'], required: true },
    { key: 'secondElement', headers: ['secondElement'] },
    { key: 'interfaceType', headers: ['interfaceType'], required: true },
    { key: 'interface', headers: ['interface'] },
  ],
  failures: [
    { key: 'failureKey', headers: ['failureKey'], required: true },
    { key: 'functionKey', headers: ['functionKey'], required: true },
    { key: 'function', headers: ['function'] },
    { key: 'kind', headers: ['kind'], required: true },
    { key: 'failure', headers: ['failure'], required: true },
    { key: 'severity', headers: ['S'] },
    { key: 'occurrence', headers: ['O'] },
    { key: 'detection', headers: ['D'] },
    { key: 'frequencyRatio', headers: ['frequencyRatio'] },
  ],
  controls: [
    { key: 'causeKey', headers: ['causeKey'], required: true },
    { key: 'cause', headers: ['cause'] },
    { key: 'controlKind', headers: ['controlKind'], required: true },
    { key: 'control', headers: ['control'], required: true },
  ],
  actions: [
    { key: 'causeKey', headers: ['causeKey'], required: true },
    { key: 'cause', headers: ['cause'] },
    { key: 'actionKind', headers: ['actionKind'], required: true },
    { key: 'action', headers: ['action'], required: true },
    { key: 'responsible', headers: ['responsible'] },
    { key: 'targetDate', headers: ['targetDate'] },
    { key: 'status', headers: ['status'] },
    { key: 'actionTaken', headers: ['actionTaken'] },
    { key: 'evidence', headers: ['evidence'] },
    { key: 'completionDate', headers: ['completionDate'] },
    { key: 'raSeverity', headers: ['raS'] },
    { key: 'raOccurrence', headers: ['raO'] },
    { key: 'raDetection', headers: ['raD'] },
  ],
} as const satisfies Record<string, readonly SheetColumn[]>;

/**
 * The PFMEA's process fields, each in the sheet of the item that holds it,
 * after the columns above (so the DFMEA's columns keep their places): a
 * process step's number and a work element's 4M type, a process item
 * function's scope, a characteristic's kind (product or process) and the
 * customer's own class. Codes, as stored; empty where the item has none.
 */
export const PFMEA_ANALYSIS_EXTRA = {
  structure: [
    { key: 'processNo', headers: ['processNo'] },
    { key: 'workElementType', headers: ['workElementType'] },
  ],
  functions: [{ key: 'functionScope', headers: ['functionScope'] }],
  characteristics: [
    { key: 'characteristicKind', headers: ['characteristicKind'] },
    { key: 'customerClass', headers: ['customerClass'] },
  ],
} as const satisfies Partial<Record<keyof typeof ANALYSIS_SHEETS, readonly SheetColumn[]>>;

/**
 * FMEA-MSR's fields of a cause, after the failures sheet's columns (a project
 * whose kind has the MSR steps; docs/domain/msr.md): F, M, the severity after
 * the system response and that effect. Monitoring and response controls and
 * actions are rows of the controls and actions sheets with their kind.
 */
export const MSR_ANALYSIS_EXTRA = {
  failures: [
    { key: 'msrFrequency', headers: ['F'] },
    { key: 'msrMonitoring', headers: ['M'] },
    { key: 'msrSeverity', headers: ['msrS'] },
    { key: 'msrEffect', headers: ['msrEffect'] },
  ],
} as const satisfies Partial<Record<keyof typeof ANALYSIS_SHEETS, readonly SheetColumn[]>>;

export type AnalysisSheetName = keyof typeof ANALYSIS_SHEETS;
export const ANALYSIS_SHEET_NAMES = Object.keys(ANALYSIS_SHEETS) as AnalysisSheetName[];
type ExtraKey<S> =
  | (S extends keyof typeof PFMEA_ANALYSIS_EXTRA ? (typeof PFMEA_ANALYSIS_EXTRA)[S][number]['key'] : never)
  | (S extends keyof typeof MSR_ANALYSIS_EXTRA ? (typeof MSR_ANALYSIS_EXTRA)[S][number]['key'] : never);
/** A row of a list sheet; the PFMEA's extra cells are empty in a DFMEA's (and the MSR's undefined in a sheet without them). */
export type AnalysisRow<S extends AnalysisSheetName> = Record<(typeof ANALYSIS_SHEETS)[S][number]['key'] | ExtraKey<S>, string>;
export type AnalysisColumns = Record<AnalysisSheetName, readonly SheetColumn[]>;

/** The list sheets' columns of a DFMEA workbook, of a PFMEA's with the process fields, or of an FMEA-MSR's with the MSR fields. */
export function analysisColumns(process: boolean, msr = false): AnalysisColumns {
  if (!process && !msr) return ANALYSIS_SHEETS;
  const extra = (process ? PFMEA_ANALYSIS_EXTRA : MSR_ANALYSIS_EXTRA) as Partial<Record<AnalysisSheetName, readonly SheetColumn[]>>;
  return Object.fromEntries(ANALYSIS_SHEET_NAMES.map((name) => [name, [...ANALYSIS_SHEETS[name], ...(extra[name] ?? [])]])) as unknown as AnalysisColumns;
}

/** The characteristic's "special" cell: written `yes` or empty; read in either language. */
export const SPECIAL_YES = ['yes', 'y', 'true', '1', 'x', '*', '是'];
export const SPECIAL_NO = ['', 'no', 'n', 'false', '0', '否'];
