import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { NUMBERING_MODULES } from '@fmea/core/domain';
import { moduleName } from './module-names.ts';

describe('numbering module names', () => {
  it('name every numbered module in both languages, never by its code', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      i18n.loadAndActivate({ locale, messages: {} });
      for (const module of NUMBERING_MODULES) expect(moduleName(module), `${locale} ${module}`).not.toBe(module);
    }
  });

  it('take a catalog module’s name from its type’s bilingual title', () => {
    i18n.loadAndActivate({ locale: 'en-US', messages: {} });
    expect(moduleName('customer')).toBe('Customer');
    i18n.loadAndActivate({ locale: 'zh-CN', messages: {} });
    expect(moduleName('customer')).toBe('客户');
  });
});
