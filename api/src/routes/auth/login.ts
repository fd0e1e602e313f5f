import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { clientIp } from '../../http/client-ip.ts';
import { createContext, endSessionUrlOf, invalidateSession, invalidateUserSessions, login, sessionIdOf } from '@fmea/core';
import { servedOrigin } from '../../http/origin.ts';
import { ok } from '../../envelope.ts';
import { caller, readToken } from '../../http/authenticate.ts';
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookie.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { announceOnline } from '../../realtime/socket.ts';
import { LoginBody, LoginResultSchema } from './schemas.ts';

export const loginRoute = defineRoute({
  method: 'post',
  path: '/api/login',
  tag: 'auth',
  summary: 'Sign in',
  description:
    'Username and password come in the JSON body (never the query string). flag 1: signed in, with the token; 2: the user belongs to several sites, call again with siteId; ' +
    '3 (reason forceLogin): the account is signed in elsewhere, call again with forceLogin: true to end that session; 4 (reason passwordExpired or firstLogin): change the password first with /api/user/resetPwd and the answer’s changeToken (valid 15 minutes, for this sign-in only). ' +
    'Wrong passwords lock the account for new sign-ins (its live sessions go on). Failures slow sign-ins down, never refuse a right password: an address and user name ' +
    'that failed wait 1 s, doubling with each failure up to 30 s, before they are checked, and once an address has failed the policy’s number of times in its window each further failure from it is answered as slowly.',
  access: 'public',
  request: jsonBody(LoginBody),
  data: LoginResultSchema,
});

export const logoutRoute = defineRoute({
  method: 'post',
  path: '/api/logout',
  tag: 'auth',
  summary: 'Sign out (this session)',
  description:
    'Ends this session. A session that began through single sign-on also ends at the provider: endSessionUrl is the provider’s end-session address ' +
    '(RP-initiated logout, with the session’s ID token as id_token_hint and post_logout_redirect_uri <server>/?signedOut=1, which the provider must allow); the browser goes there. Null otherwise.',
  access: 'user',
  data: z.strictObject({ endSessionUrl: z.string().nullable() }),
});
export const forceLogoutRoute = defineRoute({ method: 'post', path: '/api/forceLogout', tag: 'auth', summary: 'Sign out everywhere (every session of this account)', access: 'user', data: z.strictObject({ ended: z.number() }) });

export { clientIp } from '../../http/client-ip.ts';

/** The sign-in handler, shared with the login page's removeLoginPageUser (which signs in with forceLogin). */
export async function answerLogin(c: Context<AppEnv>, body: z.output<typeof LoginBody>) {
  const services = c.var.services;
  const ip = clientIp(c);
  const ctx = createContext(services.database.db, { userId: null, userName: body.username.trim(), ip }, services.now);
  const result = await login(
    ctx,
    { userName: body.username, password: body.password, siteId: body.siteId, forceLogin: body.forceLogin, userAgent: c.req.header('user-agent'), ip },
    {
      sessionsEnded: (_userId, ids) => {
        ids.forEach((id) => services.auth.dropSession(id));
        services.realtime.endSessions(ids, 'forceLogin', { reason: 'loginOtherPlace' });
      },
      wait: services.wait,
    },
  );
  switch (result.status) {
    case 'chooseSite':
      return c.json(ok({ flag: 2, reason: 'chooseSite', sites: result.sites }), 200);
    case 'forceLogin':
      return c.json(ok({ flag: 3, reason: 'forceLogin' }), 200);
    case 'changePassword':
      return c.json(ok({ flag: 4, reason: result.reason === 'expired' ? 'passwordExpired' : 'firstLogin', userId: result.userId, changeToken: result.changeToken }), 200);
    case 'ok':
      setSessionCookie(c, result.token, result.session.expiresAt);
      void announceOnline(services, { userId: result.userId, siteId: result.siteId });
      return c.json(ok({ flag: 1, token: result.token, userId: result.userId, userName: result.userName, siteId: result.siteId }), 200);
  }
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(loginRoute, (c) => answerLogin(c, c.req.valid('json')));

  app.openapi(logoutRoute, async (c) => {
    const services = c.var.services;
    const auth = caller(c);
    const db = services.database.db;
    await invalidateSession(db, auth.session.id);
    services.auth.dropSession(auth.session.id);
    services.realtime.closeSessions([auth.session.id]);
    clearSessionCookie(c);
    void announceOnline(services);
    const endSessionUrl = await endSessionUrlOf(db, auth.session, `${servedOrigin(c, services.web)}/?signedOut=1`);
    return c.json(ok({ endSessionUrl }), 200);
  });

  app.openapi(forceLogoutRoute, async (c) => {
    const services = c.var.services;
    const auth = caller(c);
    const token = readToken(c);
    const ended = await invalidateUserSessions(services.database.db, auth.user.id);
    ended.forEach((id) => services.auth.dropSession(id));
    services.realtime.endSessions(ended.filter((id) => !token || id !== sessionIdOf(token)), 'forceLogin', { reason: 'loginOtherPlace' });
    clearSessionCookie(c);
    void announceOnline(services);
    return c.json(ok({ ended: ended.length }), 200);
  });
}
