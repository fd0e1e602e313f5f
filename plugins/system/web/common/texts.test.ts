import { describe, expect, it } from 'vitest';
import { i18n, type Messages } from '@lingui/core';
import { AREAS, RULE_FLAG_NAMES, RULE_FLAGS, RULE_GROUPS } from '@fmea/core/domain';
import { BUTTON_TEXTS, isAreaButton, RULE_DESCRIPTIONS, RULE_TAB_TEXTS, RULE_TABS } from './texts.ts';
import { buttonDescription, buttonLabel } from './labels.ts';

const CATALOGS: Record<'zh-CN' | 'en-US', () => Promise<Messages>> = {
  'zh-CN': async () => (await import('../../locales/zh-CN.po')).messages,
  'en-US': async () => (await import('../../locales/en-US.po')).messages,
};

/** Every button code any area declares, on the area's own route or on a page's. */
const declaredButtons = () => [...new Set(AREAS.flatMap((area) => [...area.buttons, ...area.pages.flatMap((page) => ('buttons' in page ? (page.buttons ?? []) : []))]))];

const CHINESE = /[\u4e00-\u9fff]/;

describe('the administrator’s words for rules and buttons', () => {
  it('name and describe every button any area declares, in both languages, never by its code', async () => {
    const codes = declaredButtons();
    expect(codes).toContain('approve');
    for (const locale of ['zh-CN', 'en-US'] as const) {
      i18n.loadAndActivate({ locale, messages: await CATALOGS[locale]() });
      for (const code of codes) {
        expect(isAreaButton(code), code).toBe(true);
        expect(buttonLabel(code), `${locale} ${code}`).not.toBe(code);
        expect(buttonDescription(code), `${locale} ${code}`).not.toBe('');
        expect(CHINESE.test(buttonLabel(code) + buttonDescription(code)), `${locale} ${code}`).toBe(locale === 'zh-CN');
      }
    }
    // no description of a button nobody declares
    expect(Object.keys(BUTTON_TEXTS).sort()).toEqual([...codes].sort());
  });

  it('describe every business rule in both languages', async () => {
    expect(Object.keys(RULE_DESCRIPTIONS).sort()).toEqual([...RULE_FLAG_NAMES].sort());
    for (const locale of ['zh-CN', 'en-US'] as const) {
      i18n.loadAndActivate({ locale, messages: await CATALOGS[locale]() });
      const seen = new Set<string>();
      for (const flag of RULE_FLAG_NAMES) {
        const text = i18n._(RULE_DESCRIPTIONS[flag]);
        expect(text.length, `${locale} ${flag}`).toBeGreaterThan(10);
        expect(CHINESE.test(text), `${locale} ${flag}`).toBe(locale === 'zh-CN');
        seen.add(text);
      }
      // each says what its own rule does
      expect(seen.size).toBe(RULE_FLAG_NAMES.length);
    }
  });

  it('name every business rule in both languages (the names the database is seeded with)', () => {
    for (const flag of RULE_FLAG_NAMES) {
      const { name, nameEn } = RULE_FLAGS[flag];
      expect(CHINESE.test(name), flag).toBe(true);
      expect(nameEn.length > 5 && !CHINESE.test(nameEn), flag).toBe(true);
    }
  });

  it('name and describe every tab of the business rules, the spec’s fourteen, in both languages', async () => {
    // the spec's tabs: the AP rules, numbering and one per rule group
    expect([...RULE_TABS].sort()).toEqual(['ap', 'numbering', ...RULE_GROUPS].sort());
    expect(RULE_TABS).toHaveLength(14);
    for (const locale of ['zh-CN', 'en-US'] as const) {
      i18n.loadAndActivate({ locale, messages: await CATALOGS[locale]() });
      for (const tab of RULE_TABS) {
        const label = i18n._(RULE_TAB_TEXTS[tab].label);
        const description = i18n._(RULE_TAB_TEXTS[tab].description);
        expect(description.length, `${locale} ${tab}`).toBeGreaterThan(10);
        expect(CHINESE.test(label) && CHINESE.test(description), `${locale} ${tab}`).toBe(locale === 'zh-CN');
        expect(CHINESE.test(label + description), `${locale} ${tab}`).toBe(locale === 'zh-CN');
      }
    }
  });
});
