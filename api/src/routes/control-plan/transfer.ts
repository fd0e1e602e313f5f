import type { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { exportControlPlanWorkbook, importControlPlanWorkbook, schema, translate, type Issue } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { issueMessage } from '../../http/errors.ts';
import { contentDisposition } from '../../http/files.ts';
import { defineRoute, z } from '../../http/route.ts';
import { Id, ImportIssue } from '../../http/fields.ts';
import { progressReporter } from '../../realtime/progress.ts';
import { fmeaContext, notifyChanged } from '../fmea/access.ts';
import { XLSX_TYPE } from '../fmea/transfer.ts';
import { planRead, planWrite } from './access.ts';
import { Phase } from './schemas.ts';

/**
 * The control plan as a workbook (the AIAG control plan form) and back:
 * ours, a customer's or a legacy control plan. Progress goes to the caller's
 * tabs as receiveProgressInfo { val, text }, as the FMEA import's does.
 */
const TAG = 'control-plan';

const Flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const exportBase = defineRoute({
  method: 'get',
  path: '/api/controlPlan/exportData',
  tag: TAG,
  summary: 'Export the control plan of a phase as the AIAG control plan form (xlsx)',
  description:
    'Title, phase, header block, the body columns the “control plan template” business rule keeps in the AIAG manual’s order under merged headings, one row per line. Labels in the caller’s language (lang header), or both with bilingual=true. ' +
    'Named CP-<PFMEA number>-<phase>.xlsx; whoever may open the PFMEA. Refusals answer the usual envelope.',
  access: planRead,
  request: {
    query: z.object({
      projectId: Id,
      phase: Phase.default('production'),
      bilingual: Flag.openapi({ description: 'true: every label in Chinese and English' }),
      timestamp: z.string().max(40).optional(),
    }),
  },
  data: z.null(),
});

export const exportRoute = {
  ...exportBase,
  responses: { ...exportBase.responses, 200: { content: { [XLSX_TYPE]: { schema: z.string().openapi({ type: 'string', format: 'binary' }) } }, description: 'The workbook' } },
};

const ImportWay = z
  .enum(['cover', 'dedupe', '1', '2'])
  .optional()
  .transform((value) => (value === '1' ? 'cover' : value === '2' ? 'dedupe' : value));

const ImportForm = z
  .object({
    excelFile: z.custom<File>((value) => value instanceof File).openapi({ type: 'string', format: 'binary', description: 'xlsx, at most IMPORT_MAX_MB (default 1 MB)' }),
    projectId: Id.openapi({ description: 'The PFMEA (id)' }),
    phase: Phase.default('production'),
    importWayType: ImportWay.openapi({ description: 'dedupe or 2 (default): lines the plan has are left out; cover or 1: the file replaces the plan’s lines and its header fields' }),
    goodRowsOnly: Flag.openapi({ description: 'true: write the good rows even when others are wrong (listed in errors)' }),
    acceptUnmapped: Flag.openapi({ description: 'true: import although columns or cells have no place (listed in unmapped); otherwise 400 import.columns_unmapped listing them' }),
  })
  .openapi('ControlPlanImportForm');

export const importRoute = defineRoute({
  method: 'post',
  path: '/api/controlPlan/importData',
  tag: TAG,
  summary: 'Import a control plan workbook (ours, a customer’s or a legacy AIAG form) into the plan of a phase',
  description:
    'The table is found by its headers (either language, one or two heading rows, merged cells read); the header block above it fills the plan’s empty header fields. ' +
    'Rows match PFMEA steps by process number and characteristics by name (product or process, case and spacing aside): a matched row becomes a line linked to the PFMEA (its own control method and evaluation technique kept only where they differ: a contradiction mark), any other row an imported line with its own texts. ' +
    'A bad row refuses the file (400 controlPlan.import_invalid, data.issues with rows), nothing written, unless goodRowsOnly. Needs an editing member.',
  access: planWrite('edit'),
  request: { body: { content: { 'multipart/form-data': { schema: ImportForm } }, required: true } },
  importSlot: true,
  data: z
    .strictObject({
      planId: z.string(),
      phase: Phase,
      sheet: z.string().openapi({ description: 'The sheet read' }),
      rows: z.number().int().openapi({ description: 'Data rows in the file' }),
      imported: z.number().int().openapi({ description: 'Lines written' }),
      linked: z.number().int().openapi({ description: 'Of them, lines linked to the PFMEA' }),
      skipped: z.number().int().openapi({ description: 'Rows left out as the plan has them already (dedupe)' }),
      replaced: z.number().int().openapi({ description: 'Lines the cover import removed' }),
      header: z.array(z.string()).openapi({ description: 'Header fields the file filled' }),
      errors: z.array(ImportIssue).openapi({ description: 'Rows left out as wrong (goodRowsOnly)' }),
      unmapped: z.array(ImportIssue).openapi({ description: 'What of the file was left out with acceptUnmapped' }),
    })
    .openapi('ControlPlanImportReport'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(exportRoute, async (c) => {
    const { projectId, phase, bilingual } = c.req.valid('query');
    const ctx = fmeaContext(c);
    const project = await c.var.services.database.db.select({ serialNum: schema.fmeaProject.serialNum }).from(schema.fmeaProject).where(eq(schema.fmeaProject.id, projectId)).get();
    const fileName = `CP-${project?.serialNum ?? projectId}-${phase}.xlsx`;
    const onProgress = progressReporter(c.var.services, ctx.actor.userId!, translate(c.var.locale, 'files.export_progress', { name: fileName }));
    const bytes = await exportControlPlanWorkbook(ctx, projectId, { phase, locale: c.var.locale, bilingual, onProgress }).finally(() => onProgress(1, 1));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': XLSX_TYPE,
      'content-length': String(bytes.byteLength),
      'content-disposition': contentDisposition(fileName),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });

  app.openapi(importRoute, async (c) => {
    const { excelFile, projectId, phase, importWayType, goodRowsOnly, acceptUnmapped } = c.req.valid('form');
    const ctx = fmeaContext(c);
    const locale = c.var.locale;
    const onProgress = progressReporter(c.var.services, ctx.actor.userId!, translate(locale, 'controlPlan.import.progress', { name: excelFile.name }));
    const report = await importControlPlanWorkbook(ctx, projectId, new Uint8Array(await excelFile.arrayBuffer()), {
      phase,
      fileName: excelFile.name,
      mode: importWayType,
      goodRowsOnly,
      acceptUnmapped,
      limit: c.var.services.importLimitBytes,
      onProgress,
    }).finally(() => onProgress(1, 1));
    await notifyChanged(c, projectId, 'controlPlan', report.planId);
    const present = (issue: Issue) => ({ row: issue.row, field: issue.field, messageKey: issue.messageKey, message: issueMessage(locale, issue) });
    return c.json(ok({ ...report, header: [...report.header], errors: report.errors.map(present), unmapped: report.unmapped.map(present) }), 200);
  });
}
