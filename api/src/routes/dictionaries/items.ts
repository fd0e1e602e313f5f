import type { OpenAPIHono } from '@hono/zod-openapi';
import { deleteDictionaryItem, dictionaryTree, getDictionaryItem, saveDictionaryItem } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { DictionaryItemSchema, DictionaryNodeSchema, IdBody, presentItem, presentNode, SaveDictionaryBody } from './schemas.ts';
import { assertAccess } from '../../http/access.ts';
import { serviceContext } from '../../http/context.ts';

const TAG = 'dictionaries';
const ROUTE = 'system_dictionary';

export const getDicsRoute = defineRoute({
  method: 'get',
  path: '/api/dictionary/getDics',
  tag: TAG,
  summary: 'Every dictionary type with its items (tree)',
  description: 'Each signed-in user loads the dictionaries once into the session. `code` narrows the answer to one type.',
  access: 'user',
  request: { query: z.object({ code: z.string().max(50).optional(), timestamp: z.string().max(40).optional() }) },
  data: z.array(DictionaryNodeSchema),
});

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/dictionary/saveOrUpdate',
  tag: TAG,
  summary: 'Create or change a dictionary type or item',
  description: 'Without id: creates (button add); with id: changes code, name, enName and sort (button edit). Codes and names are unique among siblings (409).',
  access: { route: ROUTE, button: ['add', 'edit'] },
  request: jsonBody(SaveDictionaryBody),
  data: DictionaryItemSchema,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/dictionary/deleteDictionary',
  tag: TAG,
  summary: 'Delete a dictionary item',
  description: 'An item that still has children is refused (409).',
  access: { route: ROUTE, button: 'del' },
  request: jsonBody(IdBody),
  data: z.null(),
});

export const selectRoute = defineRoute({
  method: 'post',
  path: '/api/dictionary/selectDictionary',
  tag: TAG,
  summary: 'One dictionary item with its children',
  access: { route: ROUTE },
  request: jsonBody(IdBody),
  data: DictionaryNodeSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(getDicsRoute, async (c) => {
    const { code } = c.req.valid('query');
    const tree = await dictionaryTree(serviceContext(c), code);
    return c.json(ok(tree.map(presentNode)), 200);
  });

  app.openapi(saveRoute, async (c) => {
    const body = c.req.valid('json');
    const id = body.id || undefined;
    assertAccess(c, { route: ROUTE, button: id ? 'edit' : 'add' });
    const row = await saveDictionaryItem(serviceContext(c), {
      id,
      parentId: body.parentId,
      code: body.code,
      name: body.name,
      enName: body.enName,
      sort: body.sort,
    });
    return c.json(ok(presentItem(row)), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    await deleteDictionaryItem(serviceContext(c), c.req.valid('json').id);
    return c.json(ok(null), 200);
  });

  app.openapi(selectRoute, async (c) => {
    const node = await getDictionaryItem(serviceContext(c), c.req.valid('json').id);
    return c.json(ok(presentNode(node)), 200);
  });
}
