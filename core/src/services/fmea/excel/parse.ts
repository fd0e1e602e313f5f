import type { Issue } from '../../../errors.ts';
import { CHARACTERISTIC_CLASSES, type ActionStatus, type CharacteristicClass, type ControlKind } from '../../../domain/fmea/index.ts';
import type { FlatRow } from './columns.ts';
import { placed, type AnalysisBuilder, type At, type Origin } from './builder.ts';
import { ACTION_CELL_KEYS, asRead } from './cells.ts';
import type { Directory } from './directory.ts';
import { processCode } from './process-codes.ts';

/** A rating cell: empty → null; 1..10 integers pass; anything else is a row issue. */
export function rating(text: string, field: string, at: At, issues: Issue[]): number | null {
  if (!text) return null;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 10) {
    issues.push(placed({ messageKey: 'fmeaExcel.rating_invalid', field, params: { field, value: text } }, at));
    return null;
  }
  return value;
}

const splitLines = (text: string) => (text === '' ? [] : text.split(/\r?\n/));

interface ChainCharacteristic {
  name: string;
  characteristicClass: CharacteristicClass;
  special: boolean;
  characteristicKind: string;
  customerClass: string;
}

/** "name [class*]" lines of the chain sheet (a PFMEA's "name [class*|kind|customer class]"); a line of another form is an issue, not dropped. */
function characteristics(text: string, field: string, row: number, issues: Issue[]): ChainCharacteristic[] {
  const out: ChainCharacteristic[] = [];
  for (const line of splitLines(text)) {
    const m = line.match(/^(.*) \[(\w+)(\*?)(?:\|([^|\]]*)(?:\|(.*))?)?\]$/);
    if (m && (CHARACTERISTIC_CLASSES as readonly string[]).includes(m[2]!)) {
      out.push({ name: m[1]!, characteristicClass: m[2] as CharacteristicClass, special: m[3] === '*', characteristicKind: processCode('characteristicKind', m[4] ?? ''), customerClass: (m[5] ?? '').trim() });
    } else issues.push({ messageKey: 'fmeaExcel.characteristic_invalid', row, field, params: { field, value: line } });
  }
  return out;
}

export interface Users {
  /** user name (or real name) → id */
  idOf(name: string): string | undefined;
}

/**
 * What the analysis sheets (when the workbook has them) say about the lists
 * the chain sheet repeats in one cell: the cell text each would be written
 * as, by the key of the item the sheet holds. A chain row's cell for such an
 * item must read the same; an item the sheets do not hold (a chain added by
 * hand) takes its lists from the chain row.
 */
export interface ChainLists {
  /** The function net is in its own sheet: chains add no function-net link. */
  functionNet: boolean;
  characteristics?: { sheet: string; text(functionKey: string): string | undefined };
  controls?: { sheet: string; text(causeKey: string, kind: ControlKind): string | undefined };
  actions?: { sheet: string; text(causeKey: string): Record<(typeof ACTION_CELL_KEYS)[number], string> | undefined };
}

const NO_LISTS: ChainLists = { functionNet: false };

/** Pass 1 over the chain rows: every element, function and failure as the row describes it (rows with an issue of their own describe nothing). */
export function defineFromChains(rows: readonly { row: number; values: FlatRow }[], dir: Directory, issues: Issue[]): Set<number> {
  const bad = new Set<number>();
  for (const { row, values: v } of rows) {
    const rowIssues: Issue[] = [];
    const severity = rating(v.severity, 'S', row, rowIssues);
    const occurrence = rating(v.occurrence, 'O', row, rowIssues);
    const detection = rating(v.detection, 'D', row, rowIssues);
    if (!v.mode) rowIssues.push({ messageKey: 'fmeaExcel.mode_missing', row, field: 'mode' });
    if (rowIssues.length > 0) {
      issues.push(...rowIssues);
      bad.add(row);
      continue;
    }
    const at: Origin = { row };
    // the PFMEA's process fields: the focus element's step number, the cause element's 4M type, the effect function's scope
    const node = (key: string, parentKey: string, name: string, keyColumn: 'effectElement' | 'element' | 'causeElement', process: { processNo?: string; workElementType?: string } = {}) => {
      if (key === '@root') dir.defineRoot(name, at, keyColumn);
      else if (key) dir.defineNode(key, { parentKey: parentKey || '@root', name, ...process }, at, { parentKey: `${keyColumn}ParentKey`, name: keyColumn, processNo: 'processNo', workElementType: 'causeWorkElementType' });
    };
    const fn = (key: string, elementKey: string, description: string, requirement: string, prefix: 'effect' | '' | 'cause', functionScope?: string) => {
      const col = (name: string) => (prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name);
      const scope = functionScope === undefined ? {} : { functionScope };
      dir.defineFunction(key, { elementKey: elementKey || '@root', description, requirement, ...scope }, at, { elementKey: col('elementKey'), description: col('function'), requirement: col('requirement'), functionScope: col('functionScope') });
    };
    const none = { severity: null, occurrence: null, detection: null, frequencyRatio: null };
    node(v.elementKey || '@root', v.elementParentKey, v.element, 'element', { processNo: v.processNo.trim() });
    fn(v.functionKey, v.elementKey, v.function, v.requirement, '');
    dir.defineFailure('FM', v.modeKey, { ...none, functionKey: v.functionKey, description: v.mode }, at, { functionKey: 'functionKey', description: 'mode' });
    if (v.effectKey) {
      node(v.effectElementKey || '@root', v.effectElementParentKey, v.effectElement, 'effectElement');
      fn(v.effectFunctionKey, v.effectElementKey, v.effectFunction, v.effectRequirement, 'effect', processCode('functionScope', v.effectFunctionScope));
      dir.defineFailure('FE', v.effectKey, { ...none, functionKey: v.effectFunctionKey, description: v.effect, severity }, at, { functionKey: 'effectFunctionKey', description: 'effect', severity: 'S' });
    }
    if (v.causeKey) {
      node(v.causeElementKey || '@root', v.causeElementParentKey, v.causeElement, 'causeElement', { workElementType: processCode('workElementType', v.causeWorkElementType) });
      fn(v.causeFunctionKey, v.causeElementKey, v.causeFunction, v.causeRequirement, 'cause');
      dir.defineFailure('FC', v.causeKey, { ...none, functionKey: v.causeFunctionKey, description: v.cause, occurrence, detection }, at, { functionKey: 'causeFunctionKey', description: 'cause', occurrence: 'O', detection: 'D' });
    }
  }
  return bad;
}

/** A list cell of a chain row against the analysis sheet that holds the list: the same text, or an issue. */
function sameList(cell: string, expected: string, column: string, key: string, sheet: string, row: number, issues: Issue[]): void {
  if (cell !== asRead(expected)) issues.push({ messageKey: 'fmeaExcel.list_differs', row, field: column, params: { column, key, sheet } });
}

/**
 * A cause's actions from the chain row's action columns (a chain sheet
 * without an actions sheet, or a cause added by hand): one line per action
 * in every column. A column whose lines do not line up with the actions (a
 * line lost at the start or the end of the cell) is refused with the row,
 * never shifted onto another action.
 */
function chainActions(v: FlatRow, causeRef: string, row: number, b: AnalysisBuilder, users: Users, issues: Issue[], unknownNames: Set<string>): void {
  const descriptions = splitLines(v.actions);
  const parts = Object.fromEntries(ACTION_CELL_KEYS.map((key) => [key, splitLines(v[key])])) as Record<(typeof ACTION_CELL_KEYS)[number], string[]>;
  const misaligned = ACTION_CELL_KEYS.filter((key) => parts[key].length !== 0 && parts[key].length !== descriptions.length);
  if (misaligned.length > 0) {
    for (const column of misaligned) issues.push({ messageKey: 'fmeaExcel.action_parts_mismatch', row, field: column, params: { column, parts: parts[column].length, count: descriptions.length } });
    return;
  }
  const at = (key: (typeof ACTION_CELL_KEYS)[number], i: number) => parts[key][i] ?? '';
  descriptions.forEach((description, i) => {
    const responsible = at('actionResponsible', i);
    const responsibleUserId = responsible ? (users.idOf(responsible) ?? null) : null;
    if (responsible && !responsibleUserId) unknownNames.add(responsible);
    b.action(
      {
        causeKey: causeRef,
        // an empty kind is a prevention action (earlier exports); anything else is the engine's to refuse
        kind: (at('actionKinds', i) || 'prevention') as ControlKind,
        description,
        responsibleUserId,
        targetDate: at('actionTargetDates', i) || null,
        status: (at('actionStatuses', i) || 'open') as ActionStatus,
        actionTaken: at('actionsTaken', i) || null,
        evidence: at('actionEvidence', i) || null,
        completionDate: at('actionCompletionDates', i) || null,
        raSeverity: rating(at('actionRaSeverity', i), 'actionRaSeverity', row, issues),
        raOccurrence: rating(at('actionRaOccurrence', i), 'actionRaOccurrence', row, issues),
        raDetection: rating(at('actionRaDetection', i), 'actionRaDetection', row, issues),
      },
      row,
    );
  });
}

/**
 * Pass 2 over the chain rows: each row's chain into the builder (its items
 * made through the directory, its links, and the lists of the items the
 * analysis sheets do not hold); the issues of the sheet itself are returned
 * (row-numbered), with the names of responsible people who are no user here.
 */
export function buildFromChains(
  rows: readonly { row: number; values: FlatRow }[],
  bad: ReadonlySet<number>,
  dir: Directory,
  b: AnalysisBuilder,
  users: Users,
  lists: ChainLists = NO_LISTS,
): { issues: Issue[]; unknownNames: string[] } {
  const issues: Issue[] = [];
  const unknownNames = new Set<string>();
  const covered = (list: 'function' | 'failure', key: string, sheet: string | undefined, kind?: 'FC') => sheet !== undefined && dir.definedIn(list, key, kind) !== undefined;
  for (const { row, values: v } of rows) {
    if (bad.has(row)) continue;
    const at: Origin = { row };
    const element = dir.node(v.elementKey || '@root', at, 'elementKey');
    if (element === undefined) continue;
    const fn = dir.fn(v.functionKey, at, 'functionKey');
    const mode = dir.failure('FM', v.modeKey, at, 'modeKey');
    if (fn === undefined || mode === undefined) continue;
    const traits = (functionKey: string, fnRef: string, cell: string, column: string) => {
      if (covered('function', functionKey, lists.characteristics?.sheet)) {
        sameList(cell, lists.characteristics!.text(functionKey) ?? '', column, functionKey, lists.characteristics!.sheet, row, issues);
      } else for (const c of characteristics(cell, column, row, issues)) b.characteristic(fnRef, c.name, c.characteristicClass, c.special, row, false, c);
    };
    traits(v.functionKey, fn, v.modeCharacteristics, 'modeCharacteristics');
    if (v.effectKey) {
      const effectFn = dir.fn(v.effectFunctionKey, at, 'effectFunctionKey');
      const effect = dir.failure('FE', v.effectKey, at, 'effectKey');
      if (effectFn !== undefined && effect !== undefined) {
        // An effect off the next higher element is reached through the function net (unless the workbook has the net itself).
        if (!lists.functionNet && (!v.elementParentKey || v.effectElementKey !== v.elementParentKey)) b.functionLink(effectFn, fn, row);
        b.failureLink(effect, mode, row);
      }
    }
    if (!v.causeKey) continue;
    const causeFn = dir.fn(v.causeFunctionKey, at, 'causeFunctionKey');
    const cause = dir.failure('FC', v.causeKey, at, 'causeKey');
    if (causeFn === undefined || cause === undefined) continue;
    // the export writes a cause's characteristics only when its function is not the mode's
    if (v.causeFunctionKey !== v.functionKey || v.causeCharacteristics) traits(v.causeFunctionKey, causeFn, v.causeCharacteristics, 'causeCharacteristics');
    if (!lists.functionNet && v.causeElementParentKey !== (v.elementKey || '@root')) b.functionLink(fn, causeFn, row);
    b.failureLink(mode, cause, row);
    if (covered('failure', v.causeKey, lists.controls?.sheet, 'FC')) {
      const { sheet, text } = lists.controls!;
      sameList(v.preventionControls, text(v.causeKey, 'prevention') ?? '', 'preventionControls', v.causeKey, sheet, row, issues);
      sameList(v.detectionControls, text(v.causeKey, 'detection') ?? '', 'detectionControls', v.causeKey, sheet, row, issues);
    } else {
      for (const text of splitLines(v.preventionControls)) if (text) b.control(cause, 'prevention', text, row);
      for (const text of splitLines(v.detectionControls)) if (text) b.control(cause, 'detection', text, row);
    }
    if (covered('failure', v.causeKey, lists.actions?.sheet, 'FC')) {
      const expected = lists.actions!.text(v.causeKey);
      for (const column of ACTION_CELL_KEYS) sameList(v[column], expected?.[column] ?? '', column, v.causeKey, lists.actions!.sheet, row, issues);
    } else chainActions(v, cause, row, b, users, issues, unknownNames);
  }
  return { issues, unknownNames: [...unknownNames] };
}
