import type { OpenAPIHono } from '@hono/zod-openapi';
import { addEwoDocument, addEwoItems, EWO_DOCUMENT_SIDES, EWO_FMEA_REFS, EWO_ITEM_KINDS, getEwoTouches, listEwoCandidates, removeEwoDocument, removeEwoItem } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { Id } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { EwoKey, EwoSchema, presentEwo, TAG, Version } from './schemas.ts';

/**
 * What an EWO touches and documents (issue 24): affected products, BOM parts and FMEA items (checked against
 * what the caller may read), the pickers that offer them, before/after documents on uploaded files, and the
 * "what it touches" read. Adding and removing need the edit button, the EWO's creator or tracker, and an EWO
 * still opening or in follow-up.
 */
const Note = z.string().max(200).nullable().optional().openapi({ description: 'What changes for this item; at most 200 characters' });

export const addItemsRoute = defineRoute({
  method: 'post',
  path: '/api/ewo/items/add',
  tag: TAG,
  summary: 'Add affected items: products, BOM parts, FMEA items',
  description:
    'product: refId is the product’s root id or number (the caller reads products: route product_list_index and its product type); bomPart: the part’s id (the caller reads BOMs: bom_index); ' +
    'fmeaItem: projectId, fmeaRef (node, function, FE, FM, FC) and the item’s id, in a project the caller may open. Each is checked; one that is not found or not readable is an issue of ' +
    '400 ewo.items_invalid with its row, and nothing is added. One already on the EWO is left as it is. Needs the edit button.',
  access: { route: 'ewo_index', button: 'edit' },
  request: jsonBody(
    z.object({
      id: EwoKey,
      version: Version,
      items: z
        .array(z.object({ kind: z.enum(EWO_ITEM_KINDS), refId: Id, projectId: Id.nullable().optional(), fmeaRef: z.enum(EWO_FMEA_REFS).nullable().optional(), changeNote: Note }))
        .max(200),
    }),
  ),
  data: EwoSchema,
});

export const removeItemRoute = defineRoute({
  method: 'post',
  path: '/api/ewo/items/remove',
  tag: TAG,
  summary: 'Remove an affected item',
  access: { route: 'ewo_index', button: 'edit' },
  request: jsonBody(z.object({ id: EwoKey, version: Version, itemId: Id })),
  data: EwoSchema,
});

export const addDocumentRoute = defineRoute({
  method: 'post',
  path: '/api/ewo/documents/add',
  tag: TAG,
  summary: 'Add a document before or after the change, at a version',
  description:
    'Upload the file first (POST /api/fileOperate/uploadSingleFile, kind attachment: xls/xlsx/doc/docx/pdf up to 10 MB, or largeAttachment up to 25 MB); only a file the caller uploaded. ' +
    'From then on the file is served to those who may read the EWO. At most 40 documents. Needs the edit button.',
  access: { route: 'ewo_index', button: 'edit' },
  request: jsonBody(
    z.object({ id: EwoKey, version: Version, docSide: z.enum(EWO_DOCUMENT_SIDES), docName: z.string().max(200), docVersion: z.string().max(200), fileId: z.string().max(64) }),
  ),
  data: EwoSchema,
});

export const removeDocumentRoute = defineRoute({
  method: 'post',
  path: '/api/ewo/documents/remove',
  tag: TAG,
  summary: 'Remove a document',
  access: { route: 'ewo_index', button: 'edit' },
  request: jsonBody(z.object({ id: EwoKey, version: Version, documentId: Id })),
  data: EwoSchema,
});

const CandidateSchema = z
  .strictObject({
    kind: z.enum([...EWO_ITEM_KINDS, 'fmeaProject']),
    refId: z.string(),
    fmeaRef: z.enum(EWO_FMEA_REFS).nullable(),
    projectId: z.string().nullable(),
    code: z.string(),
    label: z.string(),
    context: z.string().nullable().openapi({ description: 'The product of a part, the node of a function or failure, the type of a project' }),
  })
  .openapi('EwoCandidate');

export const candidatesRoute = defineRoute({
  method: 'get',
  path: '/api/ewo/candidates',
  tag: TAG,
  summary: 'What may be added as an affected item, for the pickers',
  description:
    'product: products the caller may read; bomPart: the parts of one product’s BOM (product: its root id or number); fmeaProject: FMEA projects the caller may open; ' +
    'fmeaItem: the nodes, functions and failures of one of them (projectId). search: number or text contains. At most 50 (200 parts).',
  access: { route: 'ewo_index' },
  request: { query: z.object({ kind: z.enum([...EWO_ITEM_KINDS, 'fmeaProject']), search: z.string().trim().max(100).optional(), product: Id.optional(), projectId: Id.optional() }) },
  data: z.array(CandidateSchema).openapi('EwoCandidates'),
});

const TouchedItemSchema = z
  .strictObject({
    id: z.string(),
    kind: z.enum(EWO_ITEM_KINDS),
    fmeaRef: z.enum(EWO_FMEA_REFS).nullable(),
    code: z.string(),
    label: z.string(),
    currentLabel: z.string().nullable().openapi({ description: 'Its text now, when changed since it was added' }),
    state: z.enum(['current', 'changed', 'gone', 'hidden']).openapi({ description: 'hidden: in an FMEA project the caller may not open (shown as kept only)' }),
    changeNote: z.string().nullable(),
    link: z.string().nullable(),
  })
  .openapi('EwoTouchedItem');

export const touchesRoute = defineRoute({
  method: 'get',
  path: '/api/ewo/touches',
  tag: TAG,
  summary: 'What an engineering change touches, as it is now',
  description: 'Its products, BOM parts and FMEA items, each as kept beside its state now, and the FMEA projects touched with their item counts and links.',
  access: { route: 'ewo_index' },
  request: { query: z.object({ id: EwoKey }) },
  data: z
    .strictObject({
      ewoId: z.string(),
      ewoNum: z.string(),
      products: z.array(TouchedItemSchema),
      bomParts: z.array(TouchedItemSchema),
      fmeaItems: z.array(TouchedItemSchema),
      projects: z.array(
        z.strictObject({ projectId: z.string(), serialNum: z.string(), name: z.string().nullable(), projectType: z.string().nullable(), items: z.number().int(), readable: z.boolean(), link: z.string().nullable() }),
      ),
    })
    .openapi('EwoTouches'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(addItemsRoute, async (c) => {
    const { id, version, items } = c.req.valid('json');
    return c.json(ok(presentEwo((await addEwoItems(serviceContext(c), id, { version, items })).ewo)), 200);
  });
  app.openapi(removeItemRoute, async (c) => {
    const { id, version, itemId } = c.req.valid('json');
    return c.json(ok(presentEwo((await removeEwoItem(serviceContext(c), id, itemId, version)).ewo)), 200);
  });
  app.openapi(addDocumentRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    return c.json(ok(presentEwo((await addEwoDocument(serviceContext(c), id, input)).ewo)), 200);
  });
  app.openapi(removeDocumentRoute, async (c) => {
    const { id, version, documentId } = c.req.valid('json');
    return c.json(ok(presentEwo((await removeEwoDocument(serviceContext(c), id, documentId, version)).ewo)), 200);
  });
  app.openapi(candidatesRoute, async (c) => c.json(ok(await listEwoCandidates(serviceContext(c), c.req.valid('query'))), 200));
  app.openapi(touchesRoute, async (c) => c.json(ok(await getEwoTouches(serviceContext(c), c.req.valid('query').id)), 200));
}
