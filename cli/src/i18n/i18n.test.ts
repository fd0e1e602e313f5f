import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '@fmea/core/errors';
import { CLI_SOURCE_ROOT, LOCALES, loadCatalogs, resolveLocale, translate, translateError, type Locale } from './index.ts';

/** The CLI's own .po files of one locale (anywhere under cli/src), read directly. */
function cliCatalog(locale: Locale): Record<string, string> {
  const catalog: Record<string, string> = {};
  for (const path of readdirSync(CLI_SOURCE_ROOT, { recursive: true, encoding: 'utf8' })) {
    if (!path.endsWith(join('locales', `${locale}.po`))) continue;
    for (const item of PO.parse(readFileSync(join(CLI_SOURCE_ROOT, path), 'utf8')).items) {
      if (item.msgid) catalog[item.msgid] = item.msgstr[0] ?? '';
    }
  }
  return catalog;
}

describe('CLI message catalogs', () => {
  it('has the same keys in zh-CN and en-US, none empty', () => {
    const zh = cliCatalog('zh-CN');
    const en = cliCatalog('en-US');
    expect(Object.keys(zh).length).toBeGreaterThan(50);
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(cliCatalog(locale))) {
        expect(text.trim(), `empty ${locale} translation for ${key}`).not.toBe('');
      }
    }
  });

  it('keeps CLI keys under the cli. prefix so they never collide with core keys', () => {
    for (const key of Object.keys(cliCatalog('en-US'))) expect(key).toMatch(/^cli\./);
  });

  it("joins core's single loader once registered: no duplicate keys, both locales alike, CLI keys included", () => {
    const { 'zh-CN': zh, 'en-US': en } = loadCatalogs(); // throws on a key defined twice across core and cli
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(cliCatalog('zh-CN'))) {
      expect(zh[key], key).toBe(cliCatalog('zh-CN')[key]);
      expect(en[key], key).toBe(cliCatalog('en-US')[key]);
    }
    expect(zh['error.not_found']).toBe('数据不存在');
  });

  it('translates CLI keys with ICU parameters', () => {
    expect(translate('en-US', 'cli.ap.eval.invalid_lines', { count: 1 })).toBe('1 input line is invalid; nothing was evaluated');
    expect(translate('en-US', 'cli.ap.eval.invalid_lines', { count: 3 })).toBe('3 input lines are invalid; nothing was evaluated');
    expect(translate('zh-CN', 'cli.ap.eval.invalid_lines', { count: 3 })).toBe('3 行输入无效，未做任何计算');
  });

  it("translates core's domain keys through the same function, and returns unknown keys unchanged", () => {
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
