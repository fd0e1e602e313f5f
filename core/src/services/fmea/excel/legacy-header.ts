import { columnLetter, normHeader, type SheetRowText } from './headers.ts';

/**
 * The header block above a legacy AIAG 4th-edition table: "System /
 * Subsystem / Component", "FMEA Number", "Model Year(s)/Program(s)", "Key
 * Date", "Prepared By", "FMEA Date (Orig.)" and "(Rev.)", "Core Team",
 * "Design Responsibility", in English or Chinese. A label and its value
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
  'coreTeam',
  'designResponsibility',
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
  [/^(coreteam|team|核心小组|核心团队|小组成员|团队成员|团队)$/, 'coreTeam'],
  [/^(designresponsibility|设计责任|设计责任部门|设计责任人)$/, 'designResponsibility'],
  [/^(page|页码|页|第页)$|^page\d+(of\d+)?$|^第\d+页/, 'page'],
];

/** The form's own title ("Potential Failure Mode and Effects Analysis (Design FMEA)"): not data. */
const TITLE = /failuremodeandeffects?analysis|^(design)?fmea$|^dfmea$|潜在失效模式(及|和|与)?(后果|影响)分析|失效模式(及|和|与)?(后果|影响)分析/;

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

/** What a project takes from the block: the header fields that exist today (each with the entry it came from), the rest as notes. */
export type FilledField = 'name' | 'customer' | 'carTypeYears' | 'startDate';
export interface HeaderFill {
  fields: Partial<Record<FilledField, { value: string; entry: HeaderEntry }>>;
  /** "Label: value" lines, in the block's order. */
  notes: { entry: HeaderEntry; line: string }[];
}

const CAR_TYPE_YEARS_MAX = 20;

/** yyyy-mm-dd from "2024-03-01", "2024/3/1", "2024.03.01" or "2024年3月1日"; otherwise undefined. */
export function isoDate(text: string): string | undefined {
  const m = text.trim().match(/^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The project name from the most specific of component, subsystem, system
 * (or a project/item label); customer; model year(s)/program(s) as the car
 * type years (when it fits their 20 characters); the original FMEA date as
 * the start date. Everything else becomes a "label: value" note.
 */
export function headerFill(block: LegacyHeaderBlock): HeaderFill {
  const fill: HeaderFill = { fields: {}, notes: [] };
  const first = (field: LegacyHeaderField) => block.entries.find((e) => e.field === field);
  const take = (field: FilledField, entry: HeaderEntry | undefined, value = entry?.value) => {
    if (entry && value !== undefined) fill.fields[field] = { value, entry };
  };
  take('name', first('component') ?? first('subsystem') ?? first('system') ?? first('scope') ?? first('project'));
  take('customer', first('customer'));
  const model = first('modelYear');
  if (model && model.value.length <= CAR_TYPE_YEARS_MAX) take('carTypeYears', model);
  const date = first('fmeaDate');
  take('startDate', date, date ? isoDate(date.value) : undefined);
  const used = new Set(Object.values(fill.fields).map((f) => f.entry));
  for (const entry of block.entries) if (!used.has(entry)) fill.notes.push({ entry, line: `${entry.label}: ${entry.value}` });
  return fill;
}

const ALSO_COLUMN_HEADERS: ReadonlySet<LegacyHeaderField> = new Set(['project', 'system', 'subsystem', 'component', 'scope']);

/** A header-block cell ("Prepared By: J. Smith", "FMEA Number", "Component:"): never a column header ("Component" alone may be one). */
export function isHeaderBlockCell(text: string): boolean {
  const colon = text.search(/[:：]/);
  const field = labelOf(colon >= 0 ? text.slice(0, colon) : text);
  return field !== undefined && (colon >= 0 || !ALSO_COLUMN_HEADERS.has(field));
}
