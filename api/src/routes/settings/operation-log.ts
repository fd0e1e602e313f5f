import type { OpenAPIHono } from '@hono/zod-openapi';
import { exportOperations, listOperations, nameOperation, OPERATION_ACTIONS, OPERATION_ENTITIES, OPERATION_EXPORT_MAX, type Locale, type OperationLogEntry } from '@fmea/core';
import { XLSX_TYPE } from '../users/user-xlsx.ts';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { serviceContext } from '../../http/context.ts';
import { DateTime, TimeInput, toDate } from '../../http/fields.ts';

const EntrySchema = z
  .strictObject({
    id: z.number().int(),
    at: DateTime,
    userId: z.string().nullable(),
    userName: z.string(),
    action: z.string().openapi({ description: 'The action code, e.g. user.create' }),
    actionLabel: z.string().openapi({ description: 'The action in the caller’s language (the code for one written before it was named)' }),
    entity: z.string().openapi({ description: 'The record type code, e.g. user' }),
    entityLabel: z.string().openapi({ description: 'The record type in the caller’s language' }),
    entityId: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    ip: z.string().nullable(),
  })
  .openapi('OperationLogEntry', { description: 'Who did what, when, with the record before and after (secrets masked)' });

/** The log's filters, shared by the list (its JSON body) and the export (its query). */
const Filters = {
  userName: z.string().max(50).optional().openapi({ description: 'The user name, exactly' }),
  action: z.string().max(50).optional().openapi({ description: 'The action code or its prefix (user. or user.create)' }),
  entity: z.string().max(50).optional().openapi({ description: 'The record type code (user, role, project …), exactly' }),
  entityId: z.string().max(64).optional(),
  from: TimeInput,
  to: TimeInput,
  search: z.string().max(200).optional(),
};

export const listRoute = defineRoute({
  method: 'post',
  path: '/api/operationLog/list',
  tag: 'settings',
  summary: 'The operation log, newest first',
  description: 'action matches by prefix (user. or user.create); search looks in the action code, the action’s name in the caller’s language and the user name; from/to are milliseconds or ISO 8601 texts.',
  access: { route: 'system_log' },
  request: jsonBody(
    z.object({
      page: z.number().int().min(1).optional(),
      limit: z.number().int().min(1).max(500).optional(),
      ...Filters,
    }),
  ),
  data: z.strictObject({ items: z.array(EntrySchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
});

const exportBase = defineRoute({
  method: 'get',
  path: '/api/operationLog/export',
  tag: 'settings',
  summary: 'The operation log as an xlsx workbook, with the list’s filters',
  description:
    `The filters of /api/operationLog/list as query parameters (from/to: milliseconds or ISO 8601). Newest first; headers, actions and record types in the caller’s language, times in UTC. ` +
    `At most ${OPERATION_EXPORT_MAX} entries: more is refused (400 oplog.export_too_many) so the caller narrows the filters. Answers the file as operation-log-YYYYMMDD.xlsx; refusals answer the usual envelope.`,
  access: { route: 'system_log', button: 'export' },
  request: { query: z.object({ ...Filters, from: z.string().max(40).optional(), to: z.string().max(40).optional(), timestamp: z.string().max(40).optional() }) },
  data: z.null(),
});

export const exportRoute = {
  ...exportBase,
  responses: { ...exportBase.responses, 200: { content: { [XLSX_TYPE]: { schema: z.string().openapi({ format: 'binary' }) } }, description: 'The workbook' } },
};

const Named = z.strictObject({ code: z.string(), label: z.string().openapi({ description: 'In the caller’s language' }) });

export const kindsRoute = defineRoute({
  method: 'get',
  path: '/api/operationLog/kinds',
  tag: 'settings',
  summary: 'The log’s actions and record types, named in the caller’s language (the filters’ choices)',
  access: { route: 'system_log' },
  data: z.strictObject({ actions: z.array(Named), entities: z.array(Named) }),
});

function present(entry: OperationLogEntry, locale: Locale): z.output<typeof EntrySchema> {
  const { actionLabel, entityLabel } = nameOperation(entry, locale);
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    userId: entry.userId,
    userName: entry.userName,
    action: entry.action,
    actionLabel,
    entity: entry.entity,
    entityLabel,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip,
  };
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(exportRoute, async (c) => {
    const { timestamp: _timestamp, ...query } = c.req.valid('query');
    const bytes = await exportOperations(
      serviceContext(c),
      { ...query, from: toDate(query.from, 'from') ?? undefined, to: toDate(query.to, 'to') ?? undefined, search: query.search?.trim() || undefined },
      c.var.locale,
    );
    const day = c.var.services.now().toISOString().slice(0, 10).replaceAll('-', '');
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'content-type': XLSX_TYPE, 'content-disposition': `attachment; filename="operation-log-${day}.xlsx"` });
  });

  app.openapi(kindsRoute, (c) => {
    const locale = c.var.locale;
    const actions = OPERATION_ACTIONS.map((code) => ({ code, label: nameOperation({ action: code, entity: '' }, locale).actionLabel }));
    const entities = OPERATION_ENTITIES.map((code) => ({ code, label: nameOperation({ action: '', entity: code }, locale).entityLabel }));
    return c.json(ok({ actions, entities }), 200);
  });

  app.openapi(listRoute, async (c) => {
    const body = c.req.valid('json');
    const page = await listOperations(serviceContext(c), {
      ...body,
      from: toDate(body.from, 'from') ?? undefined,
      to: toDate(body.to, 'to') ?? undefined,
      search: body.search?.trim() || undefined,
      locale: c.var.locale,
    });
    return c.json(ok({ items: page.items.map((entry) => present(entry, c.var.locale)), total: page.total, page: page.page, limit: page.limit }), 200);
  });
}
