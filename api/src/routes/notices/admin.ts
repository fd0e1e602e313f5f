import type { OpenAPIHono } from '@hono/zod-openapi';
import { deleteNotice, findNotice, listNotices, saveNotice, setNoticeStatus } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { IdBody, NoticeSchema, NoticeStatus, pageOf, PageQuery, presentNotice, SaveNoticeBody } from './schemas.ts';
import { assertAccess } from '../../http/access.ts';
import { serviceContext } from '../../http/context.ts';
import { toDate } from '../../http/fields.ts';

const TAG = 'notices';
const ROUTE = 'system_notice';

export const listRoute = defineRoute({
  method: 'get',
  path: '/api/notice/list',
  tag: TAG,
  summary: 'Every notice, newest first (administration)',
  access: { route: ROUTE },
  request: { query: z.object({ ...PageQuery, status: NoticeStatus.optional() }) },
  data: pageOf(NoticeSchema),
});

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/notice/saveOrUpdate',
  tag: TAG,
  summary: 'Create (as a draft) or change a notice',
  description:
    'Without id: creates a draft (button add); with id: changes it (button edit). publishTime and createTime may be milliseconds or ISO 8601 texts; ' +
    'publishTime is kept as the shown publication time (stamped on publishing when empty), createTime is the server’s own.',
  access: { route: ROUTE, button: ['add', 'edit'] },
  request: jsonBody(SaveNoticeBody),
  data: NoticeSchema,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/notice/delete',
  tag: TAG,
  summary: 'Delete a notice',
  access: { route: ROUTE, button: 'del' },
  request: jsonBody(IdBody),
  data: z.null(),
});

export const statusRoute = defineRoute({
  method: 'post',
  path: '/api/notice/updateStatus',
  tag: TAG,
  summary: 'Publish, withdraw or return a notice to draft',
  description: "status '1' publishes and tells every connected user (realtime event receiveMessage, type notice); '2' withdraws; '0' back to draft.",
  access: { route: ROUTE, button: 'publish' },
  request: jsonBody(z.object({ id: z.string().min(1).max(64), status: NoticeStatus })),
  data: NoticeSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const page = await listNotices(serviceContext(c), c.req.valid('query'));
    return c.json(ok({ items: page.items.map(presentNotice), total: page.total, page: page.page, limit: page.limit }), 200);
  });

  app.openapi(saveRoute, async (c) => {
    const body = c.req.valid('json');
    const id = body.id || undefined;
    assertAccess(c, { route: ROUTE, button: id ? 'edit' : 'add' });
    const publishTime = toDate(body.publishTime, 'publishTime');
    toDate(body.createTime, 'createTime');
    const row = await saveNotice(serviceContext(c), { id, number: body.number, title: body.title, content: body.content, type: body.type, publishTime });
    return c.json(ok(presentNotice(row)), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    await deleteNotice(serviceContext(c), c.req.valid('json').id);
    return c.json(ok(null), 200);
  });

  app.openapi(statusRoute, async (c) => {
    const { id, status } = c.req.valid('json');
    const ctx = serviceContext(c);
    const before = await findNotice(ctx.db, id);
    const row = await setNoticeStatus(ctx, id, status);
    if (status === '1' && before.status !== '1') {
      c.var.services.realtime.send('receiveMessage', { type: 'notice', id: row.id, title: row.title });
    }
    return c.json(ok(presentNotice(row)), 200);
  });
}
