import type { OpenAPIHono } from '@hono/zod-openapi';
import { addNode, copySubtree, deleteNode, getStructureTree, moveNode, nodeDeletionImpact, updateNode } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { fmeaContext, notifyChanged, projectIdOfItem, readAccess, writeAccess } from './access.ts';
import { Confirm, DeleteBody, Id, RequiredText, Row, Removed, Timestamp, Version, plain } from './schemas.ts';

const TAG = 'fmea-structure';

/** One level is described; children have the same shape (recursive schemas do not go into the OpenAPI document). */
const TreeNode = z
  .object({
    id: z.string(),
    nodeType: z.number().int(),
    name: z.string(),
    imageName: z.string().nullable(),
    version: z.number().int(),
    children: z.array(z.unknown()).openapi({ description: 'Nodes of the same shape' }),
  })
  .openapi('FmeaStructureNode');

export const treeRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/structureTree',
  tag: TAG,
  summary: 'Step 2: the structure tree of a project (functions as type-2 children first)',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: TreeNode.nullable(),
});

export const addRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/addNode',
  tag: TAG,
  summary: 'Add a structure element (type 9 unless given) as the last child of its parent',
  access: writeAccess('add'),
  request: jsonBody(z.object({ parentId: Id, name: RequiredText, nodeType: z.number().int().min(1).max(999).optional(), imageName: z.string().trim().max(200).nullable().optional() })),
  data: Row,
});

export const renameRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/renameNode',
  tag: TAG,
  summary: 'Rename a node or change its image',
  access: writeAccess('edit'),
  request: jsonBody(z.object({ id: Id, version: Version, name: RequiredText.optional(), imageName: z.string().trim().max(200).nullable().optional() })),
  data: Row,
});

export const moveRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/moveNode',
  tag: TAG,
  summary: 'Move a node under another parent',
  description: 'When the move breaks failure or function links the answer is 409 with data.count until confirm is true; then they are removed.',
  access: writeAccess('edit'),
  request: jsonBody(z.object({ id: Id, version: Version, parentId: Id, sort: z.number().int().min(1).max(1_000_000).optional(), confirm: Confirm })),
  data: Row,
});

export const copyRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/copyNode',
  tag: TAG,
  summary: 'Copy a subtree (nodes, functions, characteristics, failures, controls, inner links) under another node',
  access: writeAccess('add'),
  request: jsonBody(z.object({ id: Id, targetParentId: Id })),
  data: Row,
});

export const impactRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/nodeDeletionImpact',
  tag: TAG,
  summary: 'What deleting a node would take with it and how many other nodes use it',
  access: readAccess,
  request: { query: z.object({ id: Id, timestamp: Timestamp }) },
  data: Removed,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/deleteNode',
  tag: TAG,
  summary: 'Delete a node with its subtree',
  description: 'When other nodes use it the answer is 409 "current FMEA used by N nodes, confirm" with data.count, and nothing is deleted until confirm is true.',
  access: writeAccess('del'),
  request: jsonBody(DeleteBody),
  data: Removed,
});

export function registerStructureRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(treeRoute, async (c) => {
    const { projectId } = c.req.valid('query');
    return c.json(ok(await getStructureTree(fmeaContext(c), projectId)), 200);
  });

  app.openapi(addRoute, async (c) => {
    const body = c.req.valid('json');
    const row = await addNode(fmeaContext(c), body);
    await notifyChanged(c, row.projectId, 'node', row.id);
    return c.json(ok(row), 200);
  });

  app.openapi(renameRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const row = await updateNode(fmeaContext(c), id, input);
    await notifyChanged(c, row.projectId, 'node', row.id);
    return c.json(ok(row), 200);
  });

  app.openapi(moveRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const row = await moveNode(fmeaContext(c), id, input);
    await notifyChanged(c, row.projectId, 'node', row.id);
    return c.json(ok(row), 200);
  });

  app.openapi(copyRoute, async (c) => {
    const { id, targetParentId } = c.req.valid('json');
    const row = await copySubtree(fmeaContext(c), id, { targetParentId });
    await notifyChanged(c, row.projectId, 'node', row.id);
    return c.json(ok(row), 200);
  });

  app.openapi(impactRoute, async (c) => {
    const { id } = c.req.valid('query');
    return c.json(ok(plain(await nodeDeletionImpact(fmeaContext(c), id))), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { id, version, confirm } = c.req.valid('json');
    const projectId = await projectIdOfItem(c, 'node', id);
    const impact = await deleteNode(fmeaContext(c), id, { version, confirm });
    if (projectId) await notifyChanged(c, projectId, 'node', id);
    return c.json(ok(plain(impact)), 200);
  });
}
