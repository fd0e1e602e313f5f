import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectRefused, openTestApp, plainEngineer, TEST_PASSWORD, type TestApp } from '../../testing.ts';

let api: TestApp;
beforeEach(async () => {
  api = await openTestApp();
});
afterEach(() => api.dispose());

describe('POST /api/user/getLoginInfo and POST /api/emailRedirect/redirectPageGetUserInfo', () => {
  it('answer the session’s user as GET /api/user/info does, and nothing without a session', async () => {
    const eng = await plainEngineer(api);
    const info = await api.call('GET', '/api/user/info', { token: eng.token });
    for (const path of ['/api/user/getLoginInfo', '/api/emailRedirect/redirectPageGetUserInfo']) {
      await expectRefused(api, { method: 'POST', path, body: { code: 'from-a-provider' } });
      const res = await api.call('POST', path, { token: eng.token, body: { code: 'ignored' } });
      expect(res.status, path).toBe(200);
      expect(res.body.data).toEqual(info.body.data);
      expect(res.body.data.userId).toBe(eng.user.id);
    }
  });
});

describe('POST /api/removeLoginPageUser', () => {
  it('ends the account’s other session and signs in, as /api/login with forceLogin does', async () => {
    const eng = await plainEngineer(api);
    const body = { username: eng.user.userName, password: TEST_PASSWORD };
    // signed in elsewhere: the plain sign-in asks to confirm
    expect((await api.call('POST', '/api/login', { body })).body.data).toMatchObject({ flag: 3 });
    const res = await api.call('POST', '/api/removeLoginPageUser', { body });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ flag: 1, userId: eng.user.id });
    expect((await api.call('GET', '/api/user/info', { token: eng.token })).status).toBe(401);
    expect((await api.call('GET', '/api/user/info', { token: res.body.data.token })).status).toBe(200);
  });

  it('refuses a wrong password (400, nobody signed out) and a body without one', async () => {
    const eng = await plainEngineer(api);
    const wrong = await api.call('POST', '/api/removeLoginPageUser', { body: { username: eng.user.userName, password: 'not-the-password' }, lang: 'en-US' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.meta.message).toMatch(/password/i);
    expect((await api.call('GET', '/api/user/info', { token: eng.token })).status).toBe(200);
    const missing = await api.call('POST', '/api/removeLoginPageUser', { body: { username: eng.user.userName } });
    expect(missing.status).toBe(400);
    expect(missing.body.meta.message).toMatch(/^请求参数校验失败\n/);
  });
});
