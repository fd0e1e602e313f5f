import type { Issue } from '../../../errors.ts';
import type { CharacteristicClass, ControlKind } from '../../../domain/fmea/index.ts';
import type { AnalysisBuilder } from './builder.ts';
import type { LegacyRow } from './columns.ts';
import { isoDate } from './legacy-header.ts';
import { rating, type Users } from './parse.ts';
import { processCode } from './process-codes.ts';

const CLASS_WORDS: [RegExp, CharacteristicClass][] = [
  [/safety|^s$|安全|^ys$/i, 'safety'],
  [/cc|critical|关键|^yc$|▽/i, 'critical'],
  [/sc|significant|重要|◇/i, 'significant'],
];

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The first date in a text ("J. Li 2024/3/1", "2024-03-01"), as yyyy-mm-dd, and the text without it. */
function takeDate(text: string): { date: string | null; rest: string } {
  const m = text.match(/\d{4}\s*[-/.年]\s*\d{1,2}\s*[-/.月]\s*\d{1,2}\s*日?/);
  const date = m ? (isoDate(m[0]) ?? null) : null;
  if (!m || !date) return { date: null, rest: text.trim() };
  return { date, rest: text.replace(m[0], '').replace(/^[\s,，;；/|-]+|[\s,，;；/|-]+$/g, '').trim() };
}

/** "Item: function" or "Item\nfunction"; otherwise the text is both. */
function splitItem(text: string): [string, string] {
  const parts = text.split(/\r?\n|[:：]/).map((s) => s.trim()).filter(Boolean);
  if (parts.length >= 2) return [parts[0]!, parts.slice(1).join(' ')];
  return [text.trim(), text.trim()];
}

/** Line i of a list that pairs with another list line by line, else the whole text for every line. */
const paired = (list: string[], count: number, whole: string, i: number) => (list.length === count ? list[i]! : whole);

/** What a legacy PFMEA sheet needs besides its rows (a DFMEA's: `process` false). */
export interface LegacyOptions {
  /** A PFMEA sheet: process steps with their numbers, causes on 4M work elements, requirements as product characteristics. */
  process: boolean;
  /** The project's characteristic classes (names): a class cell naming one is the characteristic's customer class. */
  customerClasses?: readonly string[];
}

/** The work element of causes whose 4M type the sheet does not give (a 4th-edition form has no 4M column): see docs/domain/pfmea.md. */
const DEFAULT_WORK_ELEMENT_TYPE = 'machine';

/**
 * A process step's number written before its name — "OP10 Turning", "10 -
 * Turning", "010: Turning", "工序20 清洗" — and the rest; none when the text
 * does not start with a number (or a word for one) followed by the name.
 */
export function splitProcessNo(text: string): { processNo: string; rest: string } {
  const m = text.trim().match(/^(?:op\.?|operation|st\.?|station|工序|工位)?\s*(\d+(?:[.-]\d+)?[a-z]?)(?:\s*[-:：.、)）]\s*|\s+)(\S[\s\S]*)$/i);
  return m ? { processNo: m[1]!, rest: m[2]!.trim() } : { processNo: '', rest: text.trim() };
}

export interface LegacyBuild {
  issues: Issue[];
  /** Responsibility names that are no user of this server: kept in the action's text, listed in the report. */
  unknownNames: string[];
}

/**
 * Carries values down from the row above where a printed form merges cells
 * (the streaming reader sees them blank): the item, its function and
 * requirement; under the same item the mode with its effects, S and class;
 * under the same mode a cause whose controls, ratings or action go on in
 * the next row.
 */
function continued(raw: LegacyRow, last: LegacyRow | null): LegacyRow {
  const v: LegacyRow = { ...raw };
  if (!last) return v;
  if (!raw.item) v.item = last.item;
  if (!raw.item && !raw.processNo) v.processNo = last.processNo;
  if (!raw.item && !raw.function) {
    v.function = last.function;
    v.requirement ||= last.requirement;
  }
  const sameItem = v.item === last.item && v.function === last.function;
  if (sameItem && !raw.mode) for (const key of ['mode', 'effects', 'severity', 'class'] as const) v[key] ||= last[key];
  const sameMode = sameItem && v.mode === last.mode;
  if (sameMode && !raw.causes && (raw.prevention || raw.detection || raw.occurrence || raw.detectionRating || raw.recommended)) {
    v.causes = last.causes;
    v.workElementType ||= last.workElementType;
    v.occurrence ||= last.occurrence;
    v.detectionRating ||= last.detectionRating;
  }
  return v;
}

/**
 * Rows of a legacy AIAG 4th-edition DFMEA sheet onto the engine's three
 * levels: the item (a structure element under the product) with its function
 * holds the failure mode; the effects sit on a product function of the same
 * text; the causes on a function of a lower element "<item> (causes)", each
 * with its controls, O and D, and each recommended action (one per line)
 * with its responsibility, dates, action taken and re-rating.
 *
 * A PFMEA sheet (`options.process`) is read the same way onto the process
 * tree: the process step (its number from the number column, else from the
 * front of its name) with its function holds the mode, each requirement line
 * is a product characteristic of that function (special with the class when
 * the row has one), the effects sit on a function of the process item, the
 * causes on a work element of the step: the one the 4M column names (its
 * text the element's name), else "<step> (causes)" typed Machine.
 */
export function buildFromLegacy(rows: readonly { row: number; values: LegacyRow }[], b: AnalysisBuilder, users: Users, options: LegacyOptions = { process: false }): LegacyBuild {
  const { process } = options;
  const issues: Issue[] = [];
  const unknownNames = new Set<string>();
  let last: LegacyRow | null = null;
  for (const { row, values: raw } of rows) {
    const v = continued(raw, last);
    last = v;
    const rowIssues: Issue[] = [];
    if (!v.item && !v.function) rowIssues.push({ messageKey: process ? 'fmeaExcel.pfmea.step_missing' : 'fmeaExcel.item_missing', row, field: 'item' });
    if (!v.mode) rowIssues.push({ messageKey: 'fmeaExcel.mode_missing', row, field: 'mode' });
    const severity = rating(v.severity, 'S', row, rowIssues);
    const occurrence = rating(v.occurrence, 'O', row, rowIssues);
    const detection = rating(v.detectionRating, 'D', row, rowIssues);
    const newS = rating(v.newSeverity, 'new S', row, rowIssues);
    const newO = rating(v.newOccurrence, 'new O', row, rowIssues);
    const newD = rating(v.newDetection, 'new D', row, rowIssues);
    if (v.targetDate && !isoDate(v.targetDate)) rowIssues.push({ messageKey: 'fmeaExcel.target_date_invalid', row, field: 'targetDate', params: { value: v.targetDate } });
    if (v.completionDate && !isoDate(v.completionDate)) rowIssues.push({ messageKey: 'fmeaExcel.completion_date_invalid', row, field: 'completionDate', params: { value: v.completionDate } });
    if (rowIssues.length) {
      issues.push(...rowIssues);
      continue;
    }
    // a PFMEA's step number: its own column, else the front of the step's name
    const numbered = process && !v.processNo.trim() ? splitProcessNo(v.item) : { processNo: v.processNo.trim(), rest: v.item };
    const [itemName, functionText] = v.function ? [numbered.rest ? splitItem(numbered.rest)[0] : v.function.trim(), v.function.trim()] : splitItem(numbered.rest);
    const item = b.node(`item|${itemName}`, b.rootRef, itemName, row, undefined, process ? { processNo: numbered.processNo } : {});
    const cls = v.class ? (CLASS_WORDS.find(([re]) => re.test(v.class))?.[1] ?? 'significant') : undefined;
    // A DFMEA sheet's class marks its failure mode, and a characteristic marks every mode of its function: a classified
    // mode gets a function of its own (same text), so the next mode of the item, without a class, shows none.
    // A PFMEA's class marks the characteristics its requirement column names, which are the step's.
    const variant = !process && v.class ? v.class.trim() : undefined;
    const fn = b.fn(`item|${itemName}|${functionText}${variant ? `|class:${variant}` : ''}`, item, functionText, process ? null : v.requirement || null, row, undefined, variant);
    const mode = b.failure(`${itemName}|${functionText}|${v.mode}`, fn, 'FM', v.mode, {}, row);
    if (process) {
      // the requirements are the step's product characteristics; the class marks them (and names the customer's own class when the project has it)
      const customerClass = v.class ? options.customerClasses?.find((c) => c.trim().toLowerCase() === v.class.trim().toLowerCase()) : undefined;
      const names = lines(v.requirement);
      for (const name of names.length > 0 ? names : v.class ? [v.class] : []) {
        b.characteristic(fn, name, cls ?? 'general', cls !== undefined, row, false, customerClass ? { customerClass } : {});
      }
    } else if (variant) b.characteristic(fn, variant, cls!, true, row);
    const higherFn = b.fn(`root|${functionText}`, b.rootRef, functionText, null, row);
    for (const effectText of lines(v.effects)) {
      const effect = b.failure(`${functionText}|${effectText}`, higherFn, 'FE', effectText, { severity }, row);
      b.failureLink(effect, mode, row);
    }
    const recommended = lines(v.recommended);
    const responsible = lines(v.responsibility);
    const taken = lines(v.taken);
    // a PFMEA's work element: the 4M column's (its text the name), else one per step of the default type
    const fourM = process ? v.workElementType.trim() : '';
    const elementName = fourM || `${itemName} (causes)`;
    const elementType = process ? { workElementType: fourM ? processCode('workElementType', fourM) : DEFAULT_WORK_ELEMENT_TYPE } : {};
    for (const causeText of lines(v.causes)) {
      const lower = b.node(`lower|${itemName}|${elementName}`, item, elementName, row, undefined, elementType);
      const lowerFn = b.fn(`lower|${itemName}|${elementName}|${functionText}`, lower, functionText, null, row);
      const cause = b.failure(`${itemName}|${elementName}|${causeText}`, lowerFn, 'FC', causeText, { occurrence, detection }, row);
      b.failureLink(mode, cause, row);
      for (const text of lines(v.prevention)) b.control(cause, 'prevention', text, row);
      for (const text of lines(v.detection)) b.control(cause, 'detection', text, row);
      recommended.forEach((description, i) => {
        const who = takeDate(paired(responsible, recommended.length, v.responsibility, i));
        const done = takeDate(paired(taken, recommended.length, v.taken, i));
        const target = isoDate(v.targetDate) ?? who.date;
        const completion = isoDate(v.completionDate) ?? done.date;
        const name = who.rest.replace(/[,，;；/]+/g, ' ').replace(/\s+/g, ' ').trim();
        const userId = name ? (users.idOf(name) ?? null) : null;
        if (name && !userId) unknownNames.add(name);
        const actionTaken = done.rest || null;
        const kind: ControlKind = newD !== null && detection !== null && newD < detection && (newO === null || newO === occurrence) ? 'detection' : 'prevention';
        b.action(
          {
            causeKey: cause,
            kind,
            // A responsibility that names no user stays with the action, in its text.
            description: name && !userId ? `${description} (${name})` : description,
            responsibleUserId: userId,
            targetDate: target,
            status: actionTaken && (completion ?? target) ? 'completed' : actionTaken ? 'implementationPending' : 'open',
            actionTaken,
            completionDate: actionTaken ? (completion ?? target) : null,
            raSeverity: newS,
            raOccurrence: newO,
            raDetection: newD,
          },
          row,
        );
      });
    }
  }
  return { issues, unknownNames: [...unknownNames] };
}
