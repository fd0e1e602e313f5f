import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs, translate } from '../../i18n/index.ts';
import { COLLECTION_MESSAGE_KEYS } from './messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'messages.ts')
  .map((name) => readFileSync(join(here, name), 'utf8'));
const PARAMS = { value: 'x', target: 't' };

describe('favourites service messages', () => {
  it.each(LOCALES)('has every key in %s, every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of COLLECTION_MESSAGE_KEYS) {
      expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
      expect(translate(locale, key, PARAMS), key).not.toMatch(/[{}]/);
    }
  });

  it('lists exactly the collection.* keys the services write', () => {
    const used = new Set(sources.flatMap((text) => text.match(/'collection\.[a-z_]+'/g) ?? []).map((q) => q.slice(1, -1)));
    expect([...used].sort()).toEqual([...COLLECTION_MESSAGE_KEYS].sort());
  });

  it('has no collection.* key in the catalogs that nothing uses', () => {
    const known = new Set<string>(COLLECTION_MESSAGE_KEYS);
    expect(Object.keys(loadCatalogs()['en-US']).filter((k) => k.startsWith('collection.') && !known.has(k))).toEqual([]);
  });
});
