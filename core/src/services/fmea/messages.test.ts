import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FMEA_DOMAIN_MESSAGE_KEYS } from '../../domain/fmea/index.ts';
import { LOCALES, loadCatalogs, translate } from '../../i18n/index.ts';
import { FMEA_SERVICE_MESSAGE_KEYS } from './messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'messages.ts')
  .map((name) => readFileSync(join(here, name), 'utf8'));
const PARAMS = { project: 'DF1', nodeId: 'n', functionId: 'f', characteristicId: 'c', interfaceId: 'i', failureId: 'x', controlId: 'k', actionId: 'a', linkId: 'l', userId: 'u', count: 3, key: 'k1', list: 'nodes', serialNum: 'FU2603010001', expected: 'function', kind: 'FE', role: 'quality' };

describe('FMEA service messages', () => {
  it.each(LOCALES)('has every key in %s, every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of FMEA_SERVICE_MESSAGE_KEYS) {
      expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
      expect(translate(locale, key, PARAMS), key).not.toMatch(/[{}]/);
    }
  });

  it('lists every fmea.* key the services write, apart from the engine’s own', () => {
    const known = new Set<string>([...FMEA_SERVICE_MESSAGE_KEYS, ...FMEA_DOMAIN_MESSAGE_KEYS]);
    const used = new Set(sources.flatMap((text) => text.match(/'fmea\.[a-z_]+'/g) ?? []).map((q) => q.slice(1, -1)));
    expect([...used].filter((key) => !known.has(key))).toEqual([]);
    expect(FMEA_SERVICE_MESSAGE_KEYS.filter((key) => !used.has(key))).toEqual([]);
  });

  it('has no fmea.* key in the catalogs that nothing uses', () => {
    const known = new Set<string>([...FMEA_SERVICE_MESSAGE_KEYS, ...FMEA_DOMAIN_MESSAGE_KEYS]);
    expect(Object.keys(loadCatalogs()['en-US']).filter((k) => k.startsWith('fmea.') && !known.has(k))).toEqual([]);
  });
});
