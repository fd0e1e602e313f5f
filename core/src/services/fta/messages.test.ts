import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalogs, translate } from '../../i18n/index.ts';
import { ALL_FTA_MESSAGE_KEYS, FTA_MESSAGE_KEYS } from './messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => readFileSync(join(here, name), 'utf8'));
const PARAMS = { user: 'li', approver: 'li', release: '1', tree: 'FT1', currentVersion: 3, max: 200, value: 'x', file: 'f.xml', project: 'DF1', failure: 'f', name: 'g', input: 'e' };

describe('FTA messages', () => {
  it.each(['zh-CN', 'en-US'] as const)('has every key the FTA services can emit in %s, every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of ALL_FTA_MESSAGE_KEYS) {
      expect(catalog[key], `${key} missing in ${locale}`).toBeTruthy();
      expect(translate(locale, key, PARAMS), key).not.toMatch(/[{}]/);
    }
  });

  it('lists every fta.* key the code names', () => {
    const used = new Set(sources.flatMap((text) => text.match(/'fta\.[a-z_]+'/g) ?? []).map((q) => q.slice(1, -1)));
    expect([...used].sort()).toEqual([...FTA_MESSAGE_KEYS].sort());
  });
});
