import type { OpenAPIHono } from '@hono/zod-openapi';
import { collect, COLLECT_TYPES, isProjectCollectType, listCollections, projectOfItem, PROJECT_TYPES, uncollect, type CollectTarget } from '@fmea/core';
import type { Context } from 'hono';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { requireTypeAccess } from '../../http/access.ts';
import { serviceContext } from '../../http/context.ts';
import { DateTime } from '../../http/fields.ts';

/**
 * Favourites ("my collection", spec 001): any signed-in user stars items for
 * themselves. The routes never take a user id: each call works on the
 * caller's own favourites only.
 */

const TAG = 'collections';

const CollectType = z.enum(COLLECT_TYPES).openapi({ description: "What is starred: 'project' (design FMEA project), 'pfmeaProject' (process FMEA project), or an analysis item type" });
const TargetBody = z
  .object({
    collectType: CollectType,
    targetId: z.string().trim().min(1).max(64).openapi({ description: 'The id of the starred item (a project id for project types)' }),
  })
  .openapi('CollectTargetBody');

const CollectionItemSchema = z
  .strictObject({
    id: z.string(),
    collectType: CollectType,
    targetId: z.string(),
    createdAt: DateTime,
    name: z.string().nullable().openapi({ description: 'The project name for project types; null for other types' }),
    serialNum: z.string().nullable(),
    projectType: z.enum(PROJECT_TYPES).nullable(),
  })
  .openapi('CollectionItem');

export const addRoute = defineRoute({
  method: 'post',
  path: '/api/collect/add',
  tag: TAG,
  summary: 'Star an item for the caller (idempotent)',
  description: 'A project must be live and of the matching type (404 otherwise); the caller needs the project type’s work area.',
  access: 'user',
  request: jsonBody(TargetBody),
  data: z.strictObject({ id: z.string(), createdAt: DateTime }),
});

export const removeRoute = defineRoute({
  method: 'post',
  path: '/api/collect/remove',
  tag: TAG,
  summary: 'Remove the caller’s star from an item',
  description: 'removed is false when the caller had not starred it; another user’s stars are never touched.',
  access: 'user',
  request: jsonBody(TargetBody),
  data: z.strictObject({ removed: z.boolean() }),
});

export const listRoute = defineRoute({
  method: 'post',
  path: '/api/collect/list',
  tag: TAG,
  summary: 'The caller’s favourites, newest first (deleted projects left out)',
  access: 'user',
  request: jsonBody(
    z
      .object({
        collectType: CollectType.optional(),
        page: z.number().int().min(1).max(100_000).optional(),
        limit: z.number().int().min(1).max(100).optional(),
      })
      .openapi('CollectListBody'),
  ),
  data: z.strictObject({ items: z.array(CollectionItemSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
});

/** Starring a project needs the work area serving its type (dfmea_index for design projects); an unknown project goes on to the service's 404. */
async function requireTargetAccess(c: Context<AppEnv>, target: CollectTarget): Promise<void> {
  if (!isProjectCollectType(target.collectType)) return;
  const project = await projectOfItem(c.var.services.database.db, 'project', target.targetId);
  if (project) requireTypeAccess(c, project.projectType);
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(addRoute, async (c) => {
    const target = c.req.valid('json');
    await requireTargetAccess(c, target);
    return c.json(ok(await collect(serviceContext(c), target)), 200);
  });

  app.openapi(removeRoute, async (c) => c.json(ok(await uncollect(serviceContext(c), c.req.valid('json'))), 200));

  app.openapi(listRoute, async (c) => c.json(ok(await listCollections(serviceContext(c), c.req.valid('json'))), 200));
}
