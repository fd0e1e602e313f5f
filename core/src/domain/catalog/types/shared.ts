import type { CatalogDictionaryField, CatalogEnTextField, CatalogNumberField, CatalogTextField } from '../define.ts';

/** Field builders the declarations share, so a field reads the same wherever it appears. */

/** The product type every type is classified by (dictionary `productType`, engine column). */
export const productType = (required = false): CatalogDictionaryField => ({
  key: 'productType',
  kind: 'dictionary',
  dictionary: 'productType',
  column: 'productType',
  required,
  header: { 'zh-CN': '产品类型', 'en-US': 'Product type' },
});

/** The description (engine column `text`, required) and its English (column `enText`). */
export const describedBy = (key: string, enKey: string, zh: string, en: string): [CatalogTextField, CatalogEnTextField] => [
  { key, kind: 'text', column: 'text', required: true, header: { 'zh-CN': zh, 'en-US': en } },
  { key: enKey, kind: 'enText', of: key, column: 'enText', header: { 'zh-CN': `英文${zh}`, 'en-US': `${en} (English)` } },
];

/** A whole 1..10 rating (severity, occurrence, detection; FMEA-MSR frequency and monitoring). */
export const rating = (key: string, zh: string, en: string): CatalogNumberField => ({
  key,
  kind: 'number',
  integer: true,
  min: 1,
  max: 10,
  header: { 'zh-CN': zh, 'en-US': en },
});
