import { NotFoundError } from '../../errors.ts';
import { writeSheet, type SheetColumn } from '../shared/xlsx.ts';
import { USER_SHEET_COLUMNS } from '../users/user-xlsx.ts';
import { DICTIONARY_SHEET_COLUMNS } from '../dictionaries/dictionary-xlsx.ts';
import { AP_RULE_COLUMNS } from '../rules/ap-rules-file.ts';

interface ImportTemplate {
  sheet: string;
  fileName: string;
  columns: readonly SheetColumn[];
}

/**
 * The import templates `downloadImportTemp?tempName` may hand out: generated
 * from the same column lists the imports read, so they never drift. Nothing
 * outside this list is served.
 */
export const IMPORT_TEMPLATES: ReadonlyMap<string, ImportTemplate> = new Map([
  ['user', { sheet: 'users', fileName: 'user-import-template.xlsx', columns: USER_SHEET_COLUMNS }],
  ['dictionary', { sheet: 'dictionaries', fileName: 'dictionary-import-template.xlsx', columns: DICTIONARY_SHEET_COLUMNS }],
  ['apRule', { sheet: 'ap-rules', fileName: 'ap-rule-import-template.xlsx', columns: AP_RULE_COLUMNS }],
]);

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An empty workbook with the template's header row; unknown names are "not found". */
export async function buildImportTemplate(name: string): Promise<{ fileName: string; mime: string; data: Uint8Array }> {
  const template = IMPORT_TEMPLATES.get(name);
  if (!template) throw new NotFoundError('files.template_not_found', { name: name.slice(0, 40) });
  return { fileName: template.fileName, mime: XLSX_MIME, data: await writeSheet(template.sheet, template.columns, []) };
}
