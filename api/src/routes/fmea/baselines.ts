import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  kindOf,
  diffBaselines,
  DIFF_KINDS,
  diffWorkbook,
  exportBaselineWorkbook,
  readBaselineItems,
  InvalidInputError,
  listBaselines,
  verifyWorkbook,
  type BaselineDiff,
  type BaselineView,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { DateTime } from '../../http/fields.ts';
import { contentDisposition } from '../../http/files.ts';
import { defineRoute, z } from '../../http/route.ts';
import { fmeaContext, readAccess } from './access.ts';
import { Id, Timestamp } from './schemas.ts';
import { XLSX_TYPE } from './transfer.ts';

/**
 * Baselines of an FMEA project (docs/domain/fmea-baselines.md): the frozen
 * copies its releases took, read-only. Thin over core's fmea-baseline
 * service, which opens the project for the caller (members, administrators,
 * users it is shared with) whatever its type.
 */
const TAG = 'fmea-baselines';

const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const BaselineSchema = z
  .strictObject({
    id: z.string(),
    projectId: z.string(),
    projectType: z.string(),
    label: z.string().openapi({ description: 'BL1, BL2, … in the order of the releases' }),
    versionLabel: z.string().openapi({ description: 'The project’s version and the review round, e.g. "B/2"' }),
    round: z.number().int(),
    contentHash: z.string().openapi({ description: 'sha256 hex of the canonical JSON of the analysis' }),
    nodeCount: z.number().int(),
    chainCount: z.number().int(),
    createdBy: z.string().nullable(),
    createdByName: z.string().nullable(),
    createdAt: DateTime,
  })
  .openapi('FmeaBaseline');

const Kind = z.enum(DIFF_KINDS);
const DiffItemSchema = z
  .strictObject({
    change: z.enum(['added', 'removed', 'changed']),
    kind: Kind,
    id: z.string(),
    path: z.string().openapi({ description: 'Where the item is: "Step 20 / Machine / Function / Failure"' }),
    fields: z.array(z.strictObject({ field: z.string(), old: Scalar, new: Scalar })).openapi({ description: 'Per field the old and new value (a reference as the referenced item’s path); an added item has old null, a removed one new null' }),
  })
  .openapi('FmeaBaselineDiffItem');

// a union with null keeps the baseline a closed object in the document (the generator's nullable would open it)
const SideSchema = z.strictObject({ ref: z.string(), label: z.string(), baseline: z.union([BaselineSchema, z.null()]), contentHash: z.string() }).openapi('FmeaBaselineSide');
const DiffSchema = z
  .strictObject({
    serialNum: z.string(),
    projectType: z.string(),
    from: SideSchema,
    to: SideSchema,
    added: z.number().int(),
    removed: z.number().int(),
    changed: z.number().int(),
    items: z.array(DiffItemSchema),
  })
  .openapi('FmeaBaselineDiff');

const OneSchema = z
  .strictObject({
    baseline: BaselineSchema,
    items: z.array(z.strictObject({ kind: Kind, id: z.string(), path: z.string(), fields: z.array(z.strictObject({ field: z.string(), value: Scalar })) })).openapi({ description: 'Every item of the frozen analysis with its fields, by kind then path' }),
  })
  .openapi('FmeaBaselineContent');

const VerdictSchema = z
  .strictObject({
    outcome: z
      .enum(['baseline', 'working', 'unknown', 'changed', 'otherProject'])
      .openapi({ description: 'baseline: intact and a baseline here; working: an intact working-copy export; unknown: intact, no baseline here has its hash; changed: edited after export; otherProject: intact, but a workbook of another project than projectId (serialNum names it)' }),
    serialNum: z.string(),
    baselineLabel: z.string().nullable(),
    contentHash: z.string(),
    projectId: z.string().nullable(),
    baselineId: z.string().nullable(),
    versionLabel: z.string().nullable(),
    releasedAt: DateTime.nullable(),
    releasedBy: z.string().nullable(),
    messageKey: z.string(),
    message: z.string(),
  })
  .openapi('FmeaWorkbookVerdict');

const Ref = z.string().trim().min(1).max(64).openapi({ description: 'A baseline’s id or label (BL1), or "working" for the working copy' });
const ProjectQuery = { projectId: Id, timestamp: Timestamp };

export const listRoute = defineRoute({
  method: 'get',
  path: '/api/project/baselines',
  tag: TAG,
  summary: 'The baselines of a DFMEA or PFMEA project, newest first',
  description: 'Each release freezes one (a republish of an unchanged analysis does not); anyone who may open the project.',
  access: readAccess,
  request: { query: z.object(ProjectQuery) },
  data: z.array(BaselineSchema),
});

export const getRoute = defineRoute({
  method: 'get',
  path: '/api/project/baseline',
  tag: TAG,
  summary: 'One baseline with every item it froze (read-only)',
  description: 'By id or label; 404 fmeaBaseline.not_found when the project has no such baseline.',
  access: readAccess,
  request: { query: z.object({ ...ProjectQuery, baseline: Ref }) },
  data: OneSchema,
});

export const diffRoute = defineRoute({
  method: 'get',
  path: '/api/project/baseline/diff',
  tag: TAG,
  summary: 'What changed between two baselines, or a baseline and the working copy',
  description: 'from and to are baseline ids or labels or "working" (to defaults to the working copy). Items keyed by id: added, removed, changed with the old and new value per field.',
  access: readAccess,
  request: { query: z.object({ ...ProjectQuery, from: Ref, to: Ref.optional() }) },
  data: DiffSchema,
});

const file = <R extends ReturnType<typeof defineRoute>>(route: R) => ({
  ...route,
  responses: { ...route.responses, 200: { content: { [XLSX_TYPE]: { schema: z.string().openapi({ type: 'string', format: 'binary' }) } }, description: 'The workbook' } },
});

export const exportRoute = file(
  defineRoute({
    method: 'get',
    path: '/api/project/baseline/export',
    tag: TAG,
    summary: 'A baseline as the AIAG-VDA form workbook (DFMEA or PFMEA), drawn from what it froze',
    description: 'The workbook carries the project number, the release version, the baseline label and the content hash in its stamp row and document properties; two exports of one baseline have the same content. Answers the xlsx as an attachment.',
    access: readAccess,
    request: { query: z.object({ ...ProjectQuery, baseline: Ref }) },
    data: z.null(),
  }),
);

export const diffExportRoute = file(
  defineRoute({
    method: 'get',
    path: '/api/project/baseline/diffExport',
    tag: TAG,
    summary: 'The diff as a workbook: one row per changed field with the old and new value',
    description: 'As /api/project/baseline/diff, answered as an xlsx attachment.',
    access: readAccess,
    request: { query: z.object({ ...ProjectQuery, from: Ref, to: Ref.optional() }) },
    data: z.null(),
  }),
);

const VerifyForm = z.object({
  excelFile: z.custom<File>((value) => value instanceof File).openapi({ type: 'string', format: 'binary', description: 'An exported DFMEA, PFMEA, control plan or flow chart workbook (xlsx, at most IMPORT_MAX_MB)' }),
  projectId: Id.optional().openapi({ description: 'The project the file is checked in (the baselines panel): a workbook of another project is told as otherProject' }),
});

export const verifyRoute = defineRoute({
  method: 'post',
  path: '/api/project/baseline/verify',
  tag: TAG,
  summary: 'Verify an exported workbook: which baseline it is, a working-copy export, changed after export, or another project’s',
  description:
    'Multipart excelFile. The seal in the file’s properties is checked against its cells; an intact released export names its baseline when the caller can open the project (403 fmeaBaseline.verify_not_allowed otherwise). A file that is no xlsx, passes the size or decompression limits, or carries no seal (400 fmeaBaseline.verify_foreign) is refused with a message.',
  access: readAccess,
  request: { body: { content: { 'multipart/form-data': { schema: VerifyForm } }, required: true } },
  importSlot: true,
  data: VerdictSchema,
});

const presentDiff = (d: BaselineDiff) => ({ serialNum: d.serialNum, projectType: d.projectType, from: d.from, to: d.to, added: d.added, removed: d.removed, changed: d.changed, items: d.items });

const xlsx = (c: Context<AppEnv>, bytes: Uint8Array, fileName: string) =>
  c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': XLSX_TYPE,
    'content-length': String(bytes.byteLength),
    'content-disposition': contentDisposition(fileName),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });

const asBaseline = (b: BaselineView) => b;

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => c.json(ok((await listBaselines(fmeaContext(c), c.req.valid('query').projectId)).map(asBaseline)), 200));
  app.openapi(getRoute, async (c) => {
    const { projectId, baseline } = c.req.valid('query');
    // the frozen items as the diff against nothing names them: kind, path and every field
    return c.json(ok(await readBaselineItems(fmeaContext(c), projectId, baseline)), 200);
  });
  app.openapi(diffRoute, async (c) => {
    const { projectId, from, to } = c.req.valid('query');
    return c.json(ok(presentDiff(await diffBaselines(fmeaContext(c), projectId, from, to))), 200);
  });
  app.openapi(exportRoute, async (c) => {
    const { projectId, baseline } = c.req.valid('query');
    const out = await exportBaselineWorkbook(fmeaContext(c), projectId, baseline, { locale: c.var.locale });
    return xlsx(c, out.bytes, out.fileName) as never;
  });
  app.openapi(diffExportRoute, async (c) => {
    const { projectId, from, to } = c.req.valid('query');
    const diff = await diffBaselines(fmeaContext(c), projectId, from, to);
    const name = (s: BaselineDiff['from']) => (s.baseline ? s.baseline.label : 'working');
    return xlsx(c, await diffWorkbook(diff, c.var.locale), `${kindOf(diff.projectType).filePrefix}-${diff.serialNum}-${name(diff.from)}-${name(diff.to)}.xlsx`) as never;
  });
  app.openapi(verifyRoute, async (c) => {
    const { excelFile, projectId } = c.req.valid('form');
    if (!(excelFile instanceof File)) throw new InvalidInputError('validation.required', { field: 'excelFile' });
    const verdict = await verifyWorkbook(fmeaContext(c), new Uint8Array(await excelFile.arrayBuffer()), {
      fileName: excelFile.name,
      locale: c.var.locale,
      limit: c.var.services.importLimitBytes,
      ...(projectId ? { projectId } : {}),
    });
    return c.json(ok(verdict), 200);
  });
}
