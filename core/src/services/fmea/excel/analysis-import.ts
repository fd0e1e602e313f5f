import { FAILURE_KINDS, isMsrControlKind, type ActionStatus, type AnyControlKind, type CharacteristicClass, type FailureKind } from '../../../domain/fmea/index.ts';
import type { Issue } from '../../../errors.ts';
import { SPECIAL_NO, SPECIAL_YES, type AnalysisRow, type AnalysisSheetName } from './analysis-columns.ts';
import { placed, type AnalysisBuilder, type Origin } from './builder.ts';
import { actionCells, characteristicText, lines, type ActionCellKey } from './cells.ts';
import type { Directory } from './directory.ts';
import { processCode } from './process-codes.ts';
import { rating, type ChainLists, type Users } from './parse.ts';

/** The analysis sheets found in the workbook, each with its name and its data rows. */
export type AnalysisSheets = { [S in AnalysisSheetName]?: { name: string; rows: { row: number; values: AnalysisRow<S> }[] } };

type Rows<S extends AnalysisSheetName> = { origin: Origin; v: AnalysisRow<S> }[];
const rowsOf = <S extends AnalysisSheetName>(a: AnalysisSheets, name: S): Rows<S> =>
  ((a[name]?.rows ?? []) as { row: number; values: AnalysisRow<S> }[]).map((r) => ({ origin: { row: r.row, sheet: a[name]!.name }, v: r.values }));

function missingKey(v: Record<string, string>, columns: readonly string[], origin: Origin, issues: Issue[]): boolean {
  const empty = columns.filter((c) => !v[c]);
  for (const field of empty) issues.push(placed({ messageKey: 'fmeaExcel.key_missing', field, params: { field } }, origin));
  return empty.length > 0;
}

function invalid(field: string, value: string, allowed: string, origin: Origin, issues: Issue[]): undefined {
  issues.push(placed({ messageKey: 'fmeaExcel.value_invalid', field, params: { field, value, allowed } }, origin));
  return undefined;
}

/** A whole number cell (node type, interface type): empty → undefined. */
function whole(text: string, field: string, allowed: string, origin: Origin, issues: Issue[]): number | undefined {
  if (!text) return undefined;
  const value = Number(text);
  return Number.isInteger(value) ? value : invalid(field, text, allowed, origin, issues);
}

/** Pass 1: the items the structure, functions and failures sheets describe, in the directory. */
export function defineFromAnalysis(a: AnalysisSheets, dir: Directory, issues: Issue[]): void {
  for (const { origin, v } of rowsOf(a, 'structure')) {
    if (missingKey(v, ['elementKey'], origin, issues)) continue;
    const nodeType = whole(v.nodeType, 'nodeType', '9, 12, 8…', origin, issues);
    if (v.elementKey === '@root') dir.defineRoot(v.element, origin, 'element');
    else {
      const values = { parentKey: v.parentKey || '@root', name: v.element, ...(nodeType !== undefined && { nodeType }), processNo: v.processNo.trim(), workElementType: processCode('workElementType', v.workElementType) };
      dir.defineNode(v.elementKey, values, origin, { parentKey: 'parentKey', name: 'element', nodeType: 'nodeType', processNo: 'processNo', workElementType: 'workElementType' });
    }
  }
  for (const { origin, v } of rowsOf(a, 'functions')) {
    if (missingKey(v, ['functionKey'], origin, issues)) continue;
    const values = { elementKey: v.elementKey || '@root', description: v.function, requirement: v.requirement, functionScope: processCode('functionScope', v.functionScope) };
    dir.defineFunction(v.functionKey, values, origin, { elementKey: 'elementKey', description: 'function', requirement: 'requirement', functionScope: 'functionScope' });
  }
  for (const { origin, v } of rowsOf(a, 'failures')) {
    if (missingKey(v, ['failureKey', 'functionKey'], origin, issues)) continue;
    if (!(FAILURE_KINDS as readonly string[]).includes(v.kind)) {
      invalid('kind', v.kind, FAILURE_KINDS.join(', '), origin, issues);
      continue;
    }
    const ratio = v.frequencyRatio === '' ? null : Number(v.frequencyRatio);
    if (ratio !== null && !Number.isFinite(ratio)) invalid('frequencyRatio', v.frequencyRatio, '0–1', origin, issues);
    dir.defineFailure(
      v.kind as FailureKind,
      v.failureKey,
      {
        functionKey: v.functionKey,
        description: v.failure,
        severity: rating(v.severity, 'S', origin, issues),
        occurrence: rating(v.occurrence, 'O', origin, issues),
        detection: rating(v.detection, 'D', origin, issues),
        frequencyRatio: ratio !== null && Number.isFinite(ratio) ? ratio : null,
        // FMEA-MSR's columns, in a workbook of a project with the MSR steps (undefined where the sheet has none)
        ...(v.msrFrequency !== undefined && { msrFrequency: rating(v.msrFrequency, 'F', origin, issues) }),
        ...(v.msrMonitoring !== undefined && { msrMonitoring: rating(v.msrMonitoring, 'M', origin, issues) }),
        ...(v.msrSeverity !== undefined && { msrSeverity: rating(v.msrSeverity, 'msrS', origin, issues) }),
        ...(v.msrEffect !== undefined && { msrEffect: v.msrEffect.trim() || null }),
      },
      origin,
      { functionKey: 'functionKey', description: 'failure', severity: 'S', occurrence: 'O', detection: 'D', frequencyRatio: 'frequencyRatio', msrFrequency: 'F', msrMonitoring: 'M', msrSeverity: 'msrS', msrEffect: 'msrEffect' },
    );
  }
}

/** A reading column (the text beside a key) must be the keyed item's text, or empty. */
function sameText(value: string, expected: string | undefined, column: string, key: string, origin: Origin, issues: Issue[]): void {
  if (value && expected !== undefined && value !== expected) issues.push(placed({ messageKey: 'fmeaExcel.reference_differs', field: column, params: { column, value, key, expected } }, origin));
}

/** Pass 2, first part: the items of the structure, functions and failures sheets made in their sheets' order (so each list keeps its order). */
export function makeFromAnalysis(a: AnalysisSheets, dir: Directory, issues: Issue[]): void {
  for (const { origin, v } of rowsOf(a, 'structure')) if (v.elementKey) dir.node(v.elementKey, origin, 'elementKey');
  for (const { origin, v } of rowsOf(a, 'functions')) {
    if (!v.functionKey) continue;
    sameText(v.element, dir.text('node', v.elementKey || '@root'), 'element', v.elementKey || '@root', origin, issues);
    dir.fn(v.functionKey, origin, 'functionKey');
  }
  for (const { origin, v } of rowsOf(a, 'failures')) {
    if (!v.failureKey || !(FAILURE_KINDS as readonly string[]).includes(v.kind)) continue;
    sameText(v.function, dir.text('function', v.functionKey), 'function', v.functionKey, origin, issues);
    dir.failure(v.kind as FailureKind, v.failureKey, origin, 'failureKey');
  }
}

/**
 * Pass 2, second part (after the chain rows): the function net,
 * characteristics, interfaces, controls and actions sheets, one item per
 * row. Responsible people are users by user name (or real name); a name no
 * user has is listed in `unknownNames` and the action has no one.
 */
export function listsFromAnalysis(a: AnalysisSheets, dir: Directory, b: AnalysisBuilder, users: Users, issues: Issue[], unknownNames: Set<string>): void {
  for (const { origin, v } of rowsOf(a, 'functionNet')) {
    if (missingKey(v, ['higherFunctionKey', 'lowerFunctionKey'], origin, issues)) continue;
    sameText(v.higherFunction, dir.text('function', v.higherFunctionKey), 'higherFunction', v.higherFunctionKey, origin, issues);
    sameText(v.lowerFunction, dir.text('function', v.lowerFunctionKey), 'lowerFunction', v.lowerFunctionKey, origin, issues);
    const higher = dir.fn(v.higherFunctionKey, origin, 'higherFunctionKey');
    const lower = dir.fn(v.lowerFunctionKey, origin, 'lowerFunctionKey');
    if (higher !== undefined && lower !== undefined) b.functionLink(higher, lower, origin);
  }
  for (const { origin, v } of rowsOf(a, 'characteristics')) {
    if (missingKey(v, ['functionKey'], origin, issues)) continue;
    sameText(v.function, dir.text('function', v.functionKey), 'function', v.functionKey, origin, issues);
    const special = special_(v.special, origin, issues);
    const fn = dir.fn(v.functionKey, origin, 'functionKey');
    const process = { characteristicKind: processCode('characteristicKind', v.characteristicKind), customerClass: v.customerClass.trim() };
    if (fn !== undefined && special !== undefined) b.characteristic(fn, v.characteristic, v.class as CharacteristicClass, special, origin, true, process);
  }
  for (const { origin, v } of rowsOf(a, 'interfaces')) {
    if (missingKey(v, ['firstElementKey', 'secondElementKey'], origin, issues)) continue;
    sameText(v.firstElement, dir.text('node', v.firstElementKey), 'firstElement', v.firstElementKey, origin, issues);
    sameText(v.secondElement, dir.text('node', v.secondElementKey), 'secondElement', v.secondElementKey, origin, issues);
    const type = whole(v.interfaceType, 'interfaceType', '1–5', origin, issues);
    const first = dir.node(v.firstElementKey, origin, 'firstElementKey');
    const second = dir.node(v.secondElementKey, origin, 'secondElementKey');
    if (first !== undefined && second !== undefined && type !== undefined) b.interface(first, second, type, v.interface || null, origin);
  }
  for (const { origin, v } of rowsOf(a, 'controls')) {
    if (missingKey(v, ['causeKey'], origin, issues)) continue;
    sameText(v.cause, dir.text('failure', v.causeKey, 'FC'), 'cause', v.causeKey, origin, issues);
    const cause = dir.failure('FC', v.causeKey, origin, 'causeKey');
    if (cause !== undefined) b.control(cause, v.controlKind as AnyControlKind, v.control, origin, true);
  }
  for (const { origin, v } of rowsOf(a, 'actions')) {
    if (missingKey(v, ['causeKey'], origin, issues)) continue;
    sameText(v.cause, dir.text('failure', v.causeKey, 'FC'), 'cause', v.causeKey, origin, issues);
    const cause = dir.failure('FC', v.causeKey, origin, 'causeKey');
    const responsibleUserId = v.responsible ? (users.idOf(v.responsible) ?? null) : null;
    if (v.responsible && !responsibleUserId) unknownNames.add(v.responsible);
    const action = {
      kind: v.actionKind as AnyControlKind,
      description: v.action,
      responsibleUserId,
      targetDate: v.targetDate || null,
      status: (v.status || 'open') as ActionStatus,
      actionTaken: v.actionTaken || null,
      evidence: v.evidence || null,
      completionDate: v.completionDate || null,
      raSeverity: rating(v.raSeverity, 'raS', origin, issues),
      raOccurrence: rating(v.raOccurrence, 'raO', origin, issues),
      raDetection: rating(v.raDetection, 'raD', origin, issues),
    };
    if (cause !== undefined) b.action({ causeKey: cause, ...action }, origin, true);
  }
}

function special_(text: string, origin: Origin, issues: Issue[]): boolean | undefined {
  const value = text.trim().toLowerCase();
  if (SPECIAL_YES.includes(value)) return true;
  if (SPECIAL_NO.includes(value)) return false;
  return invalid('special', text, 'yes, no', origin, issues);
}

/** The lists the chain sheet repeats in a cell, as the analysis sheets hold them: what a chain row must say for their items. */
export function chainLists(a: AnalysisSheets): ChainLists {
  const group = <S extends AnalysisSheetName, T>(name: S, key: (v: AnalysisRow<S>) => string, value: (v: AnalysisRow<S>) => T) => {
    const map = new Map<string, T[]>();
    for (const { v } of rowsOf(a, name)) {
      const list = map.get(key(v));
      if (list) list.push(value(v));
      else map.set(key(v), [value(v)]);
    }
    return map;
  };
  const out: ChainLists = { functionNet: a.functionNet !== undefined };
  if (a.characteristics) {
    const byFunction = group(
      'characteristics',
      (v) => v.functionKey,
      (v) =>
        characteristicText({
          name: v.characteristic,
          characteristicClass: v.class,
          special: SPECIAL_YES.includes(v.special.trim().toLowerCase()),
          characteristicKind: processCode('characteristicKind', v.characteristicKind),
          customerClass: v.customerClass.trim(),
        }),
    );
    out.characteristics = { sheet: a.characteristics.name, text: (key) => lines(byFunction.get(key) ?? []) };
  }
  if (a.controls) {
    const byCause = group('controls', (v) => `${v.causeKey}#${v.controlKind}`, (v) => v.control);
    out.controls = { sheet: a.controls.name, text: (key, kind) => lines(byCause.get(`${key}#${kind}`) ?? []) };
  }
  if (a.actions) {
    const byCause = group('actions', (v) => v.causeKey, (v) => v);
    out.actions = {
      sheet: a.actions.name,
      text: (key): Record<ActionCellKey, string> =>
        actionCells(
          // the chain sheet's action cells hold the DFMEA's actions: FMEA-MSR's monitoring and response ones are in this sheet only
          (byCause.get(key) ?? []).filter((v) => !isMsrControlKind(v.actionKind)).map((v) => ({
            kind: v.actionKind,
            description: v.action,
            responsible: v.responsible,
            targetDate: v.targetDate,
            status: v.status || 'open',
            actionTaken: v.actionTaken,
            evidence: v.evidence,
            completionDate: v.completionDate,
            raSeverity: v.raSeverity,
            raOccurrence: v.raOccurrence,
            raDetection: v.raDetection,
          })),
        ),
    };
  }
  return out;
}
