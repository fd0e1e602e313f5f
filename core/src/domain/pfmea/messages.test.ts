import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs, translate } from '../../i18n/index.ts';
import { PFMEA_DOMAIN_MESSAGE_KEYS, PFMEA_REFUSAL_KEYS } from './messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
// The process structure's own sources; the flow chart and the control plan keep their keys in their own lists.
const sources = ['structure.ts', 'procedures.ts', 'messages.ts']
  .map((name) => ({ name, text: readFileSync(join(here, name), 'utf8') }));
const PARAMS = { field: 'processNo', value: 'x', max: 3, serialNum: 'PP2603010001' };

describe('PFMEA process model messages', () => {
  it.each(LOCALES)('has every key in %s, every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of PFMEA_DOMAIN_MESSAGE_KEYS) {
      expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
      expect(translate(locale, key, PARAMS), key).not.toMatch(/[{}]/);
    }
  });

  it('lists every pfmea.* refusal written in the structure rules', () => {
    const labels = new Set(PFMEA_DOMAIN_MESSAGE_KEYS);
    const used = new Set(sources.flatMap(({ text }) => text.match(/'pfmea\.[a-z_.]+'/g) ?? []).map((q) => q.slice(1, -1)));
    expect([...used].filter((key) => !labels.has(key))).toEqual([]);
    expect(PFMEA_REFUSAL_KEYS.filter((key) => !used.has(key))).toEqual([]);
  });
});
