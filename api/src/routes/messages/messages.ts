import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  FMEA_SIDES,
  applyReadProject,
  decideApplication,
  deleteMessage,
  InvalidInputError,
  latestMessageAndNotice,
  listMessages,
  listReadApprovals,
  readAllMessages,
  readMessage,
  requestModuleExport,
  type Page,
  type ReadApplicationView,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { IdBody } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pushMessages } from '../../realtime/message-push.ts';
import { PageQuery } from '../notices/schemas.ts';
import {
  ApplyReadBody,
  DecisionQuery,
  ExportRequestBody,
  LatestSchema,
  MessageListQuery,
  MessagePageSchema,
  MessageSchema,
  presentApplication,
  presentMessage,
  ReadApplicationPageSchema,
  ReadApplicationSchema,
} from './schemas.ts';

const TAG = 'messages';
const user = 'user' as const;

const list = <P extends string>(path: P, summary: string) =>
  defineRoute({ method: 'get', path, tag: TAG, summary, access: user, request: { query: MessageListQuery }, data: MessagePageSchema });

export const businessMessageListRoute = list('/api/message/businessMessageList', 'Business messages still pending (the caller’s own, newest first)');
export const processedListRoute = list('/api/message/processedList', 'Business messages dealt with: approvals decided, other messages read');
export const systemMessageListRoute = list('/api/message/systemMessageList', 'System messages');

const apply = <P extends string>(path: P, summary: string) =>
  defineRoute({
    method: 'post',
    path,
    tag: TAG,
    summary,
    description: 'A non-member asks the project’s responsible persons to read it; refused for members and administrators (409), a missing or deleted project (404), and while an application of the caller is pending (409).',
    access: user,
    request: jsonBody(ApplyReadBody),
    data: ReadApplicationSchema,
  });

export const applyReadProjectRoute = apply('/api/message/applyReadProject', 'Apply to read a DFMEA (any FMEA type but PFMEA)');
export const applyReadPfmeaProjectRoute = apply('/api/message/applyReadPfmeaProject', 'Apply to read a PFMEA');

const decide = <P extends string>(path: P, summary: string) =>
  defineRoute({
    method: 'get',
    path,
    tag: TAG,
    summary,
    description:
      'Only one of the application’s approvers may, once: “not the current approver” (403) otherwise; an application decided already is a conflict (409). ' +
      'A GET as the spec names it, but it changes data: taken only with the token header (or Authorization: Bearer), never on the session cookie alone (403), ' +
      'so a link or an image on another page cannot decide for the approver.',
    access: user,
    writes: true,
    request: { query: DecisionQuery },
    data: ReadApplicationSchema,
  });

export const agreeApplicationRoute = decide('/api/message/agreeApplication', 'Agree to a read application: the applicant may read the project (read-only)');
export const disagreeApplicationRoute = decide('/api/message/disagreeApplication', 'Refuse a read application');

export const dfmeaAuditListRoute = defineRoute({
  method: 'get',
  path: '/api/message/dfmeaAuditList',
  tag: TAG,
  summary: 'FMEA items waiting for the caller’s decision: the pending read applications for their DFMEA and PFMEA projects',
  access: user,
  request: { query: z.object({ ...PageQuery, projectType: z.enum(FMEA_SIDES).optional() }) },
  data: ReadApplicationPageSchema,
});

export const readMessageRoute = defineRoute({
  method: 'post',
  path: '/api/message/readMessage',
  tag: TAG,
  summary: 'Mark one of the caller’s messages read',
  access: user,
  request: jsonBody(IdBody),
  data: MessageSchema,
});

const readAll = <P extends string>(path: P, summary: string) =>
  defineRoute({ method: 'post', path, tag: TAG, summary, access: user, data: z.strictObject({ count: z.number().int() }) });

export const readAllBusinessMessageRoute = readAll('/api/message/readAllBusinessMessage', 'Mark every business message of the caller read');
export const readAllSystemMessageRoute = readAll('/api/message/readAllSystemMessage', 'Mark every system message of the caller read');

export const deleteMessageRoute = defineRoute({
  method: 'post',
  path: '/api/message/deleteMessage',
  tag: TAG,
  summary: 'Delete one of the caller’s messages',
  access: user,
  request: jsonBody(IdBody),
  data: z.null(),
});

export const appExportForModuleRoute = defineRoute({
  method: 'post',
  path: '/api/message/appExportForModule',
  tag: TAG,
  summary: 'Ask another user (oprateUser) to export a module: stored as a message to them',
  access: user,
  request: jsonBody(ExportRequestBody),
  data: MessageSchema,
});

export const latestRoute = defineRoute({
  method: 'get',
  path: '/api/message/getLatestMessageAndNotice',
  tag: TAG,
  summary: 'The newest unread business message and the newest published notice',
  access: user,
  request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
  data: LatestSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  const applications = (rows: Page<ReadApplicationView>) => ({ ...rows, items: rows.items.map(presentApplication) });

  for (const [route, box] of [
    [businessMessageListRoute, 'business'],
    [processedListRoute, 'processed'],
    [systemMessageListRoute, 'system'],
  ] as const) {
    app.openapi(route, async (c) => {
      const { unread, page, limit } = c.req.valid('query');
      const rows = await listMessages(serviceContext(c), box, { page, limit, unread: unread === '1' });
      return c.json(ok({ ...rows, items: rows.items.map((m) => presentMessage(c.var.locale, m)) }), 200);
    });
  }

  for (const [route, family] of [
    [applyReadProjectRoute, 'dfmea'],
    [applyReadPfmeaProjectRoute, 'pfmea'],
  ] as const) {
    app.openapi(route, async (c) => {
      const { projectId, serialNum, remark } = c.req.valid('json');
      const project = projectId ?? serialNum;
      if (!project) throw new InvalidInputError('error.invalid_input', { field: 'projectId' });
      const result = await applyReadProject(serviceContext(c), family, { project, remark });
      pushMessages(c.var.services.realtime, result.messages);
      return c.json(ok(presentApplication(result.application)), 200);
    });
  }

  for (const [route, agree] of [
    [agreeApplicationRoute, true],
    [disagreeApplicationRoute, false],
  ] as const) {
    app.openapi(route, async (c) => {
      const { serialNum, remark } = c.req.valid('query');
      const result = await decideApplication(serviceContext(c), serialNum, agree, remark);
      pushMessages(c.var.services.realtime, result.messages);
      return c.json(ok(presentApplication(result.application)), 200);
    });
  }

  app.openapi(dfmeaAuditListRoute, async (c) => {
    const { projectType, page, limit } = c.req.valid('query');
    return c.json(ok(applications(await listReadApprovals(serviceContext(c), { tab: 'pending', family: projectType, page, limit }))), 200);
  });

  app.openapi(readMessageRoute, async (c) => {
    return c.json(ok(presentMessage(c.var.locale, await readMessage(serviceContext(c), c.req.valid('json').id))), 200);
  });

  app.openapi(readAllBusinessMessageRoute, async (c) => c.json(ok({ count: await readAllMessages(serviceContext(c), 'business') }), 200));
  app.openapi(readAllSystemMessageRoute, async (c) => c.json(ok({ count: await readAllMessages(serviceContext(c), 'system') }), 200));

  app.openapi(deleteMessageRoute, async (c) => {
    await deleteMessage(serviceContext(c), c.req.valid('json').id);
    return c.json(ok(null), 200);
  });

  app.openapi(appExportForModuleRoute, async (c) => {
    const row = await requestModuleExport(serviceContext(c), c.req.valid('json'));
    pushMessages(c.var.services.realtime, [row]);
    return c.json(ok(presentMessage(c.var.locale, { ...row, senderName: c.var.auth?.user.realName || c.var.auth?.user.userName || null })), 200);
  });

  app.openapi(latestRoute, async (c) => {
    const latest = await latestMessageAndNotice(serviceContext(c));
    return c.json(
      ok({
        message: latest.message ? presentMessage(c.var.locale, latest.message) : null,
        notice: latest.notice ? { id: latest.notice.id, number: latest.notice.number, title: latest.notice.title, publishTime: latest.notice.publishTime } : null,
      }),
      200,
    );
  });
}
