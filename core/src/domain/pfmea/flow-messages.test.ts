import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs, translate } from '../../i18n/index.ts';
import { PFD_DOMAIN_MESSAGE_KEYS, PFD_REFUSAL_KEYS } from './flow-messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
/** The flow chart's code: its domain files here and its services (which throw the refusals that need the database). */
const folders = [here, join(here, '../../services/pfmea')];
const sources = folders.flatMap((folder) =>
  readdirSync(folder)
    .filter((name) => name.startsWith('flow') && name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => readFileSync(join(folder, name), 'utf8')),
);
const PARAMS = { field: 'flowSymbol', value: 'x', count: 3, project: 'DF1', number: 'PFD1', target: '10 Turn', label: 'burr', pfmea: 'PF1', name: 'Housing', date: '2026-11-26' };

describe('process flow chart messages', () => {
  it.each(LOCALES)('has every key in %s, every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of PFD_DOMAIN_MESSAGE_KEYS) {
      expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
      expect(translate(locale, key, PARAMS), key).not.toMatch(/[{}]/);
    }
  });

  it('lists every pfd.* refusal written in the code, and uses each', () => {
    const known = new Set(PFD_DOMAIN_MESSAGE_KEYS);
    const used = new Set(sources.flatMap((text) => text.match(/'pfd\.[a-z_.]+'/g) ?? []).map((q) => q.slice(1, -1)));
    expect([...used].filter((key) => !known.has(key))).toEqual([]);
    expect(PFD_REFUSAL_KEYS.filter((key) => !used.has(key))).toEqual([]);
  });

  it('has no pfd.* key in the catalogs that the code does not name', () => {
    const known = new Set(PFD_DOMAIN_MESSAGE_KEYS);
    for (const locale of LOCALES) expect(Object.keys(loadCatalogs()[locale]).filter((key) => key.startsWith('pfd.') && !known.has(key))).toEqual([]);
  });
});
