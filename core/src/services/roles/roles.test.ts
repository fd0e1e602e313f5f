import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { findUserRow } from '../users/users.ts';
import { createRole, deleteRole, grantRoute, listRoles, setRolePermissions } from './roles.ts';
import { permittedRoutes } from './routers.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.dispose());

describe('roles and permitted routes', () => {
  it('gives a role only the routes and buttons granted, plus the personal routes', async () => {
    await createRole(t.ctx, { name: 'dfmea-engineer' });
    await grantRoute(t.ctx, 'dfmea-engineer', { routeName: 'dfmea_index', buttons: ['add', 'edit'] });
    const user = await buildUser(t.ctx, { roles: ['dfmea-engineer'] });
    const routes = await permittedRoutes(t.db, user.id);
    const names = routes.map((r) => r.routeName);
    expect(names).toContain('dfmea_index');
    expect(names).toContain('resetPwd_index');
    expect(names).not.toContain('system_index');
    expect(routes.find((r) => r.routeName === 'dfmea_index')!.buttons.sort()).toEqual(['add', 'edit']);
  });

  it('gives the admin role every route with every button', async () => {
    const admin = await findUserRow(t.db, 'admin');
    const routes = await permittedRoutes(t.db, admin.id);
    expect(routes.find((r) => r.routeName === 'system_user')!.buttons).toEqual(expect.arrayContaining(['add', 'del', 'resetPwd']));
  });

  it('refuses an unknown route or a button the route does not offer', async () => {
    await createRole(t.ctx, { name: 'r' });
    await expect(grantRoute(t.ctx, 'r', { routeName: 'nowhere', buttons: [] })).rejects.toMatchObject({ messageKey: 'role.unknown_route' });
    // an area that is not built yet is not defined, so it cannot be granted
    await expect(grantRoute(t.ctx, 'r', { routeName: 'retired_index', buttons: [] })).rejects.toMatchObject({ messageKey: 'role.unknown_route' });
    await expect(setRolePermissions(t.ctx, 'r', [{ routeName: 'system_log', buttons: ['del'] }])).rejects.toMatchObject({
      messageKey: 'role.unknown_button',
    });
  });

  it('replaces a whole permission configuration', async () => {
    await createRole(t.ctx, { name: 'r' });
    await grantRoute(t.ctx, 'r', { routeName: 'dfmea_index', buttons: ['add'] });
    await setRolePermissions(t.ctx, 'r', [{ routeName: 'system_log', buttons: ['export'] }]);
    const role = (await listRoles(t.ctx)).find((x) => x.name === 'r')!;
    expect(role.permissions).toEqual([{ routeName: 'system_log', buttons: ['export'] }]);
  });

  it('refuses a duplicate role name', async () => {
    await createRole(t.ctx, { name: 'dup' });
    await expect(createRole(t.ctx, { name: ' dup ' })).rejects.toMatchObject({ messageKey: 'role.name_duplicate' });
  });

  it('protects the default role and asks before deleting a role that has users', async () => {
    await expect(deleteRole(t.ctx, 'admin')).rejects.toMatchObject({ messageKey: 'role.default_protected' });
    await createRole(t.ctx, { name: 'held' });
    await buildUser(t.ctx, { roles: ['held'] });
    await expect(deleteRole(t.ctx, 'held')).rejects.toMatchObject({ messageKey: 'role.has_users', params: { count: 1 } });
    await deleteRole(t.ctx, 'held', { confirm: true });
    expect((await listRoles(t.ctx)).map((r) => r.name)).not.toContain('held');
  });
});
