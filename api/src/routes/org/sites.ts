import type { OpenAPIHono } from '@hono/zod-openapi';
import { assertCanReadSite, createSite, deleteSite, InvalidInputError, listSites, onlineCountsBySite, onlineUsers, siteConcurrency, updateSite } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { idleMinutes } from '../../http/authenticate.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { ConcurrencySchema, presentConcurrency, presentSite, SiteOnlineUserSchema, SiteSchema } from './schemas.ts';
import { requireButton, saveAccess } from '../../http/access.ts';
import { serviceContext } from '../../http/context.ts';
import { Id, Ignored, RequiredText, SiteIdQuery, Text, withoutUndefined } from '../../http/fields.ts';

const TAG = 'sites';

export const listRoute = defineRoute({
  method: 'get',
  path: '/api/site/selectSiteList',
  tag: TAG,
  summary: 'Sites with their licences, member and online counts',
  access: { route: ['system_site', 'system_user', 'system_concurrency'] },
  data: z.array(SiteSchema),
});

const SaveSiteBody = z
  .object({
    id: Id.optional().openapi({ description: 'Absent: create; present: update' }),
    siteName: RequiredText,
    siteNameEn: Text.optional(),
    licenceCount: z.number().int().min(0).max(1_000_000).optional().openapi({ description: 'Concurrency licences; 0 = unlimited' }),
    adminUserId: Id.nullable().optional(),
    leaderUserId: Id.nullable().optional(),
    createTime: Ignored,
    updateTime: Ignored,
    siteUserList: Ignored,
  })
  .openapi('SaveSiteBody');

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/site/saveSite',
  tag: TAG,
  summary: 'Create (no id) or update a site',
  description: 'Needs the add button to create and the edit button to update. createTime, updateTime and siteUserList are ignored. Names are unique.',
  access: saveAccess('system_site'),
  request: jsonBody(SaveSiteBody),
  data: SiteSchema,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/site/deleteSites',
  tag: TAG,
  summary: 'Delete one site',
  description: 'The spec’s payload carries a list, but multi-select delete is unsupported: send exactly one id. A site that still has users or departments is kept (409).',
  access: { route: 'system_site', button: 'del' },
  request: jsonBody(z.object({ ids: z.array(Id).max(500) })),
  data: z.null(),
});

export const surplusRoute = defineRoute({
  method: 'get',
  path: '/api/site/getSurplusConcurrencyAmount',
  tag: TAG,
  summary: 'Licences left on a site',
  access: { route: 'system_site' },
  request: { query: SiteIdQuery },
  data: ConcurrencySchema,
});

export const onlineRoute = defineRoute({
  method: 'get',
  path: '/api/site/getUserListBySiteId',
  tag: TAG,
  summary: 'Users signed in to a site now (concurrency management)',
  description: 'The members of a site are listed by /api/siteUser/getUserListBySiteId.',
  access: { route: 'system_site' },
  request: { query: SiteIdQuery },
  data: z.array(SiteOnlineUserSchema),
});

export const exceedRoute = defineRoute({
  method: 'get',
  path: '/api/site/isExceedConcurrency',
  tag: TAG,
  summary: 'Whether a site has no licence left',
  description: 'Asked by the shell before a group change (spec 000 §4), so any signed-in user may ask.',
  access: 'user',
  request: { query: SiteIdQuery },
  data: z.strictObject({ isExceedConcurrency: z.boolean() }),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const services = c.var.services;
    const ctx = serviceContext(c);
    const online = await onlineCountsBySite(services.database.db, services.now(), await idleMinutes(services));
    const sites = await listSites(ctx);
    return c.json(ok(sites.map((s) => presentSite(s, online.get(s.id) ?? 0))), 200);
  });

  app.openapi(saveRoute, async (c) => {
    const { id, siteName, siteNameEn, licenceCount, adminUserId, leaderUserId } = c.req.valid('json');
    requireButton(c, 'system_site', id ? 'edit' : 'add');
    const ctx = serviceContext(c);
    const input = { name: siteName, nameEn: siteNameEn, licenceCount, adminUserId, leaderUserId };
    const saved = id ? await updateSite(ctx, id, withoutUndefined(input)) : await createSite(ctx, input);
    return c.json(ok(presentSite(saved)), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { ids } = c.req.valid('json');
    if (ids.length === 0) throw new InvalidInputError('apiOrg.selection_empty');
    if (ids.length > 1) throw new InvalidInputError('apiOrg.multi_delete_unsupported');
    await deleteSite(serviceContext(c), ids[0]!);
    return c.json(ok(null), 200);
  });

  app.openapi(surplusRoute, async (c) => {
    const ctx = serviceContext(c);
    const siteId = await assertCanReadSite(ctx, c.req.valid('query').siteId);
    const concurrency = await siteConcurrency(ctx, siteId, await idleMinutes(c.var.services));
    return c.json(ok(presentConcurrency(concurrency)), 200);
  });

  app.openapi(onlineRoute, async (c) => {
    const services = c.var.services;
    const siteId = await assertCanReadSite(serviceContext(c), c.req.valid('query').siteId);
    const users = await onlineUsers(services.database.db, services.now(), await idleMinutes(services), siteId);
    // field by field: the session's own id stays on the server
    const data = users.map((u) => ({ userId: u.userId, userName: u.userName, realName: u.realName, realNameEn: u.realNameEn, avatar: u.avatar, siteId: u.siteId, siteName: u.siteName, siteNameEn: u.siteNameEn, since: u.since.toISOString() }));
    return c.json(ok(data), 200);
  });

  app.openapi(exceedRoute, async (c) => {
    const { siteId } = c.req.valid('query');
    const { isExceedConcurrency } = await siteConcurrency(serviceContext(c), siteId, await idleMinutes(c.var.services));
    return c.json(ok({ isExceedConcurrency }), 200);
  });
}
