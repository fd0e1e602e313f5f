import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  ASILS,
  createFmeda,
  ELEMENT_TYPES,
  exportFmedaWorkbook,
  FAULT_CLASSES,
  FMEDA_SNAPSHOT_ROW_FIELDS,
  FMEDA_SNAPSHOT_SETTINGS,
  fillFmedaFromCatalog,
  FMEDA_STANDARDS,
  getFmeda,
  getFmedaBaseline,
  fmedaArea,
  listRecentProjects,
  importFmedaWorkbook,
  InvalidInputError,
  resolveProjectReference,
  saveFmedaRows,
  translate,
  updateFmedaSettings,
  type FmedaView,
  type Issue,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import { DateTime } from '../../http/fields.ts';
import type { AppEnv } from '../../http/env.ts';
import { issueMessage } from '../../http/errors.ts';
import { contentDisposition } from '../../http/files.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { progressReporter } from '../../realtime/progress.ts';
import { fmeaContext, notifyChanged } from '../fmea/access.ts';
import { Id, Timestamp, Version } from '../fmea/schemas.ts';
import { XLSX_TYPE } from '../fmea/transfer.ts';

/**
 * The FMEDA over HTTP (issue 23; docs/domain/fmeda.md): create (from scratch or generated from a DFMEA),
 * the worksheet with its metrics, the batch save, the settings, the workbook in and out, and the fill from
 * the hardware catalog. The project list, header, team, review and baselines are the FMEA project routes,
 * which take an FMEDA as any kind. Gated on the FMEDA area's route; the engine checks membership, the
 * review lock and, for a DFMEA to generate from, that the caller may open it.
 */
const TAG = 'fmeda';
const ROUTE = 'fmeda_index' as const;

const Pct = z.number().openapi({ description: 'Percent, 0–100' });
const RowSchema = z
  .strictObject({
    id: z.string(),
    sort: z.number().int(),
    elementName: z.string(),
    elementFit: z.number().openapi({ description: 'λ of the element in FIT (1e-9 per hour)' }),
    failureMode: z.string(),
    distributionPct: Pct,
    faultClass: z.enum(FAULT_CLASSES),
    residualMechanism: z.string().nullable(),
    dcResidualPct: Pct.nullable(),
    latentMechanism: z.string().nullable(),
    dcLatentPct: Pct.nullable(),
    catalogRecordId: z.string().nullable(),
    sourceNodeId: z.string().nullable(),
    sourceFailureId: z.string().nullable(),
    version: z.number().int(),
  })
  .openapi('FmedaRow');

const Verdicts = z.strictObject({ spfm: z.boolean(), lfm: z.boolean(), pmhf: z.boolean() });
const Hfts = z.strictObject({ hft0: z.number().int(), hft1: z.number().int(), hft2: z.number().int() });
export const MetricsSchema = z
  .strictObject({
    spfm: z.number().nullable().openapi({ description: 'Single-point fault metric, a fraction (0.99); null without λ' }),
    lfm: z.number().nullable().openapi({ description: 'Latent fault metric, a fraction' }),
    pmhfFit: z.number(),
    pmhfPerHour: z.number(),
    asil: z.strictObject({ B: Verdicts, C: Verdicts, D: Verdicts }).openapi({ description: 'Per ASIL whether each metric meets its target (SPFM ≥ 90/97/99 %, LFM ≥ 60/80/90 %, PMHF < 100/100/10 FIT)' }),
    sff: z.number().nullable().openapi({ description: 'IEC 61508 safe failure fraction, a fraction' }),
    dc: z.number().nullable(),
    pfhPerHour: z.number().openapi({ description: 'PFH of a 1oo1 architecture: λ_DU per hour' }),
    pfhSilBand: z.number().int(),
    maxSil: z.strictObject({ typeA: Hfts, typeB: Hfts }).openapi({ description: 'Highest SIL by Route 1H; 0 where not allowed' }),
  })
  .openapi('FmedaMetrics');

const SettingsSchema = z.strictObject({
  standard: z.enum(FMEDA_STANDARDS),
  targetAsil: z.enum(ASILS).nullable(),
  targetSil: z.number().int().nullable(),
  elementType: z.enum(ELEMENT_TYPES).nullable(),
  hft: z.number().int().nullable(),
  safetyGoal: z.string().nullable(),
  sourceProjectId: z.string().nullable(),
  sourceNodeId: z.string().nullable(),
});

const ViewSchema = z
  .strictObject({
    projectId: z.string(),
    serialNum: z.string().openapi({ description: 'The FMEDA number (FM…)' }),
    fmedaNum: z.string().openapi({ description: 'The same number under the spec’s serial column name (fmeda_num)' }),
    name: z.string(),
    reviewStatus: z.string(),
    canEdit: z.boolean(),
    settings: SettingsSchema,
    version: z.number().int().openapi({ description: 'The worksheet’s version: a save names it' }),
    rows: z.array(RowSchema),
    metrics: MetricsSchema,
  })
  .openapi('Fmeda');

const present = (view: FmedaView): z.infer<typeof ViewSchema> => ({
  projectId: view.projectId,
  serialNum: view.serialNum,
  fmedaNum: view.serialNum,
  name: view.name,
  reviewStatus: view.reviewStatus,
  canEdit: view.canEdit,
  settings: view.settings,
  version: view.version,
  rows: view.rows.map((r) => ({ ...r, faultClass: r.faultClass as (typeof FAULT_CLASSES)[number] })),
  metrics: view.metrics,
});

// ranges are the engine's to judge, so its message (with the field label) is the one the user reads
const Num = z.number().min(-1e12).max(1e12);
const Text = z.string().max(200);
const RowInput = z.object({
  id: Id.nullable().optional(),
  elementName: Text,
  elementFit: Num,
  failureMode: Text,
  distributionPct: Num,
  faultClass: z.string().max(40),
  residualMechanism: Text.nullable().optional(),
  dcResidualPct: Num.nullable().optional(),
  latentMechanism: Text.nullable().optional(),
  dcLatentPct: Num.nullable().optional(),
  catalogRecordId: Id.nullable().optional(),
});
// the lists are closed (their codes, as the answer's); the numbers' ranges are the engine's to judge, with its message
const SettingsInput = {
  standard: z.enum(FMEDA_STANDARDS).optional(),
  targetAsil: z.enum(ASILS).nullable().optional(),
  targetSil: z.number().int().min(-100).max(100).nullable().optional(),
  elementType: z.enum(ELEMENT_TYPES).nullable().optional(),
  hft: z.number().int().min(-100).max(100).nullable().optional(),
  safetyGoal: z.string().trim().max(200).nullable().optional(),
};
/** The settings as the engine takes them. */
const settingsOf = <T extends object>(body: T) => body as T & Parameters<typeof updateFmedaSettings>[2];

export const createRoute = defineRoute({
  method: 'post',
  path: '/api/fmeda/create',
  tag: TAG,
  summary: 'Create an FMEDA project (FM…), from scratch or generated from a DFMEA',
  description:
    'The caller is the responsible member unless projectMembers name one (then the caller stays as counsellor, confirmHandOver required). ' +
    'fromDfmea: the DFMEA project and the structure node (its root when absent) whose lower-level elements become row groups, each failure on an element’s functions a row (0 FIT, equal shares, single-point until classified); the caller must be able to open it. ' +
    'Standard iso26262 (target ASIL B unless said) or iec61508 (target SIL, element type, HFT).',
  access: { route: ROUTE, button: 'add' },
  request: jsonBody(
    z.object({
      name: z.string().trim().min(1).max(200),
      serialNum: z.string().max(40).nullable().optional(),
      projectMembers: z.array(z.object({ userId: Id, roles: z.array(z.number().int()).max(6) })).max(200).optional(),
      confirmHandOver: z.boolean().optional(),
      fromDfmea: z.object({ projectId: Id, nodeId: Id.nullable().optional() }).optional(),
      ...SettingsInput,
    }),
  ),
  data: ViewSchema,
});

const ProjectQuery = z.object({ projectId: Id, timestamp: Timestamp });

export const worksheetRoute = defineRoute({
  method: 'get',
  path: '/api/fmeda/worksheet',
  tag: TAG,
  summary: 'An FMEDA’s settings, worksheet rows and metrics',
  description: 'Members, administrators and users it is shared with. 404 fmeda.not_found for a project that is no FMEDA.',
  access: { route: ROUTE },
  request: { query: ProjectQuery },
  data: ViewSchema,
});

export const metricsRoute = defineRoute({
  method: 'get',
  path: '/api/fmeda/metrics',
  tag: TAG,
  summary: 'An FMEDA’s hardware metrics (ISO 26262-5 and IEC 61508-2), ratios as fractions',
  description: 'By projectId or the FMEDA number (serialNum, FM…).',
  access: { route: ROUTE },
  request: { query: z.object({ projectId: Id.optional(), serialNum: Id.optional(), timestamp: Timestamp }) },
  data: MetricsSchema,
});

const Frozen = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** What a baseline froze of a row and of the settings: the snapshot's fields (domain/fmeda/snapshot.ts), each a scalar. */
const FrozenRow = z.strictObject({ id: z.string(), ...(Object.fromEntries(FMEDA_SNAPSHOT_ROW_FIELDS.map((f) => [f, Frozen])) as Record<(typeof FMEDA_SNAPSHOT_ROW_FIELDS)[number], typeof Frozen>) });
const FrozenSettings = z.strictObject(Object.fromEntries(FMEDA_SNAPSHOT_SETTINGS.map((f) => [f, Frozen])) as Record<(typeof FMEDA_SNAPSHOT_SETTINGS)[number], typeof Frozen>);
export const baselineRoute = defineRoute({
  method: 'get',
  path: '/api/fmeda/baseline',
  tag: TAG,
  summary: 'What a baseline of an FMEDA froze: its settings, worksheet rows and the metrics computed at the release',
  description: 'baseline: its id or label (BL1). The metrics are the stored ones, not computed again. 404 fmeaBaseline.not_found for an unknown baseline.',
  access: { route: ROUTE },
  request: { query: z.object({ projectId: Id, baseline: z.string().trim().min(1).max(64), timestamp: Timestamp }) },
  data: z
    .strictObject({
      label: z.string(),
      versionLabel: z.string(),
      createdAt: DateTime,
      settings: FrozenSettings,
      rows: z.array(FrozenRow).openapi({ description: 'The worksheet rows as frozen (FmedaRow fields without version), in worksheet order' }),
      metrics: MetricsSchema,
    })
    .openapi('FmedaBaseline'),
});

export const saveRowsRoute = defineRoute({
  method: 'post',
  path: '/api/fmeda/saveRows',
  tag: TAG,
  summary: 'Save the whole worksheet (batch edit)',
  description:
    'rows in their order: existing ones by id, new ones without; rows not named are removed. Every row is checked first (element and mode named, FIT ≥ 0, distribution and coverages 0–100 %, a fault class safe / single-point / multiple-point, an element’s modes at most 100 %): 400 with data.issues (row, field, message), nothing written. ' +
    'version is the worksheet’s as read (409 fmea.stale_version otherwise). Editing members; refused while the review holds the project.',
  access: { route: ROUTE, button: 'edit' },
  request: jsonBody(z.object({ projectId: Id, version: Version, rows: z.array(RowInput).max(5000) })),
  data: ViewSchema,
});

export const saveSettingsRoute = defineRoute({
  method: 'post',
  path: '/api/fmeda/saveSettings',
  tag: TAG,
  summary: 'Change an FMEDA’s standard, targets and safety goal',
  access: { route: ROUTE, button: 'edit' },
  request: jsonBody(z.object({ projectId: Id, version: Version, ...SettingsInput })),
  data: ViewSchema,
});

export const fillRoute = defineRoute({
  method: 'post',
  path: '/api/fmeda/fillFromCatalog',
  tag: TAG,
  summary: 'Fill an element’s λ and mode shares from a released hardware resource of the catalog',
  description: 'Every row of the element (elementName, or the resource’s name) takes the resource’s failure rate; modes of the same name take its shares, missing modes are added as single-point rows. A worksheet save: validation, version and review lock apply.',
  access: { route: ROUTE, button: 'edit' },
  request: jsonBody(z.object({ projectId: Id, version: Version, recordId: Id, elementName: z.string().max(200).nullable().optional() })),
  data: ViewSchema,
});

const ImportForm = z.object({
  excelFile: z.custom<File>((value) => value instanceof File).openapi({ type: 'string', format: 'binary', description: 'An FMEDA worksheet (xlsx): the columns of the export, headers in either language' }),
  name: z.string().max(200).optional(),
  acceptUnmapped: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const importRoute = defineRoute({
  method: 'post',
  path: '/api/fmeda/importData',
  tag: TAG,
  summary: 'A new FMEDA project from a worksheet workbook',
  description:
    'Multipart excelFile (the export’s first sheet imports), name (default: the file name). Every wrong cell (by row and column) and every column with no place are answered together as 400 data.issues and nothing is written; acceptUnmapped=true lets such columns pass. The caller is the responsible member.',
  access: { route: ROUTE, button: 'add' },
  request: { body: { content: { 'multipart/form-data': { schema: ImportForm } }, required: true } },
  importSlot: true,
  data: ViewSchema.extend({ imported: z.number().int(), unmapped: z.array(z.strictObject({ messageKey: z.string(), message: z.string() })) }).openapi('FmedaImport'),
});

const exportBase = defineRoute({
  method: 'get',
  path: '/api/fmeda/exportData',
  tag: TAG,
  summary: 'The worksheet and its metrics as a workbook (FMEDA-<number>.xlsx)',
  description: 'The first sheet holds the worksheet columns in the order the import reads them; the second the metrics. Headers in the caller’s language.',
  access: { route: ROUTE },
  request: { query: ProjectQuery },
  data: z.null(),
});
export const exportRoute = {
  ...exportBase,
  responses: { ...exportBase.responses, 200: { content: { [XLSX_TYPE]: { schema: z.string().openapi({ type: 'string', format: 'binary' }) } }, description: 'The workbook' } },
};

export const recentRoute = defineRoute({
  method: 'get',
  path: '/api/fmeda/selectRecentFmedaProject',
  tag: TAG,
  summary: 'The FMEDAs the caller opened last, newest first (the home page’s recent projects)',
  access: { route: ROUTE },
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(50).optional(), timestamp: Timestamp }) },
  data: z.array(z.strictObject({ id: z.string(), serialNum: z.string(), name: z.string(), projectType: z.string(), updatedAt: DateTime }).openapi('FmedaRecentProject')),
});

async function projectIdOf(c: Context<AppEnv>, query: { projectId?: string; serialNum?: string }): Promise<string> {
  if (query.projectId) return query.projectId;
  if (query.serialNum) return (await resolveProjectReference(c.var.services.database.db, query.serialNum)).projectId;
  throw new InvalidInputError('validation.required', { field: 'projectId' }, [{ messageKey: 'validation.required', field: 'projectId' }]);
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(createRoute, async (c) => {
    const { projectMembers, fromDfmea, name, serialNum, confirmHandOver, ...settings } = c.req.valid('json');
    const ctx = fmeaContext(c);
    const members = projectMembers ?? [{ userId: ctx.actor.userId!, roles: [0] }];
    return c.json(ok(present(await createFmeda(ctx, { name, serialNum, confirmHandOver, members, ...(fromDfmea && { fromDfmea }), ...settingsOf(settings) }))), 200);
  });
  app.openapi(recentRoute, async (c) => {
    const views = await listRecentProjects(fmeaContext(c), { limit: c.req.valid('query').limit });
    // the FMEDAs among the projects opened last: those of the types this area serves
    const served = fmedaArea.projectTypes as readonly string[];
    return c.json(ok(views.filter((v) => served.includes(v.projectType)).map((v) => ({ id: v.id, serialNum: v.serialNum, name: v.name, projectType: v.projectType, updatedAt: v.updatedAt.toISOString() }))), 200);
  });
  app.openapi(worksheetRoute, async (c) => c.json(ok(present(await getFmeda(fmeaContext(c), c.req.valid('query').projectId))), 200));
  app.openapi(metricsRoute, async (c) => c.json(ok((await getFmeda(fmeaContext(c), await projectIdOf(c, c.req.valid('query')))).metrics), 200));
  app.openapi(baselineRoute, async (c) => {
    const { projectId, baseline } = c.req.valid('query');
    const frozen = await getFmedaBaseline(fmeaContext(c), projectId, baseline);
    return c.json(ok({ ...frozen, settings: { ...frozen.settings }, rows: frozen.rows.map((r) => ({ ...r })), createdAt: frozen.createdAt.toISOString() }), 200);
  });
  app.openapi(saveRowsRoute, async (c) => {
    const { projectId, version, rows } = c.req.valid('json');
    const view = await saveFmedaRows(fmeaContext(c), projectId, { version, rows });
    await notifyChanged(c, projectId, 'fmeda', projectId);
    return c.json(ok(present(view)), 200);
  });
  app.openapi(saveSettingsRoute, async (c) => {
    const { projectId, ...input } = c.req.valid('json');
    const view = await updateFmedaSettings(fmeaContext(c), projectId, settingsOf(input));
    await notifyChanged(c, projectId, 'fmeda', projectId);
    return c.json(ok(present(view)), 200);
  });
  app.openapi(fillRoute, async (c) => {
    const { projectId, ...input } = c.req.valid('json');
    const view = await fillFmedaFromCatalog(fmeaContext(c), projectId, input);
    await notifyChanged(c, projectId, 'fmeda', projectId);
    return c.json(ok(present(view)), 200);
  });
  app.openapi(importRoute, async (c) => {
    const { excelFile, name, acceptUnmapped } = c.req.valid('form');
    if (!(excelFile instanceof File)) throw new InvalidInputError('validation.required', { field: 'excelFile' });
    const ctx = fmeaContext(c);
    const locale = c.var.locale;
    const onProgress = progressReporter(c.var.services, ctx.actor.userId!, translate(locale, 'files.import_progress', { name: excelFile.name }));
    const view = await importFmedaWorkbook(ctx, new Uint8Array(await excelFile.arrayBuffer()), {
      fileName: excelFile.name,
      ...(name && { name }),
      members: [{ userId: ctx.actor.userId!, roles: [0] }],
      acceptUnmapped,
      limit: c.var.services.importLimitBytes,
      onProgress,
    }).finally(() => onProgress(1, 1));
    const unmapped = view.unmapped.map((issue: Issue) => ({ messageKey: issue.messageKey, message: issueMessage(locale, issue) }));
    return c.json(ok({ ...present(view), imported: view.imported, unmapped }), 200);
  });
  app.openapi(exportRoute, async (c) => {
    const out = await exportFmedaWorkbook(fmeaContext(c), c.req.valid('query').projectId, c.var.locale);
    return c.body(out.data as Uint8Array<ArrayBuffer>, 200, {
      'content-type': XLSX_TYPE,
      'content-length': String(out.data.byteLength),
      'content-disposition': contentDisposition(out.fileName),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });
}
