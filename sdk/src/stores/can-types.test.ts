import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../api/types.ts';
import { can } from './session.ts';

/**
 * Type-level checks, run by `npm run typecheck`: a page's permission check
 * names a route and a button the work areas define. Each `@ts-expect-error`
 * fails the type check if the line below compiled.
 */
const user = { isAdmin: false, routers: [{ routeName: 'dfmea_index', buttons: ['export'] }] } as unknown as UserInfo;

export const checks = () => [
  can(user, 'dfmea_index', 'export'),
  can(user, 'system_user', 'resetPwd'),
  can(user, 'ownspace_index'),
  // @ts-expect-error a typo in the route
  can(user, 'dfmea_indx', 'export'),
  // @ts-expect-error a work area that is not defined
  can(user, 'retired_index'),
  // @ts-expect-error DFMEA offers no resetPwd button
  can(user, 'dfmea_index', 'resetPwd'),
];

describe('can', () => {
  it('grants a held button and refuses one that is not held', () => {
    expect(checks().slice(0, 3)).toEqual([true, false, false]);
  });
});
