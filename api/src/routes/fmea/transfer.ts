import type { OpenAPIHono } from '@hono/zod-openapi';
import { ImportIssue } from '../../http/fields.ts';
import type { Context } from 'hono';
import { eq, or } from 'drizzle-orm';
import {
  FMEA_SIDES,
  exportFmeaWorkbook,
  importFmeaWorkbook,
  InvalidInputError,
  NotFoundError,
  profileOf,
  schema,
  translate,
  type Issue,
  type ProjectType,
  type WorkbookImportMode,
  type WorkbookImportReport,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { issueMessage } from '../../http/errors.ts';
import { defineRoute, z } from '../../http/route.ts';
import { progressReporter } from '../../realtime/progress.ts';
import { fmeaContext, notifyChanged, readAccess, writeAccess } from './access.ts';
import { requireTypeAccess } from '../../http/access.ts';
import { Id, Timestamp } from './schemas.ts';
import { contentDisposition } from '../../http/files.ts';

/**
 * DFMEA and PFMEA workbooks over HTTP (spec 001 §7): `project/importData`
 * (our form workbook's chain sheet or a legacy AIAG 4th-edition sheet,
 * recognised by their headers), `project/importDataFlatProduct` (forced
 * legacy) and `project/exportData` (the form workbook as a download). The
 * project's type decides which form: a PFMEA project's workbook is the
 * AIAG-VDA PFMEA form and its import reads a PFMEA's (core excel/profile.ts).
 * The spec's PFMEA base (`pfmeaProject/…`) names no import or export call, so
 * these serve both types; `projectType` says which a new project is.
 */

const TAG = 'fmea-projects';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const Flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** Spec import modes: cover (1) replaces the analysis, dedupe (2, default) adds what is not there by description. */
const ImportWay = z
  .enum(['cover', 'dedupe', '1', '2'])
  .optional()
  .transform((value): WorkbookImportMode | undefined => (value === '1' ? 'cover' : value === '2' ? 'dedupe' : value));

const ImportForm = z
  .object({
    excelFile: z.custom<File>((value) => value instanceof File).openapi({ type: 'string', format: 'binary', description: 'xlsx, at most IMPORT_MAX_MB (default 1 MB; .xls is refused with a hint to save it as .xlsx)' }),
    projectSerial: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .openapi({ description: 'Project number (DF…, PF…) or id to import into (its type says which form is read); absent: a new project of projectType owned by the caller' }),
    projectType: z
      .enum(FMEA_SIDES)
      .optional()
      .openapi({ description: 'The type of the new project when projectSerial is absent, and so which form is read: dfmea (default) or pfmea (the AIAG-VDA PFMEA workbook, a legacy 4th-edition PFMEA sheet); ignored with projectSerial' }),
    importWayType: ImportWay.openapi({ description: 'cover or 1: replace the analysis; dedupe or 2 (default): add only what is not there' }),
    partial: Flag.openapi({ description: 'true: write the good rows even when others are wrong (the others are listed)' }),
    legacy: Flag.openapi({ description: 'true: the file is a legacy AIAG 4th-edition sheet; only needed when the layout is not recognised by itself' }),
    acceptUnmapped: Flag.openapi({
      description: 'true: import even though columns, header cells or sheets of the file have no place in the import (they are listed in data.unmapped); otherwise such a file is refused with 400 import.columns_unmapped listing them',
    }),
  })
  .openapi('FmeaImportForm');

type Written = keyof WorkbookImportReport['counts'];
/** The tables an import writes (core's ImportPlan rows: a record, so a new one does not compile until it is named here). */
const WRITTEN_TABLES: Record<Written, true> = { nodes: true, functions: true, characteristics: true, interfaces: true, failures: true, functionLinks: true, failureLinks: true, controls: true, actions: true };
const WRITTEN = Object.keys(WRITTEN_TABLES) as Written[];

const ImportReportSchema = z
  .strictObject({
    projectId: z.string(),
    serialNum: z.string(),
    layout: z.enum(['flat', 'legacy']).openapi({ description: 'flat: the chain sheet of our export; legacy: an AIAG 4th-edition sheet' }),
    sheet: z.string().openapi({ description: 'The sheet read' }),
    rows: z.number().int(),
    imported: z.number().int(),
    counts: z
      .strictObject(Object.fromEntries(WRITTEN.map((key) => [key, z.number().int()])) as Record<Written, z.ZodNumber>)
      .openapi({ description: 'Rows written, by table (links and controls included)' }),
    created: z
      .strictObject({
        nodes: z.number().int(),
        functions: z.number().int(),
        characteristics: z.number().int(),
        effects: z.number().int(),
        modes: z.number().int(),
        causes: z.number().int(),
        controls: z.number().int(),
        ratings: z.number().int(),
        actions: z.number().int(),
        reRatings: z.number().int(),
      })
      .openapi({ description: 'What was created, by kind (ratings: S, O and D given; reRatings: those of the actions)' }),
    errors: z.array(ImportIssue),
    unmapped: z.array(ImportIssue).openapi({ description: 'What of the file was left out with acceptUnmapped' }),
    unknownNames: z.array(z.string()).openapi({ description: 'Responsible people named in the file who are no user here: a legacy sheet keeps them in the action text, our workbook imports the action without one' }),
  })
  .openapi('FmeaImportReport');

const IMPORT_DESCRIPTION =
  'Multipart: excelFile, projectSerial (absent: a new project of projectType, DFMEA by default, with the caller as responsible; needs the add button of its type), projectType, importWayType, partial, acceptUnmapped. ' +
  'A PFMEA project (or projectType pfmea) reads the PFMEA workbook: its chain and list sheets with the process fields (processNo, workElementType, functionScope, characteristicKind, customerClass), or a legacy 4th-edition PFMEA sheet (process step / function / requirements …). ' +
  'The layout is recognised by its headers: the chain sheet of our export, else a legacy AIAG 4th-edition table (one or two header rows, English or Chinese, ' +
  'its header block filling the project header). Importing into an existing project needs the edit button and an editing member. ' +
  'A column, header cell or sheet with data the import has no place for refuses the file with 400 import.columns_unmapped and data.issues listing each, ' +
  'nothing written, unless acceptUnmapped is true. A bad row refuses the file with 400 and data.issues[].row, nothing written, unless partial is true. ' +
  'Progress goes to the caller’s sockets as receiveProgressInfo { val, text }.' +
  ' Before it is read, a workbook is refused (400) when it is not an xlsx (file.not_xlsx; an .xls: file.xls_legacy) or passes the decompression limits, which follow the size limit: 50× its bytes unpacked, 50,000 rows and 1,000,000 cells per MB (file.unpacked_too_large, file.too_many_rows, file.too_many_cells).';

export const importRoute = defineRoute({
  method: 'post',
  path: '/api/project/importData',
  tag: TAG,
  summary: 'Import a DFMEA or PFMEA workbook (our export’s failure chain sheet, or a legacy AIAG 4th-edition sheet) into a new or an existing project',
  description: IMPORT_DESCRIPTION,
  access: writeAccess('add', 'edit'),
  request: { body: { content: { 'multipart/form-data': { schema: ImportForm } }, required: true } },
  importSlot: true,
  data: ImportReportSchema,
});

export const importFlatRoute = defineRoute({
  method: 'post',
  path: '/api/project/importDataFlatProduct',
  tag: TAG,
  summary: 'Import a legacy AIAG 4th-edition DFMEA or PFMEA sheet (as importData with legacy true: for a sheet whose layout is not recognised by itself)',
  description: IMPORT_DESCRIPTION,
  access: writeAccess('add', 'edit'),
  request: { body: { content: { 'multipart/form-data': { schema: ImportForm } }, required: true } },
  importSlot: true,
  data: ImportReportSchema,
});

const exportBase = defineRoute({
  method: 'get',
  path: '/api/project/exportData',
  tag: TAG,
  summary: 'Export a DFMEA or PFMEA as the AIAG-VDA form workbook (form, failure chains, rating scales, list sheets)',
  description:
    'By projectId or serialNum; members and administrators. A PFMEA project answers the AIAG-VDA PFMEA form (process item / step / 4M work element, functions with product and process characteristics, the PFMEA header and rating scales, the process fields in the chain and list sheets). ' +
    'The workbook is stamped as the working copy (“working copy, not released”) with its content hash, in the form’s stamp row and the document properties, and sealed (verify with /api/project/baseline/verify; a released baseline exports through /api/project/baseline/export). ' +
    'Answers the xlsx as an attachment named DFMEA-<number>.xlsx or PFMEA-<number>.xlsx; refusals answer the usual envelope.',
  access: readAccess,
  request: { query: z.object({ projectId: Id.optional(), serialNum: Id.optional(), timestamp: Timestamp }) },
  data: z.null(),
});

export const exportRoute = {
  ...exportBase,
  responses: {
    ...exportBase.responses,
    200: { content: { [XLSX_TYPE]: { schema: z.string().openapi({ type: 'string', format: 'binary' }) } }, description: 'The workbook' },
  },
};

/** A project by number or id: its id and type; unknown or absent → 404. */
async function findProject(c: Context<AppEnv>, key: string): Promise<{ id: string; serialNum: string; projectType: ProjectType }> {
  const p = schema.fmeaProject;
  const row = await c.var.services.database.db
    .select({ id: p.id, serialNum: p.serialNum, projectType: p.projectType })
    .from(p)
    .where(or(eq(p.serialNum, key), eq(p.id, key)))
    .get();
  if (!row) throw new NotFoundError('fmea.project_not_found', { project: key });
  return { id: row.id, serialNum: row.serialNum, projectType: row.projectType as ProjectType };
}

async function runImport(c: Context<AppEnv>, form: z.infer<typeof ImportForm>, legacy: boolean): Promise<Response> {
  const { excelFile, projectSerial, importWayType, partial, acceptUnmapped } = form;
  const projectType = form.projectType ?? 'dfmea';
  let projectId: string | undefined;
  if (projectSerial === undefined) requireTypeAccess(c, projectType, 'add');
  else {
    const project = await findProject(c, projectSerial);
    requireTypeAccess(c, project.projectType, 'edit');
    projectId = project.id;
  }
  const ctx = fmeaContext(c);
  const locale = c.var.locale;
  const userId = ctx.actor.userId!;
  // the caller's tabs show a progress bar (receiveProgressInfo); 100 hides it, also after a refusal
  const onProgress = progressReporter(c.var.services, userId, translate(locale, 'files.import_progress', { name: excelFile.name }));
  // a refusal (data.issues with row, field and message) is the app's error envelope
  const report = await importFmeaWorkbook(ctx, new Uint8Array(await excelFile.arrayBuffer()), {
    fileName: excelFile.name,
    // an existing project's own type decides the form; projectType names a new one's
    ...(projectId === undefined ? { newProject: { members: [{ userId, roles: [0] }] }, projectType } : { projectId }),
    mode: importWayType,
    partial,
    legacy,
    acceptUnmapped,
    limit: c.var.services.importLimitBytes,
    onProgress,
  }).finally(() => onProgress(1, 1));
  await notifyChanged(c, report.projectId, 'project', report.projectId);
  // the rows a partial import left out read as the refusal's issues do
  const present = (issue: Issue) => ({ row: issue.row, field: issue.field, messageKey: issue.messageKey, message: issueMessage(locale, issue) });
  return c.json(
    ok({
      projectId: report.projectId,
      serialNum: report.serialNum,
      layout: report.layout,
      sheet: report.sheet,
      rows: report.rows,
      imported: report.imported,
      counts: Object.fromEntries(WRITTEN.map((key) => [key, report.counts[key]])) as Record<Written, number>,
      created: { ...report.created },
      errors: report.errors.map(present),
      unmapped: report.unmapped.map(present),
      unknownNames: [...report.unknownNames],
    }),
    200,
  );
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(importRoute, async (c) => {
    const form = c.req.valid('form');
    return (await runImport(c, form, form.legacy)) as never;
  });

  app.openapi(importFlatRoute, async (c) => (await runImport(c, c.req.valid('form'), true)) as never);

  app.openapi(exportRoute, async (c) => {
    const { projectId, serialNum } = c.req.valid('query');
    const key = projectId ?? serialNum;
    if (key === undefined) throw new InvalidInputError('validation.required', { field: 'projectId' }, [{ messageKey: 'validation.required', field: 'projectId' }]);
    const project = await findProject(c, key);
    requireTypeAccess(c, project.projectType);
    // membership is the engine's check (getProjectById inside the export)
    const ctx = fmeaContext(c);
    const fileName = `${profileOf(project.projectType).filePrefix}-${project.serialNum}.xlsx`;
    // a large FMEA takes seconds: the caller's tabs show a progress bar; 100 hides it, also after a refusal
    const onProgress = progressReporter(c.var.services, ctx.actor.userId!, translate(c.var.locale, 'files.export_progress', { name: fileName }));
    const bytes = await exportFmeaWorkbook(ctx, project.id, { locale: c.var.locale, onProgress }).finally(() => onProgress(1, 1));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': XLSX_TYPE,
      'content-length': String(bytes.byteLength),
      'content-disposition': contentDisposition(fileName),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });
}
