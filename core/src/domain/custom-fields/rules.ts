import type { Issue } from '../../errors.ts';
import { fieldIssue } from '../validation/issue.ts';
import { checkIdentifier, checkText } from '../validation/text.ts';
import { CUSTOM_FIELD_TYPES, type CustomFieldEntity, type CustomFieldType } from './registry.ts';

/** A field definition as the admin page, the API and `fmea field add` give it. */
export interface CustomFieldDefinition {
  entity: CustomFieldEntity;
  systemName: string;
  sort: number;
  fieldType: CustomFieldType;
  /** The dictionary type (its root code) a choice field offers. */
  dictType?: string | null;
  required: boolean;
  shown: boolean;
  placeholder?: string | null;
  alias: string;
  aliasEn: string;
}

/** The entity's other fields, to keep system name and sort unique. */
export interface Siblings {
  systemNames: readonly string[];
  sorts: readonly number[];
}

/** What is wrong with a definition (nothing when it may be stored); `dictTypes` are the dictionary types that exist. */
export function customFieldIssues(input: Partial<Record<keyof CustomFieldDefinition, unknown>>, siblings: Siblings, dictTypes: readonly string[]): Issue[] {
  const issues: Issue[] = [...checkIdentifier(input.systemName, siblings.systemNames, { field: 'systemName' })];
  const sort = input.sort;
  if (typeof sort !== 'number' || !Number.isInteger(sort) || sort < 1) issues.push(fieldIssue('validation.sort_positive_integer', 'sort', { value: String(sort) }));
  else if (siblings.sorts.includes(sort)) issues.push(fieldIssue('validation.sort_duplicate', 'sort', { value: sort }));
  if (typeof input.fieldType !== 'string' || !(CUSTOM_FIELD_TYPES as readonly string[]).includes(input.fieldType)) issues.push(fieldIssue('validation.required', 'fieldType'));
  if (input.fieldType === 'choice') {
    if (typeof input.dictType !== 'string' || input.dictType.trim() === '') issues.push(fieldIssue('validation.required', 'dictType'));
    else if (!dictTypes.includes(input.dictType)) issues.push({ messageKey: 'custom_field.dict_type_unknown', field: 'dictType', params: { value: input.dictType } });
  }
  issues.push(...checkText(input.alias, { field: 'alias', required: true, max: 50 }));
  issues.push(...checkText(input.aliasEn, { field: 'aliasEn', required: true, max: 50 }));
  issues.push(...checkText(input.placeholder, { field: 'placeholder', max: 100 }));
  return issues;
}

/** A stored definition as the value checks need it. */
export interface FieldForValues {
  systemName: string;
  fieldType: CustomFieldType;
  required: boolean;
  alias: string;
  aliasEn: string;
  dictType: string | null;
}

export type CustomValues = Record<string, string | number | null | undefined>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const validDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * Checks a record's custom values against the entity's fields and answers them as stored (text; a
 * blank value is null, so it is removed). Unknown names, a missing required value, a number or date
 * that is not one, a choice not in its dictionary: one issue each, naming the field by its alias in
 * the reader's language (`{alias}` in zh-CN, `{aliasEn}` in en-US). `row` for an import's row.
 */
export function customValueIssues(
  fields: readonly FieldForValues[],
  values: CustomValues,
  choices: ReadonlyMap<string, readonly string[]>,
  { partial = false, row }: { partial?: boolean; row?: number } = {},
): { issues: Issue[]; stored: Record<string, string | null> } {
  const issues: Issue[] = [];
  const stored: Record<string, string | null> = {};
  const issue = (key: string, f: FieldForValues, extra: Record<string, string | number> = {}) => {
    const one: Issue = { messageKey: key, field: `customFields.${f.systemName}`, params: { alias: f.alias, aliasEn: f.aliasEn, ...extra } };
    issues.push(row === undefined ? one : { ...one, row });
  };
  const known = new Set(fields.map((f) => f.systemName));
  for (const name of Object.keys(values)) {
    if (!known.has(name)) {
      const one: Issue = { messageKey: 'custom_field.unknown_field', field: `customFields.${name}`, params: { name } };
      issues.push(row === undefined ? one : { ...one, row });
    }
  }
  for (const f of fields) {
    if (!(f.systemName in values)) {
      if (f.required && !partial) issue('custom_field.value_required', f);
      continue;
    }
    const raw = values[f.systemName];
    const text = raw === null || raw === undefined ? '' : String(raw).trim();
    if (text === '') {
      if (f.required) issue('custom_field.value_required', f);
      else stored[f.systemName] = null;
      continue;
    }
    if (f.fieldType === 'number' && !Number.isFinite(Number(text))) issue('custom_field.value_not_number', f, { value: text });
    else if (f.fieldType === 'date' && !validDate(text)) issue('custom_field.value_not_date', f, { value: text });
    else if (f.fieldType === 'choice' && !(choices.get(f.dictType ?? '') ?? []).includes(text)) issue('custom_field.value_not_choice', f, { value: text });
    else if (f.fieldType === 'text' && checkText(text, { field: 'x' }).length > 0) issue('custom_field.value_too_long', f, { max: 200 });
    else stored[f.systemName] = f.fieldType === 'number' ? String(Number(text)) : text;
  }
  return { issues, stored };
}

export const CUSTOM_FIELD_RULE_KEYS: readonly string[] = [
  'custom_field.dict_type_unknown',
  'custom_field.unknown_field',
  'custom_field.value_required',
  'custom_field.value_not_number',
  'custom_field.value_not_date',
  'custom_field.value_not_choice',
  'custom_field.value_too_long',
  'custom_field.in_use',
  'custom_field.not_found',
  'custom_field.filter_invalid',
];
