import { useLingui } from '@lingui/react/macro';
import { catalogEnumLabel, type CatalogField, type CatalogText, type CatalogTypeDefinition } from '@fmea/core/domain';
import type { Locale } from '../../i18n/index.ts';
import type { CatalogFieldValue } from './catalog-api.ts';
import type { DictionaryItems } from './use-dictionaries.ts';

/** Knowledge record statuses (spec 001 §4), as core's machine names them. */
export const CATALOG_STATUSES = ['0', '1', '2', '3', '4'] as const;
export type CatalogStatus = (typeof CATALOG_STATUSES)[number];

/** A declaration's text (title, header) in the reader's language. */
export const textIn = (locale: Locale, text: CatalogText): string => text[locale] || text['zh-CN'];

/** The statuses' words (an enum value's name comes with its declaration: catalogEnumLabel). */
export function useCatalogWords() {
  const { t } = useLingui();
  const statuses: Record<CatalogStatus, string> = {
    '0': t`Editing`,
    '1': t`To be audited`,
    '2': t`Released`,
    '3': t`To be approved`,
    '4': t`Rejected`,
  };
  return { status: (code: string) => statuses[code as CatalogStatus] ?? code };
}

export type CatalogWords = ReturnType<typeof useCatalogWords>;

/** A value as the reader sees it: dictionary codes by their items' names, enum codes by their declared names, lists joined. */
export function displayValue(field: CatalogField, value: CatalogFieldValue | undefined, dictionaries: DictionaryItems, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '';
  const codes = Array.isArray(value) ? value : typeof value === 'string' && field.kind !== 'text' && field.kind !== 'enText' && 'multiple' in field && field.multiple ? value.split(',') : [String(value)];
  if (field.kind === 'dictionary') {
    const items = dictionaries[field.dictionary] ?? [];
    return codes.map((code) => {
      const item = items.find((i) => i.code === code);
      return item ? (locale === 'en-US' && item.enName ? item.enName : item.name) : code;
    }).join(', ');
  }
  if (field.kind === 'enum') return codes.map((code) => catalogEnumLabel(field, code, locale)).join(', ');
  return codes.join(', ');
}

/** The dictionaries a type's fields name. */
export const dictionariesOf = (type: CatalogTypeDefinition): string[] => [...new Set(type.fields.flatMap((f) => (f.kind === 'dictionary' ? [f.dictionary] : [])))];
