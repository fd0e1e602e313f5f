import type { OpenAPIHono } from '@hono/zod-openapi';
import { assertCanKick, assertCanKickUser, changeGroup, createContext, invalidateUserSessions, licenceSummary, trialInfo, onlineUsers, onlineUsersScope, remainingLogins, liveSessions } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import { caller, idleMinutes } from '../../http/authenticate.ts';
import { setSessionCookie } from '../../http/session-cookie.ts';
import type { AppEnv, AuthInfo } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { announceOnline } from '../../realtime/socket.ts';
import { OnlineUserSchema, TrialSchema } from './schemas.ts';

export const remainRoute = defineRoute({
  method: 'get',
  path: '/api/site/getRemainLoginUser',
  tag: 'auth',
  summary: 'Online count and remaining logins of a site (login page)',
  access: 'public',
  request: { query: z.object({ siteId: z.string().max(64).optional(), timestamp: z.string().max(40).optional() }) },
  data: z.strictObject({ online: z.number(), remaining: z.number().nullable() }),
});

export const licenceRoute = defineRoute({
  method: 'get',
  path: '/api/getLicenseInfo',
  tag: 'auth',
  summary: 'Licences of the installation (login page)',
  description:
    'Sites with a licence count limit how many people sign in there at once (0: unlimited). licensed and remaining add up the limited sites (null when none is limited); online counts everyone signed in now. ' +
    'trial: the trial licence when one is installed (null otherwise): its start, limit in days, end, the days left (1 on the last day) and its state; expired or illegalTime refuse every sign-in.',
  access: 'public',
  request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
  data: z.strictObject({ licensed: z.number().nullable(), online: z.number(), remaining: z.number().nullable(), unlimitedSites: z.number(), trial: TrialSchema.nullable() }),
});

export const changeGroupRoute = defineRoute({
  method: 'post',
  path: '/api/user/changeGroup',
  tag: 'auth',
  summary: 'Change group (site)',
  description: 'Refused with cannotChangeGroup when the target site has no licence left; otherwise the session moves to the site and a new token is returned.',
  access: 'user',
  request: jsonBody(z.object({ siteId: z.string().min(1).max(64) })),
  data: z.strictObject({ token: z.string(), siteId: z.string() }),
});

export const onlineRoute = defineRoute({
  method: 'get',
  path: '/api/online/list',
  tag: 'auth',
  summary: 'Online users: all sites for role type 0, the own site for role type 1',
  access: 'user',
  data: z.array(OnlineUserSchema),
});

export const kickRoute = defineRoute({
  method: 'post',
  path: '/api/removeLoginUser',
  tag: 'auth',
  summary: 'Kick a user out (never oneself)',
  access: 'user',
  request: jsonBody(z.object({ userId: z.string().min(1).max(64) })),
  data: z.strictObject({ flag: z.number(), ended: z.number() }),
});

const permissionActor = (auth: AuthInfo) => ({
  userId: auth.user.id,
  userName: auth.user.userName,
  isAdmin: auth.isAdmin,
  roleTypes: auth.roleTypes,
  productTypes: [],
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(remainRoute, async (c) => {
    const services = c.var.services;
    const { siteId } = c.req.valid('query');
    const idle = await idleMinutes(services);
    const live = await liveSessions(services.database.db, services.now(), idle, siteId ? { siteId } : {});
    const remaining = siteId ? await remainingLogins(services.database.db, siteId, services.now(), idle) : null;
    return c.json(ok({ online: new Set(live.map((s) => s.userId)).size, remaining }), 200);
  });

  app.openapi(licenceRoute, async (c) => {
    const services = c.var.services;
    const db = services.database.db;
    const summary = await licenceSummary(db, services.now(), await idleMinutes(services));
    return c.json(ok({ ...summary, trial: await trialInfo(db, services.now()) }), 200);
  });

  app.openapi(changeGroupRoute, async (c) => {
    const services = c.var.services;
    const auth = caller(c);
    const ctx = createContext(services.database.db, { userId: auth.user.id, userName: auth.user.userName }, services.now);
    const moved = await changeGroup(ctx, auth.session, c.req.valid('json').siteId);
    services.auth.clear();
    setSessionCookie(c, moved.token, moved.session.expiresAt);
    void announceOnline(services, { userId: auth.user.id, siteId: moved.session.siteId });
    return c.json(ok({ token: moved.token, siteId: moved.session.siteId! }), 200);
  });

  app.openapi(onlineRoute, async (c) => {
    const services = c.var.services;
    const auth = caller(c);
    const scope = onlineUsersScope(permissionActor(auth));
    if (scope === 'none') return c.json(ok([]), 200);
    const users = await onlineUsers(services.database.db, services.now(), await idleMinutes(services), scope === 'site' ? (auth.session.siteId ?? '-') : undefined);
    // one row per session, field by field: the session's own id stays on the server
    const rows = users.map((u) => ({ userId: u.userId, userName: u.userName, realName: u.realName, realNameEn: u.realNameEn, avatar: u.avatar, siteId: u.siteId, siteName: u.siteName, siteNameEn: u.siteNameEn, since: u.since }));
    return c.json(ok(rows), 200);
  });

  app.openapi(kickRoute, async (c) => {
    const services = c.var.services;
    const auth = caller(c);
    const { userId } = c.req.valid('json');
    const targets = await liveSessions(services.database.db, services.now(), await idleMinutes(services), { userId });
    assertCanKick(permissionActor(auth), userId, { actorSiteId: auth.session.siteId ?? undefined, targetSiteId: targets[0]?.siteId ?? undefined });
    await assertCanKickUser(serviceContext(c), userId);
    const ended = await invalidateUserSessions(services.database.db, userId);
    ended.forEach((id) => services.auth.dropSession(id));
    services.realtime.endSessions(ended, 'removeLogin', { reason: 'kickedOut' });
    void announceOnline(services);
    return c.json(ok({ flag: 1, ended: ended.length }), 200);
  });
}
