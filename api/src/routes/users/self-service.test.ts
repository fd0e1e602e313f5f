import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSite, createUser, getUser, listOperations } from '@fmea/core';
import { expectInvalid, invalid, openTestApp, plainEngineer, type RouteCall, SCRIPT_TEXT, SQL_TEXT, TEST_PASSWORD, type TestApp, UNAUTHENTICATED } from '../../testing.ts';

let api: TestApp;
beforeEach(async () => {
  api = await openTestApp();
});
afterEach(() => api.dispose());

describe('self-service routes: who may call them', () => {
  it('refuses every call without a token (401) and serves any signed-in user', async () => {
    const { token } = await plainEngineer(api);
    const calls: RouteCall[] = [
      { method: 'POST', path: '/api/user/updateBasicInfo', body: { realName: 'x' } },
      { method: 'POST', path: '/api/user/checkOldPwd', body: { oldPassword: 'x' } },
      { method: 'GET', path: '/api/user/list' },
    ];
    for (const call of calls) {
      const anonymous = await api.call(call.method, call.path, { body: call.body });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.meta.message).toBe(UNAUTHENTICATED.zh);
      expect((await api.call(call.method, call.path, { body: call.body, token })).status).toBe(200);
    }
  });
});

describe('POST /api/user/updateBasicInfo', () => {
  it('changes one’s own real name, mobile, e-mail and signature, and nothing else', async () => {
    const { user, role, token } = await plainEngineer(api);
    const res = await api.call('POST', '/api/user/updateBasicInfo', {
      token,
      body: { realName: '王五', mobile: '13800000000', email: 'w@example.com', signature: SCRIPT_TEXT, userName: 'hijack', roleIdList: ['admin'], locked: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userName: user.userName, realName: '王五', mobile: '13800000000', email: 'w@example.com', signature: SCRIPT_TEXT, roleNames: [role.name] });
    const info = (await api.call('GET', '/api/user/info', { token })).body.data;
    expect(info).toMatchObject({ userName: user.userName, realName: '王五', signature: SCRIPT_TEXT, isAdmin: false });
    const log = await listOperations(api.t.ctx, { action: 'user.update', entityId: user.id });
    expect(log.items[0]).toMatchObject({ userName: user.userName, userId: user.id, before: { realName: user.realName }, after: { realName: '王五' } });
  });

  it('keeps what is not sent and stores SQL-like text verbatim', async () => {
    const { user, token } = await plainEngineer(api);
    await api.call('POST', '/api/user/updateBasicInfo', { token, body: { mobile: '123' } });
    await api.call('POST', '/api/user/updateBasicInfo', { token, body: { realName: SQL_TEXT } });
    expect(await getUser(api.t.ctx, user.id)).toMatchObject({ mobile: '123', realName: SQL_TEXT });
  });

  it('refuses an over-long real name or mobile and a malformed e-mail', async () => {
    const { user, token } = await plainEngineer(api);
    const call = (body: unknown): RouteCall => ({ method: 'POST', path: '/api/user/updateBasicInfo', body });
    await expectInvalid(api, call({ realName: 'x'.repeat(51) }), token, invalid('姓名最多 50 个字符', 'Real name can be at most 50 characters long'));
    await expectInvalid(api, call({ mobile: '1'.repeat(21) }), token, invalid('手机号最多 20 个字符', 'Mobile can be at most 20 characters long'));
    await expectInvalid(api, call({ email: 'nope' }), token, { zh: '表单校验失败\n邮箱格式不正确', en: 'Form validation failed\nThe e-mail address is not valid' });
    expect((await getUser(api.t.ctx, user.id)).realName).toBe(user.realName);
  });
});

describe('POST /api/user/checkOldPwd', () => {
  it('tells whether the password is the caller’s current one, without counting towards the lockout', async () => {
    const { user, token } = await plainEngineer(api);
    const check = async (oldPassword: string) => (await api.call('POST', '/api/user/checkOldPwd', { token, body: { oldPassword } })).body.data;
    expect(await check(TEST_PASSWORD)).toEqual({ correct: true });
    for (let i = 0; i < 6; i++) expect(await check('wrong')).toEqual({ correct: false });
    expect((await getUser(api.t.ctx, user.id)).locked).toBe(false);
  });

  it('refuses a missing password', async () => {
    const { token } = await plainEngineer(api);
    await expectInvalid(
      api,
      { method: 'POST', path: '/api/user/checkOldPwd', body: {} },
      token,
      invalid('原密码为必填项', 'Current password is required'),
    );
  });
});

describe('GET /api/user/list', () => {
  it('answers id, user name and real name only, searched, by site and limited', async () => {
    const { user, token } = await plainEngineer(api);
    await createSite(api.t.ctx, { name: 'Wuhan' });
    await createUser(api.t.ctx, { userName: 'zhang', realName: '张三', password: TEST_PASSWORD, site: 'Wuhan' });
    const all = await api.call('GET', '/api/user/list?timestamp=1', { token });
    expect(all.status).toBe(200);
    expect(all.body.data.map((u: { userName: string }) => u.userName)).toEqual(['admin', user.userName, 'zhang']);
    expect(Object.keys(all.body.data[0]).sort()).toEqual(['id', 'realName', 'userName']);
    expect((await api.call('GET', `/api/user/list?searchKey=${encodeURIComponent('张')}`, { token })).body.data).toEqual([{ id: expect.any(String), userName: 'zhang', realName: '张三' }]);
    expect((await api.call('GET', '/api/user/list?siteId=Wuhan', { token })).body.data.map((u: { userName: string }) => u.userName)).toEqual(['zhang']);
    expect((await api.call('GET', '/api/user/list?limit=1', { token })).body.data).toHaveLength(1);
  });

  it('refuses a limit below 1 and an unknown site', async () => {
    const { token } = await plainEngineer(api);
    await expectInvalid(api, { method: 'GET', path: '/api/user/list?limit=0' }, token, invalid('每页条数不能小于 1', 'Rows per page must be at least 1'));
    expect((await api.call('GET', '/api/user/list?siteId=nowhere', { token })).status).toBe(404);
  });
});
