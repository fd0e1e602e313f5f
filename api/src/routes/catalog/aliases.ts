import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { failureModeFunctionGroups, findCatalogRow, getCatalogRecord, getCatalogRecordBySerial, InvalidInputError, listCatalogRecords, NotFoundError } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { Id } from '../../http/fields.ts';
import { serviceContext } from '../../http/context.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { catalogTypeOf, commaList, runCatalog } from './handlers.ts';
import { presentRecord } from './present.ts';
import { ExportQuery, Timestamp, pageOf, recordSchema } from './schemas.ts';

/**
 * Spec 001 §7's own names for calls the generic catalog routes serve
 * (`/api/knowledge/{entity}/…`), for integrators who call them by the spec:
 * POST invalidMode/getInvalidMode and productFeatureCategory/getProductFeatureCategory
 * (one record), GET featureClassify/list (the list, its filter as query
 * parameters) and GET featureClassify/selectBySerial (a record by its number).
 * Each runs the same engine call as its generic route, so the same checks
 * apply: the type's route, the record's product type, the creator rules.
 */

const TAG = 'knowledge';
const Record = recordSchema('knowledge');

const OneRecordBody = z
  .object({
    id: Id.optional().openapi({ description: 'A version’s id: that version' }),
    serialNum: z.string().trim().min(1).max(100).optional().openapi({ description: 'The record’s number: its latest version' }),
  })
  .openapi('CatalogOneRecordBody');

const oneRecord = <const P extends string>(path: P, generic: string) =>
  defineRoute({
    method: 'post',
    path,
    tag: TAG,
    summary: `One record, by a version’s id or by its number (spec 001 §7); GET /api/knowledge/${generic}/get or getBySerial`,
    description: 'id or serialNum (id wins when both are sent). Needs the type’s route and the record’s product type; an unknown or deleted record, or one of another type, is a 404.',
    access: 'user',
    request: jsonBody(OneRecordBody),
    data: Record,
  });

export const getInvalidMode = oneRecord('/api/knowledge/invalidMode/getInvalidMode', 'invalidMode');
export const getProductFeatureCategory = oneRecord('/api/knowledge/productFeatureCategory/getProductFeatureCategory', 'productFeatureCategory');

export const featureClassifyList = defineRoute({
  method: 'get',
  path: '/api/knowledge/featureClassify/list',
  tag: TAG,
  summary: 'A page of the characteristic classes (spec 001 §7 GET featureClassify/list); POST /api/knowledge/featureClassify/list with the filter as query parameters',
  description: 'Lists comma-separated (status, productTypes); page and limit default to 1 and 10. Needs the type’s route; only classes of the caller’s product types (or without one).',
  access: 'user',
  request: { query: ExportQuery.omit({ scope: true }) },
  data: pageOf(Record),
});

export const featureClassifySelectBySerial = defineRoute({
  method: 'get',
  path: '/api/knowledge/featureClassify/selectBySerial',
  tag: TAG,
  summary: 'A characteristic class by its number: its latest version (spec 001 §7); GET /api/knowledge/featureClassify/getBySerial',
  description: 'Needs the type’s route and the record’s product type; an unknown or deleted number is a 404.',
  access: 'user',
  request: { query: z.object({ serialNum: z.string().trim().min(1).max(100).openapi({ description: 'The class’s number' }), timestamp: Timestamp }) },
  data: Record,
});

export const getFunctionGroupList = defineRoute({
  method: 'post',
  path: '/api/knowledge/invalidMode/getFunctionGroupList',
  tag: TAG,
  summary: 'The functions a failure mode is used under, from the FMEA failure network (spec 001 §7)',
  description:
    'The failure mode by a version’s id or its number (as getInvalidMode; the same checks: the type’s route, the record’s product type). ' +
    'Every failure mode (FM) of a live FMEA that cites any version of the record, grouped by the text of its function: uses (how many FMs) and projects (in how many). ' +
    'Only projects the caller may open count. Most used first.',
  access: 'user',
  request: jsonBody(OneRecordBody),
  data: z.strictObject({
    items: z.array(z.strictObject({ function: z.string(), uses: z.number().int(), projects: z.number().int() })),
    serialNum: z.string().openapi({ description: 'The failure mode’s number' }),
  }),
});

type Ctx = Context<AppEnv>;

/** One record of an entity by id or number, as the generic get and getBySerial read it. */
async function readOne(c: Ctx, entity: 'invalidMode' | 'productFeatureCategory', body: z.infer<typeof OneRecordBody>) {
  const type = catalogTypeOf('knowledge', entity);
  const view = await runCatalog(c, type, async (ctx) => {
    if (body.id !== undefined) {
      // an id of another type is not found here, as on the generic route
      if ((await findCatalogRow(ctx.db, body.id)).type !== type.id) throw new NotFoundError('catalog.record_not_found', { id: body.id });
      return getCatalogRecord(ctx, body.id);
    }
    if (body.serialNum !== undefined) return getCatalogRecordBySerial(ctx, type.id, body.serialNum);
    throw new InvalidInputError('request.invalid', {}, [{ messageKey: 'request.id_or_number_required', field: 'id' }]);
  });
  return presentRecord(type, view);
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(getInvalidMode, async (c) => c.json(ok(await readOne(c, 'invalidMode', c.req.valid('json'))), 200));
  app.openapi(getFunctionGroupList, async (c) => {
    const record = await readOne(c, 'invalidMode', c.req.valid('json'));
    const items = await failureModeFunctionGroups(serviceContext(c), record.rootId);
    return c.json(ok({ items, serialNum: record.serialNum }), 200);
  });
  app.openapi(getProductFeatureCategory, async (c) => c.json(ok(await readOne(c, 'productFeatureCategory', c.req.valid('json'))), 200));

  app.openapi(featureClassifyList, async (c) => {
    const type = catalogTypeOf('knowledge', 'featureClassify');
    const { status, productTypes, timestamp: _timestamp, ...query } = c.req.valid('query');
    const page = await runCatalog(c, type, (ctx) => listCatalogRecords(ctx, type.id, { ...query, status: commaList(status), productTypes: commaList(productTypes) }));
    return c.json(ok({ items: page.items.map((v) => presentRecord(type, v)), total: page.total, page: page.page, limit: page.limit }), 200);
  });

  app.openapi(featureClassifySelectBySerial, async (c) => {
    const type = catalogTypeOf('knowledge', 'featureClassify');
    const view = await runCatalog(c, type, (ctx) => getCatalogRecordBySerial(ctx, type.id, c.req.valid('query').serialNum));
    return c.json(ok(presentRecord(type, view)), 200);
  });
}
