import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  assertSpreadsheet,
  createProgram,
  deleteProgram,
  exportProgramTemplate,
  exportPrograms,
  getProgram,
  importPrograms,
  linkFmea,
  listPrograms,
  saveStages,
  translate,
  updateProgram,
  type ExchangeImportOptions,
  type ExchangeImportResult,
  type Issue,
} from '@fmea/core';
import type { Context } from 'hono';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { issueMessage } from '../../http/errors.ts';
import { Id } from '../../http/fields.ts';
import { asDownload, sendBytes, XLSX_TYPE } from '../../http/files.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { progressReporter } from '../../realtime/progress.ts';
import { Version } from '../fmea/schemas.ts';
import { pageOf, PageQuery } from '../notices/schemas.ts';
import { DayInput, ExchangeImportForm, ExchangeReportSchema, PROGRAM_TAG, ProgramInputFields, ProgramKey, ProgramSchema, ProgramSummarySchema } from './schemas.ts';

/**
 * Programs (issue 24, spec 001 §3 Program; area program_index): list, read, create, edit, delete, their
 * stages and FMEAs, and the spec's workbook calls (GET /program/exportData, exportDescription, POST
 * importData). Gated by program_index and its buttons; core checks again, edit and delete under the
 * project-creator rule xmcjzRule (docs/domain/programs-tasks.md "Who may do what").
 */
const TAG = PROGRAM_TAG;

export const listRoute = defineRoute({
  method: 'post',
  path: '/api/program/list',
  tag: TAG,
  summary: 'Programs, newest change first, by number, name or product',
  access: { route: 'program_index' },
  request: jsonBody(z.object({ ...PageQuery, search: z.string().trim().max(200).optional(), ownerId: Id.optional() })),
  data: pageOf(ProgramSummarySchema).openapi('ProgramPage'),
});

export const getRoute = defineRoute({
  method: 'get',
  path: '/api/program/get',
  tag: TAG,
  summary: 'One program with its stages and FMEAs',
  access: { route: 'program_index' },
  request: { query: z.object({ id: ProgramKey, timestamp: z.string().max(40).optional() }) },
  data: ProgramSchema,
});

export const createRoute = defineRoute({
  method: 'post',
  path: '/api/program/create',
  tag: TAG,
  summary: 'Create a program (a new PN number)',
  description: 'Each wrong field is an issue of 400 program.invalid under its label. Needs the add button.',
  access: { route: 'program_index', button: 'add' },
  request: jsonBody(z.object(ProgramInputFields)),
  data: ProgramSchema,
});

export const updateRoute = defineRoute({
  method: 'post',
  path: '/api/program/update',
  tag: TAG,
  summary: 'Edit a program against the version read',
  description: 'Needs the edit button; with the project-creator rule xmcjzRule on only the creator may (403 permission.edit_not_creator), off also holders of audit. A stale version is 409 program.stale.',
  access: { route: 'program_index', button: 'edit' },
  request: jsonBody(z.object({ id: ProgramKey, version: Version, ...ProgramInputFields })),
  data: ProgramSchema,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/program/delete',
  tag: TAG,
  summary: 'Delete a program (kept as deleted, with its tasks)',
  description: 'Refused while one of its tasks is unfinished (409 program.has_open_tasks). Needs del, under xmcjzRule as edit.',
  access: { route: 'program_index', button: 'del' },
  request: jsonBody(z.object({ id: ProgramKey })),
  data: z.null(),
});

export const stagesRoute = defineRoute({
  method: 'post',
  path: '/api/program/saveStages',
  tag: TAG,
  summary: 'Save the program’s stages as listed, in that order (listed ones with an id changed, new ones added, the others removed)',
  access: { route: 'program_index', button: 'edit' },
  request: jsonBody(
    z.object({
      id: ProgramKey,
      version: Version,
      stages: z.array(z.object({ id: Id.nullable().optional(), name: z.string().max(200), nameEn: z.string().max(200).nullable().optional(), startDate: DayInput, endDate: DayInput })).max(100),
    }),
  ),
  data: ProgramSchema,
});

export const fmeaRoute = defineRoute({
  method: 'post',
  path: '/api/program/linkFmea',
  tag: TAG,
  summary: 'Add an FMEA the caller may open to the program (linked: true), or take it out (false)',
  description: 'The FMEA by id or number. Its tasks keep pointing at it when it is taken out.',
  access: { route: 'program_index', button: 'edit' },
  request: jsonBody(z.object({ id: ProgramKey, version: Version, projectId: Id, linked: z.boolean() })),
  data: ProgramSchema,
});

export const exportDataRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/program/exportData',
    tag: TAG,
    summary: 'Export the programs as an xlsx (spec 001 §7; headers in the reader’s language)',
    access: { route: 'program_index', button: 'export' },
    request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
    data: z.null(),
  }),
  'The spreadsheet',
);

export const exportDescriptionRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/program/exportDescription',
    tag: TAG,
    summary: 'Export the import template: the headers and, under each, what the column takes (the import skips that row)',
    access: { route: 'program_index', button: 'import' },
    request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
    data: z.null(),
  }),
  'The template',
);

export const importDataRoute = defineRoute({
  method: 'post',
  path: '/api/program/importData',
  tag: TAG,
  summary: 'Import programs from a workbook (spec 001 §7): new rows get PN numbers; all or nothing',
  description:
    'A row naming an existing program number is left as it is. Any wrong row refuses the file (400 program.import_invalid, each problem with its row) and nothing is written; a column with data no field takes refuses it too unless acceptUnmapped.',
  access: { route: 'program_index', button: 'import' },
  request: { body: { content: { 'multipart/form-data': { schema: ExchangeImportForm } }, required: true } },
  importSlot: true,
  data: ExchangeReportSchema,
});

/** A report's issues as a refusal's read: with the message in the reader's language. */
const presentIssues = (locale: Parameters<typeof issueMessage>[0], issues: readonly Issue[]) =>
  issues.map((issue) => ({ ...(issue.row === undefined ? {} : { row: issue.row }), ...(issue.field === undefined ? {} : { field: issue.field }), messageKey: issue.messageKey, message: issueMessage(locale, issue) }));

type WorkbookImport = (ctx: ReturnType<typeof serviceContext>, data: Uint8Array, options: ExchangeImportOptions) => Promise<ExchangeImportResult>;

/** The import of a program or task workbook (ExchangeImportForm), with the caller's progress bar; the tasks' route uses it too. */
export async function importWorkbook(c: Context<AppEnv>, form: { excelFile: File; acceptUnmapped: boolean }, run: WorkbookImport) {
  const { locale, services } = c.var;
  assertSpreadsheet(form.excelFile.name, form.excelFile.size, services.importLimitBytes);
  const ctx = serviceContext(c);
  // the caller's tabs show a progress bar (receiveProgressInfo); 100 hides it, also after a refusal
  const onProgress = progressReporter(services, ctx.actor.userId!, translate(locale, 'files.import_progress', { name: form.excelFile.name }));
  const report = await run(ctx, new Uint8Array(await form.excelFile.arrayBuffer()), { acceptUnmapped: form.acceptUnmapped, limit: services.importLimitBytes, onProgress }).finally(() => onProgress(1, 1));
  return { ...report, unmappedColumns: presentIssues(locale, report.unmappedColumns) };
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const { page, limit, search, ownerId } = c.req.valid('json');
    return c.json(ok(await listPrograms(serviceContext(c), { page, limit, search, ownerId })), 200);
  });
  app.openapi(getRoute, async (c) => c.json(ok(await getProgram(serviceContext(c), c.req.valid('query').id)), 200));
  app.openapi(createRoute, async (c) => c.json(ok(await createProgram(serviceContext(c), c.req.valid('json'))), 200));
  app.openapi(updateRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    return c.json(ok(await updateProgram(serviceContext(c), id, input)), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    await deleteProgram(serviceContext(c), c.req.valid('json').id);
    return c.json(ok(null), 200);
  });
  app.openapi(stagesRoute, async (c) => {
    const { id, version, stages } = c.req.valid('json');
    return c.json(ok(await saveStages(serviceContext(c), id, { version, stages })), 200);
  });
  app.openapi(fmeaRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    return c.json(ok(await linkFmea(serviceContext(c), id, input)), 200);
  });
  app.openapi(exportDataRoute, async (c) => {
    const file = await exportPrograms(serviceContext(c), { locale: c.var.locale });
    return sendBytes(c, file.data, file.fileName, XLSX_TYPE);
  });
  app.openapi(exportDescriptionRoute, async (c) => {
    const file = await exportProgramTemplate(serviceContext(c), { locale: c.var.locale, kind: 'program' });
    return sendBytes(c, file.data, file.fileName, XLSX_TYPE);
  });
  app.openapi(importDataRoute, async (c) => c.json(ok(await importWorkbook(c, c.req.valid('form'), importPrograms)), 200));
}
