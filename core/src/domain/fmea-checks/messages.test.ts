import { describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs, translate } from '../../i18n/index.ts';
import { FMEA_CHECK_MESSAGE_KEYS } from './messages.ts';

const PARAMS = { name: 'Latch slips', project: 'DF1', ratings: 'S/O', planClass: 'CC', targetDate: '2026-01-01', errors: 2, warnings: 3 };

describe('FMEA check messages', () => {
  it.each(LOCALES)('has every key in %s, every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of FMEA_CHECK_MESSAGE_KEYS) {
      expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
      expect(translate(locale, key, PARAMS), key).not.toMatch(/[{}]/);
    }
  });

  it('says "report incomplete" in both languages', () => {
    expect(translate('zh-CN', 'fmeaCheck.report_incomplete', { errors: 2 })).toBe('报告不完整，不允许发布：2 个错误须先处理');
    expect(translate('en-US', 'fmeaCheck.report_incomplete', { errors: 2 })).toContain('Report incomplete, not allowed to be released');
  });
});
