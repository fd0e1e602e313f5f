import { describe, expect, it } from 'vitest';
import { checkExactlyOneResponsible, checkFrequencyRatios, checkSortValues } from './lists.ts';

describe('checkSortValues', () => {
  it('accepts distinct positive integers in any order', () => {
    expect(checkSortValues([{ sort: 3 }, { sort: 1 }, { sort: 2 }])).toEqual([]);
    expect(checkSortValues([])).toEqual([]);
  });

  it.each([0, -1, 1.5, Number.NaN, '2', null, undefined])('refuses the sort value %j on its row', (sort) => {
    expect(checkSortValues([{ sort: 1 }, { id: 'b', sort }])).toEqual([
      {
        messageKey: 'validation.sort_positive_integer',
        field: 'sort',
        row: 2,
        params: { field: 'sort', value: String(sort) },
      },
    ]);
  });

  it('refuses a repeated value on every row after the first', () => {
    const issues = checkSortValues([{ sort: 1 }, { sort: 2 }, { sort: 1 }, { sort: 1 }], { field: 'priority' });
    expect(issues).toEqual([
      { messageKey: 'validation.sort_duplicate', field: 'priority', row: 3, params: { field: 'priority', value: 1 } },
      { messageKey: 'validation.sort_duplicate', field: 'priority', row: 4, params: { field: 'priority', value: 1 } },
    ]);
  });

  it('lets values repeat when shared order is allowed, but still wants positive integers', () => {
    expect(checkSortValues([{ sort: 1 }, { sort: 1 }], { allowShared: true })).toEqual([]);
    expect(checkSortValues([{ sort: 1 }, { sort: 0 }], { allowShared: true })[0]?.messageKey).toBe(
      'validation.sort_positive_integer',
    );
  });
});

describe('checkExactlyOneResponsible', () => {
  it('accepts one responsible person among design members', () => {
    expect(
      checkExactlyOneResponsible([
        { userId: 'u1', role: 0 },
        { userId: 'u2', role: 1 },
        { userId: 'u3', role: 2 },
      ]),
    ).toEqual([]);
  });

  it('accepts one responsible person among process members with role lists', () => {
    expect(
      checkExactlyOneResponsible([
        { userId: 'u1', role: [1, 0] },
        { userId: 'u2', role: [1, 4] },
      ]),
    ).toEqual([]);
  });

  it('refuses a team without a responsible person, or an empty team', () => {
    const missing = [{ messageKey: 'validation.responsible_missing', field: 'members', params: { field: 'members' } }];
    expect(checkExactlyOneResponsible([{ userId: 'u1', role: 1 }, { userId: 'u2', role: [] }])).toEqual(missing);
    expect(checkExactlyOneResponsible([])).toEqual(missing);
  });

  it('refuses two responsible people, counting them', () => {
    expect(
      checkExactlyOneResponsible([
        { userId: 'u1', role: 0 },
        { userId: 'u2', role: [0, 1] },
      ]),
    ).toEqual([
      { messageKey: 'validation.responsible_multiple', field: 'members', params: { field: 'members', count: 2 } },
    ]);
  });

  it('refuses a user listed twice, once per user, without also reporting two responsible people', () => {
    expect(
      checkExactlyOneResponsible([
        { userId: 'u1', role: 0 },
        { userId: 'u1', role: 0 },
        { userId: 'u1', role: 1 },
        { userId: 'u2', role: 1 },
      ]),
    ).toEqual([{ messageKey: 'validation.member_duplicate', field: 'members', params: { field: 'members', userId: 'u1' } }]);
  });

  it('looks for another role when told which one is responsible', () => {
    expect(checkExactlyOneResponsible([{ userId: 'u1', role: 3 }], 3)).toEqual([]);
    expect(checkExactlyOneResponsible([{ userId: 'u1', role: 0 }], 3)[0]?.messageKey).toBe('validation.responsible_missing');
  });
});

describe('checkFrequencyRatios', () => {
  it('accepts ratios that total at most 1 per function, float noise included', () => {
    expect(
      checkFrequencyRatios([
        { functionId: 'f1', ratio: 0.1 },
        { functionId: 'f1', ratio: 0.2 },
        { functionId: 'f1', ratio: 0.7 },
        { functionId: 'f2', ratio: 1 },
        { functionId: 'f3', ratio: 0 },
      ]),
    ).toEqual([]);
  });

  it('refuses a function whose ratios total more than 1, with the rounded sum', () => {
    expect(
      checkFrequencyRatios([
        { functionId: 'f1', ratio: 0.6 },
        { functionId: 'f2', ratio: 0.9 },
        { functionId: 'f1', ratio: 0.6 },
      ]),
    ).toEqual([
      {
        messageKey: 'validation.frequency_ratio_sum',
        field: 'ratio',
        params: { field: 'ratio', functionId: 'f1', sum: 1.2 },
      },
    ]);
  });

  it('refuses a sum only just above 1', () => {
    expect(checkFrequencyRatios([{ functionId: 'f1', ratio: 0.5 }, { functionId: 'f1', ratio: 0.501 }])[0]?.messageKey).toBe(
      'validation.frequency_ratio_sum',
    );
  });

  it.each([-0.1, 1.01, Number.NaN, Number.POSITIVE_INFINITY, '0.5'])('refuses the ratio %j on its row and leaves it out of the sum', (ratio) => {
    expect(
      checkFrequencyRatios([
        { functionId: 'f1', ratio: 0.9 },
        { functionId: 'f1', ratio: ratio as number },
      ]),
    ).toEqual([
      {
        messageKey: 'validation.frequency_ratio_range',
        field: 'ratio',
        row: 2,
        params: { field: 'ratio', functionId: 'f1', value: String(ratio) },
      },
    ]);
  });
});
