import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRole, findRole, grantRoute, listOperations, listRoles } from '@fmea/core';
import { buildUser } from '@fmea/core/testing';
import { expectInvalid, expectRefused, invalid, openTestApp, plainEngineer, reader, type RouteCall, SCRIPT_TEXT, signedInWith, SQL_TEXT, type TestApp } from '../../testing.ts';

let api: TestApp;
let admin: string;
beforeEach(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
});
afterEach(() => api.dispose());

const post = (path: string, body: unknown, lang?: string) => api.call('POST', path, { token: admin, body, lang });
const save = (body: unknown): RouteCall => ({ method: 'POST', path: '/api/role/save', body });
const grants = (body: unknown): RouteCall => ({ method: 'POST', path: '/api/role/savePermissions', body });
const routesOf = async (token: string) => ((await api.call('GET', '/api/user/info', { token })).body.data.routers as { routeName: string }[]).map((r) => r.routeName);

describe('role and menu routes: who may call them', () => {
  it('refuses every call without a token (401) and without the route (403)', async () => {
    const { token } = await plainEngineer(api);
    const calls: RouteCall[] = [
      { method: 'GET', path: '/api/role/list' },
      save({ name: 'x' }),
      { method: 'POST', path: '/api/role/delete', body: { id: 'x' } },
      grants({ id: 'x', permissions: [] }),
      { method: 'GET', path: '/api/menu/list' },
    ];
    for (const call of calls) await expectRefused(api, call, token);
  });

  it('lets a reader of the role page list roles but not create, update, delete or grant', async () => {
    const { token, role } = await reader(api, 'system_role');
    expect((await api.call('GET', '/api/role/list', { token })).status).toBe(200);
    expect((await api.call('POST', '/api/role/save', { token, body: { name: 'new' } })).status).toBe(403);
    expect((await api.call('POST', '/api/role/save', { token, body: { id: role.id, name: 'renamed' } })).status).toBe(403);
    expect((await api.call('POST', '/api/role/delete', { token, body: { id: role.id } })).status).toBe(403);
    expect((await api.call('POST', '/api/role/savePermissions', { token, body: { id: role.id, permissions: [] } })).status).toBe(403);
    // the role page needs the menu list for its permission tree
    expect((await api.call('GET', '/api/menu/list', { token })).status).toBe(200);
  });

  it('lets the grant button replace permissions without the edit button', async () => {
    const { token } = await signedInWith(api, 'granter', [{ routeName: 'system_role', buttons: ['grant'] }], {}, '1');
    const target = await createRole(api.t.ctx, { name: 'target' });
    expect((await api.call('POST', '/api/role/savePermissions', { token, body: { id: target.id, permissions: [] } })).status).toBe(200);
    expect((await api.call('POST', '/api/role/save', { token, body: { id: target.id, name: 'renamed' } })).status).toBe(403);
  });
});

describe('GET /api/role/list', () => {
  it('lists roles with their type, permissions and number of users', async () => {
    const role = await createRole(api.t.ctx, { name: 'engineer', roleType: '2' });
    await grantRoute(api.t.ctx, role.id, { routeName: 'dfmea_index', buttons: ['add', 'edit'] });
    await buildUser(api.t.ctx, { roles: [role.id] });
    const res = await api.call('GET', '/api/role/list', { token: admin });
    expect(res.status).toBe(200);
    const byName = new Map(res.body.data.map((r: { name: string }) => [r.name, r]));
    expect(byName.get('admin')).toMatchObject({ isDefault: true, userCount: 1 });
    expect(byName.get('engineer')).toMatchObject({ roleType: '2', userCount: 1, isDefault: false, permissions: [{ routeName: 'dfmea_index', buttons: ['add', 'edit'] }] });
  });
});

describe('POST /api/role/save', () => {
  it('creates a role without an id and updates it with one, logging both', async () => {
    const created = await post('/api/role/save', { name: ' auditor ', nameEn: 'Auditor', roleType: '3', productTypes: ['car'], createTime: 'x' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'auditor', nameEn: 'Auditor', roleType: '3', productTypes: ['car'], userCount: 0, permissions: [] });
    const id = created.body.data.id;
    const updated = await post('/api/role/save', { id, name: 'reviewer' });
    expect(updated.body.data).toMatchObject({ id, name: 'reviewer', roleType: '3' });
    expect((await listRoles(api.t.ctx)).find((r) => r.id === id)).toMatchObject({ name: 'reviewer', nameEn: 'Auditor' });
    const log = await listOperations(api.t.ctx, { entity: 'role', entityId: id });
    expect(log.items.map((e) => e.action)).toEqual(['role.update', 'role.create']);
    expect(log.items[0]).toMatchObject({ userName: 'admin', before: { name: 'auditor' }, after: { name: 'reviewer' } });
  });

  it('stores script- and SQL-like names verbatim', async () => {
    expect((await post('/api/role/save', { name: SCRIPT_TEXT })).body.data.name).toBe(SCRIPT_TEXT);
    expect((await post('/api/role/save', { name: SQL_TEXT })).body.data.name).toBe(SQL_TEXT);
    expect((await listRoles(api.t.ctx)).map((r) => r.name)).toEqual(expect.arrayContaining([SCRIPT_TEXT, SQL_TEXT]));
  });

  it('refuses a duplicate name (409) and an unknown id (404)', async () => {
    await createRole(api.t.ctx, { name: 'taken' });
    const dup = await post('/api/role/save', { name: 'taken' }, 'en-US');
    expect(dup.status).toBe(409);
    expect(dup.body.meta.message).toBe('A role named "taken" already exists');
    expect((await post('/api/role/save', { name: 'taken' })).body.meta.message).toBe('角色名称“taken”已存在');
    const unknown = await post('/api/role/save', { id: 'nope', name: 'x' }, 'en-US');
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe('Role not found: nope');
  });

  it('refuses a missing or over-long name and an unknown role type', async () => {
    await expectInvalid(api, save({}), admin, invalid('名称为必填项', 'Name is required'));
    await expectInvalid(api, save({ name: 'x'.repeat(201) }), admin, invalid('名称最多 200 个字符', 'Name can be at most 200 characters long'));
    await expectInvalid(
      api,
      save({ name: 'x', roleType: '9' }),
      admin,
      invalid('角色类型只能是以下之一：0, 1, 2, 3', 'Role type must be one of: 0, 1, 2, 3'),
    );
  });
});

describe('POST /api/role/delete', () => {
  it('protects the default role', async () => {
    const res = await post('/api/role/delete', { id: (await findRole(api.t.db, 'admin')).id }, 'en-US');
    expect(res.status).toBe(409);
    expect(res.body.meta.message).toBe('The default role cannot be deleted');
    expect((await post('/api/role/delete', { id: 'admin' })).body.meta.message).toBe('默认角色不能删除');
  });

  it('asks for confirmation while users hold the role, then deletes it and their grants end at once', async () => {
    const { token, role } = await signedInWith(api, 'holder', [{ routeName: 'system_log', buttons: [] }]);
    expect(await routesOf(token)).toContain('system_log');
    const ask = await post('/api/role/delete', { id: role.id }, 'en-US');
    expect(ask.status).toBe(409);
    expect(ask.body.meta.message).toBe('1 user still holds this role; confirm to delete it');
    expect((await post('/api/role/delete', { id: role.id })).body.meta.message).toBe('该角色下还有 1 个用户，请确认后再删除');
    expect((await post('/api/role/delete', { id: role.id, confirm: false })).status).toBe(409);
    const done = await post('/api/role/delete', { id: role.id, confirm: true });
    expect(done.status).toBe(200);
    expect((await listRoles(api.t.ctx)).map((r) => r.name)).not.toContain(role.name);
    expect(await routesOf(token)).not.toContain('system_log');
    expect((await listOperations(api.t.ctx, { action: 'role.delete', entityId: role.id })).items[0]).toMatchObject({ before: { name: role.name } });
  });

  it('answers 404 for an unknown role and 400 for a confirm that is not a boolean', async () => {
    expect((await post('/api/role/delete', { id: 'nope' })).status).toBe(404);
    const role = await createRole(api.t.ctx, { name: 'r' });
    await expectInvalid(
      api,
      { method: 'POST', path: '/api/role/delete', body: { id: role.id, confirm: 'yes' } },
      admin,
      invalid('确认只能是 true 或 false', 'Confirmation must be true or false'),
    );
  });
});

describe('POST /api/role/savePermissions', () => {
  it('replaces the whole configuration, which takes effect at once for the role’s users', async () => {
    const { token, role } = await signedInWith(api, 'worker', [{ routeName: 'dfmea_index', buttons: ['add'] }]);
    expect(await routesOf(token)).toContain('dfmea_index');
    const res = await post('/api/role/savePermissions', { id: role.id, permissions: [{ routeName: 'system_user', buttons: ['edit', 'lock'] }] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ routeName: 'system_user', buttons: ['edit', 'lock'] }]);
    const routes = await routesOf(token);
    expect(routes).toContain('system_user');
    expect(routes).not.toContain('dfmea_index');
    const log = await listOperations(api.t.ctx, { action: 'role.permissions', entityId: role.id });
    expect(log.items[0]).toMatchObject({
      userName: 'admin',
      before: [expect.objectContaining({ routeName: 'dfmea_index', buttons: ['add'] })],
      after: [{ routeName: 'system_user', buttons: ['edit', 'lock'] }],
    });
  });

  it('refuses unknown routes and buttons a route does not offer, changing nothing', async () => {
    const role = await createRole(api.t.ctx, { name: 'r' });
    await grantRoute(api.t.ctx, role.id, { routeName: 'dfmea_index', buttons: [] });
    await expectInvalid(api, grants({ id: role.id, permissions: [{ routeName: 'nowhere', buttons: [] }] }), admin, { zh: '未知的路由：nowhere', en: 'Unknown route: nowhere' });
    // a work area that is not built is not defined, so not grantable
    await expectInvalid(api, grants({ id: role.id, permissions: [{ routeName: 'retired_index', buttons: [] }] }), admin, { zh: '未知的路由：retired_index', en: 'Unknown route: retired_index' });
    await expectInvalid(api, grants({ id: role.id, permissions: [{ routeName: 'system_log', buttons: ['del'] }] }), admin, {
      zh: '路由 system_log 没有按钮 del',
      en: 'Route system_log has no button del',
    });
    await expectInvalid(api, grants({ id: role.id, permissions: 'all' }), admin, invalid('权限必须是列表', 'Permissions must be a list'));
    expect((await listRoles(api.t.ctx)).find((r) => r.id === role.id)!.permissions).toEqual([{ routeName: 'dfmea_index', buttons: [] }]);
    expect((await post('/api/role/savePermissions', { id: 'nope', permissions: [] })).status).toBe(404);
  });
});

describe('GET /api/menu/list', () => {
  it('lists every menu with the buttons it offers, parents first', async () => {
    const res = await api.call('GET', '/api/menu/list', { token: admin });
    expect(res.status).toBe(200);
    const menus = res.body.data as { routeName: string; parentRouteName: string | null; buttons: string[] }[];
    expect(menus.find((m) => m.routeName === 'system_user')).toMatchObject({
      parentRouteName: 'system_index',
      buttons: ['add', 'edit', 'del', 'import', 'export', 'resetPwd', 'lock'],
    });
    expect(menus.find((m) => m.routeName === 'system_role')!.buttons).toEqual(['add', 'edit', 'del', 'grant']);
    expect(menus.findIndex((m) => m.routeName === 'system_index')).toBeLessThan(menus.findIndex((m) => m.routeName === 'system_user'));
    const { token } = await signedInWith(api, 'roles', [{ routeName: 'system_role', buttons: [] }]);
    expect((await api.call('GET', '/api/menu/list', { token })).body.data).toHaveLength(menus.length);
  });
});
