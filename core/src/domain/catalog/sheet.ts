import type { CatalogText, CatalogTypeDefinition } from './define.ts';

export type CatalogSheetLocale = keyof CatalogText;

/** A spreadsheet column of a catalog type (the shape the services' sheet reader and writer take). */
export interface CatalogSheetColumn {
  /** A field key, the type's serial field, or one of the engine's columns below. */
  readonly key: string;
  /** The header written on export first (the reader's language), then the other language: import accepts either. */
  readonly headers: readonly string[];
  /** Import refuses a sheet without this column. */
  readonly required?: boolean;
  readonly width?: number;
}

/** Engine columns an export adds after the fields; an import reads past them (they are set by the flow, not by a sheet). */
export const CATALOG_SHEET_EXTRA_COLUMNS = [
  { key: 'versionNo', header: { 'zh-CN': '版本', 'en-US': 'Version' } },
  { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' } },
  { key: 'quoteCount', header: { 'zh-CN': '引用次数', 'en-US': 'Quote count' } },
] as const satisfies readonly { key: string; header: CatalogText }[];

const both = (text: CatalogText, locale: CatalogSheetLocale): string[] => [
  text[locale],
  text[locale === 'zh-CN' ? 'en-US' : 'zh-CN'],
];

/**
 * The sheet of a catalog type: its number, every declared field in
 * declaration order, then version, status and quote count. Headers are in
 * the reader's language first; an import accepts the headers of either
 * language. A required field's column must be present on import; the number
 * column only where the user types numbers (entry `required`).
 */
export function catalogSheetColumns(type: CatalogTypeDefinition, locale: CatalogSheetLocale): CatalogSheetColumn[] {
  return [
    { key: type.serialField, headers: both(type.serialHeader, locale), required: type.numbering.entry === 'required', width: 20 },
    ...type.fields.map((field) => ({ key: field.key, headers: both(field.header, locale), required: field.required === true, width: field.kind === 'number' ? 12 : 28 })),
    ...CATALOG_SHEET_EXTRA_COLUMNS.map((c) => ({ key: c.key, headers: both(c.header, locale), width: 12 })),
  ];
}
