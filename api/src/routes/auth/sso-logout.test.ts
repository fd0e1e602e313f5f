import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { generateKeyPair, SignJWT } from 'jose';
import { buildRole, buildUser } from '@fmea/core/testing';
import { CookieJar, signInAtProvider, signOutAtProvider, startTestOidcProvider, type TestOidcProvider } from '@fmea/core/testing/oidc-provider';
import { openTestApp } from '../../testing.ts';

/**
 * Signing out of single sign-on against a real OpenID Connect provider on loopback: RP-initiated
 * logout (the product sends the browser to the provider's end-session address) and Back-Channel
 * Logout (the provider posts a signed logout token to the product, served here over real HTTP so
 * the provider can reach it).
 */
const api = await openTestApp();
let provider: TestOidcProvider;
let http: ServerType;
let admin: string;
const CALLBACK = 'http://localhost/api/sso/callback';
const SIGNED_OUT = 'http://localhost/?signedOut=1';

beforeAll(async () => {
  http = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => (http.listening ? resolve() : http.once('listening', () => resolve())));
  const backchannel = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/sso/backchannelLogout`;
  provider = await startTestOidcProvider({ redirectUris: [CALLBACK], postLogoutRedirectUris: [SIGNED_OUT], backchannelLogoutUri: backchannel });
  admin = await api.login('admin');
  const saved = await api.call('POST', '/api/security/saveSso', {
    token: admin,
    body: { enabled: true, issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await provider.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  api.dispose();
});

/** A person signs in through the provider in a browser whose provider cookies are `jar`; answers the session token. */
async function signedInThroughSso(jar: CookieJar) {
  const role = await buildRole(api.t.ctx, { label: 'sso-out', roleType: '2', grants: [] });
  const person = await buildUser(api.t.ctx, { label: 'sso-out', roles: [role.id], mustChangePassword: false });
  const started = await api.call('POST', '/api/ssoLogin', { body: {} });
  const flow = started.headers.getSetCookie().find((c) => c.startsWith('fmea_sso_flow='))!.split(';')[0]!;
  const back = new URL((await signInAtProvider(started.body.data.authorizationUrl, person.userName, jar))!);
  const res = await api.app.request(back.pathname + back.search, { headers: { cookie: flow } });
  expect(res.headers.get('location')).toBe('/loginRedirect?sso=1');
  const token = res.headers.getSetCookie().find((c) => c.startsWith('fmea_session='))!.split(';')[0]!.slice('fmea_session='.length);
  expect((await api.call('GET', '/api/user/info', { token })).status).toBe(200);
  return { person, token };
}

describe('signing out of single sign-on', () => {
  it('sends the browser to the provider’s end-session address with the ID token as hint, and back to the login page', async () => {
    const jar = new CookieJar();
    const { token } = await signedInThroughSso(jar);
    const out = await api.call('POST', '/api/logout', { token });
    const endSession = new URL(out.body.data.endSessionUrl);
    expect(endSession.origin).toBe(provider.issuer);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(SIGNED_OUT);
    expect((await api.call('GET', '/api/user/info', { token })).status).toBe(401);
    // the provider ends its own session and sends the browser back to the login page
    expect(await signOutAtProvider(endSession.href, jar)).toBe(SIGNED_OUT);
    // signed out there: a silent sign-in now finds nobody
    const again = await api.call('POST', '/api/ssoLogin', { body: {} });
    const silent = new URL(again.body.data.authorizationUrl);
    silent.searchParams.set('prompt', 'none');
    expect(new URL((await signInAtProvider(silent.href, undefined, jar))!).searchParams.get('error')).toBe('login_required');
  });

  it('answers no end-session address for a password session', async () => {
    const token = await api.login('admin', undefined, { forceLogin: true });
    expect((await api.call('POST', '/api/logout', { token })).body.data).toEqual({ endSessionUrl: null });
    admin = await api.login('admin', undefined, { forceLogin: true });
  });

  it('ends the sessions of a provider session when the provider posts its logout token (back-channel), and no other', async () => {
    const jar = new CookieJar();
    const { person, token } = await signedInThroughSso(jar);
    // the user signs out at the provider itself (another application's sign-out button, say)
    await signOutAtProvider(`${provider.issuer}/session/end`, jar);
    await expect.poll(async () => (await api.call('GET', '/api/user/info', { token })).status).toBe(401);
    expect((await api.call('GET', '/api/user/info', { token: admin })).status).toBe(200);
    const logged = await api.call('POST', '/api/operationLog/list', { token: admin, body: { action: 'auth.logout_sso', entityId: person.id } });
    expect(JSON.stringify(logged.body.data)).toContain('"action":"auth.logout_sso"');
  });

  it('refuses a logout token that does not verify: a stranger’s signature, a wrong audience, or no token at all', async () => {
    const jar = new CookieJar();
    const { token } = await signedInThroughSso(jar);
    const post = (logoutToken: string) =>
      api.app.request('/api/sso/backchannelLogout', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ logout_token: logoutToken }) });
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ events: { 'http://schemas.openid.net/event/backchannel-logout': {} }, sub: 'anyone', sid: 'any' })
      .setProtectedHeader({ alg: 'RS256', typ: 'logout+jwt' })
      .setIssuer(provider.issuer)
      .setAudience(provider.clientId)
      .setIssuedAt()
      .setJti('forged')
      .sign(privateKey);
    const refused = await post(forged);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { meta: { message: string } }).meta.message).toBe('注销令牌无效');
    expect((await post('not-a-token')).status).toBe(400);
    expect((await api.app.request('/api/sso/backchannelLogout', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' })).status).toBe(400);
    expect((await api.call('GET', '/api/user/info', { token })).status).toBe(200);
  });
});
