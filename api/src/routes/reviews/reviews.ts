import type { OpenAPIHono } from '@hono/zod-openapi';
import { APPROVAL_TABS, countMyPendingApprovals, countPendingReadApprovals, countUnreadMessages, listMyApplications, listMyApprovals, listMyReadApplications, listReadApprovals, type Page, type ReadApplicationView, type ReviewItem } from '@fmea/core';
import { presentApplication, ReadApplicationPageSchema } from '../messages/schemas.ts';
import { PageQuery } from '../notices/schemas.ts';
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
  description: 'Every signed-in user has the personal centre. Newest application first; `type` narrows to one catalog type. Read-access applications for FMEA projects: myReadApplicationList.',
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
    'pending: records to be approved on types whose route the caller holds `audit` on, and records pending approval where they hold `approve` (administrators: all), of their product types or of none. processed: the caller’s own audits, approvals and rejections, newest first. Read-access applications for FMEA projects: myReadApprovalList.',
  access: 'user',
  request: { query: ApprovalQuery },
  data: ReviewPageSchema,
});

export const messageCountRoute = defineRoute({
  method: 'get',
  path: '/api/message/getMessageCount',
  tag: TAG,
  summary: 'The header’s two badges: what waits for the caller’s decision (My approvals) and the unread messages (My messages)',
  access: 'user',
  request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
  data: MessageCountSchema,
});

/*
 * The read-access applications of FMEA projects beside the catalog reviews: their own row shape
 * (ReadApplication), so on their own paths next to the spec's lists (docs/domain/messages.md).
 */
export const myReadApplicationListRoute = defineRoute({
  method: 'get',
  path: '/api/message/myReadApplicationList',
  tag: TAG,
  summary: 'My applications, read access: the caller’s applications to read FMEA projects, newest first',
  access: 'user',
  request: { query: z.object({ ...PageQuery }) },
  data: ReadApplicationPageSchema,
});

export const myReadApprovalListRoute = defineRoute({
  method: 'get',
  path: '/api/message/myReadApprovalList',
  tag: TAG,
  summary: 'My approvals, read access: applications to read the FMEA projects the caller is responsible for',
  description: 'pending: waiting for the caller’s decision; processed: decided (by the caller or another approver).',
  access: 'user',
  request: { query: z.object({ ...PageQuery, tab: z.enum(APPROVAL_TABS).default('pending') }) },
  data: ReadApplicationPageSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  const page = (locale: Parameters<typeof presentReviewItem>[0], rows: Page<ReviewItem>) => ({
    items: rows.items.map((item) => presentReviewItem(locale, item)),
    total: rows.total,
    page: rows.page,
    limit: rows.limit,
  });

  const applications = (rows: Page<ReadApplicationView>) => ({ ...rows, items: rows.items.map(presentApplication) });

  app.openapi(myApplicationListRoute, async (c) => {
    const { timestamp: _t, ...query } = c.req.valid('query');
    return c.json(ok(page(c.var.locale, await listMyApplications(serviceContext(c), query))), 200);
  });

  app.openapi(myApprovalListRoute, async (c) => {
    const { timestamp: _t, ...query } = c.req.valid('query');
    return c.json(ok(page(c.var.locale, await listMyApprovals(serviceContext(c), query))), 200);
  });

  app.openapi(myReadApplicationListRoute, async (c) => {
    const { page, limit } = c.req.valid('query');
    return c.json(ok(applications(await listMyReadApplications(serviceContext(c), { page, limit }))), 200);
  });

  app.openapi(myReadApprovalListRoute, async (c) => {
    const { tab, page, limit } = c.req.valid('query');
    return c.json(ok(applications(await listReadApprovals(serviceContext(c), { tab, page, limit }))), 200);
  });

  app.openapi(messageCountRoute, async (c) => {
    const ctx = serviceContext(c);
    // one count per list (docs/domain/messages.md, "The badges"): the queue is My approvals, the unread ones My messages
    const queue = (await countMyPendingApprovals(ctx)) + (await countPendingReadApprovals(ctx));
    const unread = await countUnreadMessages(ctx);
    return c.json(ok({ bMessageCount: queue, sMessageCount: unread.system, count: unread.business + unread.system, unreadBusiness: unread.business }), 200);
  });
}
