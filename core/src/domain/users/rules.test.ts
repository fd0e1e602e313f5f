import { describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs } from '../../i18n/index.ts';
import { USER_MESSAGE_KEYS } from './messages.ts';
import { normalizeUserName, profileIssues, REAL_NAME_MAX } from './rules.ts';

describe('user names', () => {
  it('trims and keeps letters (any script), digits and . _ - @', () => {
    expect(normalizeUserName('  li.wei@plant-2_x ')).toBe('li.wei@plant-2_x');
    expect(normalizeUserName('李伟')).toBe('李伟');
  });

  it.each(['a b', '', ' ', 'x'.repeat(51), 'semi;colon', 'tab\tname'])('refuses %j', (name) => {
    expect(() => normalizeUserName(name)).toThrow(expect.objectContaining({ messageKey: 'user.name_invalid' }));
  });
});

describe('profile fields', () => {
  it('accepts a complete, valid profile and checks only the fields given', () => {
    expect(profileIssues({ realName: '李伟', jobNumber: 'Q-1024', mobile: '13800000000', email: 'li.wei@example.com', gender: '1' })).toEqual([]);
    expect(profileIssues({})).toEqual([]);
  });

  it('names each wrong field', () => {
    const issues = profileIssues({ realName: 'x'.repeat(REAL_NAME_MAX + 1), email: 'not-an-address', gender: '7' });
    expect(issues.map((i) => [i.field, i.messageKey])).toEqual([
      ['realName', 'validation.too_long'],
      ['email', 'user.email_invalid'],
      ['gender', 'user.gender_invalid'],
    ]);
  });
});

describe('user message catalogs', () => {
  it.each(LOCALES)('has every user key in %s', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of USER_MESSAGE_KEYS) expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
  });
});
