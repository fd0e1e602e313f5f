import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs, translate } from '../../i18n/index.ts';
import { FMEA_DOMAIN_MESSAGE_KEYS, FMEA_REFUSAL_KEYS } from './messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(join(here, name), 'utf8') }));
const PARAMS = { field: 'severity', value: 11, nodeType: 12, nodeId: 'n1', count: 2, kind: 'FM', userId: 'u1', from: 'open', event: 'reopen' };

describe('FMEA engine messages', () => {
  it.each(LOCALES)('has every key in %s, every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of FMEA_DOMAIN_MESSAGE_KEYS) {
      expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
      expect(translate(locale, key, PARAMS), key).not.toMatch(/[{}]/);
    }
  });

  it('lists every fmea.* refusal written in the code', () => {
    const labels = new Set(FMEA_DOMAIN_MESSAGE_KEYS);
    const used = new Set(sources.flatMap(({ text }) => text.match(/'fmea\.[a-z_.]+'/g) ?? []).map((q) => q.slice(1, -1)));
    expect([...used].filter((key) => !labels.has(key))).toEqual([]);
    expect(FMEA_REFUSAL_KEYS.filter((key) => !used.has(key))).toEqual([]);
  });
});

