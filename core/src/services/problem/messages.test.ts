import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalogs, translate } from '../../i18n/index.ts';
import { PROBLEM_REVIEW_MESSAGE_KEYS } from '../messages/problem-review.ts';
import { PROBLEM_MESSAGE_KEYS } from './messages.ts';
import { PROBLEM_REPORT_KEYS } from './report.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => readFileSync(join(here, name), 'utf8'));
const PARAMS = { problem: 'RS1', currentVersion: 3, field: 'Owner', step: 'D9', user: 'li', approver: 'li', column: 'X', value: 'v', serialNum: 'RS1', text: 'Brief', opinion: 'ok', experience: 'EX1' };

describe('problem messages', () => {
  it.each(['zh-CN', 'en-US'] as const)('has every key the problem services emit in %s, every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of [...PROBLEM_MESSAGE_KEYS, ...PROBLEM_REVIEW_MESSAGE_KEYS, ...PROBLEM_REPORT_KEYS, 'problem_sheet.yes', 'problem_sheet.no']) {
      expect(catalog[key], `${key} missing in ${locale}`).toBeTruthy();
      expect(translate(locale, key, PARAMS), key).not.toMatch(/[{}]/);
    }
  });

  it('lists every problem.* key the code names', () => {
    const used = new Set(sources.flatMap((text) => text.match(/'problem\.[a-z_]+'/g) ?? []).map((q) => q.slice(1, -1)));
    const actions = new Set(['problem.submit', 'problem.approve', 'problem.reject', 'problem.withdraw', 'problem.revoke', 'problem.close', 'problem.create', 'problem.update', 'problem.delete', 'problem.import', 'problem.lesson', 'problem.closed_loop']);
    expect([...used].filter((k) => !actions.has(k)).sort()).toEqual([...PROBLEM_MESSAGE_KEYS].filter((k) => used.has(k)).sort());
  });
});
