import { InvalidInputError } from '../../errors.ts';
import { formatBytes } from '../shared/xlsx.ts';

/** AP rule files: JSON or a spreadsheet, 1 MB (spec 000 §9 upload limits). */
export const AP_RULES_FILE_LIMIT_BYTES = 1024 * 1024;
const AP_RULES_FILE_TYPES = ['.json', '.xlsx', '.xls'];

/** Like assertSpreadsheet, for the AP rule import: checks the extension and the size; the name is never used as a path. */
export function assertApRulesFile(fileName: string, size: number, limit = AP_RULES_FILE_LIMIT_BYTES): void {
  const lower = fileName.toLowerCase();
  if (!AP_RULES_FILE_TYPES.some((ext) => lower.endsWith(ext))) {
    throw new InvalidInputError('file.unsupported_type', { types: 'json, xlsx, xls' });
  }
  if (size > limit) throw new InvalidInputError('file.too_large', { limit: formatBytes(limit) });
}
