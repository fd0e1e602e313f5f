import type { DbOrTx } from '../../db/client.ts';
import { dictionaryLabel, matchDictionaryItem } from '../../domain/dictionaries/index.ts';
import { PROJECT_DICTIONARY_FIELDS, PROJECT_DICTIONARY_FIELD_NAMES, type ProjectDictionaryField } from '../../domain/fmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { Issue } from '../../errors.ts';
import type { Locale } from '../../i18n/index.ts';
import { dictionaryChoices, type DictionaryItemChoice } from '../dictionaries/lookup.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

/** The dictionary type whose items name the member roles, by code '0'–'5'. */
export const MEMBER_ROLE_DICTIONARY = 'memberRole';

/**
 * Stage, customer, platform and confidentiality hold dictionary codes
 * (spec 001 §3). Callers and workbooks may name an item by its code or by
 * its name in either language; the project stores the code and every reader
 * sees the name in their language.
 */
export type ProjectCodes = Partial<Record<ProjectDictionaryField, string | null>>;
export type ProjectLabels = Record<ProjectDictionaryField, string | null>;

export interface ProjectDictionaries {
  /** The field's dictionary items, live and deleted. */
  items(field: ProjectDictionaryField): readonly DictionaryItemChoice[];
  /** The live item a text names (its code, or its name in either language). */
  match(field: ProjectDictionaryField, text: string, prefer?: 'code' | 'label'): DictionaryItemChoice | undefined;
  /** The stored value as a reader sees it: the item's name in `locale`, else the value itself (stored before codes were checked). */
  label(field: ProjectDictionaryField, value: string | null | undefined, locale: Locale): string | null;
}

export async function projectDictionaries(db: DbOrTx): Promise<ProjectDictionaries> {
  const byType = await dictionaryChoices(db, Object.values(PROJECT_DICTIONARY_FIELDS));
  const items = (field: ProjectDictionaryField) => byType.get(PROJECT_DICTIONARY_FIELDS[field]) ?? [];
  return {
    items,
    match: (field, text, prefer = 'code') =>
      matchDictionaryItem(
        items(field).filter((i) => i.live),
        text,
        prefer,
      ),
    label(field, value, locale) {
      if (value === null || value === undefined || value === '') return null;
      const item = items(field).find((i) => i.code === value);
      return item ? dictionaryLabel(item, locale) : value;
    },
  };
}

/** A value that names no item of the field's dictionary (`row` for a workbook cell). */
export function unknownItemIssue(field: ProjectDictionaryField, value: string, row?: number): Issue {
  const issue = { messageKey: 'fmea.dictionary_item_unknown' satisfies FmeaServiceMessageKey, field, params: { field, value } };
  return row === undefined ? issue : { ...issue, row };
}

/**
 * The codes of the dictionary fields given in `input`: a code or an item's
 * name (either language) becomes the code, blank becomes null. A value that
 * names no live item is refused with the field, unless it is the value the
 * project already holds (kept as it was stored, so an old project still saves).
 */
export async function resolveProjectCodes(db: DbOrTx, input: ProjectCodes, existing?: ProjectCodes): Promise<ProjectCodes> {
  const given = PROJECT_DICTIONARY_FIELD_NAMES.filter((f) => input[f] !== undefined);
  if (given.length === 0) return {};
  const dictionaries = await projectDictionaries(db);
  const out: ProjectCodes = {};
  const issues: Issue[] = [];
  for (const field of given) {
    const value = input[field]?.trim() ?? '';
    if (!value) out[field] = null;
    else if (existing?.[field] === value) out[field] = value;
    else {
      const item = dictionaries.match(field, value);
      if (item) out[field] = item.code;
      else issues.push(unknownItemIssue(field, value));
    }
  }
  assertNoIssues(issues);
  return out;
}

/** The names of a project's dictionary fields in `locale`, one lookup of the dictionaries for any number of projects. */
export async function projectLabeler(db: DbOrTx, locale: Locale): Promise<(project: ProjectCodes) => ProjectLabels> {
  const dictionaries = await projectDictionaries(db);
  return (project) =>
    Object.fromEntries(PROJECT_DICTIONARY_FIELD_NAMES.map((f) => [f, dictionaries.label(f, project[f], locale)])) as ProjectLabels;
}

/**
 * Names of the project member roles 0–5 in `locale`, from the memberRole
 * dictionary: the one source of role names (the workbench's member dialog
 * reads the same items). A role the dictionary lacks is shown as its number.
 */
export async function memberRoleNamer(db: DbOrTx, locale: Locale): Promise<(role: number) => string> {
  const items = (await dictionaryChoices(db, [MEMBER_ROLE_DICTIONARY])).get(MEMBER_ROLE_DICTIONARY) ?? [];
  return (role) => {
    const item = items.find((i) => i.code === String(role));
    return item ? dictionaryLabel(item, locale) : String(role);
  };
}
