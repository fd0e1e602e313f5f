import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { checkText, unsafeCharacter, unsafeTextIssues } from './text.ts';

describe('unsafeCharacter', () => {
  it.each([
    ['\u0000', 'U+0000'],
    ['a\u0001b', 'U+0001'],
    ['\u0008', 'U+0008'],
    ['\u000B', 'U+000B'],
    ['\u000C', 'U+000C'],
    ['\u001B[31m', 'U+001B'],
    ['\u007F', 'U+007F'],
    ['\u0085', 'U+0085'],
    ['\u009F', 'U+009F'],
  ])('finds the control character in %j', (value, code) => {
    expect(unsafeCharacter(value)).toMatchObject({ kind: 'control_character', code });
  });

  it.each([
    ['\ud800', 'U+D800', 0],
    ['ab\udbff', 'U+DBFF', 2],
    ['\udc00x', 'U+DC00', 0],
    ['😀\ud83d', 'U+D83D', 2],
    ['\ude00😀', 'U+DE00', 0],
  ])('finds the lone surrogate in %j', (value, code, index) => {
    expect(unsafeCharacter(value)).toEqual({ kind: 'lone_surrogate', code, index });
  });

  it.each(['', 'plain', '多行\n文本\r\n带\t制表符', '😀 emoji pairs 👍🏽', '\u00A0non-breaking', '\u200B zero width', '<script>alert(1)</script>', '\uFFFD'])(
    'lets %j through',
    (value) => {
      expect(unsafeCharacter(value)).toBeUndefined();
    },
  );
});

describe('checkText refuses unsafe characters', () => {
  it('names the field and the character, in both languages', () => {
    const [issue] = checkText('Brake\u0000pad', { field: 'name' });
    expect(issue).toEqual({ messageKey: 'validation.control_character', field: 'name', params: { field: 'name', code: 'U+0000' } });
    expect(translate('en-US', issue!.messageKey, issue!.params)).toBe('name contains a control character (U+0000) that cannot be stored; remove it');
    expect(translate('zh-CN', issue!.messageKey, issue!.params)).toBe('name含有无法保存的控制字符（U+0000），请删除');
  });

  it('refuses a lone surrogate with its own message', () => {
    const [issue] = checkText('\ud800', { field: 'remark' });
    expect(issue).toEqual({ messageKey: 'validation.lone_surrogate', field: 'remark', params: { field: 'remark', code: 'U+D800' } });
    expect(translate('en-US', issue!.messageKey, issue!.params)).toContain('remark contains an invalid character (U+D800');
  });

  it('still reports a missing required text as missing, not as unsafe', () => {
    expect(checkText('', { field: 'name', required: true })[0]?.messageKey).toBe('validation.required');
  });
});

describe('unsafeTextIssues', () => {
  it('walks objects and arrays and names each bad string by its path', () => {
    const issues = unsafeTextIssues({ name: 'ok', items: ['fine', { text: 'x\u0000' }], nested: { deep: { note: '\udfff' } }, count: 3, flag: true, none: null });
    expect(issues.map((i) => [i.field, i.messageKey])).toEqual([
      ['items.1.text', 'validation.control_character'],
      ['nested.deep.note', 'validation.lone_surrogate'],
    ]);
  });

  it('checks object keys without repeating the character in the field name', () => {
    const [issue] = unsafeTextIssues({ 'a\u0000b': 'value' });
    expect(issue?.field).toBe('a\\u0000b');
    expect(issue?.field).not.toContain('\u0000');
  });

  it('checks the name of an uploaded file', () => {
    const file = new File(['x'], 'report\u0000.xlsx');
    expect(unsafeTextIssues({ file }).map((i) => i.field)).toEqual(['file']);
    expect(unsafeTextIssues({ file: new File(['\u0000'], 'report.xlsx') })).toEqual([]);
  });

  it('names a bare string by the given path, or "-"', () => {
    expect(unsafeTextIssues('\u0000', 'siteId')[0]?.field).toBe('siteId');
    expect(unsafeTextIssues('\u0000')[0]?.field).toBe('-');
  });

  it('finds nothing in clean input', () => {
    expect(unsafeTextIssues({ a: ['多行\n文本\t'], b: { c: '😀' }, d: new Date(0) })).toEqual([]);
  });
});
