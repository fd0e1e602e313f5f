import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSite, listOperations, schema, setPasswordPolicy, setUserLocked, updateUser, type UserInput } from '@fmea/core';
import { buildRole, buildUser } from '@fmea/core/testing';
import { openTestApp, TEST_PASSWORD, type TestApp } from '../../testing.ts';

let api: TestApp;
let clock: Date;
beforeEach(async () => {
  clock = new Date('2026-06-01T08:00:00Z');
  api = await openTestApp({ now: () => clock });
});
afterEach(() => api.dispose());

/** A fresh engineer (a fresh role with dfmea_index, button add) who may sign in without changing the password first; not signed in. */
const engineer = async (overrides: Partial<UserInput> = {}) => {
  const role = await buildRole(api.t.ctx, { label: 'engineer', grants: [{ routeName: 'dfmea_index', buttons: ['add'] }] });
  const user = await buildUser(api.t.ctx, { label: 'eng', realName: '工程师', roles: [role.id], mustChangePassword: false, ...overrides });
  return { ...user, role };
};

describe('POST /api/login', () => {
  it('signs in and the token works from the token header, a Bearer header and the cookie', async () => {
    const res = await api.call('POST', '/api/login', { body: { username: ' admin ', password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ success: true, code: 200 });
    const token = res.body.data.token as string;
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect((await api.call('GET', '/api/user/info', { token })).status).toBe(200);
    expect((await api.call('GET', '/api/user/info', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/fmea_session=.*HttpOnly/i);
    expect((await api.call('GET', '/api/user/info', { headers: { cookie: cookie.split(';')[0]! } })).status).toBe(200);
  });

  it('treats the user name case-sensitively', async () => {
    const res = await api.call('POST', '/api/login', { body: { username: 'Admin', password: TEST_PASSWORD } });
    expect(res.status).toBe(400);
  });

  it('refuses a wrong password in Chinese by default and in English on request, without saying whether the user exists', async () => {
    const zh = await api.call('POST', '/api/login', { body: { username: 'admin', password: 'wrong' } });
    expect(zh.status).toBe(400);
    expect(zh.body.meta).toMatchObject({ success: false, code: 400, message: '用户名或密码错误（连续 5 次错误将锁定账号）' });
    const en = await api.call('POST', '/api/login', { body: { username: 'nobody', password: 'wrong' }, lang: 'en-US' });
    expect(en.body.meta.message).toBe('Incorrect user name or password (the account locks after 5 wrong attempts)');
  });

  it('locks the account after five wrong passwords, then refuses even the right one until the lockout ends', async () => {
    const eng = await engineer();
    for (let i = 1; i <= 4; i++) expect((await api.call('POST', '/api/login', { body: { username: eng.userName, password: 'bad' } })).status).toBe(400);
    const fifth = await api.call('POST', '/api/login', { body: { username: eng.userName, password: 'bad' }, lang: 'en-US' });
    expect(fifth.status).toBe(403);
    expect(fifth.body.meta.message).toBe('Wrong password 5 times in a row: the account is locked for 30 minutes, or until an administrator unlocks it');
    const right = await api.call('POST', '/api/login', { body: { username: eng.userName, password: TEST_PASSWORD }, lang: 'en-US' });
    expect(right.status).toBe(403);
    expect(right.body.meta.message).toBe('The account is locked after too many wrong passwords; try again in 30 minutes or contact the administrator');
    clock = new Date(clock.getTime() + 29 * 60_000);
    expect((await api.call('POST', '/api/login', { body: { username: eng.userName, password: TEST_PASSWORD } })).status).toBe(403);
    // thirty minutes after the lock, the right password signs in again and the counter starts afresh
    clock = new Date(clock.getTime() + 60_000);
    expect(await api.login(eng.userName)).toEqual(expect.any(String));
    expect(await listOperations(api.t.ctx, { action: 'auth.lock_expired' })).toMatchObject({ total: 1 });
  });

  it('counts failures per proxy-seen address behind a trusted proxy, never per address the client claims', async () => {
    const behind = await openTestApp({ now: () => clock, web: { trustProxy: true } });
    try {
      const attempt = (forwardedFor: string, username: string) =>
        behind.call('POST', '/api/login', { body: { username, password: 'bad' }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });
      // the client varies what it claims; the proxy appends the address it saw, which stays the same
      for (let i = 0; i < 19; i++) expect((await attempt(`1.2.3.${i}, 10.0.0.5`, `nobody${i}`)).status).toBe(400);
      expect(behind.waits).toEqual([]);
      expect((await attempt('9.9.9.9, 10.0.0.5', 'nobody19')).status).toBe(400);
      // the proxy's address reached its limit: that failure's answer waited
      expect(behind.waits).toEqual([1000]);
      expect((await attempt('10.0.0.6', 'nobody20')).status).toBe(400);
      expect(behind.waits).toEqual([1000]);
    } finally {
      behind.dispose();
    }
  });

  it('keeps a lock from wrong passwords when the lockout time is 0, and an administrator’s lock always', async () => {
    const eng = await engineer();
    await setPasswordPolicy(api.t.ctx, { lockoutMinutes: 0 });
    for (let i = 1; i <= 5; i++) await api.call('POST', '/api/login', { body: { username: eng.userName, password: 'bad' } });
    clock = new Date(clock.getTime() + 365 * 86_400_000);
    const later = await api.call('POST', '/api/login', { body: { username: eng.userName, password: TEST_PASSWORD }, lang: 'en-US' });
    expect(later.body.meta.message).toBe('The user is locked; contact the administrator');
    await setPasswordPolicy(api.t.ctx, { lockoutMinutes: 30 });
    await setUserLocked(api.t.ctx, eng.id, false);
    await setUserLocked(api.t.ctx, eng.id, true);
    clock = new Date(clock.getTime() + 365 * 86_400_000);
    expect((await api.call('POST', '/api/login', { body: { username: eng.userName, password: TEST_PASSWORD } })).status).toBe(403);
  });

  it('slows an address down after 20 failed sign-ins in 15 minutes, and still takes a right password from it at once (issue #20)', async () => {
    const eng = await engineer();
    const from = (remoteAddress: string, username: string, password: string) =>
      api.call('POST', '/api/login', { body: { username, password }, remoteAddress, lang: 'en-US' });
    // guesses spread over many names, so no single account locks and no name waits for its own failures
    for (let i = 0; i < 19; i++) expect((await from('10.9.8.7', `nobody${i}`, 'bad')).status).toBe(400);
    expect(api.waits).toEqual([]);
    // from the 20th on, each failure from the address is answered more slowly: 1 s, 2 s, 4 s …
    for (let i = 19; i < 23; i++) expect((await from('10.9.8.7', `nobody${i}`, 'bad')).status).toBe(400);
    expect(api.waits).toEqual([1000, 2000, 4000, 8000]);
    // someone else behind the same address signs in with the right password, at once
    const right = await from('10.9.8.7', eng.userName, TEST_PASSWORD);
    expect(right.body.data.flag).toBe(1);
    expect(api.waits).toEqual([1000, 2000, 4000, 8000]);
    // the delays stop growing at 30 s, and the window's end starts them afresh
    for (let i = 23; i < 28; i++) await from('10.9.8.7', `nobody${i}`, 'bad');
    expect(api.waits.slice(-3)).toEqual([30_000, 30_000, 30_000]);
    clock = new Date(clock.getTime() + 15 * 60_000);
    api.waits.length = 0;
    await from('10.9.8.7', 'nobody99', 'bad');
    expect(api.waits).toEqual([]);
  });

  it('holds back the next sign-in of an address and user name that failed, growing with each failure, then accepts the right password', async () => {
    const eng = await engineer();
    await setPasswordPolicy(api.t.ctx, { maxWrongAttempts: 10 });
    const attempt = (password: string, remoteAddress = '10.1.1.1') => api.call('POST', '/api/login', { body: { username: eng.userName, password }, remoteAddress });
    expect((await attempt('bad')).status).toBe(400);
    expect(api.waits).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await attempt('bad')).status).toBe(400);
    // each try waited for the pair's failures before it: 1 s, 2 s, 4 s
    expect(api.waits).toEqual([1000, 2000, 4000]);
    // the same name from another address, and another name from this one, do not wait
    expect((await attempt(TEST_PASSWORD, '10.1.1.2')).body.data.flag).toBe(1);
    expect((await api.call('POST', '/api/login', { body: { username: 'admin', password: TEST_PASSWORD }, remoteAddress: '10.1.1.1' })).body.data.flag).toBe(1);
    expect(api.waits).toEqual([1000, 2000, 4000]);
    // the right password from the pair waits 8 s, then is accepted; the count starts afresh
    expect((await attempt(TEST_PASSWORD)).body.data).toMatchObject({ flag: 3 });
    expect(api.waits).toEqual([1000, 2000, 4000, 8000]);
    expect((await api.call('POST', '/api/login', { body: { username: eng.userName, password: TEST_PASSWORD, forceLogin: true }, remoteAddress: '10.1.1.1' })).body.data.flag).toBe(1);
    expect(api.waits).toEqual([1000, 2000, 4000, 8000]);
  });

  it('keeps the account’s live sessions when wrong passwords lock it; an administrator’s lock ends them (issue #20)', async () => {
    const eng = await engineer();
    const token = await api.login(eng.userName);
    for (let i = 1; i <= 5; i++) await api.call('POST', '/api/login', { body: { username: eng.userName, password: 'bad' } });
    expect((await api.call('POST', '/api/login', { body: { username: eng.userName, password: TEST_PASSWORD } })).status).toBe(403);
    // the signed-in engineer works on, also once the cached session is gone
    api.services.auth.clear();
    expect((await api.call('GET', '/api/user/info', { token })).status).toBe(200);
    await setUserLocked(api.t.ctx, eng.id, true);
    api.services.auth.clear();
    expect((await api.call('GET', '/api/user/info', { token })).status).toBe(401);
  });

  it('uses the configured number of attempts', async () => {
    const eng = await engineer();
    await setPasswordPolicy(api.t.ctx, { maxWrongAttempts: 2 });
    await api.call('POST', '/api/login', { body: { username: eng.userName, password: 'bad' } });
    expect((await api.call('POST', '/api/login', { body: { username: eng.userName, password: 'bad' } })).status).toBe(403);
  });

  it('asks for a password change on first login and when expired, and accepts the change with the sign-in’s ticket only', async () => {
    const user = await buildUser(api.t.ctx, { label: 'fresh' });
    const first = await api.call('POST', '/api/login', { body: { username: user.userName, password: TEST_PASSWORD } });
    expect(first.body.data).toEqual({ flag: 4, reason: 'firstLogin', userId: user.id, changeToken: expect.any(String) });
    const changeToken = first.body.data.changeToken as string;
    // whoever knows the user id and the (reset) password cannot finish the change without signing in
    const withoutTicket = await api.call('POST', '/api/user/resetPwd', { body: { userId: user.id, oldPassword: TEST_PASSWORD, newPassword: 'Nw8$tR4!kP6@qZ' }, lang: 'en-US' });
    expect(withoutTicket.status).toBe(401);
    expect(withoutTicket.body.meta.message).toBe('The time to change the password has run out; sign in again');
    const forged = await api.call('POST', '/api/user/resetPwd', { body: { changeToken: 'x'.repeat(32), oldPassword: TEST_PASSWORD, newPassword: 'Nw8$tR4!kP6@qZ' } });
    expect(forged.status).toBe(401);
    const wrongOld = await api.call('POST', '/api/user/resetPwd', { body: { changeToken, oldPassword: 'nope', newPassword: 'Nw8$tR4!kP6@qZ' } });
    expect(wrongOld.status).toBe(400);
    const changed = await api.call('POST', '/api/user/resetPwd', { body: { changeToken, oldPassword: TEST_PASSWORD, newPassword: 'Nw8$tR4!kP6@qZ' } });
    expect(changed.status).toBe(200);
    // the ticket is spent
    const again = await api.call('POST', '/api/user/resetPwd', { body: { changeToken, oldPassword: 'Nw8$tR4!kP6@qZ', newPassword: 'Hq5%vM8!xT2&bW' } });
    expect(again.status).toBe(401);
    await api.login(user.userName, 'Nw8$tR4!kP6@qZ');
    clock = new Date(clock.getTime() + 91 * 86_400_000);
    const expired = await api.call('POST', '/api/login', { body: { username: user.userName, password: 'Nw8$tR4!kP6@qZ' } });
    expect(expired.body.data).toMatchObject({ flag: 4, reason: 'passwordExpired', userId: user.id, changeToken: expect.any(String) });
  });

  it('asks a user of several sites to choose one, and refuses a site the user is not in', async () => {
    await createSite(api.t.ctx, { name: 'Wuhan' });
    const other = await createSite(api.t.ctx, { name: 'Other' });
    const eng = await engineer({ sites: ['Wuhan'] });
    const choose = await api.call('POST', '/api/login', { body: { username: eng.userName, password: TEST_PASSWORD } });
    expect(choose.body.data.flag).toBe(2);
    expect(choose.body.data.sites.map((s: { siteName: string }) => s.siteName).sort()).toEqual(['Wuhan', '总部']);
    const wuhan = choose.body.data.sites.find((s: { siteName: string }) => s.siteName === 'Wuhan').siteId;
    const token = await api.login(eng.userName, TEST_PASSWORD, { siteId: wuhan });
    expect((await api.call('GET', '/api/user/info', { token })).body.data).toMatchObject({ siteId: wuhan, siteName: 'Wuhan' });
    expect((await api.call('POST', '/api/login', { body: { username: eng.userName, password: TEST_PASSWORD, siteId: other.id, forceLogin: true } })).status).toBe(403);
  });

  it('answers forceLogin when the account is signed in elsewhere, and a forced login ends the other session', async () => {
    const eng = await engineer();
    const first = await api.login(eng.userName);
    const again = await api.call('POST', '/api/login', { body: { username: eng.userName, password: TEST_PASSWORD } });
    expect(again.body.data).toEqual({ flag: 3, reason: 'forceLogin' });
    expect((await api.call('GET', '/api/user/info', { token: first })).status).toBe(200);
    const second = await api.login(eng.userName, TEST_PASSWORD, { forceLogin: true });
    expect((await api.call('GET', '/api/user/info', { token: first })).status).toBe(401);
    expect((await api.call('GET', '/api/user/info', { token: second })).status).toBe(200);
  });

  it('refuses a sign-in beyond the site licences with the remaining count', async () => {
    await api.t.db.update(schema.site).set({ licenceCount: 1 });
    await api.adminToken();
    const eng = await engineer();
    const res = await api.call('POST', '/api/login', { body: { username: eng.userName, password: TEST_PASSWORD }, lang: 'en-US' });
    expect(res.status).toBe(409);
    expect(res.body.meta.message).toBe('Concurrency exceeded (remaining 0)');
    const remain = await api.call('GET', `/api/site/getRemainLoginUser?siteId=${(await api.t.db.select().from(schema.site).get())!.id}&timestamp=1`);
    expect(remain.body.data).toEqual({ online: 1, remaining: 0 });
  });

  it('signs out an idle session after the configured minutes', async () => {
    const token = await api.adminToken();
    clock = new Date(clock.getTime() + 31 * 60_000);
    api.services.auth.clear();
    const res = await api.call('GET', '/api/user/info', { token });
    expect(res.status).toBe(401);
    expect(res.body.meta.success).toBe(false);
  });
});

describe('sessions', () => {
  it('logs out this session only', async () => {
    const token = await api.adminToken();
    expect((await api.call('POST', '/api/logout', { token })).status).toBe(200);
    expect((await api.call('GET', '/api/user/info', { token })).status).toBe(401);
  });

  it('logs out every session of the account and says how many ended', async () => {
    const token = await api.login((await engineer()).userName);
    const res = await api.call('POST', '/api/forceLogout', { token });
    expect([res.status, res.body.data]).toEqual([200, { ended: 1 }]);
    expect((await api.call('GET', '/api/user/info', { token })).status).toBe(401);
  });

  it('returns user info with roles and only the permitted routers, never a password', async () => {
    const eng = await engineer();
    const token = await api.login(eng.userName);
    const res = await api.call('GET', '/api/user/info', { token });
    const info = res.body.data;
    expect(info).toMatchObject({ userName: eng.userName, realName: '工程师', roleNames: [eng.role.name], isAdmin: false, siteName: '总部' });
    expect(info.routers.map((r: { routeName: string }) => r.routeName)).toContain('dfmea_index');
    expect(info.routers.map((r: { routeName: string }) => r.routeName)).not.toContain('system_index');
    expect(info.routers.find((r: { routeName: string }) => r.routeName === 'dfmea_index')).toMatchObject({ title: 'DFMEA', buttons: ['add'] });
    expect(info.rules).toMatchObject({ xmcjzRule: '0' });
    expect(JSON.stringify(info)).not.toMatch(/argon2|passwordHash|userPwd/);
  });

  it('refuses a group change when the target site is full', async () => {
    const wuhan = await createSite(api.t.ctx, { name: 'Wuhan', licenceCount: 1 });
    const occupant = await buildUser(api.t.ctx, { label: 'occupant', site: 'Wuhan' });
    await api.t.db.update(schema.user).set({ mustChangePassword: false });
    const eng = await engineer({ sites: ['Wuhan'] });
    await api.login(occupant.userName);
    const home = (await api.call('POST', '/api/login', { body: { username: eng.userName, password: TEST_PASSWORD } })).body.data.sites.find((s: { siteName: string }) => s.siteName === '总部').siteId;
    const token = await api.login(eng.userName, TEST_PASSWORD, { siteId: home });
    const res = await api.call('POST', '/api/user/changeGroup', { token, body: { siteId: wuhan.id }, lang: 'en-US' });
    expect(res.status).toBe(409);
    expect(res.body.meta.message).toBe('The target site is full: cannot change group');
  });

  it('moves the session to another group when there is room', async () => {
    const wuhan = await createSite(api.t.ctx, { name: 'Wuhan' });
    await updateUser(api.t.ctx, 'admin', { sites: [wuhan.id] });
    const choose = await api.call('POST', '/api/login', { body: { username: 'admin', password: TEST_PASSWORD } });
    const home = choose.body.data.sites.find((s: { siteName: string }) => s.siteName === '总部').siteId;
    const token = await api.login('admin', TEST_PASSWORD, { siteId: home });
    const moved = await api.call('POST', '/api/user/changeGroup', { token, body: { siteId: wuhan.id } });
    expect(moved.status).toBe(200);
    expect((await api.call('GET', '/api/user/info', { token })).status).toBe(401);
    expect((await api.call('GET', '/api/user/info', { token: moved.body.data.token })).body.data.siteName).toBe('Wuhan');
  });

  it('lets a super user see online users and kick others, never oneself', async () => {
    const engUser = await engineer();
    const admin = await api.adminToken();
    const eng = await api.login(engUser.userName);
    const online = await api.call('GET', '/api/online/list', { token: admin });
    expect(online.body.data.map((u: { userName: string }) => u.userName).sort()).toEqual(['admin', engUser.userName]);
    expect((await api.call('GET', '/api/online/list', { token: eng })).body.data).toEqual([]);
    const self = await api.call('POST', '/api/removeLoginUser', { token: admin, body: { userId: (await api.call('GET', '/api/user/info', { token: admin })).body.data.userId } });
    expect(self.status).toBe(403);
    const engId = (await api.call('GET', '/api/user/info', { token: eng })).body.data.userId;
    expect((await api.call('POST', '/api/removeLoginUser', { token: eng, body: { userId: engId } })).status).toBe(403);
    const kicked = await api.call('POST', '/api/removeLoginUser', { token: admin, body: { userId: engId } });
    expect(kicked.body.data).toEqual({ flag: 1, ended: 1 });
    expect((await api.call('GET', '/api/user/info', { token: eng })).status).toBe(401);
  });
});

describe('GET /api/security/passwordRules', () => {
  it('tells anyone the composition rules in force, and follows the admin settings', async () => {
    const res = await api.call('GET', '/api/security/passwordRules');
    expect(res.body.data).toEqual({ minLength: 12, maxLength: 16, requireLower: true, requireUpper: true, requireDigit: true, requireSpecial: true, forbidSequences: true });
    await setPasswordPolicy(api.t.ctx, { minLength: 14 });
    expect((await api.call('GET', '/api/security/passwordRules')).body.data.minLength).toBe(14);
  });
});
