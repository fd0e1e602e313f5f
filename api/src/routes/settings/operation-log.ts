import type { OpenAPIHono } from '@hono/zod-openapi';
import { listOperations, nameOperation, type Locale, type OperationLogEntry } from '@fmea/core';
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
      userName: z.string().max(50).optional(),
      action: z.string().max(50).optional(),
      entity: z.string().max(50).optional(),
      entityId: z.string().max(64).optional(),
      from: TimeInput,
      to: TimeInput,
      search: z.string().max(200).optional(),
    }),
  ),
  data: z.strictObject({ items: z.array(EntrySchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
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
