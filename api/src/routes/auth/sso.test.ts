import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@fmea/core';
import { buildRole, buildUser } from '@fmea/core/testing';
import { signInAtProvider, startTestOidcProvider, type TestOidcProvider } from '@fmea/core/testing/oidc-provider';
import { openTestApp } from '../../testing.ts';

/**
 * Single sign-on against a real OpenID Connect provider on loopback: every
 * outcome of the spec's lookup through real HTTP redirects (the provider's
 * login form posted, its redirect back followed into the callback).
 */
const api = await openTestApp();
let provider: TestOidcProvider;
let admin: string;
// app.request answers for http://localhost: that is the origin the callback address is built from
const CALLBACK = 'http://localhost/api/sso/callback';

beforeAll(async () => {
  provider = await startTestOidcProvider({ redirectUris: [CALLBACK] });
  admin = await api.login('admin');
  const saved = await api.call('POST', '/api/security/saveSso', {
    token: admin,
    body: { enabled: true, issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, userNameClaim: 'preferred_username' },
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await provider.close();
  api.dispose();
});

/** Starts the flow as the login page does, returning the provider's address and the flow cookie. */
async function start(type?: string) {
  const res = await api.call('POST', '/api/ssoLogin', { body: type ? { type } : {} });
  expect(res.body.data.enabled).toBe(true);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('fmea_sso_flow='))!;
  expect(cookie).toMatch(/HttpOnly/i);
  return { url: res.body.data.authorizationUrl as string, cookie: cookie.split(';')[0]! };
}

/** The whole round trip for `login` at the provider; answers where the product sent the browser, and its cookies. */
async function roundTrip(login: string, type?: string) {
  const { url, cookie } = await start(type);
  const back = await signInAtProvider(url, login);
  expect(back!.startsWith(CALLBACK)).toBe(true);
  const res = await api.app.request(new URL(back!).pathname + new URL(back!).search, { headers: { cookie } });
  return { status: res.status, location: res.headers.get('location'), cookies: res.headers.getSetCookie() };
}

const sessionOf = (cookies: string[]) => cookies.find((c) => c.startsWith('fmea_session='))?.split(';')[0]!.slice('fmea_session='.length);

describe('single sign-on (OpenID Connect, code + PKCE)', () => {
  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const { url } = await start();
    const params = new URL(url).searchParams;
    expect(url.startsWith(provider.issuer)).toBe(true);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('redirect_uri')).toBe(CALLBACK);
  });

  it('signs a known user in with a server-side session, landing on the asked target; an admin can end it', async () => {
    const role = await buildRole(api.t.ctx, { label: 'sso', roleType: '2', grants: [] });
    const person = await buildUser(api.t.ctx, { label: 'sso', roles: [role.id], mustChangePassword: false });
    const result = await roundTrip(person.userName, 'dfmea');
    expect(result.status).toBe(302);
    expect(result.location).toBe('/loginRedirect?type=dfmea&sso=1');
    const token = sessionOf(result.cookies)!;
    const info = await api.call('GET', '/api/user/info', { token });
    expect(info.body.data.userName).toBe(person.userName);
    // the landing's call hands the workbench the token of the cookie
    const handed = await api.call('POST', '/api/sso/token', { headers: { cookie: `fmea_session=${token}`, origin: 'http://localhost' } });
    expect(handed.body.data).toMatchObject({ token, userName: person.userName });
    const logged = await api.call('POST', '/api/operationLog/list', { token: admin, body: { limit: 5 } });
    expect(JSON.stringify(logged.body.data)).toContain('auth.login_sso');
    // the administrator kicks the user out: the session is gone
    expect((await api.call('POST', '/api/removeLoginUser', { token: admin, body: { userId: person.id } })).body.data.ended).toBe(1);
    expect((await api.call('GET', '/api/user/info', { token })).status).toBe(401);
  });

  it('says "not in the product" for a name the product does not know', async () => {
    const result = await roundTrip('nobody-here');
    expect(result.location).toBe('/?sso=notFound');
    expect(sessionOf(result.cookies)).toBeUndefined();
  });

  it('says "no permission" for a locked user and for one without a role', async () => {
    const role = await buildRole(api.t.ctx, { label: 'sso-locked', roleType: '2', grants: [] });
    const locked = await buildUser(api.t.ctx, { label: 'sso-locked', roles: [role.id], mustChangePassword: false });
    await api.t.db.update(schema.user).set({ locked: true, lockReason: 'admin' }).where(eq(schema.user.id, locked.id));
    expect((await roundTrip(locked.userName)).location).toBe('/?sso=noPermission');
    const roleless = await buildUser(api.t.ctx, { label: 'sso-roleless', mustChangePassword: false });
    expect((await roundTrip(roleless.userName)).location).toBe('/?sso=noPermission');
  });

  it('says "not logged in at the provider" when the provider answers login_required', async () => {
    const { url, cookie } = await start();
    // a silent check (prompt=none) with nobody signed in at the provider: it answers error=login_required
    const silent = new URL(url);
    silent.searchParams.set('prompt', 'none');
    const back = await signInAtProvider(silent.href, undefined);
    expect(new URL(back!).searchParams.get('error')).toBe('login_required');
    const res = await api.app.request(new URL(back!).pathname + new URL(back!).search, { headers: { cookie } });
    expect(res.headers.get('location')).toBe('/?sso=notLoggedIn');
  });

  it('says "system error" for a callback whose state is not this browser’s flow, and signs nobody in', async () => {
    const first = await start();
    const second = await start();
    const back = await signInAtProvider(first.url, 'admin');
    // the code of the first flow comes back to a browser holding the second flow's cookie
    const res = await api.app.request(new URL(back!).pathname + new URL(back!).search, { headers: { cookie: second.cookie } });
    expect(res.headers.get('location')).toBe('/?sso=systemError');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('fmea_session=') && !c.startsWith('fmea_session=;'))).toBe(false);
    // and without any flow cookie
    const none = await api.app.request(new URL(back!).pathname + new URL(back!).search);
    expect(none.headers.get('location')).toBe('/?sso=systemError');
  });
});

describe('single sign-on settings', () => {
  it('never answers the client secret, only that one is set', async () => {
    const res = await api.call('GET', '/api/security/getSso', { token: admin });
    expect(res.body.data).toEqual({ enabled: true, issuer: provider.issuer, clientId: provider.clientId, clientSecretSet: true, userNameClaim: 'preferred_username' });
    expect(JSON.stringify(res.body)).not.toContain(provider.clientSecret);
  });

  it('refuses an http issuer off this machine and a bad claim, in the reader’s language, changing nothing', async () => {
    const res = await api.call('POST', '/api/security/saveSso', { token: admin, lang: 'en-US', body: { issuer: 'http://idp.example.com', userNameClaim: '1 bad' } });
    expect(res.status).toBe(400);
    const messages = res.body.data.issues.map((i: { message: string }) => i.message);
    expect(messages).toContain('Issuer URL must be an https address (plain http only for this machine), without query or fragment');
    expect(messages.some((m: string) => m.startsWith('User name claim must be a claim name'))).toBe(true);
    const zh = await api.call('POST', '/api/security/saveSso', { token: admin, body: { clientId: '', enabled: true } });
    expect(zh.body.data.issues[0].message).toBe('开启单点登录时客户端 ID 为必填项');
    expect((await api.call('GET', '/api/security/getSso', { token: admin })).body.data.issuer).toBe(provider.issuer);
  });

  it('is for administrators of the security page only', async () => {
    const role = await buildRole(api.t.ctx, { label: 'nosec', roleType: '2', grants: [] });
    const person = await buildUser(api.t.ctx, { label: 'nosec', roles: [role.id], mustChangePassword: false });
    const token = await api.login(person.userName);
    expect((await api.call('GET', '/api/security/getSso', { token })).status).toBe(403);
    expect((await api.call('POST', '/api/security/saveSso', { token, body: { enabled: false } })).status).toBe(403);
  });
});
