import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalogs, translate } from '../../i18n/index.ts';
import { VALIDATION_MESSAGE_KEYS } from './messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(join(here, name), 'utf8') }));

/** Every placeholder the validation messages use, so each can be rendered once. */
const PARAMS = { field: 'name', max: 200, value: 'v', userId: 'u1', count: 2, functionId: 'f1', sum: 1.2 };

describe('validation messages', () => {
  it.each(['zh-CN', 'en-US'] as const)('has every key the validation rules can emit in %s, with every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of VALIDATION_MESSAGE_KEYS) {
      expect(catalog[key], `${key} missing in ${locale}`).toBeTruthy();
      expect(translate(locale, key, PARAMS), key).not.toMatch(/[{}]/);
    }
  });

  it('lists every validation.* key that appears in the code', () => {
    const used = new Set(sources.flatMap(({ text }) => text.match(/'validation\.[a-z_.]+'/g) ?? []).map((q) => q.slice(1, -1)));
    expect([...used].sort()).toEqual([...VALIDATION_MESSAGE_KEYS].sort());
  });

});
