import { columnLetter, normHeader, type SheetRowText } from './headers.ts';

/**
 * The header block above a legacy AIAG 4th-edition table: "System /
 * Subsystem / Component", "FMEA Number", "Model Year(s)/Program(s)", "Key
 * Date", "Prepared By", "FMEA Date (Orig.)" and "(Rev.)", "Core Team",
 * "Design Responsibility" (and a "Version"), in English or Chinese. A label and its value
 * share a cell ("FMEA Number: 1450") or the value stands in the next cell
 * to the right.
 */
export const LEGACY_HEADER_FIELDS = [
  'system',
  'subsystem',
  'component',
  'scope',
  'project',
  'customer',
  'modelYear',
  'fmeaNumber',
  'keyDate',
  'preparedBy',
  'fmeaDate',
  'revDate',
  'version',
  'coreTeam',
  'designResponsibility',
  'processResponsibility',
  'page',
] as const;
export type LegacyHeaderField = (typeof LEGACY_HEADER_FIELDS)[number];

const LABELS: readonly (readonly [RegExp, LegacyHeaderField])[] = [
  [/^(systemsubsystemcomponent|系统子系统零部件|系统子系统零件)$/, 'scope'],
  [/^(system|系统)$/, 'system'],
  [/^(subsystem|子系统)$/, 'subsystem'],
  [/^(component|components|零部件|零件|部件)$/, 'component'],
  [/^(item|project|projectname|项目|项目名称)$/, 'project'],
  [/^(customer|customers|客户)$/, 'customer'],
  [/^(modelyearsprograms|modelyearprograms?|modelyears?|programs?|车型年平台|车型年份平台|车型年度项目|车型年|车型年份|车型年度|车型)$/, 'modelYear'],
  [/^(fmeanumber|fmeano|fmeanr|fmea编号|fmea号|编号)$/, 'fmeaNumber'],
  [/^(keydate|关键日期)$/, 'keyDate'],
  [/^(preparedby|编制人|编制者|编制)$/, 'preparedBy'],
  [/^(fmeadate|fmeadateorig|fmeadateoriginal|fmea日期|fmea日期编制|fmea日期原始|fmea编制日期|编制日期|原始日期)$/, 'fmeaDate'],
  [/^(rev|revised|revision|revdate|revisiondate|fmeadaterev|fmea日期修订|修订|修订日期)$/, 'revDate'],
  [/^(version|versionno|ver|版本|版本号)$/, 'version'],
  [/^(coreteam|team|核心小组|核心团队|小组成员|团队成员|团队)$/, 'coreTeam'],
  [/^(designresponsibility|设计责任|设计责任部门|设计责任人)$/, 'designResponsibility'],
  [/^(processresponsibility|过程责任|过程责任部门|过程责任人)$/, 'processResponsibility'],
  [/^(page|页码|页|第页)$|^page\d+(of\d+)?$|^第\d+页/, 'page'],
];

/** The form's own title ("Potential Failure Mode and Effects Analysis (Design FMEA)", or "(Process FMEA)"): not data. */
const TITLE = /failuremodeandeffects?analysis|^(design|process|设计|过程)?fmea$|^[dp]fmea$|潜在失效模式(及|和|与)?(后果|影响)分析|失效模式(及|和|与)?(后果|影响)分析/;

export interface HeaderEntry {
  field: LegacyHeaderField;
  /** The label as written, without its colon. */
  label: string;
  value: string;
  row: number;
  column: string;
}

export interface LegacyHeaderBlock {
  entries: HeaderEntry[];
  /** Text above the table that is neither a label, a value nor the title. */
  unknown: { row: number; column: string; text: string }[];
}

/** The header-block field a label names ("Prepared By", "FMEA Number", "核心小组"), if any. */
export const labelOf = (text: string): LegacyHeaderField | undefined => {
  const n = normHeader(text);
  return n ? LABELS.find(([re]) => re.test(n))?.[1] : undefined;
};

/** "2023-01-05 (Rev.): 2024-02-02" → the original date and the revision. */
function splitRevision(value: string): [string, string | undefined] {
  const m = value.match(/^(.*?)[\s,;，；]*[(（]?\s*(?:rev(?:ision|ised)?\.?|修订)\s*[)）]?\s*[:：]\s*(.*)$/i);
  return m ? [m[1]!.trim(), m[2]!.trim()] : [value, undefined];
}

export function readLegacyHeader(rows: readonly SheetRowText[]): LegacyHeaderBlock {
  const entries: HeaderEntry[] = [];
  const unknown: LegacyHeaderBlock['unknown'] = [];
  const add = (field: LegacyHeaderField, label: string, value: string, row: number, col: number) => {
    // "Page 1 of 3" is the printout's, not data; anything else after "Page" is kept as unknown text
    if (field === 'page') {
      if (!/^[\d\s/ofOF共页第]+$/.test(value)) unknown.push({ row, column: columnLetter(col), text: value });
      return;
    }
    if (field === 'fmeaDate') {
      const [orig, rev] = splitRevision(value);
      if (rev !== undefined) {
        if (orig) entries.push({ field, label, value: orig, row, column: columnLetter(col) });
        if (rev) entries.push({ field: 'revDate', label: 'Rev.', value: rev, row, column: columnLetter(col) });
        return;
      }
    }
    entries.push({ field, label, value, row, column: columnLetter(col) });
  };
  for (const { row, cells } of rows) {
    let pending: { field: LegacyHeaderField; label: string } | null = null;
    for (let c = 1; c < cells.length; c++) {
      const text = cells[c]?.trim();
      if (!text) continue;
      const colon = text.search(/[:：]/);
      const before = colon >= 0 ? text.slice(0, colon).trim() : text;
      const field = labelOf(before);
      if (field) {
        const after = colon >= 0 ? text.slice(colon + 1).trim() : '';
        pending = null;
        if (field === 'page' && /\d/.test(before)) continue;
        if (after) add(field, before, after, row, c);
        else pending = { field, label: before };
      } else if (pending) {
        add(pending.field, pending.label, text, row, c);
        pending = null;
      } else if (!TITLE.test(normHeader(text))) unknown.push({ row, column: columnLetter(c), text });
    }
  }
  return { entries, unknown };
}

/** The project header fields a legacy block fills. */
export type FilledField =
  | 'name'
  | 'subject'
  | 'customer'
  | 'carTypeYears'
  | 'fmeaIdNumber'
  | 'planTiming'
  | 'preparedBy'
  | 'startDate'
  | 'revisionDate'
  | 'versionLabel'
  | 'teamNotes'
  | 'designResponsibility';

export interface FilledValue {
  value: string;
  /** The cells it came from (the subject joins several). */
  entries: HeaderEntry[];
}

export interface HeaderFill {
  fields: Partial<Record<FilledField, FilledValue>>;
  /** Entries with no field of their own: a second entry for a field already filled, a date that is no date. */
  rest: HeaderEntry[];
}

/**
 * A revision as plants number it ("3", "B", "A/1", "V2.1", "03"): one short
 * token, no date. "Rev.: 3" on a 4th-edition form is the document's
 * revision, which the project keeps as its version.
 */
export const isRevision = (text: string) => /^[\p{L}\p{N}][\p{L}\p{N}._/-]{0,19}$/u.test(text.trim()) && !/^\d{4}\s*[-/.年]\s*\d{1,2}\s*[-/.月]/.test(text.trim());

/** yyyy-mm-dd from "2024-03-01", "2024/3/1", "2024.03.01" or "2024年3月1日"; otherwise undefined. */
export function isoDate(text: string): string | undefined {
  const m = text.trim().match(/^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const SCOPE: readonly LegacyHeaderField[] = ['component', 'subsystem', 'system', 'scope', 'project'];
/** One field per label; the scope labels fill the name and the subject together. */
const DIRECT: Partial<Record<LegacyHeaderField, FilledField>> = {
  customer: 'customer',
  modelYear: 'carTypeYears',
  fmeaNumber: 'fmeaIdNumber',
  preparedBy: 'preparedBy',
  coreTeam: 'teamNotes',
  designResponsibility: 'designResponsibility',
  // a PFMEA's header: the project keeps it where the DFMEA keeps the design responsibility
  processResponsibility: 'designResponsibility',
};

/**
 * Where the block's entries go: the project name from the most specific of
 * component, subsystem, system (or an item/project label) and the subject
 * from all of them as "label: value" (so the level is kept); customer,
 * model year(s)/program(s), FMEA number (the DFMEA ID number), prepared by,
 * core team (the cross-functional team), design responsibility; FMEA date
 * (orig.) and rev. as the start and revision dates when they are dates; the
 * key date as the timing of planning ("Key Date: …"); a revision that is
 * no date but a revision number ("Rev.: 3") or a version label as the
 * project's version. A second entry for a field, or a date that is neither
 * a date nor a revision, has no place: `rest`.
 */
export function headerFill(block: LegacyHeaderBlock): HeaderFill {
  const fill: HeaderFill = { fields: {}, rest: [] };
  const set = (field: FilledField, value: string, entries: HeaderEntry[]) => {
    if (fill.fields[field]) fill.rest.push(...entries);
    else fill.fields[field] = { value, entries };
  };
  const scope = SCOPE.map((f) => block.entries.find((e) => e.field === f)).find((e) => e !== undefined);
  if (scope) set('name', scope.value, [scope]);
  const levels = block.entries.filter((e) => e.field !== 'project' && SCOPE.includes(e.field));
  if (levels.length > 0) fill.fields.subject = { value: levels.map((e) => `${e.label}: ${e.value}`).join('; '), entries: levels };
  for (const entry of block.entries) {
    if (SCOPE.includes(entry.field)) {
      if (entry.field === 'project' && entry !== scope) fill.rest.push(entry);
      continue;
    }
    const direct = DIRECT[entry.field];
    if (direct) set(direct, entry.value, [entry]);
    else if (entry.field === 'keyDate') set('planTiming', `${entry.label}: ${entry.value}`, [entry]);
    else if (entry.field === 'version') set('versionLabel', entry.value, [entry]);
    else if (entry.field === 'fmeaDate' || entry.field === 'revDate') {
      const date = isoDate(entry.value);
      if (date) set(entry.field === 'fmeaDate' ? 'startDate' : 'revisionDate', date, [entry]);
      // "Rev.: 3": a revision number, not a date: the project's version
      else if (entry.field === 'revDate' && isRevision(entry.value)) set('versionLabel', entry.value.trim(), [entry]);
      else fill.rest.push(entry);
    }
  }
  return fill;
}

const ALSO_COLUMN_HEADERS: ReadonlySet<LegacyHeaderField> = new Set(['project', 'system', 'subsystem', 'component', 'scope']);

/** A header-block cell ("Prepared By: J. Smith", "FMEA Number", "Component:"): never a column header ("Component" alone may be one). */
export function isHeaderBlockCell(text: string): boolean {
  const colon = text.search(/[:：]/);
  const field = labelOf(colon >= 0 ? text.slice(0, colon) : text);
  return field !== undefined && (colon >= 0 || !ALSO_COLUMN_HEADERS.has(field));
}
