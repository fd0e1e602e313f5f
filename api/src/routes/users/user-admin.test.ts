import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findUserRow, listOperations } from '@fmea/core';
import { expectInvalid, expectRefused, invalid, openTestApp, plainEngineer, reader, type RouteCall, signedInWith, TEST_PASSWORD, type TestApp, watchSocket } from '../../testing.ts';

let api: TestApp;
let admin: string;
beforeEach(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
});
afterEach(() => api.dispose());

const post = (path: string, body: unknown, lang?: string) => api.call('POST', path, { token: admin, body, lang });

describe('password reset and lock routes: who may call them', () => {
  const calls: RouteCall[] = [
    { method: 'POST', path: '/api/user/adminResetPwd', body: { id: 'x' } },
    { method: 'POST', path: '/api/user/lock', body: { id: 'x' } },
    { method: 'POST', path: '/api/user/unlock', body: { id: 'x' } },
  ];

  it('refuses every call without a token (401), without the route and without the button (403)', async () => {
    const { token } = await plainEngineer(api);
    for (const call of calls) await expectRefused(api, call, token);
    const { token: readerToken } = await reader(api, 'system_user');
    for (const call of calls) expect((await api.call(call.method, call.path, { token: readerToken, body: call.body })).status).toBe(403);
  });

  it('keeps the two buttons apart: lock does not allow a password reset', async () => {
    const { token } = await signedInWith(api, 'locker', [{ routeName: 'system_user', buttons: ['lock'] }], {}, '1');
    const { user: target } = await plainEngineer(api);
    expect((await api.call('POST', '/api/user/adminResetPwd', { token, body: { id: target.id } })).status).toBe(403);
    expect((await api.call('POST', '/api/user/unlock', { token, body: { id: target.id } })).status).toBe(200);
  });
});

describe('POST /api/user/adminResetPwd', () => {
  it('generates a password answered once, forces a change at sign-in, and ends the user’s sessions', async () => {
    const { user, token } = await plainEngineer(api);
    const res = await post('/api/user/adminResetPwd', { id: user.id });
    expect(res.status).toBe(200);
    const initialPassword = res.body.data.initialPassword as string;
    expect(initialPassword).toEqual(expect.any(String));
    expect((await api.call('GET', '/api/user/info', { token })).status).toBe(401);
    expect((await api.call('POST', '/api/login', { body: { username: user.userName, password: TEST_PASSWORD } })).status).toBe(400);
    const next = await api.call('POST', '/api/login', { body: { username: user.userName, password: initialPassword } });
    expect(next.body.data).toMatchObject({ flag: 4, reason: 'firstLogin', userId: user.id });
    const log = await listOperations(api.t.ctx, { action: 'user.reset_password', entityId: user.id });
    expect(log.items[0]).toMatchObject({ userName: 'admin' });
    expect(JSON.stringify(log.items)).not.toContain(initialPassword);
  });

  it('takes the administrator’s password, checked against the policy, and unlocks the account', async () => {
    const { user } = await plainEngineer(api);
    await post('/api/user/lock', { id: user.id });
    const chosen = 'Nw8$tR4!kP6@qZ';
    const res = await post('/api/user/adminResetPwd', { id: user.id, password: chosen });
    expect(res.body).toMatchObject({ meta: { success: true }, data: {} });
    expect(res.body.data.initialPassword).toBeUndefined();
    expect((await api.call('POST', '/api/login', { body: { username: user.userName, password: chosen } })).body.data).toMatchObject({ flag: 4 });
    await expectInvalid(api, { method: 'POST', path: '/api/user/adminResetPwd', body: { id: user.id, password: 'Kx7#pQ2!mZ9' } }, admin, {
      zh: '密码不符合安全策略\n密码长度不能少于 12 位',
      en: 'The password does not meet the security policy\nThe password must be at least 12 characters long',
    });
  });

  it('answers 404 for an unknown user and 400 without an id', async () => {
    const unknown = await post('/api/user/adminResetPwd', { id: 'nobody' }, 'en-US');
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe('User not found: nobody');
    await expectInvalid(api, { method: 'POST', path: '/api/user/adminResetPwd', body: {} }, admin, invalid('ID为必填项', 'ID is required'));
  });
});

describe('POST /api/user/lock and /api/user/unlock', () => {
  it('locks a user: their sessions end at once, their sockets hear removeLogin, and sign-in is refused', async () => {
    const { user, token } = await plainEngineer(api);
    const socket = watchSocket(api, token, user.id);
    const res = await post('/api/user/lock', { id: user.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: user.id, locked: true });
    expect((await api.call('GET', '/api/user/info', { token })).status).toBe(401);
    expect(socket).toEqual({ messages: [{ event: 'removeLogin', data: { reason: 'userLocked' } }], closed: true });
    const refused = await api.call('POST', '/api/login', { body: { username: user.userName, password: TEST_PASSWORD }, lang: 'en-US' });
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toBe('The user is locked; contact the administrator');
    const log = await listOperations(api.t.ctx, { action: 'user.lock', entityId: user.id });
    expect(log.items[0]).toMatchObject({ userName: 'admin', before: { locked: false }, after: { locked: true } });
  });

  it('unlocks a user, who can sign in again', async () => {
    const { user } = await plainEngineer(api);
    await post('/api/user/lock', { id: user.id });
    const res = await post('/api/user/unlock', { id: user.id });
    expect(res.body.data).toMatchObject({ locked: false });
    expect(await api.login(user.userName)).toEqual(expect.any(String));
    expect((await listOperations(api.t.ctx, { action: 'user.unlock', entityId: user.id })).items[0]).toMatchObject({ after: { locked: false } });
  });

  it('answers 404 for an unknown user and 400 for an over-long id', async () => {
    for (const path of ['/api/user/lock', '/api/user/unlock']) {
      expect((await post(path, { id: 'nobody' })).status).toBe(404);
      await expectInvalid(api, { method: 'POST', path, body: { id: 'x'.repeat(65) } }, admin, invalid('ID最多 64 个字符', 'ID can be at most 64 characters long'));
    }
  });
});
