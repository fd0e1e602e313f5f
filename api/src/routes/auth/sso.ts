import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { backChannelLogout, createContext, finishSso, InvalidInputError, getSsoSettings, SSO_FLOW_MINUTES, setSsoSettings, startSso, viewSso, type SsoFlow } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { caller, readToken } from '../../http/authenticate.ts';
import { clientIp } from '../../http/client-ip.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { isHttps, servedOrigin } from '../../http/origin.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { setSessionCookie } from '../../http/session-cookie.ts';
import { announceOnline } from '../../realtime/socket.ts';

/** Where the provider sends the browser back (register this address at the provider). */
export const SSO_CALLBACK_PATH = '/api/sso/callback';
const FLOW_COOKIE = 'fmea_sso_flow';
const LANDING_TYPE = z
  .string()
  .max(20)
  .regex(/^[A-Za-z]*$/)
  .optional()
  .openapi({ description: 'The /loginRedirect target after sign-in: message, dfmea, pfmea, dvp, taskTodo, otherwise home' });

export const ssoLoginRoute = defineRoute({
  method: 'post',
  path: '/api/ssoLogin',
  tag: 'auth',
  summary: 'Start single sign-on (OpenID Connect): the provider’s address',
  description:
    'With single sign-on on, answers the provider’s authorization address (authorization code with PKCE, state and nonce) and sets an HttpOnly cookie holding the flow’s secrets for 10 minutes; ' +
    `the browser goes to that address, the provider sends it back to ${SSO_CALLBACK_PATH}, which signs in (a session cookie) and redirects to /loginRedirect?type=…&sso=1, ` +
    'or to /?sso=notFound|noPermission|notLoggedIn|concurrency|systemError. With it off: enabled false. A script signs in with /api/login (password) instead.',
  access: 'public',
  request: { body: { content: { 'application/json': { schema: z.object({ type: LANDING_TYPE }) } }, required: false } },
  data: z.strictObject({ enabled: z.boolean(), authorizationUrl: z.string().nullable() }),
});

export const ssoTokenRoute = defineRoute({
  method: 'post',
  path: '/api/sso/token',
  tag: 'auth',
  summary: 'The session token after a single sign-on (the redirect landing’s call)',
  description: 'The callback signed the browser in with the session cookie; the landing page asks for its token here, as the spec’s redirect landing fetches its tokens.',
  access: 'user',
  data: z.strictObject({ token: z.string(), userId: z.string(), userName: z.string() }),
});

const SsoSettingsSchema = z
  .strictObject({
    enabled: z.boolean(),
    issuer: z.string(),
    clientId: z.string(),
    clientSecretSet: z.boolean().openapi({ description: 'Whether a client secret is stored (it is never answered)' }),
    userNameClaim: z.string(),
  })
  .openapi('SsoSettings');

export const getSsoRoute = defineRoute({
  method: 'get',
  path: '/api/security/getSso',
  tag: 'settings',
  summary: 'Single sign-on (OpenID Connect) settings',
  access: { route: 'system_security' },
  request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
  data: SsoSettingsSchema,
});

export const saveSsoRoute = defineRoute({
  method: 'post',
  path: '/api/security/saveSso',
  tag: 'settings',
  summary: 'Change the single sign-on settings',
  description: `Send only what changes. clientSecret "" clears the secret (a public client), absent keeps it. Switching on needs an issuer (https; http only on loopback) and a client id. The provider must allow the redirect address <server>${SSO_CALLBACK_PATH}.`,
  access: { route: 'system_security', button: 'edit' },
  request: jsonBody(
    z
      .object({
        enabled: z.boolean(),
        issuer: z.string().max(200),
        clientId: z.string().max(200),
        clientSecret: z.string().max(200),
        userNameClaim: z.string().max(100),
      })
      .partial()
      .openapi('SsoSettingsChange'),
  ),
  data: SsoSettingsSchema,
});

/** Where the provider posts its logout tokens (register it as the client's backchannel_logout_uri). */
export const SSO_BACKCHANNEL_PATH = '/api/sso/backchannelLogout';

export const backChannelLogoutRoute = defineRoute({
  method: 'post',
  path: SSO_BACKCHANNEL_PATH,
  tag: 'auth',
  summary: 'OpenID Connect Back-Channel Logout: the provider ends sessions',
  description:
    'Called by the identity provider, not by browsers (OpenID Connect Back-Channel Logout 1.0): a form field logout_token, a JWT signed with the provider’s published keys, ' +
    'naming this client as audience, with iat, the back-channel logout event, and sid and/or sub. The sessions here that began with that provider session (sid), ' +
    'or of that subject when no sid is given, end. 200 with how many ended; 400 when the token does not verify. Register this address at the provider, ' +
    'with backchannel_logout_session_required.',
  access: 'public',
  request: { body: { content: { 'application/x-www-form-urlencoded': { schema: z.object({ logout_token: z.string().max(20_000) }) } }, required: true } },
  data: z.strictObject({ ended: z.number() }),
});

function readFlow(c: Context<AppEnv>): SsoFlow | undefined {
  const raw = getCookie(c, FLOW_COOKIE);
  if (!raw) return undefined;
  try {
    const flow = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as SsoFlow;
    return typeof flow.state === 'string' && typeof flow.nonce === 'string' && typeof flow.verifier === 'string' ? flow : undefined;
  } catch {
    return undefined;
  }
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(ssoLoginRoute, async (c) => {
    const services = c.var.services;
    const body = (await c.req.json().catch(() => ({}))) as { type?: unknown };
    const type = LANDING_TYPE.safeParse(body?.type).success ? (body.type as string | undefined) : undefined;
    const ctx = createContext(services.database.db, { userId: null, userName: '?', ip: clientIp(c) }, services.now);
    const started = await startSso(ctx, { redirectUri: `${servedOrigin(c, services.web)}${SSO_CALLBACK_PATH}`, type });
    if (!started) return c.json(ok({ enabled: false, authorizationUrl: null }), 200);
    const value = Buffer.from(JSON.stringify(started.flow)).toString('base64url');
    // Lax: the provider's redirect back is a top-level GET, which carries it; only the callback reads it
    setCookie(c, FLOW_COOKIE, value, { httpOnly: true, sameSite: 'Lax', path: SSO_CALLBACK_PATH, secure: isHttps(c, services.web), maxAge: SSO_FLOW_MINUTES * 60 });
    return c.json(ok({ enabled: true, authorizationUrl: started.authorizationUrl }), 200);
  });

  // The provider's redirect back: a GET by nature (OAuth 2.0), made safe by the state and PKCE verifier bound to this browser's flow cookie.
  app.get(SSO_CALLBACK_PATH, async (c) => {
    const services = c.var.services;
    const flow = readFlow(c);
    deleteCookie(c, FLOW_COOKIE, { path: SSO_CALLBACK_PATH, secure: isHttps(c, services.web) });
    const ip = clientIp(c);
    const ctx = createContext(services.database.db, { userId: null, userName: '?', ip }, services.now);
    // the address the provider redirected to, as the browser saw it (behind a trusted proxy too)
    const seen = new URL(c.req.url);
    const callbackUrl = new URL(`${servedOrigin(c, services.web)}${SSO_CALLBACK_PATH}${seen.search}`);
    const outcome = await finishSso(ctx, { callbackUrl, flow, userAgent: c.req.header('user-agent'), ip });
    if (outcome.status !== 'ok') return c.redirect(`/?sso=${outcome.status}`, 302);
    if (outcome.ended.length) {
      outcome.ended.forEach((id) => services.auth.dropSession(id));
      services.realtime.endSessions(outcome.ended, 'forceLogin', { reason: 'loginOtherPlace' });
    }
    setSessionCookie(c, outcome.token, outcome.session.expiresAt);
    void announceOnline(services, { userId: outcome.userId, siteId: outcome.siteId });
    const type = /^[A-Za-z]{1,20}$/.test(outcome.type) ? `type=${outcome.type}&` : '';
    return c.redirect(`/loginRedirect?${type}sso=1`, 302);
  });

  app.openapi(ssoTokenRoute, async (c) => {
    const auth = caller(c);
    return c.json(ok({ token: readToken(c)!, userId: auth.user.id, userName: auth.user.userName }), 200);
  });

  app.openapi(backChannelLogoutRoute, async (c) => {
    const services = c.var.services;
    const ctx = createContext(services.database.db, { userId: null, userName: 'sso', ip: clientIp(c) }, services.now);
    const outcome = await backChannelLogout(ctx, c.req.valid('form').logout_token);
    c.header('cache-control', 'no-store');
    if (!outcome.ok) throw new InvalidInputError('sso.logout_token_invalid');
    outcome.ended.forEach((id) => services.auth.dropSession(id));
    // the tabs of those sessions find them gone on their next call ("your session has ended")
    services.realtime.closeSessions(outcome.ended);
    if (outcome.ended.length) void announceOnline(services);
    return c.json(ok({ ended: outcome.ended.length }), 200);
  });

  app.openapi(getSsoRoute, async (c) => c.json(ok(viewSso(await getSsoSettings(c.var.services.database.db))), 200));

  app.openapi(saveSsoRoute, async (c) => c.json(ok(await setSsoSettings(serviceContext(c), c.req.valid('json'))), 200));
}
