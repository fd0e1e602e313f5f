import type { OpenAPIHono } from '@hono/zod-openapi';
import { addSiteUsers, assertCanReadUser, invalidateSession, listSiteUsers, NotAllowedError, removeSiteUsers, siteMembers, sitesOfUser } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { caller, hasAccess } from '../../http/authenticate.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { presentMember, SiteChoiceSchema, SiteMemberSchema } from './schemas.ts';
import { serviceContext } from '../../http/context.ts';
import { Id, SiteIdQuery, Text } from '../../http/fields.ts';
import { forgetSessions, sessionIdsOf } from '../../http/sessions.ts';

const TAG = 'sites';

const PageParams = z.object({
  from: z.coerce.number().int().min(0).openapi({ param: { name: 'from', in: 'path' }, description: '0-based offset', example: 0 }),
  pageSize: z.coerce.number().int().min(1).max(500).openapi({ param: { name: 'pageSize', in: 'path' }, example: 10 }),
  siteId: Id.openapi({ param: { name: 'siteId', in: 'path' } }),
});

const SiteUsersPage = z.strictObject({ items: z.array(SiteMemberSchema), total: z.number().int(), from: z.number().int(), pageSize: z.number().int() });

export const selectRoute = defineRoute({
  method: 'get',
  path: '/api/siteUser/selectSiteUsers/{from}/{pageSize}/{siteId}',
  tag: TAG,
  summary: 'A page of a site’s members',
  description: 'Members are users whose home site it is and users added to it as a further group.',
  access: { route: 'system_site' },
  request: { params: PageParams },
  data: SiteUsersPage,
});

export const searchRoute = defineRoute({
  method: 'get',
  path: '/api/siteUser/selectSiteUsers/{from}/{pageSize}/{siteId}/{searchKey}',
  tag: TAG,
  summary: 'A page of a site’s members matching a search (user name, real name or job number)',
  // the same path as selectRoute's with one more parameter
  operationId: 'siteUserSelectSiteUsersBySearchKey',
  access: { route: 'system_site' },
  request: { params: PageParams.extend({ searchKey: Text.openapi({ param: { name: 'searchKey', in: 'path' } }) }) },
  data: SiteUsersPage,
});

const SiteUsersBody = z.object({ siteId: Id, userIds: z.array(Id).min(1).max(500) }).openapi('SiteUsersBody');

const SiteUsersResult = z.strictObject({ siteId: z.string(), userIds: z.array(z.string()).openapi({ description: 'The users added or removed' }) });

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/siteUser/saveSiteUsers',
  tag: TAG,
  summary: 'Add users to a site (group)',
  description: 'Users already in the site are left alone; the answer lists the users added.',
  access: { route: 'system_site', button: 'edit' },
  request: jsonBody(SiteUsersBody),
  data: SiteUsersResult,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/siteUser/deleteSiteUsers',
  tag: TAG,
  summary: 'Take users out of a site (group)',
  description: 'A user whose home site it is stays (409). Sessions the removed users hold on that site end at once.',
  access: { route: 'system_site', button: 'edit' },
  request: jsonBody(SiteUsersBody),
  data: SiteUsersResult,
});

export const membersRoute = defineRoute({
  method: 'get',
  path: '/api/siteUser/getUserListBySiteId',
  tag: TAG,
  summary: 'Every member of a site',
  access: { route: 'system_site' },
  request: { query: SiteIdQuery },
  data: z.strictObject({ siteUsers: z.array(SiteMemberSchema) }),
});

export const sitesOfUserRoute = defineRoute({
  method: 'get',
  path: '/api/siteUser/getSiteUsersByUserId/{id}',
  tag: TAG,
  summary: 'The sites (groups) a user may sign in to',
  description: 'Anyone may ask for their own sites (the change-group menu); other users’ sites need the system_site or system_user route.',
  access: 'user',
  request: { params: z.object({ id: Id.openapi({ param: { name: 'id', in: 'path' } }) }) },
  data: z.array(SiteChoiceSchema),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(selectRoute, async (c) => {
    const { from, pageSize, siteId } = c.req.valid('param');
    const page = await listSiteUsers(serviceContext(c), siteId, { offset: from, limit: pageSize });
    return c.json(ok({ items: page.items.map(presentMember), total: page.total, from: page.offset, pageSize: page.limit }), 200);
  });

  app.openapi(searchRoute, async (c) => {
    const { from, pageSize, siteId, searchKey } = c.req.valid('param');
    const page = await listSiteUsers(serviceContext(c), siteId, { offset: from, limit: pageSize, search: searchKey });
    return c.json(ok({ items: page.items.map(presentMember), total: page.total, from: page.offset, pageSize: page.limit }), 200);
  });

  app.openapi(saveRoute, async (c) => {
    const { siteId, userIds } = c.req.valid('json');
    return c.json(ok(await addSiteUsers(serviceContext(c), siteId, userIds)), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const services = c.var.services;
    const { siteId, userIds } = c.req.valid('json');
    const removed = await removeSiteUsers(serviceContext(c), siteId, userIds);
    // a removed user must not keep working in the site: end the sessions held there
    for (const userId of removed.userIds) {
      const ids = await sessionIdsOf(services, userId, removed.siteId);
      for (const id of ids) await invalidateSession(services.database.db, id);
      forgetSessions(services, ids, 'removedFromSite');
    }
    return c.json(ok(removed), 200);
  });

  app.openapi(membersRoute, async (c) => {
    const { siteId } = c.req.valid('query');
    const members = await siteMembers(serviceContext(c), siteId);
    return c.json(ok({ siteUsers: members.map(presentMember) }), 200);
  });

  app.openapi(sitesOfUserRoute, async (c) => {
    const auth = caller(c);
    const { id } = c.req.valid('param');
    const db = c.var.services.database.db;
    if (id === auth.user.id) return c.json(ok(await sitesOfUser(db, auth.user.id)), 200);
    if (!hasAccess(auth, { route: 'system_site' }) && !hasAccess(auth, { route: 'system_user' })) throw new NotAllowedError();
    // another user's sites: only a user of one of the caller's sites (super administrators: anyone)
    return c.json(ok(await sitesOfUser(db, await assertCanReadUser(serviceContext(c), id))), 200);
  });
}
