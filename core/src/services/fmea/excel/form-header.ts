import {
  dateIssues,
  PROJECT_DATE_FIELDS,
  PROJECT_DICTIONARY_FIELD_NAMES,
  projectHeaderIssues,
  type ProjectDateField,
  type ProjectDictionaryField,
  type ProjectTextField,
} from '../../../domain/fmea/index.ts';
import type { Issue } from '../../../errors.ts';
import { LOCALES, translate, type Locale } from '../../../i18n/index.ts';
import { unknownItemIssue, type ProjectDictionaries } from '../project-codes.ts';
import type { ProjectView } from '../projects.ts';
import type { SheetRowText } from './headers.ts';
import { isoDate } from './legacy-header.ts';
import { WORKBOOK_PROFILES } from './profile.ts';

/**
 * The header block of the form sheet: the AIAG-VDA DFMEA header (planning and
 * preparation) with the project's other header fields. Short fields stand as
 * label/value pairs, three to a row; the five Ts and the analysis boundaries
 * take a row each (their texts are long). Labels are `fmeaExcel.header.<key>`
 * in the export's language; the import knows them in either language.
 */
type Editable = 'name' | 'versionLabel' | ProjectTextField | ProjectDateField | ProjectDictionaryField;
/** What the project shows but a new project does not take from a file: its number, responsible person and team are its own. */
type Shown = 'serialNum' | 'responsible' | 'team';
export type FormHeaderKey = Editable | Shown;

export const FORM_HEADER_PAIRS = [
  'companyName',
  'engineeringLocation',
  'customer',
  'carTypeYears',
  'subject',
  'serialNum',
  'name',
  'fmeaIdNumber',
  'startDate',
  'revisionDate',
  'responsible',
  'designResponsibility',
  'confidentiality',
  'team',
  'teamNotes',
  'stage',
  'sopDate',
  'versionLabel',
  'platform',
  'preparedBy',
] as const satisfies readonly FormHeaderKey[];

export const FORM_HEADER_WIDE = ['planIntent', 'planTiming', 'planTeam', 'planTask', 'planTool', 'analysisBoundaries'] as const satisfies readonly FormHeaderKey[];

export const FORM_HEADER_KEYS: readonly FormHeaderKey[] = [...FORM_HEADER_PAIRS, ...FORM_HEADER_WIDE];
const SHOWN: ReadonlySet<FormHeaderKey> = new Set<Shown>(['serialNum', 'responsible', 'team']);
const DICTIONARY: ReadonlySet<string> = new Set(PROJECT_DICTIONARY_FIELD_NAMES);
const DATES: ReadonlySet<string> = new Set(PROJECT_DATE_FIELDS);

/** Rows the block takes: pairs three to a row, then one row per wide field. */
export const FORM_HEADER_ROWS = Math.ceil(FORM_HEADER_PAIRS.length / 3) + FORM_HEADER_WIDE.length;

export interface HeaderFacts {
  /** The responsible member's user name and every member's, for the rows the project shows. */
  responsible: string;
  team: string;
}

/** Each header field's value as the export writes it: dictionary fields by their name in `locale`. */
export function formHeaderValues(project: ProjectView, facts: HeaderFacts, dictionaries: ProjectDictionaries, locale: Locale): Record<FormHeaderKey, string> {
  const out = {} as Record<FormHeaderKey, string>;
  for (const key of FORM_HEADER_KEYS) {
    if (key === 'responsible' || key === 'team') out[key] = facts[key];
    else if (DICTIONARY.has(key)) out[key] = dictionaries.label(key as ProjectDictionaryField, project[key as ProjectDictionaryField], locale) ?? '';
    else out[key] = project[key as Exclude<FormHeaderKey, Shown | ProjectDictionaryField> | 'serialNum'] ?? '';
  }
  return out;
}

export type FormHeaderValues = Partial<Record<Editable, string>>;

/**
 * Labels of workbooks exported before the full header, still read: company,
 * customer, confidentiality and start date. (Their "revision date" was the
 * time of the last change and their team row the members: neither is taken.)
 */
const EARLIER_LABELS: readonly (readonly [string, FormHeaderKey])[] = [
  ['Company', 'companyName'],
  ['Customer', 'customer'],
  ['客户', 'customer'],
  ['Confidentiality', 'confidentiality'],
  ['Start date', 'startDate'],
  ['开始日期', 'startDate'],
];

/** label (either language, any case) → key */
function labelIndex(): Map<string, FormHeaderKey> {
  const index = new Map<string, FormHeaderKey>(EARLIER_LABELS.map(([label, key]) => [label.toLowerCase(), key]));
  // the DFMEA's and the PFMEA's labels ("Engineering location", "Manufacturing location") name the same fields
  for (const profile of WORKBOOK_PROFILES) {
    for (const key of FORM_HEADER_KEYS) for (const locale of LOCALES) index.set(translate(locale, profile.headerLabelKey(key)).trim().toLowerCase(), key);
  }
  return index;
}

/**
 * A new project's header from the form sheet's header block: every label of
 * the block with the value in the cell to its right. Dictionary fields take
 * an item's name in either language (or its code); dates YYYY-MM-DD (also
 * 2024/3/1, 2024年3月1日); texts within their limits. A value that does not
 * fit refuses the file with its row, never dropped: the issues say which.
 */
export function readFormHeader(rows: readonly SheetRowText[], dictionaries: ProjectDictionaries): { values: FormHeaderValues; issues: Issue[] } {
  const labels = labelIndex();
  const values: FormHeaderValues = {};
  const issues: Issue[] = [];
  // the title is row 1, the block follows it
  for (const { row, cells } of rows.filter((r) => r.row <= FORM_HEADER_ROWS + 1)) {
    for (let c = 1; c < cells.length; c++) {
      const key = cells[c] ? labels.get(cells[c]!.trim().toLowerCase()) : undefined;
      if (!key) continue;
      const value = cells[c + 1]?.trim() ?? '';
      c++;
      if (SHOWN.has(key) || !value || (values as Record<string, string>)[key] !== undefined) continue;
      const field = key as Editable;
      if (DICTIONARY.has(field)) {
        const item = dictionaries.match(field as ProjectDictionaryField, value, 'label');
        if (item) values[field] = item.code;
        else issues.push(unknownItemIssue(field as ProjectDictionaryField, value, row));
      } else if (DATES.has(field)) {
        const date = isoDate(value);
        if (date) values[field] = date;
        else issues.push(...dateIssues(value, field).map((i) => ({ ...i, row })));
      } else {
        const own = projectHeaderIssues({ [field]: value }, { partial: true });
        if (own.length) issues.push(...own.map((i) => ({ ...i, row })));
        else values[field] = value;
      }
    }
  }
  return { values, issues };
}

/** Every header field a file carries back into a project: what a round trip must keep. */
export const FORM_HEADER_EDITABLE: readonly Editable[] = FORM_HEADER_KEYS.filter((k): k is Editable => !SHOWN.has(k));
