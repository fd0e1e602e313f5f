import { describe, expect, it } from 'vitest';
import { controlStatusOf, coverageOf } from './status.ts';

describe('DVP status beside a control', () => {
  it('a failed test outweighs a passed one, an open one a passed one, and no test is none', () => {
    expect(controlStatusOf([])).toBe('none');
    expect(controlStatusOf(['qualified', 'unqualified'])).toBe('unqualified');
    expect(controlStatusOf([null, 'unqualified'])).toBe('unqualified');
    expect(controlStatusOf(['qualified', null])).toBe('planned');
    expect(controlStatusOf(['qualified', 'notInvolved'])).toBe('qualified');
    expect(controlStatusOf(['notInvolved'])).toBe('notInvolved');
  });

  it('counts coverage per control, not per test', () => {
    expect(coverageOf([[], ['qualified', 'qualified'], ['unqualified', 'qualified'], [null], ['notInvolved']])).toEqual({ controls: 5, tested: 4, qualified: 1, unqualified: 1, open: 1 });
  });
});
