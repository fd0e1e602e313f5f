import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createDepartment,
  createRole,
  createSite,
  createUser,
  findUserRow,
  getUser,
  listOperations,
  schema,
  verifyPassword,
  type Site,
} from '@fmea/core';
import { buildRole, buildUser } from '@fmea/core/testing';
import { expectInvalid, expectRefused, invalid, openTestApp, plainEngineer, reader, type RouteCall, SCRIPT_TEXT, signedInWith, SQL_TEXT, TEST_PASSWORD, type TestApp, watchSocket } from '../../testing.ts';

let api: TestApp;
let admin: string;
let hq: Site;
beforeEach(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
  hq = (await api.t.db.select().from(schema.site).get())!;
});
afterEach(() => api.dispose());

const save = (body: unknown): RouteCall => ({ method: 'POST', path: '/api/user/saveUser', body });
const saveAsAdmin = (body: unknown, lang?: string) => api.call('POST', '/api/user/saveUser', { token: admin, body, lang });
const userInfo = async (id: string) => (await api.call('POST', '/api/user/getUserInfo', { token: admin, body: { id } })).body.data;

describe('user administration routes: who may call them', () => {
  it('refuses every call without a token (401) and without the system_user route (403)', async () => {
    const { token } = await plainEngineer(api);
    const calls: RouteCall[] = [
      { method: 'POST', path: '/api/user/sysUserList', body: {} },
      { method: 'POST', path: '/api/user/getUserInfo', body: { id: 'x' } },
      save({ userName: 'x' }),
      { method: 'POST', path: '/api/user/deleteUser', body: { id: 'x' } },
      { method: 'POST', path: '/api/user/checkUserName', body: { userName: 'x' } },
    ];
    for (const call of calls) await expectRefused(api, call, token);
  });

  it('lets a reader list and read users but not create, update or delete them', async () => {
    const { token, user } = await reader(api, 'system_user');
    expect((await api.call('POST', '/api/user/sysUserList', { token, body: {} })).status).toBe(200);
    expect((await api.call('POST', '/api/user/getUserInfo', { token, body: { id: user.id } })).status).toBe(200);
    expect((await api.call('POST', '/api/user/checkUserName', { token, body: { userName: 'free' } })).status).toBe(200);
    expect((await api.call('POST', '/api/user/saveUser', { token, body: { userName: 'new' } })).status).toBe(403);
    expect((await api.call('POST', '/api/user/saveUser', { token, body: { id: user.id, userName: user.userName, realName: 'me' } })).status).toBe(403);
    expect((await api.call('POST', '/api/user/deleteUser', { token, body: { id: user.id } })).status).toBe(403);
  });
});

describe('POST /api/user/sysUserList', () => {
  beforeEach(async () => {
    await createSite(api.t.ctx, { name: 'Wuhan' });
    for (let i = 1; i <= 11; i++) await createUser(api.t.ctx, { userName: `u${String(i).padStart(2, '0')}`, realName: `用户${i}`, password: TEST_PASSWORD });
    await createUser(api.t.ctx, { userName: 'wuhan.one', realName: '武汉', password: TEST_PASSWORD, site: 'Wuhan' });
  });

  it('answers page 1 of 10 by default, with the total, and never a password', async () => {
    const res = await api.call('POST', '/api/user/sysUserList', { token: admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 13, page: 1, limit: 10 });
    expect(res.body.data.items).toHaveLength(10);
    expect(res.body.data.items[0]).toMatchObject({ userName: 'admin', isDefault: true, roleNames: ['admin'], siteName: '总部' });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|userPwd/);
  });

  it('pages, searches and filters by site', async () => {
    const second = await api.call('POST', '/api/user/sysUserList', { token: admin, body: { page: 2, limit: 10 } });
    expect(second.body.data.items.map((u: { userName: string }) => u.userName)).toEqual(['u10', 'u11', 'wuhan.one']);
    const search = await api.call('POST', '/api/user/sysUserList', { token: admin, body: { searchKey: '用户1' } });
    expect(search.body.data.items.map((u: { userName: string }) => u.userName)).toEqual(['u01', 'u10', 'u11']);
    const site = await api.call('POST', '/api/user/sysUserList', { token: admin, body: { siteId: 'Wuhan' } });
    expect(site.body.data.items.map((u: { userName: string }) => u.userName)).toEqual(['wuhan.one']);
  });

  it('refuses a page below 1 and a limit that is not a number', async () => {
    const call = (body: unknown): RouteCall => ({ method: 'POST', path: '/api/user/sysUserList', body });
    await expectInvalid(api, call({ page: 0 }), admin, invalid('页码不能小于 1', 'Page must be at least 1'));
    await expectInvalid(api, call({ limit: '10' }), admin, invalid('每页条数必须是数字', 'Rows per page must be a number'));
  });
});

describe('POST /api/user/getUserInfo', () => {
  it('answers one user with roles, site and department, never the password', async () => {
    const d = await createDepartment(api.t.ctx, { site: hq.id, number: 'D1', name: 'Quality' });
    const { user } = await createUser(api.t.ctx, { userName: 'li', realName: '李', password: TEST_PASSWORD, department: d.id, roles: ['admin'] });
    const res = await api.call('POST', '/api/user/getUserInfo', { token: admin, body: { id: user.id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: user.id, userName: 'li', realName: '李', siteId: hq.id, departmentId: d.id, departmentName: 'Quality', roleNames: ['admin'] });
    expect(res.body.data.roleIdList).toHaveLength(1);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/);
  });

  it('answers 404 for an unknown user and 400 for an over-long id', async () => {
    const unknown = await api.call('POST', '/api/user/getUserInfo', { token: admin, body: { id: 'nobody' }, lang: 'en-US' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe('User not found: nobody');
    await expectInvalid(
      api,
      { method: 'POST', path: '/api/user/getUserInfo', body: { id: 'x'.repeat(65) } },
      admin,
      invalid('ID最多 64 个字符', 'ID can be at most 64 characters long'),
    );
  });
});

describe('POST /api/user/saveUser: create', () => {
  it('creates a user with a generated password answered once, that must be changed at first sign-in', async () => {
    const res = await saveAsAdmin({ userName: ' zhang.san ', realName: '张三', email: 'z@example.com' });
    expect(res.status).toBe(200);
    const { user, initialPassword } = res.body.data;
    expect(user).toMatchObject({ userName: 'zhang.san', realName: '张三', siteId: hq.id, mustChangePassword: true });
    expect(initialPassword).toEqual(expect.any(String));
    expect(await verifyPassword((await findUserRow(api.t.db, user.id)).passwordHash, initialPassword)).toBe(true);
    const first = await api.call('POST', '/api/login', { body: { username: 'zhang.san', password: initialPassword } });
    expect(first.body.data).toMatchObject({ flag: 4, reason: 'firstLogin', userId: user.id });
    expect(JSON.stringify(await userInfo(user.id))).not.toContain(initialPassword);
    const log = await listOperations(api.t.ctx, { action: 'user.create', entityId: user.id });
    expect(log.items[0]).toMatchObject({ userName: 'admin', after: { userName: 'zhang.san' } });
    expect(JSON.stringify(log.items)).not.toContain(initialPassword);
  });

  it('takes the admin’s password, roles by id, site, department and a validity date, ignoring the keys the client sends back', async () => {
    const wuhan = await createSite(api.t.ctx, { name: 'Wuhan' });
    const d = await createDepartment(api.t.ctx, { site: wuhan.id, number: 'W1', name: 'Plant' });
    const role = await createRole(api.t.ctx, { name: 'engineer' });
    const res = await saveAsAdmin({
      userName: 'li',
      password: TEST_PASSWORD,
      siteId: wuhan.id,
      departmentId: d.id,
      roleIdList: [role.id],
      validityDate: '2027-01-31',
      gender: '1',
      createTime: 'x',
      updateTime: 'y',
      regDate: 'z',
      roles: [{ id: 'fake' }],
      genderName: '男',
      stores: [],
      roleNames: ['admin'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.initialPassword).toBeUndefined();
    expect(res.body.data.user).toMatchObject({ siteName: 'Wuhan', departmentName: 'Plant', roleNames: ['engineer'], roleIdList: [role.id], gender: '1' });
    expect(res.body.data.user.validityDate).toBe('2027-01-31T00:00:00.000Z');
    expect((await getUser(api.t.ctx, 'li')).validityDate).toEqual(new Date('2027-01-31T00:00:00.000Z'));
  });

  it('stores script- and SQL-like text verbatim', async () => {
    const res = await saveAsAdmin({ userName: 'odd', realName: SCRIPT_TEXT, signature: SQL_TEXT, password: TEST_PASSWORD });
    expect(res.body.data.user).toMatchObject({ realName: SCRIPT_TEXT, signature: SQL_TEXT });
    expect(await userInfo(res.body.data.user.id)).toMatchObject({ realName: SCRIPT_TEXT, signature: SQL_TEXT });
    expect((await api.t.db.select().from(schema.user).all()).length).toBe(2);
  });

  it('refuses a duplicate user name (409), case-sensitively', async () => {
    const dup = await saveAsAdmin({ userName: 'admin' }, 'en-US');
    expect(dup.status).toBe(409);
    expect(dup.body.meta.message).toBe('The user name "admin" already exists');
    expect((await saveAsAdmin({ userName: 'admin' })).body.meta.message).toBe('用户名“admin”已存在');
    expect((await saveAsAdmin({ userName: 'Admin' })).status).toBe(200);
  });

  it('refuses missing, over-long or malformed fields with the exact message', async () => {
    await expectInvalid(api, save({}), admin, invalid('用户名为必填项', 'User name is required'));
    await expectInvalid(
      api,
      save({ userName: 'x'.repeat(51) }),
      admin,
      invalid('用户名最多 50 个字符', 'User name can be at most 50 characters long'),
    );
    await expectInvalid(api, save({ userName: 'bad name' }), admin, {
      zh: '用户名只能包含字母、数字以及 . _ - @，长度 1 到 50，不能有空格',
      en: 'A user name may hold letters, digits and . _ - @ only, 1 to 50 characters',
    });
    await expectInvalid(
      api,
      save({ userName: 'ok', mobile: '1'.repeat(21) }),
      admin,
      invalid('手机号最多 20 个字符', 'Mobile can be at most 20 characters long'),
    );
    await expectInvalid(api, save({ userName: 'ok', email: 'not-mail' }), admin, { zh: '表单校验失败\n邮箱格式不正确', en: 'Form validation failed\nThe e-mail address is not valid' });
    await expectInvalid(api, save({ userName: 'ok', gender: '9' }), admin, invalid('性别只能是以下之一：0, 1, 2', 'Gender must be one of: 0, 1, 2'));
    await expectInvalid(api, save({ userName: 'ok', validityDate: 'someday' }), admin, invalid('有效期不是有效的日期', 'Validity date is not a valid date'));
    await expectInvalid(api, save({ userName: 'ok', validityDate: true }), admin, invalid('有效期的值类型不正确', 'Validity date holds a value of the wrong kind'));
    await expectInvalid(api, save({ userName: 'ok', roleIdList: 'admin' }), admin, invalid('角色必须是列表', 'Roles must be a list'));
    const weak = await expectInvalid(api, save({ userName: 'ok', password: 'Kx7#pQ2!mZ9$w R' }), admin, {
      zh: '密码不符合安全策略\n密码不能包含空格',
      en: 'The password does not meet the security policy\nThe password must not contain spaces',
    });
    expect(weak.body.data.issues).toEqual([expect.objectContaining({ messageKey: 'password.no_spaces' })]);
    expect((await api.t.db.select().from(schema.user).all()).map((u) => u.userName)).toEqual(['admin']);
  });

  it('answers 404 for an unknown role, site or department', async () => {
    const role = await saveAsAdmin({ userName: 'ok', roleIdList: ['nope'] }, 'en-US');
    expect(role.status).toBe(404);
    expect(role.body.meta.message).toBe('Role not found: nope');
    expect((await saveAsAdmin({ userName: 'ok', siteId: 'nope' })).status).toBe(404);
    expect((await saveAsAdmin({ userName: 'ok', departmentId: 'nope' })).status).toBe(404);
  });
});

describe('POST /api/user/saveUser: update', () => {
  it('updates profile and roles by id; the new roles take effect at once for the signed-in user', async () => {
    const { user, role, token } = await plainEngineer(api);
    const auditor = await buildRole(api.t.ctx, { label: 'auditor', grants: [{ routeName: 'system_log', buttons: ['export'] }] });
    const routes = async () => ((await api.call('GET', '/api/user/info', { token })).body.data.routers as { routeName: string }[]).map((r) => r.routeName);
    expect(await routes()).toContain('dfmea_index');
    const res = await saveAsAdmin({ id: user.id, userName: user.userName, realName: '新名字', roleIdList: [auditor.id] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ user: expect.objectContaining({ realName: '新名字', roleNames: [auditor.name] }) });
    expect(await routes()).toContain('system_log');
    expect(await routes()).not.toContain('dfmea_index');
    const log = await listOperations(api.t.ctx, { action: 'user.update', entityId: user.id });
    expect(log.items[0]).toMatchObject({ userName: 'admin', before: { realName: user.realName, roleNames: [role.name] }, after: { realName: '新名字', roleNames: [auditor.name] } });
  });

  it('keeps the further sites when only the home site moves, and keeps the roles when roleIdList is absent', async () => {
    const wuhan = await createSite(api.t.ctx, { name: 'Wuhan' });
    const shanghai = await createSite(api.t.ctx, { name: 'Shanghai' });
    const user = await buildUser(api.t.ctx, { label: 'mover', sites: [shanghai.id], roles: ['admin'] });
    const res = await saveAsAdmin({ id: user.id, userName: user.userName, siteId: wuhan.id });
    expect(res.status).toBe(200);
    expect(res.body.data.user.siteId).toBe(wuhan.id);
    expect(res.body.data.user.siteIds.sort()).toEqual([wuhan.id, shanghai.id].sort());
    expect(res.body.data.user.roleNames).toEqual(['admin']);
  });

  it('takes a validity date as epoch milliseconds and clears it with null or an empty string', async () => {
    const user = await buildUser(api.t.ctx, { label: 'temp', validityDate: new Date('2027-01-01') });
    expect((await saveAsAdmin({ id: user.id, userName: user.userName, validityDate: Date.UTC(2028, 0, 1) })).body.data.user.validityDate).toBe('2028-01-01T00:00:00.000Z');
    expect((await saveAsAdmin({ id: user.id, userName: user.userName, validityDate: '' })).body.data.user.validityDate).toBeNull();
    await saveAsAdmin({ id: user.id, userName: user.userName, validityDate: '2029-01-01' });
    expect((await saveAsAdmin({ id: user.id, userName: user.userName, validityDate: null })).body.data.user.validityDate).toBeNull();
  });

  it('refuses a password on update (400), a taken name (409) and an unknown id (404)', async () => {
    const user = await buildUser(api.t.ctx, { label: 'someone' });
    await expectInvalid(api, save({ id: user.id, userName: user.userName, password: TEST_PASSWORD }), admin, {
      zh: '请求参数校验失败\n修改用户时不能设置密码，请使用重置密码',
      en: 'The request failed validation\nA password cannot be set when updating a user; use reset password',
    });
    expect((await saveAsAdmin({ id: user.id, userName: 'admin' })).status).toBe(409);
    const unknown = await saveAsAdmin({ id: 'nobody', userName: 'x' }, 'en-US');
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe('User not found: nobody');
  });
});

describe('POST /api/user/deleteUser', () => {
  it('deletes a user, ends their sessions and tells their sockets at once', async () => {
    const { user, token } = await plainEngineer(api);
    const socket = watchSocket(api, token, user.id);
    const res = await api.call('POST', '/api/user/deleteUser', { token: admin, body: { id: user.id } });
    expect(res.status).toBe(200);
    expect((await api.call('GET', '/api/user/info', { token })).status).toBe(401);
    expect(socket.messages).toEqual([{ event: 'removeLogin', data: { reason: 'userDeleted' } }]);
    expect(socket.closed).toBe(true);
    expect((await api.call('POST', '/api/user/getUserInfo', { token: admin, body: { id: user.id } })).status).toBe(404);
    expect((await listOperations(api.t.ctx, { action: 'user.delete' })).items[0]).toMatchObject({ entityId: user.id, before: { userName: user.userName } });
  });

  it('protects the default user (409) and answers 404 for an unknown one', async () => {
    const adminId = (await findUserRow(api.t.db, 'admin')).id;
    // another holder of the admin role: the default user is protected even from super administrators
    const { token: other } = await signedInWith(api, 'second.admin', [], { roles: ['admin'] });
    const res = await api.call('POST', '/api/user/deleteUser', { token: other, body: { id: adminId }, lang: 'en-US' });
    expect(res.status).toBe(409);
    expect(res.body.meta.message).toBe('The default user cannot be deleted');
    expect((await api.call('POST', '/api/user/deleteUser', { token: other, body: { id: adminId } })).body.meta.message).toBe('默认用户不能删除');
    // and the default admin cannot delete itself either
    expect((await api.call('POST', '/api/user/deleteUser', { token: admin, body: { id: adminId } })).status).toBe(403);
    expect((await api.call('GET', '/api/user/info', { token: admin })).status).toBe(200);
    expect((await api.call('POST', '/api/user/deleteUser', { token: admin, body: { id: 'nobody' } })).status).toBe(404);
    await expectInvalid(api, { method: 'POST', path: '/api/user/deleteUser', body: { id: '' } }, admin, invalid('ID不能为空', 'ID cannot be empty'));
  });
});

describe('POST /api/user/checkUserName', () => {
  it('tells whether a name is free, for a new user or the one being edited, case-sensitively', async () => {
    const check = async (body: unknown) => (await api.call('POST', '/api/user/checkUserName', { token: admin, body })).body.data;
    const adminId = (await findUserRow(api.t.db, 'admin')).id;
    expect(await check({ userName: 'admin' })).toEqual({ available: false });
    expect(await check({ userName: ' admin ', id: adminId })).toEqual({ available: true });
    expect(await check({ userName: 'Admin' })).toEqual({ available: true });
    expect(await check({ userName: 'free.name' })).toEqual({ available: true });
  });

  it('refuses a malformed or missing name', async () => {
    const call = (body: unknown): RouteCall => ({ method: 'POST', path: '/api/user/checkUserName', body });
    await expectInvalid(api, call({ userName: 'has space' }), admin, {
      zh: '用户名只能包含字母、数字以及 . _ - @，长度 1 到 50，不能有空格',
      en: 'A user name may hold letters, digits and . _ - @ only, 1 to 50 characters',
    });
    await expectInvalid(api, call({}), admin, invalid('用户名为必填项', 'User name is required'));
  });
});
