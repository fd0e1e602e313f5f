import type { OpenAPIHono } from '@hono/zod-openapi';
import { FLOW_SYMBOLS, FUNCTION_SCOPES, addNode, copySubtree, deleteNode, getStructureTree, moveNode, nodeDeletionImpact, updateNode, type StructureTreeNode } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { fmeaContext, notifyChanged, projectIdOfItem, readAccess, writeAccess } from './access.ts';
import { Confirm, DeleteBody, Id, NodeSchema, presentImpact, presentNode, ProcessNodeFields, ProcessNodeInput, RemovedSchema, RequiredText, Timestamp, Version } from './schemas.ts';

const TAG = 'fmea-structure';

interface StructureNodeOut {
  id: string;
  nodeType: number;
  name: string;
  imageName: string | null;
  version: number;
  processNo: string | null;
  workElementType: StructureTreeNode['workElementType'];
  taskStatus: string | null;
  functionScope: StructureTreeNode['functionScope'];
  flowSymbol: StructureTreeNode['flowSymbol'];
  children: StructureNodeOut[];
}

/** A node of the structure tree with its children, each of the same shape (recursive through z.lazy, so the OpenAPI document refers to itself). */
const TreeNode: z.ZodType<StructureNodeOut> = z
  .lazy(() =>
    z.strictObject({
      id: z.string(),
      nodeType: z.number().int().openapi({ description: '1 product, 9 element, 2 a function drawn as a node, 12 / 8… fixed nodes' }),
      name: z.string(),
      imageName: z.string().nullable(),
      version: z.number().int(),
      ...ProcessNodeFields,
      functionScope: z.enum(FUNCTION_SCOPES).nullable().openapi({ description: 'A function (type 2) of a PFMEA process item: whose it is; null elsewhere' }),
      flowSymbol: z.enum(FLOW_SYMBOLS).nullable().openapi({
        description: 'PFMEA process step: its symbol on the process flow chart (the column /api/processFlow reads and saveStep writes); null: none chosen (drawn as operation), and on every other node',
      }),
      children: z.array(TreeNode).openapi({ description: 'The element’s functions (type 2) first, then its child elements, each in sort order' }),
    }),
  )
  .openapi('FmeaStructureNode');

const presentTree = (node: StructureTreeNode): StructureNodeOut => ({
  id: node.id,
  nodeType: node.nodeType,
  name: node.name,
  imageName: node.imageName,
  version: node.version,
  processNo: node.processNo,
  workElementType: node.workElementType,
  taskStatus: node.taskStatus,
  functionScope: node.functionScope,
  flowSymbol: node.flowSymbol,
  children: node.children.map(presentTree),
});

export const treeRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/structureTree',
  tag: TAG,
  summary: 'Step 2: the structure tree of a project (functions as type-2 children first)',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: z.union([TreeNode, z.null()]).openapi({ description: 'The root node, or null while the project has none' }),
});

export const addRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/addNode',
  tag: TAG,
  summary: 'Add a structure element (type 9 unless given) as the last child of its parent',
  access: writeAccess('add'),
  description:
    'In a PFMEA the parent says the level: under the process item a process step (numbered when processNo is left out and isGenerateProcessNoRequired is on), under a step a work element (workElementType required); nothing goes below a work element (400 pfmea.tree_too_deep).',
  request: jsonBody(
    z.object({ parentId: Id, name: RequiredText, nodeType: z.number().int().min(1).max(999).optional(), imageName: z.string().trim().max(200).nullable().optional(), ...ProcessNodeInput }),
  ),
  data: NodeSchema,
});

export const renameRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/renameNode',
  tag: TAG,
  summary: 'Rename a node or change its image (PFMEA: a step’s number, a work element’s 4M type)',
  access: writeAccess('edit'),
  request: jsonBody(z.object({ id: Id, version: Version, name: RequiredText.optional(), imageName: z.string().trim().max(200).nullable().optional(), ...ProcessNodeInput })),
  data: NodeSchema,
});

export const moveRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/moveNode',
  tag: TAG,
  summary: 'Move a node under another parent',
  description:
    'When the move breaks failure or function links the answer is 409 with data.count until confirm is true; then they are removed. In a PFMEA a node keeps its level: a step moves among the steps, a work element to another step (400 pfmea.level_change).',
  access: writeAccess('edit'),
  request: jsonBody(z.object({ id: Id, version: Version, parentId: Id, sort: z.number().int().min(1).max(1_000_000).optional(), confirm: Confirm })),
  data: NodeSchema,
});

export const copyRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/copyNode',
  tag: TAG,
  summary: 'Copy a subtree (nodes, functions, characteristics, failures, controls, inner links) under another node',
  description: 'PFMEA: only into a PFMEA, at the same level; a copied step keeps its number where the target has no step with it, else gets the next one.',
  access: writeAccess('add'),
  request: jsonBody(z.object({ id: Id, targetParentId: Id })),
  data: NodeSchema,
});

export const impactRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/nodeDeletionImpact',
  tag: TAG,
  summary: 'What deleting a node would take with it and how many other nodes use it',
  access: readAccess,
  request: { query: z.object({ id: Id, timestamp: Timestamp }) },
  data: RemovedSchema,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/deleteNode',
  tag: TAG,
  summary: 'Delete a node with its subtree',
  description: 'When other nodes use it the answer is 409 "current FMEA used by N nodes, confirm" with data.count, and nothing is deleted until confirm is true.',
  access: writeAccess('del'),
  request: jsonBody(DeleteBody),
  data: RemovedSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(treeRoute, async (c) => {
    const { projectId } = c.req.valid('query');
    const tree = await getStructureTree(fmeaContext(c), projectId);
    return c.json(ok(tree ? presentTree(tree) : null), 200);
  });

  app.openapi(addRoute, async (c) => {
    const body = c.req.valid('json');
    const row = await addNode(fmeaContext(c), body);
    await notifyChanged(c, row.projectId, 'node', row.id);
    return c.json(ok(presentNode(row)), 200);
  });

  app.openapi(renameRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const row = await updateNode(fmeaContext(c), id, input);
    await notifyChanged(c, row.projectId, 'node', row.id);
    return c.json(ok(presentNode(row)), 200);
  });

  app.openapi(moveRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const row = await moveNode(fmeaContext(c), id, input);
    await notifyChanged(c, row.projectId, 'node', row.id);
    return c.json(ok(presentNode(row)), 200);
  });

  app.openapi(copyRoute, async (c) => {
    const { id, targetParentId } = c.req.valid('json');
    const row = await copySubtree(fmeaContext(c), id, { targetParentId });
    await notifyChanged(c, row.projectId, 'node', row.id);
    return c.json(ok(presentNode(row)), 200);
  });

  app.openapi(impactRoute, async (c) => {
    const { id } = c.req.valid('query');
    return c.json(ok(presentImpact(await nodeDeletionImpact(fmeaContext(c), id))), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { id, version, confirm } = c.req.valid('json');
    const projectId = await projectIdOfItem(c, 'node', id);
    const impact = await deleteNode(fmeaContext(c), id, { version, confirm });
    if (projectId) await notifyChanged(c, projectId, 'node', id);
    return c.json(ok(presentImpact(impact)), 200);
  });
}
