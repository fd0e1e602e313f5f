import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '@fmea/core/errors';
import { LOCALES, loadCliCatalog, resolveLocale, translate, translateError } from './index.ts';

describe('CLI message catalogs', () => {
  it('has the same keys in zh-CN and en-US, none empty', () => {
    const zh = loadCliCatalog('zh-CN');
    const en = loadCliCatalog('en-US');
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(loadCliCatalog(locale))) {
        expect(text.trim(), `empty ${locale} translation for ${key}`).not.toBe('');
      }
    }
  });

  it('keeps CLI keys under the cli. prefix so they never collide with core keys', () => {
    for (const key of Object.keys(loadCliCatalog('en-US'))) expect(key).toMatch(/^cli\./);
  });

  it('translates CLI keys with ICU parameters', () => {
    expect(translate('en-US', 'cli.ap.eval.invalid_lines', { count: 1 })).toBe('1 input line is invalid; nothing was evaluated');
    expect(translate('en-US', 'cli.ap.eval.invalid_lines', { count: 3 })).toBe('3 input lines are invalid; nothing was evaluated');
    expect(translate('zh-CN', 'cli.ap.eval.invalid_lines', { count: 3 })).toBe('3 行输入无效，未做任何计算');
  });

  it("falls back to core's catalogs for domain keys, and returns unknown keys unchanged", () => {
    expect(translate('en-US', 'error.not_found')).toBe('The data does not exist');
    expect(translate('zh-CN', 'error.not_found')).toBe('数据不存在');
    expect(translate('en-US', 'no.such.key')).toBe('no.such.key');
  });

  it('prints an error headline then one line per issue, with its row', () => {
    const error = new InvalidInputError('cli.ap.eval.invalid_lines', { count: 1 }, [
      { messageKey: 'ap.rating_out_of_range', params: { field: 'S', value: 0 }, row: 4 },
    ]);
    expect(translateError('en-US', error)).toBe(
      '1 input line is invalid; nothing was evaluated\nRow 4: S must be a whole number from 1 to 10 (got 0)',
    );
  });
});

describe('resolveLocale', () => {
  it('prefers --lang, then FMEA_LANG, then LANG, else zh-CN', () => {
    expect(resolveLocale(['--lang', 'en-US'], { FMEA_LANG: 'zh-CN' })).toBe('en-US');
    expect(resolveLocale(['--lang=en'], {})).toBe('en-US');
    expect(resolveLocale([], { FMEA_LANG: 'en_US', LANG: 'zh_CN.UTF-8' })).toBe('en-US');
    expect(resolveLocale([], { LANG: 'en_GB.UTF-8' })).toBe('en-US');
    expect(resolveLocale([], { LANG: 'C.UTF-8' })).toBe('zh-CN');
    expect(resolveLocale([], {})).toBe('zh-CN');
  });

  it('ignores --lang after --', () => {
    expect(resolveLocale(['--', '--lang', 'en'], {})).toBe('zh-CN');
  });
});
