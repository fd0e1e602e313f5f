import { describe, expect, it } from 'vitest';
import { loadCatalogs, normalizeLocale, translate, translateError } from './index.ts';
import { InvalidInputError } from '../errors.ts';

describe('message catalogs', () => {
  it('has every key in both zh-CN and en-US, none empty', () => {
    const { 'zh-CN': zh, 'en-US': en } = loadCatalogs();
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of [...Object.entries(zh), ...Object.entries(en)]) {
      expect(text.trim(), `empty translation for ${key}`).not.toBe('');
    }
  });

  it('translates with parameters', () => {
    expect(translate('en-US', 'import.row_prefix', { row: 7 })).toBe('Row 7: ');
    expect(translate('zh-CN', 'import.row_prefix', { row: 7 })).toBe('第 7 行：');
  });

  it('lists row issues under the headline', () => {
    const error = new InvalidInputError('error.invalid_input', {}, [{ messageKey: 'error.not_found', row: 3 }]);
    expect(translateError('en-US', error)).toBe('Form validation failed\nRow 3: The data does not exist');
  });

  it('normalises locale spellings and falls back to zh-CN', () => {
    expect(normalizeLocale('en')).toBe('en-US');
    expect(normalizeLocale('en_US')).toBe('en-US');
    expect(normalizeLocale('zh-cn')).toBe('zh-CN');
    expect(normalizeLocale('fr-FR')).toBe('zh-CN');
    expect(normalizeLocale(undefined)).toBe('zh-CN');
  });
});
