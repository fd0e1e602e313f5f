import type { OpenAPIHono } from '@hono/zod-openapi';
import { countMyPendingApprovals, countPendingReadApprovals, countUnreadMessages, listMyApplications, listMyApprovals, listMyReadApplications, listReadApprovals, type Page, type ReadApplicationView, type ReviewItem } from '@fmea/core';
import { presentApplication, ReadApplicationPageSchema } from '../messages/schemas.ts';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, z } from '../../http/route.ts';
import { ApplicationQuery, ApprovalQuery, MessageCountSchema, presentReviewItem, ReviewPageSchema } from './schemas.ts';

const TAG = 'messages';

export const myApplicationListRoute = defineRoute({
  method: 'get',
  path: '/api/message/myApplicationList',
  tag: TAG,
  summary: 'My applications: the records the caller applied to have released, in every state since',
  description: 'Every signed-in user has the personal centre. Newest application first; `type` narrows to one catalog type. `kind=readAccess`: the caller’s read-access applications for FMEA projects instead.',
  access: 'user',
  request: { query: ApplicationQuery },
  data: z.union([ReviewPageSchema, ReadApplicationPageSchema]),
});

export const myApprovalListRoute = defineRoute({
  method: 'get',
  path: '/api/message/myApprovalList',
  tag: TAG,
  summary: 'My approvals: what waits for the caller’s audit or approval, or what they decided',
  description:
    'pending: records to be approved on types whose route the caller holds `audit` on, and records pending approval where they hold `approve` (administrators: all), of their product types or of none. processed: the caller’s own audits, approvals and rejections, newest first. `kind=readAccess`: read-access applications for FMEA projects the caller is responsible for (pending: waiting for them; processed: decided).',
  access: 'user',
  request: { query: ApprovalQuery },
  data: z.union([ReviewPageSchema, ReadApplicationPageSchema]),
});

export const messageCountRoute = defineRoute({
  method: 'get',
  path: '/api/message/getMessageCount',
  tag: TAG,
  summary: 'The message badge: business messages (what waits for the caller’s review) and system messages',
  access: 'user',
  request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
  data: MessageCountSchema,
});

export function registerReviewRoutes(app: OpenAPIHono<AppEnv>) {
  const page = (locale: Parameters<typeof presentReviewItem>[0], rows: Page<ReviewItem>) => ({
    items: rows.items.map((item) => presentReviewItem(locale, item)),
    total: rows.total,
    page: rows.page,
    limit: rows.limit,
  });

  const applications = (rows: Page<ReadApplicationView>) => ({ ...rows, items: rows.items.map(presentApplication) });

  app.openapi(myApplicationListRoute, async (c) => {
    const { timestamp: _t, kind, ...query } = c.req.valid('query');
    if (kind === 'readAccess') return c.json(ok(applications(await listMyReadApplications(serviceContext(c), { page: query.page, limit: query.limit }))), 200);
    return c.json(ok(page(c.var.locale, await listMyApplications(serviceContext(c), query))), 200);
  });

  app.openapi(myApprovalListRoute, async (c) => {
    const { timestamp: _t, kind, ...query } = c.req.valid('query');
    if (kind === 'readAccess') return c.json(ok(applications(await listReadApprovals(serviceContext(c), { tab: query.tab, page: query.page, limit: query.limit }))), 200);
    return c.json(ok(page(c.var.locale, await listMyApprovals(serviceContext(c), query))), 200);
  });

  app.openapi(messageCountRoute, async (c) => {
    const ctx = serviceContext(c);
    // the badge counts what waits for the caller: catalog reviews and read applications; system: unread system messages
    const business = (await countMyPendingApprovals(ctx)) + (await countPendingReadApprovals(ctx));
    const unread = await countUnreadMessages(ctx);
    return c.json(ok({ bMessageCount: business, sMessageCount: unread.system, count: business + unread.system, unreadBusiness: unread.business }), 200);
  });
}
