import { describe, expect, it } from 'vitest';
import type { Access } from './authenticate.ts';
import { defineRoute, z } from './route.ts';
import { assertAccess, requireButton, saveAccess } from './access.ts';

/**
 * Type-level checks, run by `npm run typecheck`: the access of a route names
 * routes and buttons the work areas define (core/src/domain/areas). Each
 * `@ts-expect-error` fails the type check if the line below compiled.
 */
const route = (access: Access) => defineRoute({ method: 'get', path: '/x', tag: 't', summary: 's', access, data: z.null() });
const typed = defineRoute({ method: 'get', path: '/x', tag: 't', summary: 's', access: { route: 'system_user', button: 'del' }, data: z.null() });
const listed = defineRoute({ method: 'get', path: '/x', tag: 't', summary: 's', access: { route: ['system_site', 'system_user'], button: ['edit', 'lock'] }, data: z.null() });
const saved = defineRoute({ method: 'post', path: '/x', tag: 't', summary: 's', access: saveAccess('system_site'), data: z.null() });

// @ts-expect-error a typo in the route
defineRoute({ method: 'get', path: '/x', tag: 't', summary: 's', access: { route: 'system_usr' }, data: z.null() });
// @ts-expect-error a button the operation log does not offer
defineRoute({ method: 'get', path: '/x', tag: 't', summary: 's', access: { route: 'system_log', button: 'del' }, data: z.null() });
// @ts-expect-error a work area that is not defined yet
defineRoute({ method: 'get', path: '/x', tag: 't', summary: 's', access: { route: ['dfmea_index', 'retired_index'] }, data: z.null() });
// @ts-expect-error the security page offers no add button, so it has no save access
defineRoute({ method: 'post', path: '/x', tag: 't', summary: 's', access: saveAccess('system_security'), data: z.null() });

export function handlerChecks(c: Parameters<typeof assertAccess>[0]) {
  requireButton(c, 'system_user', 'resetPwd');
  // @ts-expect-error roles offer grant, not resetPwd
  requireButton(c, 'system_role', 'resetPwd');
  assertAccess(c, { route: 'system_notice', button: 'publish' });
  // @ts-expect-error a typo in the button
  assertAccess(c, { route: 'system_notice', button: 'publsh' });
}

describe('typed access', () => {
  it('reaches the OpenAPI document unchanged', () => {
    expect((typed as unknown as Record<string, unknown>)['x-access']).toEqual({ route: 'system_user', button: 'del' });
    expect((listed as unknown as Record<string, unknown>)['x-access']).toEqual({ route: ['system_site', 'system_user'], button: ['edit', 'lock'] });
    expect((saved as unknown as Record<string, unknown>)['x-access']).toEqual({ route: 'system_site', button: ['add', 'edit'] });
    expect(route('user')).toMatchObject({ 'x-access': 'user' });
  });
});
