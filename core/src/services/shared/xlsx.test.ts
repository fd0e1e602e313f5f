import { describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs, translate, translateError } from '../../i18n/index.ts';
import { UNMAPPED_MESSAGE_KEYS } from './sheet-columns.ts';
import { assertSpreadsheet, importLimitFromEnv, parseImportMaxMb, SPREADSHEET_LIMIT_BYTES } from './xlsx.ts';

const MB = 1024 * 1024;

describe('the spreadsheet import limit setting (IMPORT_MAX_MB)', () => {
  it('takes whole megabytes from 1 to 100', () => {
    expect(parseImportMaxMb('1')).toBe(MB);
    expect(parseImportMaxMb(' 7 ')).toBe(7 * MB);
    expect(parseImportMaxMb('100')).toBe(100 * MB);
    for (const bad of ['0', '101', '1.5', '-2', '2MB', '', ' ', '1e2', '0x10', 'abc', '007x']) expect(parseImportMaxMb(bad), bad).toBeUndefined();
  });

  it('defaults to 1 MB when the variable is absent or empty', () => {
    expect(SPREADSHEET_LIMIT_BYTES).toBe(MB);
    expect(importLimitFromEnv({})).toBe(MB);
    expect(importLimitFromEnv({ IMPORT_MAX_MB: '' })).toBe(MB);
    expect(importLimitFromEnv({ IMPORT_MAX_MB: '8' })).toBe(8 * MB);
  });

  it('refuses a bad value with a translated message naming the variable and the range', () => {
    let error: unknown;
    try {
      importLimitFromEnv({ IMPORT_MAX_MB: '500' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'invalid_input', messageKey: 'config.import_max_mb_invalid', params: { option: 'IMPORT_MAX_MB', value: '500', min: 1, max: 100 } });
    expect(translateError('en-US', error as never)).toBe('IMPORT_MAX_MB must be a whole number of megabytes from 1 to 100 (got 500)');
    expect(translateError('zh-CN', error as never)).toBe('IMPORT_MAX_MB 必须是 1 到 100 之间的整数兆字节数（当前为 500）');
  });

  it('assertSpreadsheet states the limit it was given', () => {
    expect(() => assertSpreadsheet('a.xlsx', MB + 1)).toThrow(expect.objectContaining({ messageKey: 'file.too_large', params: { limit: '1M' } }));
    expect(() => assertSpreadsheet('a.xlsx', MB + 1, 2 * MB)).not.toThrow();
    expect(() => assertSpreadsheet('a.xlsx', 3 * MB, 2 * MB)).toThrow(expect.objectContaining({ messageKey: 'file.too_large', params: { limit: '2M' } }));
  });
});

describe('the unmapped-content messages', () => {
  it.each(LOCALES)('are in the %s catalog with every placeholder filled', (locale) => {
    const params = { count: 2, sheet: 'DFMEA', column: 'K', header: 'Notes', cells: 3, cell: 'B2', text: 'Approved: QA' };
    for (const key of UNMAPPED_MESSAGE_KEYS) {
      expect(loadCatalogs()[locale][key]?.trim(), `${key} in ${locale}`).toBeTruthy();
      const text = translate(locale, key, params);
      expect(text).not.toMatch(/[{}]/);
      for (const [name, value] of Object.entries(params)) if (new RegExp(`\\{${name}[,}]`).test(loadCatalogs()[locale][key]!)) expect(text).toContain(String(value));
    }
  });
});
