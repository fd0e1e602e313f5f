import type ExcelJS from 'exceljs';
import { LOCALES, translate, type Locale } from '../../i18n/index.ts';
import { columnLetter } from '../shared/sheet-columns.ts';
import type { CustomFieldRow } from './fields.ts';

/** A sheet as the FMEA import reads it (rows of cell texts, 1-based columns). */
interface SheetText {
  name: string;
  rows: { row: number; cells: string[] }[];
}
/** A column the import has no field for (reported like every unmapped column). */
export interface UnmappedColumn {
  sheet: string;
  column: string;
  header: string;
  cells: number;
}

/** The custom-field sheet's name in each language (the import knows both). */
export const customFieldSheetNames = (): string[] => LOCALES.map((l) => translate(l, 'custom_field.sheet'));

/**
 * The record's custom values as one extra sheet: the first row the fields' names in the export's
 * language (alias or English alias), the second their values (a choice as its code). Only written
 * when the entity has fields, so a workbook without them is unchanged.
 */
export function writeCustomFieldSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, fields: readonly CustomFieldRow[], values: Readonly<Record<string, string>>, locale: Locale): void {
  if (fields.length === 0) return;
  const sheet = workbook.addWorksheet(translate(locale, 'custom_field.sheet'));
  sheet.columns = fields.map(() => ({ width: 20 }));
  const head = sheet.addRow(fields.map((f) => (locale === 'en-US' ? f.aliasEn : f.alias)));
  head.font = { bold: true };
  head.commit();
  sheet.addRow(fields.map((f) => values[f.systemName] ?? '')).commit();
  sheet.commit();
}

/**
 * Reads the custom-field sheet back: each column by its header, the field's alias, English alias or
 * system name; a column no field has is answered as unmapped (the import lists it and refuses the
 * file unless the user accepts leaving it out). No sheet: null (the values stay as they are).
 */
export function readCustomFieldSheet(sheets: readonly SheetText[], fields: readonly CustomFieldRow[]): { values: Record<string, string>; unmapped: UnmappedColumn[] } | null {
  const names = new Set(customFieldSheetNames());
  const sheet = sheets.find((s) => names.has(s.name));
  if (!sheet) return null;
  const head = sheet.rows.find((r) => r.cells.some((c) => c?.trim()));
  if (!head) return { values: {}, unmapped: [] };
  const data = sheet.rows.find((r) => r.row > head.row);
  const byLabel = new Map<string, CustomFieldRow>();
  for (const f of fields) for (const label of [f.alias, f.aliasEn, f.systemName]) byLabel.set(label.trim().toLowerCase(), f);
  const values: Record<string, string> = {};
  const unmapped: UnmappedColumn[] = [];
  head.cells.forEach((cell, col) => {
    const header = (cell ?? '').trim();
    if (col === 0 || header === '') return;
    const value = (data?.cells[col] ?? '').trim();
    const field = byLabel.get(header.toLowerCase());
    if (field) values[field.systemName] = value;
    else unmapped.push({ sheet: sheet.name, column: columnLetter(col), header, cells: value === '' ? 0 : 1 });
  });
  return { values, unmapped };
}

/** The key of a custom field's column in a list workbook (one record a row). */
export type CustomColumnKey = `custom:${string}`;
const columnKey = (f: CustomFieldRow): CustomColumnKey => `custom:${f.systemName}`;

/**
 * A list workbook's columns for the entity's custom fields, after its own columns: headed by the alias
 * in the export's language; the import takes either alias or the system name.
 */
export function customFieldColumns(fields: readonly CustomFieldRow[], locale: Locale): { key: CustomColumnKey; headers: string[]; width: number }[] {
  return fields.map((f) => ({ key: columnKey(f), headers: locale === 'en-US' ? [f.aliasEn, f.alias, f.systemName] : [f.alias, f.aliasEn, f.systemName], width: 18 }));
}

/** One record's cells for those columns. */
export const customFieldCells = (fields: readonly CustomFieldRow[], values: Readonly<Record<string, string>>): Record<CustomColumnKey, string> =>
  Object.fromEntries(fields.map((f) => [columnKey(f), values[f.systemName] ?? '']));

/** A read row's custom values by system name: the filled cells only (a blank cell gives no value). */
export function customValuesOfCells(fields: readonly CustomFieldRow[], cells: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const text = (cells[columnKey(f)] ?? '').trim();
    if (text) out[f.systemName] = text;
  }
  return out;
}
