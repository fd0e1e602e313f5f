import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  assertOneBomFile,
  deleteBom,
  exportBom,
  generateStructureFromBom,
  getBomTree,
  importBom,
  listBomProducts,
  PROJECT_ROUTES,
  translate,
  type BomPartRow,
  type Issue,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { issueMessage } from '../../http/errors.ts';
import { DateTime, Id, iso, ImportIssue } from '../../http/fields.ts';
import { asDownload, fileBytes, sendBytes, XLSX_TYPE } from '../../http/files.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { progressReporter } from '../../realtime/progress.ts';
import { notifyChanged, writeAccess } from '../fmea/access.ts';

/**
 * A product's BOM (spec 001 §1 master data, §5 "3M BOM", "only one BOM
 * selectable", §8 "BOM product does not exist", "sub-part already exists",
 * "original BOM deleted") and generating a DFMEA's structure from it. The
 * BOM routes are gated by the BOM page's route (`bom_index`) and its
 * buttons; the services check again with the master-data creator rule. A
 * product is named by its id (the catalog record's root id) or its number.
 * Registered before the catalog's `/api/mainData/{entity}/…` family, whose
 * paths these literal ones would otherwise fall into.
 */

const TAG = 'bom';
const Timestamp = z.string().max(40).optional();
const ProductKey = Id.openapi({ description: 'The product: its id (productId of the product list) or its number' });

const File = z.instanceof(globalThis.File);
const ImportForm = z
  .object({
    excelFile: z.union([File, z.array(File)]).optional().openapi({ type: 'string', format: 'binary', description: 'One xls/xlsx of at most 3 MB; several files are refused (only one BOM selectable)' }),
    productId: ProductKey,
    importWayType: z
      .enum(['cover', 'dedupe', '1', '2'])
      .optional()
      .transform((v) => (v === '1' ? 'cover' : v === '2' ? 'dedupe' : v))
      .openapi({ description: 'cover or 1: the file replaces the BOM; dedupe or 2 (default): parts already at the same place are left out' }),
    goodRowsOnly: z.enum(['true', 'false']).optional().transform((v) => v === 'true').openapi({ description: 'true: write the good rows even when others are wrong (listed in errors)' }),
    acceptUnmapped: z.enum(['true', 'false']).optional().transform((v) => v === 'true').openapi({ description: 'true: import although columns with data have no field (listed in unmapped)' }),
  })
  .openapi('BomImportForm');

export const importRoute = defineRoute({
  method: 'post',
  path: '/api/mainData/bom/importData',
  tag: TAG,
  summary: 'Import a product’s BOM from a spreadsheet',
  description:
    'Multipart: excelFile (one xls/xlsx, at most 3 MB), productId, importWayType, goodRowsOnly, acceptUnmapped. Columns (either language): level or parent part number, part number, ' +
    'part name, English name, quantity, unit. Every row is checked (level jumps, missing or ambiguous parents, sub-part already exists under the same parent, ' +
    'required values, quantity above 0); a wrong row refuses the file (400 bom.import_invalid, data.issues with rows), nothing written, unless goodRowsOnly. ' +
    'A product that does not exist: 404 bom.product_missing. Needs the import button; replacing or adding to another’s BOM also follows the master-data creator rule.',
  access: { route: 'bom_index', button: 'import' },
  request: { body: { content: { 'multipart/form-data': { schema: ImportForm } }, required: true } },
  importSlot: true,
  data: z
    .strictObject({
      bomId: z.string(),
      bomNum: z.string(),
      layout: z.enum(['level', 'parent']).openapi({ description: 'level: rows placed by their level; parent: by their parent part number' }),
      rows: z.number().int(),
      imported: z.number().int(),
      skipped: z.number().int().openapi({ description: 'Rows the BOM already held (dedupe)' }),
      replaced: z.number().int().openapi({ description: 'Parts the cover import removed' }),
      errors: z.array(ImportIssue).openapi({ description: 'Rows left out as wrong (goodRowsOnly)' }),
      unmapped: z.array(ImportIssue),
    })
    .openapi('BomImportReport'),
});

export const PartSchema = z
  .strictObject({
    id: z.string(),
    parentId: z.string().nullable(),
    partNum: z.string(),
    partName: z.string(),
    enPartName: z.string().nullable(),
    quantity: z.number(),
    unit: z.string().nullable(),
    level: z.number().int(),
    sort: z.number().int(),
    version: z.number().int(),
  })
  .openapi('BomPart');

const HeaderSchema = z
  .strictObject({ id: z.string(), bomNum: z.string(), fileName: z.string().nullable(), version: z.number().int(), creatorName: z.string().nullable(), createTime: DateTime, updateTime: DateTime })
  .openapi('BomHeader');

export const treeRoute = defineRoute({
  method: 'get',
  path: '/api/mainData/bom/tree',
  tag: TAG,
  summary: 'A product’s BOM: its header and its parts in tree order (parentId and level give the tree)',
  description: 'bom is null while the product has none. can says which of the page’s buttons apply to this BOM.',
  access: { route: 'bom_index' },
  request: { query: z.object({ productId: ProductKey, timestamp: Timestamp }) },
  data: z
    .strictObject({
      product: z.strictObject({ productId: z.string(), productNum: z.string(), productName: z.string(), enProductName: z.string().nullable() }),
      bom: HeaderSchema.nullable(),
      parts: z.array(PartSchema),
      can: z.strictObject({ import: z.boolean(), add: z.boolean(), export: z.boolean(), edit: z.boolean(), del: z.boolean() }),
    })
    .openapi('BomTree'),
});

export const productsRoute = defineRoute({
  method: 'get',
  path: '/api/mainData/bom/products',
  tag: TAG,
  summary: 'Products that have a BOM, by number or name (the BOM page’s picker and the DFMEA’s “generate from BOM” dialog)',
  description: 'The caller’s product types only; at most limit (20, up to 100).',
  access: { route: [...PROJECT_ROUTES, 'bom_index'] },
  request: { query: z.object({ search: z.string().trim().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).optional(), timestamp: Timestamp }) },
  data: z.array(
    z
      .strictObject({ productId: z.string(), productNum: z.string(), productName: z.string(), enProductName: z.string().nullable(), bomId: z.string(), bomNum: z.string(), partCount: z.number().int() })
      .openapi('BomProduct'),
  ),
});

export const exportRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/mainData/bom/exportData',
    tag: TAG,
    summary: 'A product’s BOM as a spreadsheet (level, parent part number and the part’s columns; importing it gives the same tree)',
    description: 'Headers in the reader’s language. Needs the export button.',
    access: { route: 'bom_index', button: 'export' },
    request: { query: z.object({ productId: ProductKey, timestamp: Timestamp }) },
    data: z.null(),
  }),
  'The spreadsheet (xlsx)',
);

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/mainData/bom/delete',
  tag: TAG,
  summary: 'Delete a product’s BOM (its parts go; the BOM stays as deleted, so a generation from it says “original BOM deleted”)',
  description: 'version: the BOM’s version as read (a stale one is 409). Needs the del button and the master-data creator rule.',
  access: { route: 'bom_index', button: 'del' },
  request: jsonBody(z.object({ productId: ProductKey, version: z.number().int().min(1) })),
  data: HeaderSchema,
});

export const generateRoute = defineRoute({
  method: 'post',
  path: '/api/project/generateFromBom',
  tag: TAG,
  summary: 'Generate a DFMEA’s structure from a product’s BOM',
  description:
    'Every part becomes a structure node under its parent part’s node (assemblies type 12, the rest elements 9); nodes the tree already has by name under the same parent are kept. ' +
    'One BOM per generation. The caller must be able to edit the project; with the basic rule bomImportHeadOnly on, only its head (403 bom.head_only). ' +
    'bomId: the BOM the caller picked; gone since: 404 bom.deleted (“original BOM deleted”).',
  access: writeAccess('edit'),
  request: jsonBody(z.object({ projectId: Id, productId: ProductKey, bomId: Id.optional() })),
  data: z.strictObject({ projectId: z.string(), bomId: z.string(), bomNum: z.string(), created: z.number().int(), reused: z.number().int() }).openapi('BomGenerateResult'),
});

export const presentPart = (p: BomPartRow) => ({
  id: p.id,
  parentId: p.parentId,
  partNum: p.partNum,
  partName: p.partName,
  enPartName: p.enPartName,
  quantity: p.quantity,
  unit: p.unit,
  level: p.level,
  sort: p.sort,
  version: p.version,
});

const presentHeader = (h: { id: string; bomNum: string; fileName: string | null; version: number; creatorName: string | null; createdAt: Date; updatedAt: Date }) => ({
  id: h.id,
  bomNum: h.bomNum,
  fileName: h.fileName,
  version: h.version,
  creatorName: h.creatorName,
  createTime: iso(h.createdAt)!,
  updateTime: iso(h.updatedAt)!,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(importRoute, async (c) => {
    const form = c.req.valid('form');
    const files = form.excelFile === undefined ? [] : Array.isArray(form.excelFile) ? form.excelFile : [form.excelFile];
    assertOneBomFile(files.length);
    const file = files[0]!;
    const ctx = serviceContext(c);
    const locale = c.var.locale;
    const onProgress = progressReporter(c.var.services, ctx.actor.userId!, translate(locale, 'files.import_progress', { name: file.name }));
    onProgress(0, 1);
    const report = await importBom(ctx, form.productId, await fileBytes(file), {
      fileName: file.name,
      mode: form.importWayType,
      goodRowsOnly: form.goodRowsOnly,
      acceptUnmapped: form.acceptUnmapped,
    }).finally(() => onProgress(1, 1));
    const present = (issue: Issue) => ({ row: issue.row, field: issue.field, messageKey: issue.messageKey, message: issueMessage(locale, issue) });
    const { errors, unmapped, ...counts } = report;
    return c.json(ok({ ...counts, errors: errors.map(present), unmapped: unmapped.map(present) }), 200);
  });

  app.openapi(treeRoute, async (c) => {
    const view = await getBomTree(serviceContext(c), c.req.valid('query').productId);
    const { id: productId, productNum, productName, enProductName } = view.product;
    return c.json(ok({ product: { productId, productNum, productName, enProductName }, bom: view.bom ? presentHeader(view.bom) : null, parts: view.parts.map(presentPart), can: view.can }), 200);
  });

  app.openapi(productsRoute, async (c) => {
    const { search, limit } = c.req.valid('query');
    return c.json(ok(await listBomProducts(serviceContext(c), { search, limit })), 200);
  });

  app.openapi(exportRoute, async (c) => {
    const sheet = await exportBom(serviceContext(c), c.req.valid('query').productId, c.var.locale);
    return sendBytes(c, sheet.data, sheet.fileName, XLSX_TYPE);
  });

  app.openapi(deleteRoute, async (c) => {
    const { productId, version } = c.req.valid('json');
    return c.json(ok(presentHeader(await deleteBom(serviceContext(c), productId, { version }))), 200);
  });

  app.openapi(generateRoute, async (c) => {
    const { projectId, productId, bomId } = c.req.valid('json');
    const result = await generateStructureFromBom(serviceContext(c), projectId, productId, { bomId });
    if (result.created > 0) await notifyChanged(c, projectId, 'project', projectId);
    return c.json(ok(result), 200);
  });
}
