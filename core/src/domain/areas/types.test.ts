import { describe, expect, it } from 'vitest';
import { defineArea, type ButtonIn, type ButtonOf, type RouteName, type RouteNameIn } from './index.ts';

/**
 * Type-level checks, run by `npm run typecheck`: a route or button name that
 * no area defines does not compile. Each `@ts-expect-error` fails the type
 * check if the line below it were accepted.
 */
export const route: RouteName = 'system_user';
export const button: ButtonOf<'system_user'> = 'resetPwd';
export const either: ButtonOf<'system_site' | 'system_user'> = 'lock';
// @ts-expect-error a work area that is not defined
export const undefinedArea: RouteName = 'retired_index';
// @ts-expect-error a typo
export const typo: RouteName = 'system_usr';
// @ts-expect-error the operation log offers export only
export const notOffered: ButtonOf<'system_log'> = 'del';
// @ts-expect-error the home page offers no buttons
export const noButtons: ButtonOf<'home_index'> = 'edit';

// a pretend area: one definition, and its routes and buttons are typed
const pretend = defineArea({
  id: 'pretend',
  routeName: 'pretend_index',
  basePath: '/main/pretend',
  title: { 'zh-CN': '试验', 'en-US': 'Pretend' },
  icon: 'pretend',
  sort: 1,
  buttons: ['add'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'subNav',
  pages: [{ microRoute: 'b', routeName: 'pretend_b', title: { 'zh-CN': '乙', 'en-US': 'B' }, buttons: ['approve'], listed: true }],
});
type Pretend = readonly [typeof pretend];
export const pretendPage: RouteNameIn<Pretend> = 'pretend_b';
export const pretendButton: ButtonIn<Pretend, 'pretend_b'> = 'approve';
// @ts-expect-error the area's own button is not the page's
export const pretendWrong: ButtonIn<Pretend, 'pretend_b'> = 'add';

describe('typed route and button names', () => {
  it('are plain strings at run time', () => {
    expect([route, button, either, pretendPage, pretendButton]).toEqual(['system_user', 'resetPwd', 'lock', 'pretend_b', 'approve']);
  });
});
