import { catalogEnumLabel, catalogSheetColumns, catalogNumberEntry, type CatalogField, type CatalogSheetLocale, type CatalogTypeDefinition } from '../../domain/catalog/index.ts';
import { MANUAL_NUMBER_MAX } from '../../domain/numbering/index.ts';
import { translate } from '../../i18n/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { normHeader } from '../shared/sheet-columns.ts';
import { writeSheet, type SheetColumn } from '../shared/xlsx.ts';
import { assertCatalogRead, catalogCaller, catalogType } from './access.ts';
import { listCustomFields, type CustomFieldRow } from '../custom-fields/fields.ts';
import { customFieldColumns } from '../custom-fields/xlsx.ts';

/**
 * The import template of a type (spec 001 §7 `exportDescription`): the
 * number and the fields' headers in the reader's language, and under each,
 * in a description row, the header in the other language and what the
 * column takes. The import skips that row, so the template can be filled in
 * and sent back as it is. The custom fields (entity `catalog`) follow, as in
 * the export.
 */

const other = (locale: CatalogSheetLocale): CatalogSheetLocale => (locale === 'zh-CN' ? 'en-US' : 'zh-CN');

function fieldRules(locale: CatalogSheetLocale, field: CatalogField): string[] {
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, `catalogSheet.${key}`, params);
  const lines: string[] = [];
  if (field.required) lines.push(t('required'));
  else if (field.kind === 'enText' || field.requiredBy === 'EnglishRequiredRuleFlag') lines.push(t('required_english'));
  else if (field.requiredBy === 'failureToUseRequired') lines.push(t('required_use_type'));
  switch (field.kind) {
    case 'text':
    case 'enText':
      lines.push(t('text', { max: field.max ?? 200 }));
      break;
    case 'code':
      lines.push(t('code', { max: field.max ?? 20 }));
      break;
    case 'number': {
      const bounds =
        field.min !== undefined && field.max !== undefined
          ? t('range', { min: field.min, max: field.max })
          : field.min !== undefined
            ? t('at_least', { min: field.min })
            : field.max !== undefined
              ? t('at_most', { max: field.max })
              : '';
      lines.push([t(field.integer ? 'integer' : 'number'), bounds].filter(Boolean).join(locale === 'zh-CN' ? '，' : ', '));
      break;
    }
    case 'dictionary':
      lines.push(t('dictionary', { dictionary: field.dictionary }));
      break;
    case 'enum':
      lines.push(t('enum', { values: field.values.map((v) => catalogEnumLabel(field, v, locale)).join(', ') }));
      break;
  }
  if ((field.kind === 'dictionary' || field.kind === 'enum') && field.multiple) lines.push(t('multiple'));
  return lines;
}

/** What a custom field's column takes (the import does not refuse a blank required one, so no "required" here). */
function customFieldRule(locale: CatalogSheetLocale, field: CustomFieldRow): string {
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, `catalogSheet.${key}`, params);
  if (field.fieldType === 'number') return t('number');
  if (field.fieldType === 'date') return t('date');
  if (field.fieldType === 'choice') return t('dictionary_code', { dictionary: field.dictType ?? '' });
  return t('text', { max: 200 });
}

/** The description row's cell of each template column, by column key. */
export function catalogTemplateDescriptions(type: CatalogTypeDefinition, locale: CatalogSheetLocale, customFields: readonly CustomFieldRow[] = []): Record<string, string> {
  const serial =
    catalogNumberEntry(type) === 'required' ? translate(locale, 'catalogSheet.serial_required', { max: MANUAL_NUMBER_MAX }) : translate(locale, 'catalogSheet.serial_rule');
  return {
    [type.serialField]: [type.serialHeader[other(locale)], serial].join('\n'),
    ...Object.fromEntries(type.fields.map((f) => [f.key, [f.header[other(locale)], ...fieldRules(locale, f)].join('\n')])),
    ...Object.fromEntries(customFieldColumns(customFields, locale).map((c, i) => [c.key, [c.headers[1], customFieldRule(locale, customFields[i]!)].join('\n')])),
  };
}

/** Whether a sheet row is a template's description row (in either language): every cell it fills is the description of its column. */
export function isCatalogTemplateRow(type: CatalogTypeDefinition, values: Readonly<Record<string, string>>, customFields: readonly CustomFieldRow[] = []): boolean {
  const filled = Object.entries(values).filter(([, v]) => v !== '');
  if (filled.length === 0) return false;
  return (['zh-CN', 'en-US'] as const).some((locale) => {
    const descriptions = catalogTemplateDescriptions(type, locale, customFields);
    return filled.every(([key, v]) => descriptions[key] !== undefined && normHeader(descriptions[key]) === normHeader(v));
  });
}

/** The template as an xlsx. Reading the type is enough (it holds no records). */
export async function exportCatalogTemplate(ctx: ServiceContext, typeId: string, locale: CatalogSheetLocale = 'zh-CN'): Promise<{ fileName: string; data: Uint8Array }> {
  const type = catalogType(typeId);
  assertCatalogRead(await catalogCaller(ctx.db, ctx.actor, type));
  const keys = new Set([type.serialField, ...type.fields.map((f) => f.key)]);
  const fields = await listCustomFields(ctx.db, 'catalog');
  const columns = [...(catalogSheetColumns(type, locale).filter((c) => keys.has(c.key)) as SheetColumn[]), ...customFieldColumns(fields, locale)];
  const data = await writeSheet(translate(locale, 'catalogSheet.template_name', { title: type.title[locale] }).slice(0, 31), columns, [catalogTemplateDescriptions(type, locale, fields)]);
  return { fileName: `${type.tableKey}-template.xlsx`, data };
}
