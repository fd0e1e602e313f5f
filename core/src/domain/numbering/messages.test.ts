import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalogs, translate } from '../../i18n/index.ts';
import { NUMBERING_MESSAGE_KEYS } from './messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(join(here, name), 'utf8') }));

/** Every placeholder the numbering messages use, so each can be rendered once. */
const PARAMS = { module: 'product', prefix: 'x', count: 9, max: 8, position: 2, kind: 'k', format: 'f', digits: 9, min: 3, value: 'v', date: 'Invalid Date', serial: 0 };

describe('numbering messages', () => {
  it.each(['zh-CN', 'en-US'] as const)('has every key the numbering rules can emit in %s, with every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of NUMBERING_MESSAGE_KEYS) {
      expect(catalog[key], `${key} missing in ${locale}`).toBeTruthy();
      expect(translate(locale, key, PARAMS), key).not.toMatch(/[{}]/);
    }
  });

  it('lists every numbering.* key that appears in the code', () => {
    const used = new Set(sources.flatMap(({ text }) => text.match(/'numbering\.[a-z_.]+'/g) ?? []).map((q) => q.slice(1, -1)));
    expect([...used].sort()).toEqual([...NUMBERING_MESSAGE_KEYS].sort());
  });

});
