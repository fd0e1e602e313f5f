import type { OpenAPIHono } from '@hono/zod-openapi';
import { listPublishedNotices, readNotice, unreadNoticeCount } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { caller, hasAccess } from '../../http/authenticate.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { IdBody, InboxNoticeSchema, pageOf, PageQuery, presentInboxNotice } from './schemas.ts';
import { serviceContext } from '../../http/context.ts';

const TAG = 'notices';

export const selectListRoute = defineRoute({
  method: 'get',
  path: '/api/notice/selectList',
  tag: TAG,
  summary: 'Published notices with the caller’s read state (my notices)',
  access: 'user',
  request: { query: z.object(PageQuery) },
  data: pageOf(InboxNoticeSchema),
});

export const getNoticeRoute = defineRoute({
  method: 'post',
  path: '/api/notice/getNotice',
  tag: TAG,
  summary: 'Open a notice (marks it read for the caller)',
  description: 'Readers get published notices only; notice administrators may also open drafts and withdrawn notices (not marked).',
  access: 'user',
  request: jsonBody(IdBody),
  data: InboxNoticeSchema,
});

export const countRoute = defineRoute({
  method: 'get',
  path: '/api/notice/getNoticeCount',
  tag: TAG,
  summary: 'How many published notices the caller has not read',
  access: 'user',
  request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
  data: z.strictObject({ count: z.number().int() }),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(selectListRoute, async (c) => {
    const page = await listPublishedNotices(serviceContext(c), caller(c).user.id, c.req.valid('query'));
    return c.json(ok({ items: page.items.map(presentInboxNotice), total: page.total, page: page.page, limit: page.limit }), 200);
  });

  app.openapi(getNoticeRoute, async (c) => {
    const auth = caller(c);
    const anyStatus = hasAccess(auth, { route: 'system_notice' });
    const row = await readNotice(serviceContext(c), c.req.valid('json').id, auth.user.id, { anyStatus });
    return c.json(ok(presentInboxNotice(row)), 200);
  });

  app.openapi(countRoute, async (c) => {
    const count = await unreadNoticeCount(c.var.services.database.db, caller(c).user.id);
    return c.json(ok({ count }), 200);
  });
}
