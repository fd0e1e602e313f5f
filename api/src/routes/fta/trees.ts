import type { OpenAPIHono } from '@hono/zod-openapi';
import { createFtaTree, deleteFtaTree, getFtaTree, listFtaTrees, saveFtaTree } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { Id } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pageOf, PageQuery } from '../notices/schemas.ts';
import { DocumentSchema, presentSummary, presentTree, TAG, TreeSchema, TreeSummarySchema } from './schemas.ts';

/**
 * Stored fault trees (issue 23, area ftaIndex): list, read, create, save, delete. Gated by the area's
 * route `fta_index` and its buttons; core checks again, and a tree linked to an FMEA project also needs
 * read access to that project (docs/domain/fta.md, "Who may do what").
 */
const TreeKey = Id.openapi({ description: 'The tree: its id or its number (FT…)' });
const Version = z.number().int().min(1).openapi({ description: 'The version as read (a stale one is 409 fta.tree_stale)' });

export const listRoute = defineRoute({
  method: 'post',
  path: '/api/fta/list',
  tag: TAG,
  summary: 'Fault trees, newest change first, by number, name or description',
  description: 'Trees linked to an FMEA project the caller may not open are left out. projectId: only the trees of that project.',
  access: { route: 'fta_index' },
  request: jsonBody(z.object({ ...PageQuery, search: z.string().trim().max(200).optional(), projectId: Id.optional() })),
  data: pageOf(TreeSummarySchema).openapi('FtaTreePage'),
});

export const getRoute = defineRoute({
  method: 'get',
  path: '/api/fta/get',
  tag: TAG,
  summary: 'One fault tree with its document',
  access: { route: 'fta_index' },
  request: { query: z.object({ id: TreeKey, timestamp: z.string().max(40).optional() }) },
  data: TreeSchema,
});

export const createRoute = defineRoute({
  method: 'post',
  path: '/api/fta/create',
  tag: TAG,
  summary: 'Create a fault tree (a new FT number)',
  description:
    'Without a document the tree starts as an OR top event over one basic event to replace. A document is checked whole: each problem (a name used twice, an input defined nowhere, a cycle, ' +
    'k of a voting gate out of range, a NOT gate without exactly one input, a probability outside 0 to 1, a negative rate, a top that is no gate, a gate without inputs) is an issue of 400 fta.document_invalid. Needs the add button.',
  access: { route: 'fta_index', button: 'add' },
  request: jsonBody(
    z.object({
      name: z.string().max(200),
      description: z.string().max(200).nullable().optional(),
      missionTime: z.number().optional().openapi({ description: 'Hours (default: the document’s, else 8760)' }),
      document: DocumentSchema.optional(),
    }),
  ),
  data: TreeSchema,
});

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/fta/save',
  tag: TAG,
  summary: 'Save a draft fault tree: its name, description and document',
  description:
    'Only a draft: a tree under review or released is refused (409 status.fta.locked_under_review / locked_released); its status moves only through /api/fta/submit, /api/fta/decide and /api/fta/revoke. ' +
    'Against the version read (409 fta.tree_stale when another save came first). The document is checked as on create. A linked event that changed is marked for review on the FMEA side ' +
    '(GET /api/fta/failureLinks). Needs the edit button.',
  access: { route: 'fta_index', button: 'edit' },
  request: jsonBody(
    z.object({
      id: TreeKey,
      version: Version,
      name: z.string().max(200).optional(),
      description: z.string().max(200).nullable().optional(),
      document: DocumentSchema.optional(),
    }),
  ),
  data: TreeSchema,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/fta/delete',
  tag: TAG,
  summary: 'Delete a fault tree',
  description: 'Only a draft (409 while under review or released). The tree is kept as deleted: its number is never given again, and a transfer naming it says the tree is gone. Needs the del button.',
  access: { route: 'fta_index', button: 'del' },
  request: jsonBody(z.object({ id: TreeKey, version: Version })),
  data: z.strictObject({ id: z.string(), ftaNum: z.string() }).openapi('FtaTreeDeleted'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const { page, limit, search, projectId } = c.req.valid('json');
    const result = await listFtaTrees(serviceContext(c), { page, limit, search, projectId });
    return c.json(ok({ ...result, items: result.items.map(presentSummary) }), 200);
  });

  app.openapi(getRoute, async (c) => c.json(ok(presentTree(await getFtaTree(serviceContext(c), c.req.valid('query').id))), 200));

  app.openapi(createRoute, async (c) => {
    const { name, description, missionTime, document } = c.req.valid('json');
    return c.json(ok(presentTree(await createFtaTree(serviceContext(c), { name, description, missionTime, document }))), 200);
  });

  app.openapi(saveRoute, async (c) => {
    const { id, ...changes } = c.req.valid('json');
    return c.json(ok(presentTree(await saveFtaTree(serviceContext(c), id, changes))), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { id, version } = c.req.valid('json');
    return c.json(ok(await deleteFtaTree(serviceContext(c), id, { version })), 200);
  });
}
