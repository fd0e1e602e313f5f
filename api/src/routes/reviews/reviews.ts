import type { OpenAPIHono } from '@hono/zod-openapi';
import { countMyPendingApprovals, listMyApplications, listMyApprovals, type Page, type ReviewItem } from '@fmea/core';
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
  description: 'Every signed-in user has the personal centre. Newest application first; `type` narrows to one catalog type.',
  access: 'user',
  request: { query: ApplicationQuery },
  data: ReviewPageSchema,
});

export const myApprovalListRoute = defineRoute({
  method: 'get',
  path: '/api/message/myApprovalList',
  tag: TAG,
  summary: 'My approvals: what waits for the caller’s audit or approval, or what they decided',
  description:
    'pending: records to be approved on types whose route the caller holds `audit` on, and records pending approval where they hold `approve` (administrators: all), of their product types or of none. processed: the caller’s own audits, approvals and rejections, newest first.',
  access: 'user',
  request: { query: ApprovalQuery },
  data: ReviewPageSchema,
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

  app.openapi(myApplicationListRoute, async (c) => {
    const { timestamp: _t, ...query } = c.req.valid('query');
    return c.json(ok(page(c.var.locale, await listMyApplications(serviceContext(c), query))), 200);
  });

  app.openapi(myApprovalListRoute, async (c) => {
    const { timestamp: _t, ...query } = c.req.valid('query');
    return c.json(ok(page(c.var.locale, await listMyApprovals(serviceContext(c), query))), 200);
  });

  app.openapi(messageCountRoute, async (c) => {
    const business = await countMyPendingApprovals(serviceContext(c));
    return c.json(ok({ bMessageCount: business, sMessageCount: 0, count: business }), 200);
  });
}
