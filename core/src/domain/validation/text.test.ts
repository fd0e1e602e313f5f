import { describe, expect, it } from 'vitest';
import { SHORT_TEXT_LIMIT, TEXT_LIMIT, checkIdentifier, checkText, checkUniqueName } from './text.ts';

describe('checkText', () => {
  it('uses the spec limits of 200 and 20 characters', () => {
    expect(TEXT_LIMIT).toBe(200);
    expect(SHORT_TEXT_LIMIT).toBe(20);
  });

  it('accepts a missing or empty optional text', () => {
    expect(checkText(undefined, { field: 'remark' })).toEqual([]);
    expect(checkText(null, { field: 'remark' })).toEqual([]);
    expect(checkText('', { field: 'remark' })).toEqual([]);
    expect(checkText('   ', { field: 'remark' })).toEqual([]);
  });

  it.each([undefined, null, '', '  \t\n '])('refuses %j when the text is required', (value) => {
    expect(checkText(value, { field: 'description', required: true })).toEqual([
      { messageKey: 'validation.required', field: 'description', params: { field: 'description' } },
    ]);
  });

  it('accepts exactly 200 characters and refuses 201', () => {
    expect(checkText('a'.repeat(200), { field: 'name' })).toEqual([]);
    expect(checkText('a'.repeat(201), { field: 'name' })).toEqual([
      { messageKey: 'validation.too_long', field: 'name', params: { field: 'name', max: 200 } },
    ]);
  });

  it('counts each Chinese character, and each emoji, as one', () => {
    expect(checkText('失'.repeat(200), { field: 'name' })).toEqual([]);
    expect(checkText('😀'.repeat(20), { field: 'code', max: SHORT_TEXT_LIMIT })).toEqual([]);
    expect(checkText('😀'.repeat(21), { field: 'code', max: SHORT_TEXT_LIMIT })).toEqual([
      { messageKey: 'validation.too_long', field: 'code', params: { field: 'code', max: 20 } },
    ]);
  });

  it('applies a custom limit', () => {
    expect(checkText('abcd', { field: 'code', max: 3 })[0]?.messageKey).toBe('validation.too_long');
  });

  it.each([42, true, {}, ['a']])('refuses the non-text value %j', (value) => {
    expect(checkText(value, { field: 'name', required: true })).toEqual([
      { messageKey: 'validation.not_text', field: 'name', params: { field: 'name' } },
    ]);
  });
});

describe('checkIdentifier', () => {
  it('accepts English letters in any case', () => {
    expect(checkIdentifier('partNumber', ['other'], { field: 'identifier' })).toEqual([]);
  });

  it.each(['', 'part_number', 'part1', 'part number', 'Bauteilgröße', '零件', 42])('refuses %j', (value) => {
    expect(checkIdentifier(value, [], { field: 'identifier' })).toEqual([
      { messageKey: 'validation.identifier_letters_only', field: 'identifier', params: { field: 'identifier' } },
    ]);
  });

  it('refuses an identifier that exists already, ignoring case', () => {
    expect(checkIdentifier('PartNumber', ['partnumber'], { field: 'identifier' })).toEqual([
      {
        messageKey: 'validation.identifier_duplicate',
        field: 'identifier',
        params: { field: 'identifier', value: 'PartNumber' },
      },
    ]);
  });
});

describe('checkUniqueName', () => {
  it('accepts a new name', () => {
    expect(checkUniqueName('Quality', ['Design', 'Process'], { field: 'roleName' })).toEqual([]);
  });

  it('refuses a name that exists after trimming both sides', () => {
    expect(checkUniqueName('  Quality ', ['Design', 'Quality  '], { field: 'roleName' })).toEqual([
      { messageKey: 'validation.duplicate_name', field: 'roleName', params: { field: 'roleName', value: 'Quality' } },
    ]);
  });

  it('compares exactly otherwise, so case and inner spaces make a different name', () => {
    expect(checkUniqueName('quality', ['Quality'], { field: 'roleName' })).toEqual([]);
    expect(checkUniqueName('Quality  team', ['Quality team'], { field: 'roleName' })).toEqual([]);
  });

  it('leaves blank and non-text names to checkText', () => {
    expect(checkUniqueName('  ', ['', ' '], { field: 'roleName' })).toEqual([]);
    expect(checkUniqueName(undefined, ['x'], { field: 'roleName' })).toEqual([]);
  });
});
