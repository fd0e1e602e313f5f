import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs, translate } from '../../i18n/index.ts';
import { CONTROL_PLAN_MESSAGE_KEYS, CONTROL_PLAN_REFUSAL_KEYS } from './control-plan-messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(here)
  .filter((name) => name.startsWith('control-plan') && name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(join(here, name), 'utf8') }));
const PARAMS = {
  name: 'Bore',
  project: 'PF1',
  value: 'x',
  field: 'Machine',
  count: 2,
  rows: 3,
  processNo: '10',
  stepName: 'Turn',
  from: 'critical',
  to: 'safety',
  special: 'yes',
  kind: 'detection',
  text: 'Gauge',
  pfmea: 'CMM',
  planClass: 'CC',
  reason: 'unlinked',
  controls: 'Gauge',
  detection: 8,
};
const CJK = /[\u4e00-\u9fff]/;

describe('control plan messages', () => {
  it.each(LOCALES)('has every key in %s, every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of CONTROL_PLAN_MESSAGE_KEYS) {
      expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
      const text = translate(locale, key, PARAMS);
      expect(text, key).not.toMatch(/[{}]/);
      if (locale === 'en-US') expect(text, key).not.toMatch(CJK);
    }
  });

  it('lists every controlPlan.* refusal written in the control plan’s rules', () => {
    const listed = new Set(CONTROL_PLAN_MESSAGE_KEYS);
    const used = new Set(sources.flatMap(({ text }) => text.match(/'controlPlan\.[a-z_.]+'/gi) ?? []).map((q) => q.slice(1, -1)));
    expect([...used].filter((key) => !listed.has(key))).toEqual([]);
  });

  it('words a select by its value in both languages', () => {
    expect(translate('en-US', 'controlPlan.reason.class_changed', { name: 'Bore', from: 'critical', to: 'safety' })).toBe('The class of “Bore” changed from critical to safety');
    expect(translate('zh-CN', 'controlPlan.reason.control_added', { kind: 'prevention', text: '刀具寿命计数' })).toBe('PFMEA 中新增了预防控制“刀具寿命计数”');
    expect(CONTROL_PLAN_REFUSAL_KEYS.length).toBeGreaterThan(5);
  });
});
