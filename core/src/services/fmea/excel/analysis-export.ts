import type ExcelJS from 'exceljs';
import { ALL_CONTROL_KINDS, type AnyControlKind } from '../../../domain/fmea/index.ts';
import type { AnalysisSource } from '../../fmea-baseline/source.ts';
import { ANALYSIS_SHEET_NAMES, type AnalysisColumns, type AnalysisRow, type AnalysisSheetName } from './analysis-columns.ts';
import { FAILURE_PREFIX, type KeyMaker } from './keys.ts';
import type { SealRecorder } from '../../fmea-baseline/seal.ts';
import { RowWriter } from './row-writer.ts';
import { WRAPPED_STYLE } from './workbook-io.ts';
import { dataHeader } from './data-columns.ts';
import { listCell } from './vocabulary.ts';

/** Every value is written as text, as in the chain sheet: a number under a date style (a shared style edited elsewhere) would read back as a date. */
type Cell = string;
/** Each sheet's rows by column key: the sheet writes the columns its workbook has (a DFMEA's leaves out the process fields). */
type SheetRows = { [S in AnalysisSheetName]: AnalysisRow<S>[] };

const bySort = <T extends { sort: number; id: string }>(a: T, b: T) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const orNone = (value: string | number | null | undefined): Cell => (value === null || value === undefined ? '' : String(value));

/**
 * The rows of every analysis sheet (`analysis-columns.ts`), in the order a
 * user sees the project: the structure tree depth first (product first),
 * each node's functions, each function's characteristics and failures in
 * order, each cause's controls (prevention, then detection) and actions in
 * order; links and interfaces in the order of their ends. Keys come from
 * `keys`, which the chain sheet has already used, so both sheets name an
 * item alike. The failure net needs no sheet: every link joins a mode, and
 * the chain sheet lists each mode's chains with all its links. From the
 * analysis read once for the whole export (`readAnalysisSource`).
 */
export function analysisRows(source: AnalysisSource, keys: KeyMaker): SheetRows {
  const { nodes, functions, characteristics, failures, controls, actions, functionLinks, interfaces } = source;
  const userNames = source.userNames;

  const children = new Map<string | null, (typeof nodes)[number][]>();
  for (const n of nodes) {
    const list = children.get(n.parentId);
    if (list) list.push(n);
    else children.set(n.parentId, [n]);
  }
  const ordered: (typeof nodes)[number][] = [];
  const visit = (parentId: string | null) => {
    for (const n of (children.get(parentId) ?? []).sort(bySort)) {
      ordered.push(n);
      visit(n.id);
    }
  };
  visit(null);
  const nodeById = new Map(nodes.map((n) => [n.id, n]));
  const nodeKey = (id: string) => (nodeById.get(id)?.parentId === null ? '@root' : keys.key('N', id));
  const nodeOrder = new Map(ordered.map((n, i) => [n.id, i]));

  const fns = [...functions].sort((a, b) => nodeOrder.get(a.nodeId)! - nodeOrder.get(b.nodeId)! || bySort(a, b));
  const fnById = new Map(fns.map((f) => [f.id, f]));
  const fnOrder = new Map(fns.map((f, i) => [f.id, i]));
  const fnKey = (id: string) => keys.key('F', id);
  const fails = [...failures].sort((a, b) => fnOrder.get(a.functionId)! - fnOrder.get(b.functionId)! || bySort(a, b));
  const failById = new Map(fails.map((f) => [f.id, f]));
  const failOrder = new Map(fails.map((f, i) => [f.id, i]));
  const failKey = (id: string) => keys.key(FAILURE_PREFIX[failById.get(id)!.kind], id);
  // prevention, detection, then FMEA-MSR's monitoring and response
  const kindOrder = (kind: AnyControlKind) => ALL_CONTROL_KINDS.indexOf(kind);

  const out = Object.fromEntries(ANALYSIS_SHEET_NAMES.map((name) => [name, []])) as unknown as SheetRows;
  for (const n of ordered) {
    out.structure.push({
      elementKey: nodeKey(n.id),
      parentKey: n.parentId === null ? '' : nodeKey(n.parentId),
      element: n.name,
      nodeType: String(n.nodeType),
      processNo: orNone(n.processNo),
      workElementType: orNone(n.workElementType),
    });
  }
  for (const f of fns) {
    out.functions.push({ functionKey: fnKey(f.id), elementKey: nodeKey(f.nodeId), element: nodeById.get(f.nodeId)?.name ?? '', function: f.description, requirement: orNone(f.requirement), functionScope: orNone(f.functionScope) });
  }
  const links = [...functionLinks].sort((a, b) => fnOrder.get(a.higherFunctionId)! - fnOrder.get(b.higherFunctionId)! || fnOrder.get(a.lowerFunctionId)! - fnOrder.get(b.lowerFunctionId)!);
  for (const l of links) {
    out.functionNet.push({ higherFunctionKey: fnKey(l.higherFunctionId), higherFunction: fnById.get(l.higherFunctionId)!.description, lowerFunctionKey: fnKey(l.lowerFunctionId), lowerFunction: fnById.get(l.lowerFunctionId)!.description });
  }
  for (const c of [...characteristics].sort((a, b) => fnOrder.get(a.functionId)! - fnOrder.get(b.functionId)! || bySort(a, b))) {
    out.characteristics.push({
      functionKey: fnKey(c.functionId),
      function: fnById.get(c.functionId)!.description,
      characteristic: c.name,
      class: c.characteristicClass,
      special: c.special ? 'yes' : '',
      characteristicKind: orNone(c.characteristicKind),
      customerClass: orNone(c.customerClass),
    });
  }
  const ends = (i: (typeof interfaces)[number]) => [nodeOrder.get(i.firstNodeId)!, nodeOrder.get(i.secondNodeId)!, i.interfaceType] as const;
  const sortedInterfaces = [...interfaces].sort((a, b) => {
    const [x, y] = [ends(a), ends(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || (a.description ?? '').localeCompare(b.description ?? '');
  });
  for (const i of sortedInterfaces) {
    out.interfaces.push({
      firstElementKey: nodeKey(i.firstNodeId),
      firstElement: nodeById.get(i.firstNodeId)!.name,
      secondElementKey: nodeKey(i.secondNodeId),
      secondElement: nodeById.get(i.secondNodeId)!.name,
      interfaceType: String(i.interfaceType),
      interface: orNone(i.description),
    });
  }
  for (const f of fails) {
    out.failures.push({
      failureKey: failKey(f.id),
      functionKey: fnKey(f.functionId),
      function: fnById.get(f.functionId)!.description,
      kind: f.kind,
      failure: f.description,
      severity: orNone(f.severity),
      occurrence: orNone(f.occurrence),
      detection: orNone(f.detection),
      frequencyRatio: orNone(f.frequencyRatio),
      msrFrequency: orNone(f.msrFrequency),
      msrMonitoring: orNone(f.msrMonitoring),
      msrSeverity: orNone(f.msrSeverity),
      msrEffect: orNone(f.msrEffect),
    });
  }
  const byCause = (a: { causeId: string }, b: { causeId: string }) => failOrder.get(a.causeId)! - failOrder.get(b.causeId)!;
  for (const c of [...controls].sort((a, b) => byCause(a, b) || kindOrder(a.kind) - kindOrder(b.kind) || bySort(a, b))) {
    out.controls.push({ causeKey: failKey(c.causeId), cause: failById.get(c.causeId)!.description, controlKind: c.kind, control: c.description });
  }
  for (const a of [...actions].sort((x, y) => byCause(x, y) || bySort(x, y))) {
    out.actions.push({
      causeKey: failKey(a.causeId),
      cause: failById.get(a.causeId)!.description,
      actionKind: a.kind,
      action: a.description,
      responsible: a.responsibleUserId ? (userNames.get(a.responsibleUserId) ?? '') : '',
      targetDate: orNone(a.targetDate),
      status: a.status,
      actionTaken: orNone(a.actionTaken),
      evidence: orNone(a.evidence),
      completionDate: orNone(a.completionDate),
      raSeverity: orNone(a.raSeverity),
      raOccurrence: orNone(a.raOccurrence),
      raDetection: orNone(a.raDetection),
    });
  }
  return out;
}

/** Column widths by column key: texts wide, keys and codes narrow. */
const WIDE = new Set(['msrEffect', 'element', 'function', 'higherFunction', 'lowerFunction', 'characteristic', 'firstElement', 'secondElement', 'interface', 'failure', 'cause', 'control', 'action', 'actionTaken', 'evidence', 'requirement']);

/** Writes the analysis sheets, one per list with the workbook's columns, named in the export's language (`fmeaExcel.sheet.<name>`). */
export function writeAnalysisSheets(workbook: ExcelJS.stream.xlsx.WorkbookWriter, seal: SealRecorder, rows: SheetRows, t: (key: string) => string, sheets: AnalysisColumns): void {
  for (const name of ANALYSIS_SHEET_NAMES) {
    const columns = sheets[name];
    const sheet = workbook.addWorksheet(t(`fmeaExcel.sheet.${name}`));
    sheet.columns = columns.map((c) => ({ key: c.key, width: WIDE.has(c.key) ? 36 : 14 }));
    const head = sheet.addRow(columns.map((c) => dataHeader('list', c, t)));
    head.font = { bold: true };
    head.commit();
    const writer = new RowWriter(sheet, seal);
    // codes in the export's language (docs/domain/dfmea-workbook.md, "Sheets")
    for (const values of rows[name] as Record<string, Cell>[]) writer.row(columns.map((c) => listCell(c.key, values[c.key] ?? '', t)), WRAPPED_STYLE);
    writer.flush();
    sheet.commit();
  }
}
