import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalogs, translate } from '../../i18n/index.ts';
import { AP_MESSAGE_KEYS } from './messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(join(here, name), 'utf8') }));

/** Every placeholder the AP messages use, so each can be rendered once. */
const PARAMS = { field: 'severity', value: 11, ruleType: 'SOX', ap: 'X', min: 1, max: 10, minField: 'sMin', maxField: 'sMax', fields: 'sMin, sMax' };

describe('AP messages', () => {
  it.each(['zh-CN', 'en-US'] as const)('has every key the AP rules can emit in %s, with every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of AP_MESSAGE_KEYS) {
      expect(catalog[key], `${key} missing in ${locale}`).toBeTruthy();
      expect(translate(locale, key, PARAMS), key).not.toMatch(/[{}]/);
    }
  });

  it('lists every ap.* key that appears in the code', () => {
    const used = new Set(sources.flatMap(({ text }) => text.match(/'ap\.[a-z_.]+'/g) ?? []).map((q) => q.slice(1, -1)));
    expect([...used].sort()).toEqual([...AP_MESSAGE_KEYS].sort());
  });

});
