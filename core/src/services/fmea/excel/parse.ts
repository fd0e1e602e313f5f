import type { Issue } from '../../../errors.ts';
import { ACTION_STATUSES, CHARACTERISTIC_CLASSES, type ActionStatus, type CharacteristicClass, type ControlKind } from '../../../domain/fmea/index.ts';
import { FLAT_COLUMNS, LEGACY_COLUMNS, type FlatRow, type LegacyRow } from './columns.ts';
import type { AnalysisBuilder } from './builder.ts';

export interface SheetRows<R> {
  rows: { row: number; values: R }[];
}

const norm = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** Finds the header row (within the first 15) matching most columns; maps the rest to records. */
export function mapRows<K extends string>(
  rows: readonly { row: number; cells: string[] }[],
  columns: readonly { key: K; headers: readonly string[]; required?: boolean }[],
): { rows: { row: number; values: Record<K, string> }[]; missing: string[] } | null {
  let best: { index: number; positions: Map<K, number> } | null = null;
  for (let i = 0; i < Math.min(rows.length, 15); i++) {
    const headerIndex = new Map<string, number>();
    rows[i]!.cells.forEach((text, col) => {
      if (text && !headerIndex.has(norm(text))) headerIndex.set(norm(text), col);
    });
    const positions = new Map<K, number>();
    for (const column of columns) {
      const col = column.headers.map((h) => headerIndex.get(norm(h))).find((c) => c !== undefined);
      if (col !== undefined) positions.set(column.key, col);
    }
    if (!best || positions.size > best.positions.size) best = { index: i, positions };
  }
  if (!best || best.positions.size < 3) return null;
  const missing = columns.filter((c) => c.required && !best.positions.has(c.key)).map((c) => c.headers[0] ?? c.key);
  const out: { row: number; values: Record<K, string> }[] = [];
  for (const { row, cells } of rows.slice(best.index + 1)) {
    const values = {} as Record<K, string>;
    let blank = true;
    for (const column of columns) {
      const col = best.positions.get(column.key);
      const text = col === undefined ? '' : (cells[col] ?? '');
      if (text) blank = false;
      values[column.key] = text;
    }
    if (!blank) out.push({ row, values });
  }
  return { rows: out, missing };
}

/** A rating cell: empty → null; 1..10 integers pass; anything else is a row issue. */
function rating(text: string, field: string, row: number, issues: Issue[]): number | null {
  if (!text) return null;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 10) {
    issues.push({ messageKey: 'fmeaExcel.rating_invalid', row, field, params: { field, value: text } });
    return null;
  }
  return value;
}

const splitLines = (text: string) => (text === '' ? [] : text.split(/\r?\n/));
const DATE = /\d{4}-\d{2}-\d{2}/;

/** "name [class*]" lines of the flat sheet. */
function characteristics(text: string): { name: string; characteristicClass: CharacteristicClass; special: boolean }[] {
  return splitLines(text)
    .map((line) => line.match(/^(.*) \[(\w+)(\*?)\]$/))
    .filter((m): m is RegExpMatchArray => m !== null && (CHARACTERISTIC_CLASSES as readonly string[]).includes(m[2]!))
    .map((m) => ({ name: m[1]!, characteristicClass: m[2] as CharacteristicClass, special: m[3] === '*' }));
}

export interface Users {
  /** user name (or real name) → id */
  idOf(name: string): string | undefined;
}

/** Rows of the flat chain sheet into the builder; issues of the sheet itself are returned (row-numbered). */
export function buildFromFlat(rows: readonly { row: number; values: FlatRow }[], b: AnalysisBuilder, users: Users): Issue[] {
  const issues: Issue[] = [];
  const nodeKeys = new Map<string, { parentKey: string; name: string; row: number }>();
  for (const { row, values: v } of rows) {
    for (const [key, parent, name] of [
      [v.effectElementKey, v.effectElementParentKey, v.effectElement],
      [v.elementKey, v.elementParentKey, v.element],
      [v.causeElementKey, v.causeElementParentKey, v.causeElement],
    ] as const) {
      if (key && key !== '@root' && !nodeKeys.has(key)) nodeKeys.set(key, { parentKey: parent || '@root', name, row });
    }
  }
  const nodeRefs = new Map<string, string>();
  const nodeRef = (key: string, row: number, trail: string[] = []): string | undefined => {
    if (key === '@root') return b.rootRef;
    const known = nodeRefs.get(key);
    if (known) return known;
    const node = nodeKeys.get(key);
    if (!node || trail.includes(key)) {
      issues.push({ messageKey: 'fmeaExcel.unknown_parent', row, field: 'elementParentKey', params: { key } });
      return undefined;
    }
    const parent = nodeRef(node.parentKey, node.row, [...trail, key]);
    if (parent === undefined) return undefined;
    const ref = b.node(key, parent, node.name, node.row);
    nodeRefs.set(key, ref);
    return ref;
  };
  for (const { row, values: v } of rows) {
    const rowIssues: Issue[] = [];
    const severity = rating(v.severity, 'S', row, rowIssues);
    const occurrence = rating(v.occurrence, 'O', row, rowIssues);
    const detection = rating(v.detection, 'D', row, rowIssues);
    if (!v.mode) rowIssues.push({ messageKey: 'fmeaExcel.mode_missing', row, field: 'mode' });
    const element = nodeRef(v.elementKey || '@root', row);
    if (rowIssues.length || element === undefined) {
      issues.push(...rowIssues);
      continue;
    }
    const fn = b.fn(v.functionKey, element, v.function, v.requirement || null, row);
    for (const c of characteristics(v.modeCharacteristics)) b.characteristic(fn, c.name, c.characteristicClass, c.special, row);
    const mode = b.failure(v.modeKey, fn, 'FM', v.mode, {}, row);
    if (v.effectKey) {
      const effectNode = nodeRef(v.effectElementKey || '@root', row);
      if (effectNode !== undefined) {
        const effectFn = b.fn(v.effectFunctionKey, effectNode, v.effectFunction, v.effectRequirement || null, row);
        const effect = b.failure(v.effectKey, effectFn, 'FE', v.effect, { severity }, row);
        // An effect off the next higher element is reached through the function net.
        if (!v.elementParentKey || v.effectElementKey !== v.elementParentKey) b.functionLink(effectFn, fn, row);
        b.failureLink(effect, mode, row);
      }
    }
    if (v.causeKey) {
      const causeNode = nodeRef(v.causeElementKey || '@root', row);
      if (causeNode !== undefined) {
        const causeFn = b.fn(v.causeFunctionKey, causeNode, v.causeFunction, v.causeRequirement || null, row);
        for (const c of characteristics(v.causeCharacteristics)) b.characteristic(causeFn, c.name, c.characteristicClass, c.special, row);
        const cause = b.failure(v.causeKey, causeFn, 'FC', v.cause, { occurrence, detection }, row);
        if (v.causeElementParentKey !== (v.elementKey || '@root')) b.functionLink(fn, causeFn, row);
        b.failureLink(mode, cause, row);
        for (const text of splitLines(v.preventionControls)) if (text) b.control(cause, 'prevention', text, row);
        for (const text of splitLines(v.detectionControls)) if (text) b.control(cause, 'detection', text, row);
        const descriptions = splitLines(v.actions);
        const at = (text: string, i: number) => splitLines(text)[i] ?? '';
        descriptions.forEach((description, i) => {
          const status = at(v.actionStatuses, i) as ActionStatus;
          const kind = at(v.actionKinds, i) === 'detection' ? 'detection' : 'prevention';
          const responsible = at(v.actionResponsible, i);
          b.action(
            {
              causeKey: cause,
              kind,
              description,
              responsibleUserId: responsible ? (users.idOf(responsible) ?? null) : null,
              targetDate: at(v.actionTargetDates, i) || null,
              status: (ACTION_STATUSES as readonly string[]).includes(status) ? status : 'open',
              actionTaken: at(v.actionsTaken, i) || null,
              evidence: at(v.actionEvidence, i) || null,
              completionDate: at(v.actionCompletionDates, i) || null,
              raSeverity: rating(at(v.actionRaSeverity, i), 'actionRaSeverity', row, issues),
              raOccurrence: rating(at(v.actionRaOccurrence, i), 'actionRaOccurrence', row, issues),
              raDetection: rating(at(v.actionRaDetection, i), 'actionRaDetection', row, issues),
            },
            row,
          );
        });
      }
    }
  }
  return issues;
}

const CLASS_WORDS: [RegExp, CharacteristicClass][] = [
  [/safety|^s$|安全|^ys$/i, 'safety'],
  [/cc|critical|关键|^yc$|▽/i, 'critical'],
  [/sc|significant|重要|^ys$|◇/i, 'significant'],
];

/**
 * Rows of a legacy AIAG 4th-edition DFMEA sheet onto the engine's three
 * levels: the item (a structure element under the product) with its function
 * holds the failure mode; the effects sit on a product function of the same
 * text; the causes on a function of a lower element "<item> (causes)".
 * Cells left blank under a merged item, mode, effect or severity take the
 * value above (printed forms merge them).
 */
export function buildFromLegacy(rows: readonly { row: number; values: LegacyRow }[], b: AnalysisBuilder, users: Users): Issue[] {
  const issues: Issue[] = [];
  let last: Partial<LegacyRow> = {};
  for (const { row, values: raw } of rows) {
    const v: LegacyRow = { ...raw };
    if (!v.item) v.item = last.item ?? '';
    // A blank mode under the same item continues the mode above, with its effects, S and class.
    if (!raw.mode && !raw.item) for (const key of ['mode', 'effects', 'severity', 'class'] as const) v[key] ||= last[key] ?? '';
    last = v;
    const rowIssues: Issue[] = [];
    if (!v.item) rowIssues.push({ messageKey: 'fmeaExcel.item_missing', row, field: 'item' });
    if (!v.mode) rowIssues.push({ messageKey: 'fmeaExcel.mode_missing', row, field: 'mode' });
    const severity = rating(v.severity, 'S', row, rowIssues);
    const occurrence = rating(v.occurrence, 'O', row, rowIssues);
    const detection = rating(v.detectionRating, 'D', row, rowIssues);
    const newS = rating(v.newSeverity, 'new S', row, rowIssues);
    const newO = rating(v.newOccurrence, 'new O', row, rowIssues);
    const newD = rating(v.newDetection, 'new D', row, rowIssues);
    if (rowIssues.length) {
      issues.push(...rowIssues);
      continue;
    }
    const [itemName, functionText] = splitItem(v.item);
    const item = b.node(`item|${itemName}`, b.rootRef, itemName, row);
    const fn = b.fn(`item|${itemName}|${functionText}`, item, functionText, null, row);
    const mode = b.failure(`${itemName}|${functionText}|${v.mode}`, fn, 'FM', v.mode, {}, row);
    if (v.class) {
      const cls = CLASS_WORDS.find(([re]) => re.test(v.class))?.[1] ?? 'significant';
      b.characteristic(fn, v.class, cls, true, row);
    }
    const higherFn = b.fn(`root|${functionText}`, b.rootRef, functionText, null, row);
    for (const effectText of splitLines(v.effects).map((s) => s.trim()).filter(Boolean)) {
      const effect = b.failure(`${functionText}|${effectText}`, higherFn, 'FE', effectText, { severity }, row);
      b.failureLink(effect, mode, row);
    }
    for (const causeText of splitLines(v.causes).map((s) => s.trim()).filter(Boolean)) {
      const lower = b.node(`lower|${itemName}`, item, `${itemName} (causes)`, row);
      const lowerFn = b.fn(`lower|${itemName}|${functionText}`, lower, functionText, null, row);
      const cause = b.failure(`${itemName}|${causeText}`, lowerFn, 'FC', causeText, { occurrence, detection }, row);
      b.failureLink(mode, cause, row);
      for (const text of splitLines(v.prevention).map((s) => s.trim()).filter(Boolean)) b.control(cause, 'prevention', text, row);
      for (const text of splitLines(v.detection).map((s) => s.trim()).filter(Boolean)) b.control(cause, 'detection', text, row);
      if (v.recommended) {
        const target = v.responsibility.match(DATE)?.[0] ?? null;
        const who = v.responsibility.replace(DATE, '').replace(/[,，;；/]+/g, ' ').trim();
        const completion = v.taken.match(DATE)?.[0] ?? null;
        const taken = v.taken.replace(DATE, '').trim() || null;
        const kind: ControlKind = newD !== null && detection !== null && newD < detection && (newO === null || newO === occurrence) ? 'detection' : 'prevention';
        b.action(
          {
            causeKey: cause,
            kind,
            description: v.recommended,
            responsibleUserId: who ? (users.idOf(who) ?? null) : null,
            targetDate: target,
            status: taken && (completion ?? target) ? 'completed' : taken ? 'implementationPending' : 'open',
            actionTaken: taken,
            completionDate: taken ? (completion ?? target) : null,
            raSeverity: newS,
            raOccurrence: newO,
            raDetection: newD,
          },
          row,
        );
      }
    }
  }
  return issues;
}

/** "Item: function" or "Item\nfunction"; otherwise the text is both. */
function splitItem(text: string): [string, string] {
  const parts = text.split(/\r?\n|[:：]/).map((s) => s.trim()).filter(Boolean);
  if (parts.length >= 2) return [parts[0]!, parts.slice(1).join(' ')];
  return [text.trim(), text.trim()];
}

export { FLAT_COLUMNS, LEGACY_COLUMNS };
