import type { OpenAPIHono } from '@hono/zod-openapi';
import { canDeleteDictionaryItem, findDictionary, isDictionaryCodeAvailable, isDictionaryNameAvailable } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { CheckCodeBody, CheckNameBody, IdBody } from './schemas.ts';

const TAG = 'dictionaries';
const ACCESS = { route: 'system_dictionary' } as const;

export const checkCodeRoute = defineRoute({
  method: 'post',
  path: '/api/dictionary/checkDictCode',
  tag: TAG,
  summary: 'Whether a code is free among the siblings',
  description: 'Give parentId for a new item; with id (editing) the item itself does not count and its parent is the default.',
  access: ACCESS,
  request: jsonBody(CheckCodeBody),
  data: z.strictObject({ available: z.boolean() }),
});

export const checkNameRoute = defineRoute({
  method: 'post',
  path: '/api/dictionary/validateDictName',
  tag: TAG,
  summary: 'Whether a name is free among the siblings',
  access: ACCESS,
  request: jsonBody(CheckNameBody),
  data: z.strictObject({ available: z.boolean() }),
});

export const checkDelRoute = defineRoute({
  method: 'post',
  path: '/api/dictionary/checkDelFlag',
  tag: TAG,
  summary: 'Whether an item may be deleted (it has no children)',
  access: ACCESS,
  request: jsonBody(IdBody),
  data: z.strictObject({ canDelete: z.boolean() }),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(checkCodeRoute, async (c) => {
    const { code, id, parentId } = c.req.valid('json');
    const available = await isDictionaryCodeAvailable(c.var.services.database.db, code, { parentId, exceptId: id || undefined });
    return c.json(ok({ available }), 200);
  });

  app.openapi(checkNameRoute, async (c) => {
    const { name, id, parentId } = c.req.valid('json');
    const available = await isDictionaryNameAvailable(c.var.services.database.db, name, { parentId, exceptId: id || undefined });
    return c.json(ok({ available }), 200);
  });

  app.openapi(checkDelRoute, async (c) => {
    const db = c.var.services.database.db;
    const { id } = c.req.valid('json');
    await findDictionary(db, id);
    return c.json(ok({ canDelete: await canDeleteDictionaryItem(db, id) }), 200);
  });
}
