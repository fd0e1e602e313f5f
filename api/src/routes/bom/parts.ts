import type { OpenAPIHono } from '@hono/zod-openapi';
import { addBomPart, deleteBomPart, moveBomPart, updateBomPart } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { Id } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { PartSchema, presentPart } from './bom.ts';

/**
 * A BOM's parts corrected in place (spec 001 §1 master data, §2 the BOM
 * page's add/edit/del buttons, §5 "sub-part already exists"), beside the
 * whole-sheet import. Gated by the BOM page's route and the button; the
 * services check again, with the master-data creator rule on the BOM.
 */

const TAG = 'bom';
const ProductKey = Id.openapi({ description: 'The product: its id (productId of the product list) or its number' });
const ParentId = Id.nullable().openapi({ description: 'The part it goes under; null: directly under the product' });
const Version = z.number().int().min(1).openapi({ description: 'The part’s version as read (a stale one is 409 bom.part_stale)' });

/** The values a part is typed with; the service checks them as the sheet import does (each problem under its field). */
const PartValues = z.object({
  partNum: z.string().max(200),
  partName: z.string().max(200),
  enPartName: z.string().max(200).nullable().optional(),
  quantity: z.number().openapi({ description: 'Above 0' }),
  unit: z.string().max(200).nullable().optional(),
});

export const addPartRoute = defineRoute({
  method: 'post',
  path: '/api/mainData/bom/addPart',
  tag: TAG,
  summary: 'Add a part to a product’s BOM, under a parent part or the product',
  description:
    'After the parent’s other parts, one level below it. A part number once under the same parent (400 bom.sub_part_exists under partNum); a parent not in this BOM is 404 bom.part_not_found. ' +
    'A product without a BOM gets one (PB number) with its first part. Needs the add button; adding to an existing BOM also needs what changing it needs (edit, master-data creator rule).',
  access: { route: 'bom_index', button: 'add' },
  request: jsonBody(PartValues.extend({ productId: ProductKey, parentId: ParentId })),
  data: PartSchema,
});

export const updatePartRoute = defineRoute({
  method: 'post',
  path: '/api/mainData/bom/updatePart',
  tag: TAG,
  summary: 'Change a BOM part’s number, name, English name, quantity and unit',
  description: 'Its place stays. Needs the edit button and the master-data creator rule on the BOM.',
  access: { route: 'bom_index', button: 'edit' },
  request: jsonBody(PartValues.extend({ id: Id, version: Version })),
  data: PartSchema,
});

export const movePartRoute = defineRoute({
  method: 'post',
  path: '/api/mainData/bom/movePart',
  tag: TAG,
  summary: 'Move a BOM part, with the parts below it, under another parent',
  description: 'After the new parent’s parts; levels follow. Never under itself or its own sub-parts (400 bom.move_into_own). Needs the edit button.',
  access: { route: 'bom_index', button: 'edit' },
  request: jsonBody(z.object({ id: Id, parentId: ParentId, version: Version })),
  data: PartSchema,
});

export const deletePartRoute = defineRoute({
  method: 'post',
  path: '/api/mainData/bom/deletePart',
  tag: TAG,
  summary: 'Delete a BOM part with every part below it',
  description: 'removed: how many parts went. Needs the del button and the master-data creator rule on the BOM.',
  access: { route: 'bom_index', button: 'del' },
  request: jsonBody(z.object({ id: Id, version: Version })),
  data: z.strictObject({ removed: z.number().int() }).openapi('BomPartsRemoved'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(addPartRoute, async (c) => {
    const { productId, ...input } = c.req.valid('json');
    return c.json(ok(presentPart(await addBomPart(serviceContext(c), productId, input))), 200);
  });

  app.openapi(updatePartRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    return c.json(ok(presentPart(await updateBomPart(serviceContext(c), id, input))), 200);
  });

  app.openapi(movePartRoute, async (c) => {
    const { id, parentId, version } = c.req.valid('json');
    return c.json(ok(presentPart(await moveBomPart(serviceContext(c), id, { parentId, version }))), 200);
  });

  app.openapi(deletePartRoute, async (c) => {
    const { id, version } = c.req.valid('json');
    return c.json(ok(await deleteBomPart(serviceContext(c), id, { version })), 200);
  });
}
