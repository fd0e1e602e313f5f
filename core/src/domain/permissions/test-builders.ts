import type { Actor } from './actor.ts';

/** Test builder: an ordinary user; ids are derived from the name so tests never share fixed ids. */
export function buildActor(overrides: Partial<Actor> = {}): Actor {
  const userName = overrides.userName ?? 'engineer';
  return {
    userId: `id-${userName}`,
    userName,
    isAdmin: false,
    roleTypes: ['2'],
    productTypes: [],
    ...overrides,
  };
}
