import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../errors.ts';
import { counterScope, formatNumber, parseNumber, renderDate } from './format.ts';
import { defaultNumberingRule, type NumberElement, type NumberingRule } from './rule.ts';

const day = (iso: string) => new Date(iso);
const MARCH_9_2018 = day('2018-03-09T10:00:00Z');
const df = defaultNumberingRule('dfmeaProject');
const custom = (elements: readonly NumberElement[], prefix = 'PN'): NumberingRule => ({
  module: 'program',
  prefix,
  elements,
  allowManual: true,
});

function refusal(fn: () => unknown): InvalidInputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return error as InvalidInputError;
  }
  throw new Error('expected a refusal');
}

describe('renderDate', () => {
  it('renders every format in UTC', () => {
    const date = day('2024-12-31T23:30:00-02:00'); // 2025-01-01 01:30 UTC
    expect(renderDate(date, 'yyMMdd')).toBe('250101');
    expect(renderDate(date, 'yyyyMMdd')).toBe('20250101');
    expect(renderDate(date, 'yyMM')).toBe('2501');
    expect(renderDate(date, 'yyyyMM')).toBe('202501');
    expect(renderDate(date, 'yyyy')).toBe('2025');
  });
});

describe('formatNumber', () => {
  it('writes the spec example DF1803090001 for the first DFMEA project of 2018-03-09', () => {
    expect(formatNumber(df, { date: MARCH_9_2018, serial: 1 })).toBe('DF1803090001');
  });

  it('pads the serial to its digits and fills it completely at the top', () => {
    expect(formatNumber(df, { date: MARCH_9_2018, serial: 42 })).toBe('DF1803090042');
    expect(formatNumber(df, { date: MARCH_9_2018, serial: 9999 })).toBe('DF1803099999');
  });

  it('refuses a serial that overflows its digits', () => {
    const error = refusal(() => formatNumber(df, { date: MARCH_9_2018, serial: 10000 }));
    expect(error.messageKey).toBe('numbering.serial_exhausted');
    expect(error.params).toEqual({ module: 'dfmeaProject', digits: 4, max: 9999 });
  });

  it.each([0, -1, 1.5, Number.NaN, '7'])('refuses the serial %s', (serial) => {
    const error = refusal(() => formatNumber(df, { date: MARCH_9_2018, serial: serial as number }));
    expect(error.messageKey).toBe('numbering.serial_invalid');
    expect(error.params).toEqual({ serial: String(serial) });
  });

  it('refuses an invalid date when the rule has a date part', () => {
    expect(refusal(() => formatNumber(df, { date: new Date('nope'), serial: 1 })).messageKey).toBe('numbering.date_invalid');
    expect(refusal(() => formatNumber(df, { date: '2018-03-09' as never, serial: 1 })).messageKey).toBe('numbering.date_invalid');
    expect(refusal(() => formatNumber(df, { date: day('+010000-01-01T00:00:00Z'), serial: 1 })).messageKey).toBe(
      'numbering.date_invalid',
    );
  });

  it('ignores the date when the rule has no date part', () => {
    const plain = custom([{ kind: 'prefix' }, { kind: 'serial', digits: 5 }]);
    expect(formatNumber(plain, { date: new Date('nope'), serial: 12 })).toBe('PN00012');
  });

  it('places separators and spaces where the rule puts them', () => {
    const dashed = custom([
      { kind: 'prefix' },
      { kind: 'separator', value: '-' },
      { kind: 'date', format: 'yyyy' },
      { kind: 'separator', value: '/' },
      { kind: 'serial', digits: 3 },
      { kind: 'space' },
      { kind: 'separator', value: '.' },
    ]);
    expect(formatNumber(dashed, { date: MARCH_9_2018, serial: 7 })).toBe('PN-2018/007 .');
  });

  it('refuses to format with an invalid rule, listing its issues', () => {
    const error = refusal(() => formatNumber(custom([{ kind: 'prefix' }], 'bad'), { date: MARCH_9_2018, serial: 1 }));
    expect(error.messageKey).toBe('numbering.rule_invalid');
    expect(error.params).toEqual({ module: 'program' });
    expect(error.issues.map((i) => i.messageKey)).toEqual(['numbering.prefix_invalid', 'numbering.serial_count']);
  });
});

describe('counterScope', () => {
  it('restarts the serial every day for a yyMMdd rule', () => {
    expect(counterScope(df, MARCH_9_2018)).toBe('dfmeaProject:180309');
    expect(counterScope(df, day('2018-03-09T23:59:59Z'))).toBe('dfmeaProject:180309');
    expect(counterScope(df, day('2018-03-10T00:00:00Z'))).toBe('dfmeaProject:180310');
  });

  it('follows UTC, not the local day of the caller', () => {
    expect(counterScope(df, day('2018-03-10T01:00:00+08:00'))).toBe('dfmeaProject:180309');
  });

  it('restarts monthly for yyMM and yearly for yyyy', () => {
    const monthly = custom([{ kind: 'prefix' }, { kind: 'date', format: 'yyMM' }, { kind: 'serial', digits: 4 }]);
    const yearly = custom([{ kind: 'prefix' }, { kind: 'date', format: 'yyyy' }, { kind: 'serial', digits: 4 }]);
    expect(counterScope(monthly, day('2018-03-01T00:00:00Z'))).toBe(counterScope(monthly, day('2018-03-31T23:00:00Z')));
    expect(counterScope(monthly, day('2018-04-01T00:00:00Z'))).toBe('program:1804');
    expect(counterScope(yearly, day('2018-12-31T00:00:00Z'))).toBe('program:2018');
  });

  it('keeps one counter per module when the rule has no date', () => {
    const plain = custom([{ kind: 'prefix' }, { kind: 'serial', digits: 5 }]);
    expect(counterScope(plain, MARCH_9_2018)).toBe('program');
  });

  it('refuses an invalid date or rule', () => {
    expect(refusal(() => counterScope(df, new Date(Number.NaN))).messageKey).toBe('numbering.date_invalid');
    expect(refusal(() => counterScope(custom([]), MARCH_9_2018)).messageKey).toBe('numbering.rule_invalid');
  });
});

describe('parseNumber', () => {
  it('reads back the date, serial and counter of a generated number', () => {
    expect(parseNumber(df, 'DF1803090001')).toEqual({
      serial: 1,
      scope: 'dfmeaProject:180309',
      date: day('2018-03-09T00:00:00Z'),
    });
  });

  it('gives the same scope as counterScope for the day of the number', () => {
    const number = formatNumber(df, { date: MARCH_9_2018, serial: 77 });
    expect(parseNumber(df, number)?.scope).toBe(counterScope(df, MARCH_9_2018));
    expect(parseNumber(df, number)?.serial).toBe(77);
  });

  it('round-trips every format with separators', () => {
    for (const format of ['yyMMdd', 'yyyyMMdd', 'yyMM', 'yyyyMM', 'yyyy'] as const) {
      const r = custom([{ kind: 'prefix' }, { kind: 'separator', value: '.' }, { kind: 'date', format }, { kind: 'serial', digits: 6 }]);
      const parsed = parseNumber(r, formatNumber(r, { date: MARCH_9_2018, serial: 123456 }));
      expect(parsed?.serial).toBe(123456);
      expect(parsed?.scope).toBe(counterScope(r, MARCH_9_2018));
    }
  });

  it('gives the first day of the period for month and year formats', () => {
    const monthly = custom([{ kind: 'date', format: 'yyyyMM' }, { kind: 'serial', digits: 3 }]);
    expect(parseNumber(monthly, '201803005')?.date).toEqual(day('2018-03-01T00:00:00Z'));
  });

  it('reads a rule without a date as a serial in the module counter', () => {
    const plain = custom([{ kind: 'prefix' }, { kind: 'serial', digits: 5 }]);
    expect(parseNumber(plain, 'PN00012')).toEqual({ serial: 12, scope: 'program' });
  });

  it.each([
    ['another prefix', 'PF1803090001'],
    ['lowercase prefix', 'df1803090001'],
    ['a digit short', 'DF180309001'],
    ['a digit long', 'DF18030900011'],
    ['letters in the serial', 'DF18030900A1'],
    ['month 13', 'DF1813090001'],
    ['February 30th', 'DF1802300001'],
    ['serial zero', 'DF1803090000'],
    ['surrounding space', ' DF1803090001'],
    ['empty text', ''],
  ])('returns undefined for %s', (_, value) => {
    expect(parseNumber(df, value)).toBeUndefined();
  });

  it('accepts February 29th only in a leap year', () => {
    expect(parseNumber(df, 'DF2002290001')?.date).toEqual(day('2020-02-29T00:00:00Z'));
    expect(parseNumber(df, 'DF2102290001')).toBeUndefined();
  });

  it('escapes separators, so a dot does not match any character', () => {
    const dotted = custom([{ kind: 'prefix' }, { kind: 'separator', value: '.' }, { kind: 'serial', digits: 3 }]);
    expect(parseNumber(dotted, 'PN.001')?.serial).toBe(1);
    expect(parseNumber(dotted, 'PNX001')).toBeUndefined();
  });

  it('refuses to parse with an invalid rule', () => {
    expect(refusal(() => parseNumber(custom([]), 'PN')).messageKey).toBe('numbering.rule_invalid');
  });
});
