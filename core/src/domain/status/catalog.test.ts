import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs, translate } from '../../i18n/index.ts';
import { STATUS_MESSAGE_KEYS } from './messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sampleParams: Record<string, string | number> = { from: '1', event: 'submit', max: 200, step: '4', missing: '2', days: 30, daysLeft: 3, roles: 'quality', value: 'maybe', position: 2, open: 4, later: '5', date: '2026-03-31' };

/** Every quoted 'status.…' literal in the area's code, so a key typed inline cannot miss the list. */
function literalKeysInSource(): string[] {
  const files = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const found = files.flatMap((f) => [...readFileSync(join(here, f), 'utf8').matchAll(/'(status\.[A-Za-z0-9_.]+)'/g)]);
  return [...new Set(found.map((m) => m[1]!))];
}

describe('status message catalogs', () => {
  it('lists every key written in the code', () => {
    const known = new Set<string>(STATUS_MESSAGE_KEYS);
    expect(literalKeysInSource().filter((key) => !known.has(key))).toEqual([]);
  });

  it.each(LOCALES)('has every status key in %s', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of STATUS_MESSAGE_KEYS) {
      expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
    }
  });

  it.each(LOCALES)('renders every status message in %s exactly as written, placeholders filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of STATUS_MESSAGE_KEYS) {
      const expected = catalog[key]!.replace(/\{(\w+)\}/g, (_, name: string) => String(sampleParams[name]));
      expect(translate(locale, key, sampleParams), key).toBe(expected);
      expect(expected, `${key} uses a placeholder without a sample`).not.toContain('undefined');
    }
  });

  it('has no status key in the catalogs that the code cannot emit', () => {
    const known = new Set<string>(STATUS_MESSAGE_KEYS);
    const stale = Object.keys(loadCatalogs()['en-US']).filter((k) => k.startsWith('status.') && !known.has(k));
    expect(stale).toEqual([]);
  });
});
