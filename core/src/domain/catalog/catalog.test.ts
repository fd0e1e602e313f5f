import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs, translate } from '../../i18n/index.ts';
import { CATALOG_MESSAGE_KEYS } from './messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
const services = join(here, '../../services/catalog');
const sampleParams: Record<string, string | number> = {
  field: 'invalidmode',
  min: 1,
  max: 10,
  value: 'Seal leaks',
  allowed: 'invalidmode, invalidreason, invalidresult',
  type: 'gadget',
  serialNum: 'FA2603010001',
  versionNo: 2,
  count: 3,
  columns: 2,
  productType: '7',
  productTypeEn: 'Door',
};

/** Every quoted 'catalog.…' literal in the engine's code, domain and services, so a key typed inline cannot miss the list. */
function literalKeysInSource(): string[] {
  const files = [here, services].filter((dir) => existsSync(dir)).flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => join(dir, f)),
  );
  const found = files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/'(catalog\.[A-Za-z0-9_.]+)'/g)]);
  return [...new Set(found.map((m) => m[1]!))];
}

describe('catalog message catalogs', () => {
  it('lists every key written in the code', () => {
    const known = new Set<string>(CATALOG_MESSAGE_KEYS);
    expect(literalKeysInSource().filter((key) => !known.has(key))).toEqual([]);
  });

  it('lists no key that the code never writes (the log’s action names are built from CATALOG_LOG_ACTIONS)', () => {
    const used = new Set(literalKeysInSource());
    expect(CATALOG_MESSAGE_KEYS.filter((key) => !key.startsWith('catalog.log.') && !used.has(key))).toEqual([]);
  });

  it.each(LOCALES)('has every catalog key in %s', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of CATALOG_MESSAGE_KEYS) expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
  });

  it.each(LOCALES)('renders every catalog message in %s exactly as written, placeholders filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of CATALOG_MESSAGE_KEYS) {
      const expected = catalog[key]!.replace(/\{(\w+)\}/g, (_, name: string) => String(sampleParams[name]));
      expect(translate(locale, key, sampleParams), key).toBe(expected);
      expect(expected, `${key} uses a placeholder without a sample`).not.toContain('undefined');
    }
  });

  it('speaks Chinese in zh-CN and no Chinese in en-US', () => {
    const { 'zh-CN': zh, 'en-US': en } = loadCatalogs();
    for (const key of CATALOG_MESSAGE_KEYS) {
      expect(zh[key], key).toMatch(/[\u4e00-\u9fff]/);
      expect(en[key], key).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('has no catalog key in the catalogs that the code cannot emit', () => {
    const known = new Set<string>(CATALOG_MESSAGE_KEYS);
    const stale = Object.keys(loadCatalogs()['en-US']).filter((k) => k.startsWith('catalog.') && !known.has(k));
    expect(stale).toEqual([]);
  });
});
