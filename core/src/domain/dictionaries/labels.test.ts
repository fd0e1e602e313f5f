import { describe, expect, it } from 'vitest';
import { dictionaryLabel, isDictionaryFallback, matchDictionaryItem } from './labels.ts';

const stages = [
  { code: '1', name: '概念', enName: 'Concept' },
  { code: '2', name: 'A样', enName: 'A sample' },
  { code: '3', name: 'B样', enName: 'B sample' },
  { code: '9', name: '自定义', enName: '' },
];

describe('dictionary labels', () => {
  it('shows the English name in English and the Chinese name otherwise', () => {
    expect(dictionaryLabel(stages[1]!, 'en-US')).toBe('A sample');
    expect(dictionaryLabel(stages[1]!, 'zh-CN')).toBe('A样');
  });

  it('falls back to the Chinese name in English when an item has no English name', () => {
    expect(dictionaryLabel(stages[3]!, 'en-US')).toBe('自定义');
    expect(isDictionaryFallback(stages[3]!, 'en-US')).toBe(true);
    expect(isDictionaryFallback(stages[3]!, 'zh-CN')).toBe(false);
    expect(isDictionaryFallback(stages[1]!, 'en-US')).toBe(false);
  });
});

describe('naming a dictionary item', () => {
  it('finds an item by its code or by its name in either language, ignoring case, spaces and full-width forms', () => {
    expect(matchDictionaryItem(stages, '3')?.code).toBe('3');
    expect(matchDictionaryItem(stages, 'B样')?.code).toBe('3');
    expect(matchDictionaryItem(stages, ' b SAMPLE ')?.code).toBe('3');
    expect(matchDictionaryItem(stages, 'Ａ样')?.code).toBe('2');
  });

  it('finds nothing for an unknown or blank text', () => {
    expect(matchDictionaryItem(stages, 'D sample')).toBeUndefined();
    expect(matchDictionaryItem(stages, '  ')).toBeUndefined();
    expect(matchDictionaryItem(stages, '')).toBeUndefined(); // '' is not the code of an item without English name
  });

  it('lets a label win over a code when asked (a workbook names items, a caller sends codes)', () => {
    const odd = [
      { code: '1', name: '2', enName: '' },
      { code: '2', name: 'Two', enName: '' },
    ];
    expect(matchDictionaryItem(odd, '2', 'code')?.code).toBe('2');
    expect(matchDictionaryItem(odd, '2', 'label')?.code).toBe('1');
  });
});
