import type { OpenAPIHono } from '@hono/zod-openapi';
import { AREAS, listUsers, NotFoundError, type AreaDefinition, rankOfRoles, rolesOfUser, userRelations } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { assertAccess } from '../../http/access.ts';
import { caller } from '../../http/authenticate.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { Id, Text } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { presentAdminUser, AdminUserSchema, UserOptionSchema } from './schemas.ts';
import { answerOwnPassword, answerUserOptions, OldPasswordBody, PasswordCheckData, UserOptionsQuery } from './self-service.ts';
import { answerUserList, UserListBody, UserListData } from './users.ts';

/**
 * Spec 000 §7's user calls that integrators write against, under the spec's
 * names (docs/domain/administration.md "The spec's user calls"). Where a route
 * serves the same thing under another name they share its handler and its
 * schemas; the rest are small reads of their own.
 */

const TAG = 'users';

export const fmeaUserListRoute = defineRoute({
  method: 'post',
  path: '/api/user/fmeaUserList',
  tag: TAG,
  summary: 'Users for the FMEA team pickers (spec 000 §7); the body of GET /api/user/list’s query',
  description: 'Id, user name and real name of live users, open to every signed-in user as the picker list is (FMEA teams span sites).',
  access: 'user',
  request: jsonBody(UserOptionsQuery.openapi('FmeaUserListBody')),
  data: z.array(UserOptionSchema),
});

export const checkAdminRoute = defineRoute({
  method: 'post',
  path: '/api/user/checkAdmin',
  tag: TAG,
  summary: 'Whether the caller is an administrator',
  description: 'isAdmin: holds the admin role (may do everything); adminRank: super (admin role or a role of type 0), site (a role of type 1) or none, as docs/domain/administration.md ranks administrators.',
  access: 'user',
  data: z.strictObject({ isAdmin: z.boolean(), adminRank: z.enum(['super', 'site', 'none']) }),
});

export const adminCheckOldPwdRoute = defineRoute({
  method: 'post',
  path: '/api/user/adminCheckOldPwd',
  tag: TAG,
  summary: 'Whether a password is the administrator’s own (confirming who they are before changing other users)',
  description:
    'Needs the user administration page. The password comes in the body, never the query. Wrong answers count in the sign-in throttle of the caller’s address and user name, ' +
    'and a check waits for that pair’s earlier failures as a sign-in does (1 s doubling to 30 s); a right one clears them. The account is not locked by it.',
  access: { route: 'system_user' },
  request: jsonBody(OldPasswordBody),
  data: PasswordCheckData,
});

export const getUserInfoListRoute = defineRoute({
  method: 'post',
  path: '/api/user/getUserInfoList',
  tag: TAG,
  summary: 'Users by their ids (administration): POST /api/user/sysUserList with userIds',
  description: 'The same call as sysUserList (its body and answer); userIds lists the users wanted. Below super administrators only users of the caller’s site are answered.',
  access: { route: 'system_user' },
  request: jsonBody(UserListBody),
  data: UserListData,
});

export const getUserInfoByUserIdAndSiteIdRoute = defineRoute({
  method: 'get',
  path: '/api/user/getUserInfoByUserIdAndSiteId',
  tag: TAG,
  summary: 'One user as a member of one site (administration)',
  description: 'data.user: the user, when their home site is siteId or they belong to it as a further group; otherwise 404. The reading rules of the user list apply (a site administrator reads their own site only: 403).',
  access: { route: 'system_user' },
  request: { query: z.object({ userId: Id, siteId: Id, timestamp: z.string().max(40).optional() }) },
  data: z.strictObject({ user: AdminUserSchema }),
});

const ExportListQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(500).default(10),
    searchKey: Text.optional().openapi({ description: 'Part of the user name, real name or job number' }),
    siteId: Id.optional(),
    timestamp: z.string().max(40).optional(),
  })
  .openapi('AppExportUserListQuery');

/** The three export lists: who may export from one area (its route's export button, or the admin role). */
const exportList = <const P extends string>(path: P, area: string, route: string) =>
  defineRoute({
    method: 'get',
    path,
    tag: TAG,
    summary: `The users who may export from ${area} (spec 000 §7), as sysUserList answers them`,
    description: `Users a role gives the export button of ${route}, and the admin role’s holders; needs the user page’s export button. Below super administrators only users of the caller’s site are listed.`,
    access: { route: 'system_user', button: 'export' },
    request: { query: ExportListQuery },
    data: UserListData,
  });

export const appExportUserListRoute = exportList('/api/user/getAppExportUserList', 'the DFMEA work area', 'dfmea_index');
export const appExportLibraryUserListRoute = exportList('/api/user/getAppExportLibraryUserList', 'the knowledge base', 'any knowledge page (one per catalog type)');
export const appExportPfmeaUserListRoute = exportList('/api/user/getAppExportPfmeaUserList', 'the PFMEA work area', 'pfmea_index');

const Person = z.strictObject({ id: z.string(), userName: z.string(), realName: z.string(), realNameEn: z.string() });

export const getUserRelationInfoRoute = defineRoute({
  method: 'get',
  path: '/api/user/getUserRelationInfo',
  tag: TAG,
  summary: 'A user’s reporting line and memberships: superior, direct reports, department, sites, roles',
  description: 'Without userId: the caller’s own. Another user’s needs the user administration page and follows its reading rules (a site administrator reads their own site only).',
  access: 'user',
  request: { query: z.object({ userId: Id.optional(), timestamp: z.string().max(40).optional() }) },
  data: z.strictObject({
    user: Person,
    superior: Person.nullable(),
    subordinates: z.array(Person).openapi({ description: 'Live users who name this user as their superior' }),
    departmentId: z.string().nullable(),
    siteId: z.string().nullable().openapi({ description: 'The home site' }),
    siteIds: z.array(z.string()).openapi({ description: 'Every site (group) the user may sign in to' }),
    roleIds: z.array(z.string()),
  }),
});

/** An area's route and its pages' routes: the knowledge base's buttons sit on its pages (one per catalog type). */
function areaRoutes(id: string): string[] {
  const area = (AREAS as readonly AreaDefinition[]).find((a) => a.id === id);
  if (!area) throw new Error(`no area ${id}`);
  return [area.routeName, ...area.pages.flatMap((p) => (p.routeName ? [p.routeName] : []))];
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(fmeaUserListRoute, (c) => answerUserOptions(c, c.req.valid('json')));

  app.openapi(checkAdminRoute, async (c) => {
    const auth = caller(c);
    const { roles } = await rolesOfUser(c.var.services.database.db, auth.user.id);
    return c.json(ok({ isAdmin: auth.isAdmin, adminRank: rankOfRoles(roles) }), 200);
  });

  app.openapi(adminCheckOldPwdRoute, (c) => answerOwnPassword(c, c.req.valid('json').oldPassword, { throttle: true }));

  app.openapi(getUserInfoListRoute, (c) => answerUserList(c, c.req.valid('json')));

  app.openapi(getUserInfoByUserIdAndSiteIdRoute, async (c) => {
    const { userId, siteId } = c.req.valid('query');
    // the list's query with its site and id filters: the same reading rules, one user or none
    const found = await listUsers(serviceContext(c), { site: siteId, ids: [userId], limit: 1 });
    const user = found.items[0];
    if (!user) throw new NotFoundError('user.not_found', { id: userId });
    return c.json(ok({ user: presentAdminUser(user) }), 200);
  });

  for (const [route, area] of [
    [appExportUserListRoute, 'dfmea'],
    [appExportLibraryUserListRoute, 'knowledge'],
    [appExportPfmeaUserListRoute, 'pfmea'],
  ] as const) {
    const routes = areaRoutes(area);
    app.openapi(route, (c) => {
      const { timestamp: _timestamp, ...query } = c.req.valid('query');
      return answerUserList(c, query, { routes, button: 'export' });
    });
  }

  app.openapi(getUserRelationInfoRoute, async (c) => {
    const auth = caller(c);
    const { userId } = c.req.valid('query');
    // another user's relations are administration: the user page first, then core's reading rules
    if (userId && userId !== auth.user.id) assertAccess(c, { route: 'system_user' });
    return c.json(ok(await userRelations(serviceContext(c), userId ?? auth.user.id)), 200);
  });
}
