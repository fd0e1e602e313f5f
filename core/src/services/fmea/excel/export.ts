import type ExcelJS from 'exceljs';
import { listCustomFields } from '../../custom-fields/fields.ts';
import { writeCustomFieldSheet } from '../../custom-fields/xlsx.ts';
import { ACTION_STATUS_LABEL_KEYS, hasMsrSteps, kindOf, msrRowsOf, type RiskGridRow } from '../../../domain/fmea/index.ts';
import { InvalidInputError } from '../../../errors.ts';
import { translate, type Locale } from '../../../i18n/index.ts';
import type { ServiceContext } from '../../shared/context.ts';
import { readAnalysisSource, type AnalysisSource } from '../../fmea-baseline/source.ts';
import { riskGridOfSource } from '../grid.ts';
import { projectDictionaries, type ProjectDictionaries } from '../project-codes.ts';
import { getProjectById, type ProjectView } from '../projects.ts';
import { FORM_COLUMNS, FORM_STEPS, type FlatRow, type FormKey } from './columns.ts';
import { FORM_HEADER_PAIRS, FORM_HEADER_ROWS, FORM_HEADER_WIDE, formHeaderValues } from './form-header.ts';
import { analysisRows, writeAnalysisSheets } from './analysis-export.ts';
import { writeMsrSheet } from './msr-sheet.ts';
import { MSR_AP_TABLE } from '../msr.ts';
import { apEvaluator } from '../../rules/ap-rules.ts';
import { actionCells, characteristicText, lines, type CharacteristicCell } from './cells.ts';
import { KeyMaker } from './keys.ts';
import { processCells, type ProcessFacts } from './process-cells.ts';
import { profileOf, type WorkbookKind } from './profile.ts';
import { applyStamp, stampCells, stampOf, type WorkbookStamp } from './stamp.ts';
import { sealRecorder } from '../../fmea-baseline/seal.ts';
import { PLAIN_STYLE, recordMerge, streamingWorkbook, WRAPPED_STYLE } from './workbook-io.ts';
import { RowWriter } from './row-writer.ts';
import { dataHeader } from './data-columns.ts';
import { codeLabel } from './vocabulary.ts';

export interface ExportOptions {
  /** Language of the form's labels and the scales' headings (both languages are always in the scales). */
  locale?: Locale;
  /** Company name for the header block when the project has none. */
  company?: string;
  /** The form the caller expects (`fmea pfmea export`): a project whose type writes the other one is refused (fmeaExcel.project_type_mismatch). */
  projectType?: WorkbookKind;
  onProgress?: (done: number, total: number) => void;
  /** The version the workbook shows (a baseline's export); by default the working copy's, hashed now. */
  stamp?: WorkbookStamp;
  /** Dictionary names for the header (a baseline rendered off the live tables passes the live ones). */
  dictionaries?: ProjectDictionaries;
}

interface ProjectFacts extends ProcessFacts {
  /** Each function's characteristics as the chain sheet writes them. */
  characteristics: Map<string, string[]>;
  /** Failure id → its function's id (the grid names the effect's and cause's function by text only). */
  failureFunctions: Map<string, string>;
  /** User names by id: the data sheets name a responsible person by user name (an import finds the user by it). */
  users: Map<string, string>;
  /** How the header block and the form name people: the real name, else the user name. */
  people: Map<string, string>;
}

/** What the sheets need of the structure beside the grid rows, from the analysis read once. */
function projectFacts(source: AnalysisSource, t: (key: string) => string): ProjectFacts {
  const characteristics = new Map<string, string[]>();
  const characteristicItems = new Map<string, (CharacteristicCell & { id: string })[]>();
  const chars = [...source.characteristics].sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const c of chars) {
    // the chain sheet's cell in the export's language: class and kind by their labels
    const written = { ...c, characteristicClass: codeLabel('characteristicClass', c.characteristicClass, t), characteristicKind: c.characteristicKind && codeLabel('characteristicKind', c.characteristicKind, t) };
    (characteristics.get(c.functionId) ?? characteristics.set(c.functionId, []).get(c.functionId)!).push(characteristicText(written));
    (characteristicItems.get(c.functionId) ?? characteristicItems.set(c.functionId, []).get(c.functionId)!).push(c);
  }
  return {
    nodes: new Map(source.nodes.map((n) => [n.id, n])),
    functions: new Map(source.functions.map((f) => [f.id, f])),
    characteristics,
    characteristicItems,
    failureFunctions: new Map(source.failures.map((f) => [f.id, f.functionId])),
    users: new Map(source.userNames),
    people: new Map([...source.userNames].map(([id, userName]) => [id, source.realNames.get(id)?.trim() || userName])),
  };
}

/** Rows between two progress reports. */
const PROGRESS_BATCH = 1000;

const num = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** Flat rows of the chain sheet for a batch of grid rows; keys and the root as '@root'. */
function flatRows(rows: readonly RiskGridRow[], facts: ProjectFacts, keys: KeyMaker, start: number, t: (key: string) => string): FlatRow[] {
  const nodeKey = (id: string | undefined) => (id === undefined ? '' : facts.nodes.get(id)?.parentId === null ? '@root' : keys.key('N', id));
  const parentKey = (id: string | undefined) => {
    const parentId = id === undefined ? null : facts.nodes.get(id)?.parentId;
    return parentId ? nodeKey(parentId) : '';
  };
  return rows.map((r, i) => {
    const effectFnId = r.effect ? (facts.failureFunctions.get(r.effect.id) ?? '') : '';
    const causeFnId = r.cause ? (facts.failureFunctions.get(r.cause.id) ?? '') : '';
    const effectFn = effectFnId ? facts.functions.get(effectFnId) : undefined;
    const causeFn = causeFnId ? facts.functions.get(causeFnId) : undefined;
    const elementKey = nodeKey(r.elementId);
    const causeNode = causeFn ? facts.nodes.get(causeFn.nodeId) : undefined;
    return {
      chain: String(start + i + 1),
      // the PFMEA's process fields (a DFMEA's sheet has no such columns)
      effectFunctionScope: codeLabel('functionScope', effectFn?.functionScope, t),
      processNo: facts.nodes.get(r.elementId)?.processNo ?? '',
      causeWorkElementType: codeLabel('workElementType', causeNode?.workElementType, t),
      effectElementKey: effectFn ? nodeKey(effectFn.nodeId) : '',
      effectElementParentKey: effectFn ? parentKey(effectFn.nodeId) : '',
      effectElement: r.effect?.elementName ?? '',
      effectFunctionKey: keys.key('F', effectFnId),
      effectFunction: r.effect?.functionDescription ?? '',
      effectRequirement: effectFn?.requirement ?? '',
      effectKey: keys.key('E', r.effect?.id),
      effect: r.effect?.description ?? '',
      severity: num(r.effect?.severity),
      elementKey,
      elementParentKey: parentKey(r.elementId),
      element: r.elementName,
      functionKey: keys.key('F', r.functionId),
      function: r.functionDescription,
      requirement: r.requirement ?? '',
      modeKey: keys.key('M', r.mode.id),
      mode: r.mode.description,
      modeCharacteristics: lines(facts.characteristics.get(r.functionId) ?? []),
      causeElementKey: causeFn ? nodeKey(causeFn.nodeId) : '',
      causeElementParentKey: causeFn ? parentKey(causeFn.nodeId) : '',
      causeElement: r.cause?.elementName ?? '',
      causeFunctionKey: keys.key('F', causeFnId),
      causeFunction: r.cause?.functionDescription ?? '',
      causeRequirement: causeFn?.requirement ?? '',
      causeKey: keys.key('C', r.cause?.id),
      cause: r.cause?.description ?? '',
      causeCharacteristics: causeFnId && causeFnId !== r.functionId ? lines(facts.characteristics.get(causeFnId) ?? []) : '',
      preventionControls: lines(r.preventionControls),
      occurrence: num(r.occurrence),
      detectionControls: lines(r.detectionControls),
      detection: num(r.detection),
      ap: r.ap ?? '',
      rpn: num(r.rpn),
      ...actionCells(
        r.actions.map((a) => ({
          ...a,
          kind: codeLabel('controlKind', a.kind, t),
          status: codeLabel('actionStatus', a.status, t),
          responsible: a.responsibleUserId ? (facts.users.get(a.responsibleUserId) ?? '') : '',
        })),
      ),
    };
  });
}

function formValues(r: RiskGridRow, facts: ProjectFacts, process: boolean, t: (key: string) => string): Record<FormKey, string | number | null> {
  const users = facts.people;
  const byKind = (kind: 'prevention' | 'detection') => lines(r.actions.filter((a) => a.kind === kind).map((a) => a.description));
  const taken = r.actions.map((a) => [a.actionTaken, a.evidence].filter(Boolean).join(' / '));
  return {
    higherElement: r.effect?.elementName ?? '',
    focusElement: r.elementName,
    lowerElement: r.cause?.elementName ?? '',
    higherFunction: r.effect?.functionDescription ?? '',
    focusFunction: r.requirement ? `${r.functionDescription} (${r.requirement})` : r.functionDescription,
    lowerFunction: r.cause?.functionDescription ?? '',
    effect: r.effect?.description ?? '',
    severity: r.severity,
    mode: r.mode.description,
    cause: r.cause?.description ?? '',
    prevention: lines(r.preventionControls),
    occurrence: r.occurrence,
    detectionControl: lines(r.detectionControls),
    detection: r.detection,
    ap: r.ap ?? '',
    special: r.specialCharacteristics.map((c) => c.name).join('\n'),
    preventionAction: byKind('prevention'),
    detectionAction: byKind('detection'),
    responsible: lines(r.actions.map((a) => (a.responsibleUserId ? (users.get(a.responsibleUserId) ?? '') : ''))),
    targetDate: lines(r.actions.map((a) => a.targetDate)),
    // the engine's own words for a status: the browser and the CLI show the same
    status: lines(r.actions.map((a) => t(ACTION_STATUS_LABEL_KEYS[a.status]))),
    actionTaken: taken.some(Boolean) ? lines(taken) : '',
    completionDate: lines(r.actions.map((a) => a.completionDate)),
    raSeverity: r.raseverity,
    raOccurrence: r.raoccurrence,
    raDetection: r.radet,
    raAp: r.raAp ?? '',
    // the PFMEA form's step number, 4M type, function scope and characteristics
    ...(process && processCells(r, facts, t)),
  };
}

/** The team by role (responsible first), then name: the same order in every export. */
function teamNames(project: ProjectView, users: Map<string, string>): string {
  const named = project.members.map((m) => ({ role: Math.min(...m.roles), name: users.get(m.userId) ?? m.userId }));
  return named
    .sort((a, b) => a.role - b.role || a.name.localeCompare(b.name))
    .map((m) => m.name)
    .join(', ');
}

/** AP cells coloured as the handbook's form usually shows them. */
const AP_FILL = { H: 'FFF4B6B6', M: 'FFFFE699', L: 'FFC6EFCE' } as const;
/** The AP cells' styles, one shared object per level. */
const AP_STYLE = Object.fromEntries(
  Object.entries(AP_FILL).map(([level, argb]) => [level, Object.freeze({ ...WRAPPED_STYLE, fill: { type: 'pattern', pattern: 'solid', fgColor: { argb } } })]),
) as Record<keyof typeof AP_FILL, Partial<ExcelJS.Style>>;
const FORM_KEYS = FORM_COLUMNS.map((c) => c.key);
const AP_COLUMN = FORM_COLUMNS.findIndex((f) => f.key === 'ap') + 1;
const RA_AP_COLUMN = FORM_COLUMNS.findIndex((f) => f.key === 'raAp') + 1;
/** The AP and residual AP cells' styles of a row, one map per pair of levels. */
const AP_STYLES = new Map<string, ReadonlyMap<number, Partial<ExcelJS.Style>>>();
function apStyles(ap: keyof typeof AP_FILL | null, raAp: keyof typeof AP_FILL | null): ReadonlyMap<number, Partial<ExcelJS.Style>> | undefined {
  if (!ap && !raAp) return undefined;
  const key = `${ap ?? ''}|${raAp ?? ''}`;
  let styles = AP_STYLES.get(key);
  if (!styles) {
    const map = new Map<number, Partial<ExcelJS.Style>>();
    if (ap) map.set(AP_COLUMN, AP_STYLE[ap]);
    if (raAp) map.set(RA_AP_COLUMN, AP_STYLE[raAp]);
    AP_STYLES.set(key, (styles = map));
  }
  return styles;
}

/**
 * Columns merged over runs of one mode (structure, focus function, FM) or of
 * one effect within a mode (higher element and function, FE, S), with their
 * column numbers.
 */
const MERGES = (
  [
    ['higherElement', true],
    ['focusElement', false],
    ['higherFunction', true],
    ['focusFunction', false],
    ['effect', true],
    ['severity', true],
    ['mode', false],
  ] as const
).map(([key, byEffect]) => ({ key: key as FormKey, byEffect, column: FORM_KEYS.indexOf(key) + 1 }));

/**
 * The project as an AIAG-VDA form workbook — the DFMEA form, or for a PFMEA
 * project the PFMEA form (`profile.ts`: its labels, scales and process
 * columns; the same code): sheet 1 the form (header block, steps 2–6 in
 * handbook order, vertical merges where one effect or mode spans several
 * causes), sheet 2 the flat chain sheet (one row per chain, stable keys: the
 * import reads it back), sheet 3 the S/O/D scales, then the list sheets.
 * Written with exceljs's streaming writer: merges stay cheap at 20,000 chains.
 */
export async function exportFmeaWorkbook(ctx: ServiceContext, projectId: string, options: ExportOptions = {}): Promise<Uint8Array> {
  const locale = options.locale ?? 'zh-CN';
  // labels without parameters (statuses, 4M types, scopes) are asked for on every row: translated once each
  const labels = new Map<string, string>();
  const t = (key: string, params?: Record<string, string | number>) =>
    params ? translate(locale, key, params) : (labels.get(key) ?? labels.set(key, translate(locale, key)).get(key)!);
  const project = await getProjectById(ctx, projectId);
  const profile = profileOf(project.projectType);
  if (options.projectType !== undefined && options.projectType !== profile.kind) {
    throw new InvalidInputError('fmeaExcel.project_type_mismatch', { expected: options.projectType.toUpperCase(), actual: project.projectType.toUpperCase() });
  }
  const process = profile.process;
  // The analysis is read once: the grid rows, the list sheets, the names and the content hash all come from it.
  const source = await readAnalysisSource(ctx.db, projectId);
  const facts = projectFacts(source, t);
  const grid = await riskGridOfSource(ctx.db, source);
  const total = grid.length;
  const batches: RiskGridRow[][] = [];
  for (let i = 0; i < total; i += PROGRESS_BATCH) batches.push(grid.slice(i, i + PROGRESS_BATCH));

  const stamp = options.stamp ?? stampOf(source, ctx.now());
  const { workbook, bytes } = await streamingWorkbook();
  // every row written from here on goes into the workbook's seal (fmea-baseline/seal.ts)
  const recorder = sealRecorder(workbook);
  workbook.creator = 'FMEA Workbench';
  const dictionaries = options.dictionaries ?? (await projectDictionaries(ctx.db));
  const responsible = project.members.find((m) => m.roles.includes(0));
  // people by their real names: the header block is read by people, not by the import
  const header = formHeaderValues(
    project,
    { responsible: responsible ? (facts.people.get(responsible.userId) ?? '') : '', team: teamNames(project, facts.people) },
    dictionaries,
    locale,
  );
  // a company name given for this export (CLI --company) stands in for an empty one
  if (!header.companyName && options.company) header.companyName = options.company;
  const pairRows = Math.ceil(FORM_HEADER_PAIRS.length / 3);
  const stepRowNumber = 1 + FORM_HEADER_ROWS + 2;
  // not frozen: with the full header block above them, frozen headings would take half a laptop screen
  const form = workbook.addWorksheet(t(profile.formSheetKey));
  form.columns = FORM_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
  const title = form.addRow([t(profile.titleKey)]);
  title.font = { bold: true, size: 14 };
  // The streaming writer merges only cells of rows not yet committed: merge first, then commit.
  form.mergeCells(1, 1, 1, FORM_COLUMNS.length);
  title.commit();
  // The header block: label/value pairs three to a row (value merged over 8 columns), then one row per long text.
  for (let r = 0; r < pairRows; r++) {
    const keys = FORM_HEADER_PAIRS.slice(r * 3, r * 3 + 3);
    const values: string[] = [];
    keys.forEach((key, p) => {
      values[p * 9 + 1] = t(profile.headerLabelKey(key));
      values[p * 9 + 2] = header[key];
    });
    const row = form.addRow(values);
    row.alignment = { wrapText: true, vertical: 'top' };
    keys.forEach((_, p) => {
      row.getCell(p * 9 + 1).font = { bold: true };
      form.mergeCells(r + 2, p * 9 + 2, r + 2, p * 9 + 9);
    });
    row.commit();
  }
  FORM_HEADER_WIDE.forEach((key, i) => {
    const row = form.addRow([t(profile.headerLabelKey(key)), header[key]]);
    row.alignment = { wrapText: true, vertical: 'top' };
    row.getCell(1).font = { bold: true };
    form.mergeCells(pairRows + i + 2, 2, pairRows + i + 2, FORM_COLUMNS.length);
    row.commit();
  });
  // the stamp row (it was the blank row above the steps): baseline or working copy, and the content hash
  const stampValues: string[] = [];
  const stampPairs = stampCells(stamp, t);
  stampPairs.forEach((pair, p) => {
    stampValues[p * 9 + 1] = pair.label;
    stampValues[p * 9 + 2] = pair.value;
  });
  const stampRow = form.addRow(stampValues);
  stampPairs.forEach((_, p) => {
    stampRow.getCell(p * 9 + 1).font = { bold: true };
    form.mergeCells(stepRowNumber - 1, p * 9 + 2, stepRowNumber - 1, p * 9 + 9 + (p === stampPairs.length - 1 ? 9 : 0));
  });
  stampRow.commit();
  const steps: string[] = [];
  let col = 1;
  for (const step of FORM_STEPS) {
    steps[col] = t(step.key);
    col += step.span;
  }
  const stepRow = form.addRow(steps);
  stepRow.font = { bold: true };
  col = 1;
  for (const step of FORM_STEPS) {
    form.mergeCells(stepRowNumber, col, stepRowNumber, col + step.span - 1);
    col += step.span;
  }
  stepRow.commit();
  const headRow = form.addRow(FORM_COLUMNS.map((c) => t(profile.formLabelKey(c.key))));
  headRow.font = { bold: true };
  headRow.alignment = { wrapText: true, vertical: 'middle' };
  headRow.commit();

  // Data rows, merging runs of identical values in the same mode or effect.
  const formRows = new RowWriter(form, recorder);
  // one run per merged column (MERGES' order); every run ends with its mode
  const runs: ({ start: number; effect: string | null; value: unknown } | undefined)[] = [];
  const closeRun = (m: number, end: number) => {
    const run = runs[m];
    // runs never overlap (one column, consecutive rows): recorded without exceljs's check and covered cells
    if (run && end > run.start && run.value !== '' && run.value !== null) recordMerge(form, run.start, MERGES[m]!.column, end, MERGES[m]!.column);
  };
  let rowNumber = stepRowNumber + 2;
  let done = 0;
  let lastMode: string | undefined;
  const closeMode = () => {
    for (let m = 0; m < MERGES.length; m++) closeRun(m, rowNumber - 1);
    runs.length = 0;
  };
  for (const batch of batches) {
    for (const r of batch) {
      if (r.mode.id !== lastMode) closeMode();
      lastMode = r.mode.id;
      const values = formValues(r, facts, process, t);
      const cells = FORM_KEYS.map((key) => values[key]);
      const effect = r.effect?.id ?? null;
      for (let m = 0; m < MERGES.length; m++) {
        const { key, byEffect, column } = MERGES[m]!;
        const run = runs[m];
        if (!run || (byEffect && run.effect !== effect) || run.value !== values[key]) {
          closeRun(m, rowNumber - 1);
          runs[m] = { start: rowNumber, effect, value: values[key] };
        } else cells[column - 1] = null; // covered by the run's merge: its first cell shows the value
      }
      formRows.row(cells, WRAPPED_STYLE, apStyles(r.ap, r.raAp));
      rowNumber++;
    }
    done += batch.length;
    options.onProgress?.(done, total * 2);
  }
  closeMode();
  formRows.flush();
  form.commit();

  // FMEA-MSR's form beside the DFMEA's, for a kind with the MSR steps (its MSR AP from the stored MSR rules)
  if (hasMsrSteps(kindOf(project.projectType))) {
    const msrRows = msrRowsOf(source, await apEvaluator(ctx.db, MSR_AP_TABLE));
    writeMsrSheet(workbook, recorder, msrRows, t, (id) => (id ? (facts.people.get(id) ?? '') : ''));
  }

  const flat = workbook.addWorksheet(t('fmeaExcel.sheet.chains'));
  flat.columns = profile.flatColumns.map((c) => ({ key: c.key, width: 16 }));
  const flatHead = flat.addRow(profile.flatColumns.map((c) => dataHeader('chain', c, t)));
  flatHead.font = { bold: true };
  flatHead.commit();
  const chainRows = new RowWriter(flat, recorder);
  const keys = new KeyMaker();
  const flatKeys = profile.flatColumns.map((c) => c.key);
  let start = 0;
  for (const batch of batches) {
    for (const values of flatRows(batch, facts, keys, start, t)) chainRows.row(flatKeys.map((key) => values[key]), PLAIN_STYLE);
    start += batch.length;
    options.onProgress?.(total + start, total * 2);
  }
  chainRows.flush();
  flat.commit();

  const scales = workbook.addWorksheet(t('fmeaExcel.sheet.scales'));
  scales.columns = [{ width: 14 }, { width: 8 }, { width: 70 }, { width: 50 }];
  const scaleHead = scales.addRow([t('fmeaExcel.scale.kind'), t('fmeaExcel.scale.rating'), 'English', '中文']);
  scaleHead.font = { bold: true };
  scaleHead.commit();
  for (const [labelKey, scale] of profile.scales) {
    for (const entry of scale) scales.addRow([t(labelKey), entry.rating, entry.en, entry.zh]).commit();
  }
  scales.commit();
  // the analysis sheets after the chain sheet has given its items their keys: both name an item alike
  writeAnalysisSheets(workbook, recorder, analysisRows(source, keys), t, profile.analysisColumns);
  // the header's custom fields (System › Customisation forms): one more sheet, only when there are any
  writeCustomFieldSheet(workbook, await listCustomFields(ctx.db, 'fmeaProject'), project.customFields, locale);
  if (total === 0) options.onProgress?.(0, 0);
  applyStamp(workbook, stamp, recorder.seal(), t);
  return bytes();
}

/** The DFMEA's name of the export (it writes the PFMEA form for a PFMEA project). */
export const exportDfmeaWorkbook = exportFmeaWorkbook;
/** The same export, named for a PFMEA project's callers (the bench, the CLI). */
export const exportPfmeaWorkbook = exportFmeaWorkbook;
