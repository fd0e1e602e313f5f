import type { Issue } from '../../../errors.ts';
import { ACTION_STATUSES, CHARACTERISTIC_CLASSES, type ActionStatus, type CharacteristicClass } from '../../../domain/fmea/index.ts';
import type { FlatRow } from './columns.ts';
import type { AnalysisBuilder } from './builder.ts';

/** A rating cell: empty → null; 1..10 integers pass; anything else is a row issue. */
export function rating(text: string, field: string, row: number, issues: Issue[]): number | null {
  if (!text) return null;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 10) {
    issues.push({ messageKey: 'fmeaExcel.rating_invalid', row, field, params: { field, value: text } });
    return null;
  }
  return value;
}

const splitLines = (text: string) => (text === '' ? [] : text.split(/\r?\n/));

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
