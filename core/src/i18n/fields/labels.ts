import type { Issue, MessageParams } from '../../errors.ts';
import { loadCatalogs, translate, type Locale } from '../index.ts';

/**
 * Field labels: every field's name as a form shows it, in both languages
 * (`field.<name>` in locales/ beside this file), shared by the API's answers
 * and the CLI's messages. A message names a field by its label, never by
 * the raw name; api/src/http/labels.test.ts holds every request field of the
 * OpenAPI document to having one.
 */
export const labelKey = (name: string): string => `field.${name}`;

/** The label of a field name, or undefined when the catalog has none. */
export function labelOf(locale: Locale, name: string): string | undefined {
  const key = labelKey(name);
  return loadCatalogs()[locale][key] !== undefined ? translate(locale, key) : undefined;
}

const INDEX = /^\d+$/;

/**
 * A field path in words: the label of its last name, plus the row of a list
 * it sits in (`projectMembers.0.userRole` → "Member role (row 1)") or the
 * entry of a list of values (`siteIds.2` → "Sites (entry 3)"). A name without
 * a label (an unknown key the caller sent) is shown as sent.
 */
export function fieldLabel(locale: Locale, path: string): string {
  const parts = path.split('.').filter((p) => p !== '');
  const names = parts.filter((p) => !INDEX.test(p));
  const leaf = names.at(-1);
  const label = leaf === undefined ? translate(locale, 'field_path.body') : (labelOf(locale, leaf) ?? leaf);
  const lastIndex = parts.findLastIndex((p) => INDEX.test(p));
  if (lastIndex < 0) return label;
  const number = Number(parts[lastIndex]) + 1;
  return lastIndex === parts.length - 1 && leaf !== undefined ? translate(locale, 'field_path.entry', { label, entry: number }) : translate(locale, 'field_path.row', { label, row: number });
}

/**
 * An issue's params with its field named by label: when `params.field` is the
 * issue's own field (as the shared validation helpers and the request
 * mapping set it; '' for the request as a whole), it becomes the label in
 * the reader's language.
 */
export function labelledParams(locale: Locale, issue: Issue): MessageParams {
  const params = issue.params ?? {};
  const path = issue.field ?? '';
  if (params.field !== path) return params;
  return { ...params, field: fieldLabel(locale, path) };
}
