import { describe, expect, it } from 'vitest';
import { doubledRoles, isOwnApplication } from './separation.ts';

describe('separation of duties', () => {
  it('tells an application the actor made themselves', () => {
    expect(isOwnApplication('u1', 'u1')).toBe(true);
    expect(isOwnApplication('u1', 'u2')).toBe(false);
    expect(isOwnApplication(null, 'u1')).toBe(false);
    // the system operator (no user) is never the applicant
    expect(isOwnApplication('', '')).toBe(false);
  });

  it('names every role a person holds beside an earlier one', () => {
    const roles = ['professional', 'quality', 'technical', 'countersign'] as const;
    expect(doubledRoles({ professional: 'a', quality: 'b', technical: 'c', countersign: 'd' }, roles)).toEqual([]);
    expect(doubledRoles({ professional: 'a', quality: 'b', technical: 'a', countersign: 'a' }, roles)).toEqual([
      { role: 'technical', heldAs: 'professional', userId: 'a' },
      { role: 'countersign', heldAs: 'professional', userId: 'a' },
    ]);
  });
});
