// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { withResponsible } from './ProjectDialog.tsx';

describe('choosing the responsible person', () => {
  it('gives a design team one responsible with role 0 alone; the former one leaves when it was their only role', () => {
    const team = [
      { userId: 'a', roles: [0] },
      { userId: 'b', roles: [1] },
    ];
    expect(withResponsible(team, 'b', 'design')).toEqual([
      { userId: 'b', roles: [0] },
    ]);
  });

  it('lets a process member keep their other roles beside 0, and the former responsible keep theirs', () => {
    const team = [
      { userId: 'a', roles: [0, 4] },
      { userId: 'b', roles: [1, 3] },
    ];
    expect(withResponsible(team, 'b', 'process')).toEqual([
      { userId: 'b', roles: [0, 1, 3] },
      { userId: 'a', roles: [4] },
    ]);
    // a user not yet in the team joins as responsible
    expect(withResponsible(team, 'c', 'process')[0]).toEqual({ userId: 'c', roles: [0] });
  });
});
