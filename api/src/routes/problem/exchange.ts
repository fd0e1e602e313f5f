import type { OpenAPIHono } from '@hono/zod-openapi';
import { ImportIssue } from '../../http/fields.ts';
import { PROBLEM_SOURCES, PROBLEM_STATUSES, PROBLEM_TYPES, assertSpreadsheet, exportProblemReport, exportProblems, importProblems } from '@fmea/core';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { issueMessage } from '../../http/errors.ts';
import { asDownload, sendBytes, XLSX_TYPE } from '../../http/files.ts';
import { ok } from '../../envelope.ts';
import { defineRoute, z } from '../../http/route.ts';
import { ProblemKey, TAG } from './schemas.ts';

/**
 * Problems in and out of workbooks (issue 24): the list (what `fmea problem export|import` read and write) and
 * one problem's 8D report laid out as a customer's 8D form. Headers and names in the reader's language; an
 * import is checked whole, every row's problems answered at once, nothing written unless all are right.
 */
const ROUTES = ['problem_index', 'fawProblem_index'] as const;
const Flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');
const Kind = z.enum(['internal', 'customer']).optional().openapi({ description: 'internal (problem_index, default) or customer (fawProblem_index)' });

export const exportRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/problem/exportData',
    tag: TAG,
    summary: 'Export the problem list (the list’s filters) as an xlsx',
    description: 'Needs the export button of the list’s route. status: comma-separated.',
    access: { route: ROUTES, button: 'export' },
    request: {
      query: z.object({
        kind: Kind,
        search: z.string().trim().max(200).optional(),
        type: z.enum(PROBLEM_TYPES).optional(),
        source: z.enum(PROBLEM_SOURCES).optional(),
        status: z.string().max(60).regex(new RegExp(`^(${PROBLEM_STATUSES.join('|')})(,(${PROBLEM_STATUSES.join('|')}))*$`)).optional(),
        timestamp: z.string().max(40).optional(),
      }),
    },
    data: z.null(),
  }),
  'The spreadsheet',
);

export const reportRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/problem/report',
    tag: TAG,
    summary: 'One problem’s 8D report as an xlsx, laid out as a customer 8D form (D0–D8 with 7A/7B)',
    description: 'Read access to the problem is enough.',
    access: { route: ROUTES },
    request: { query: z.object({ id: ProblemKey, timestamp: z.string().max(40).optional() }) },
    data: z.null(),
  }),
  'The 8D report',
);

export const importRoute = defineRoute({
  method: 'post',
  path: '/api/problem/importData',
  tag: TAG,
  summary: 'Import problems from a spreadsheet (one a row; all or nothing)',
  description:
    'Headers in either language (as exportData writes them; number, status and closed loop are not read). Type and source as their value or their name; the responsible person by user name, real name or job number. ' +
    'Every wrong row is answered at once (400 problem.import_invalid, issues by row); a column no field takes refuses the file unless acceptUnmapped (then listed). Needs import on the route of the kind.',
  access: { route: ROUTES, button: 'import' },
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({
            excelFile: z.custom<File>((value) => value instanceof File).openapi({ type: 'string', format: 'binary', description: 'xls or xlsx, at most IMPORT_MAX_MB (default 1 MB)' }),
            kind: Kind,
            acceptUnmapped: Flag.openapi({ description: 'true: import even though columns with data have no field (listed in unmappedColumns)' }),
          }),
        },
      },
      required: true,
    },
  },
  importSlot: true,
  data: z
    .strictObject({ created: z.array(z.strictObject({ id: z.string(), problemNum: z.string(), brief: z.string() })), unmappedColumns: z.array(ImportIssue) })
    .openapi('ProblemImportReport'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(exportRoute, async (c) => {
    const { status, timestamp: _t, ...query } = c.req.valid('query');
    const file = await exportProblems(serviceContext(c), { ...query, status: status ? (status.split(',') as (typeof PROBLEM_STATUSES)[number][]) : undefined }, c.var.locale);
    return sendBytes(c, file.data, file.fileName, XLSX_TYPE);
  });
  app.openapi(reportRoute, async (c) => {
    const file = await exportProblemReport(serviceContext(c), c.req.valid('query').id, c.var.locale);
    return sendBytes(c, file.data, file.fileName, XLSX_TYPE);
  });
  app.openapi(importRoute, async (c) => {
    const { excelFile, kind, acceptUnmapped } = c.req.valid('form');
    const { locale, services } = c.var;
    assertSpreadsheet(excelFile.name, excelFile.size, services.importLimitBytes);
    const result = await importProblems(serviceContext(c), new Uint8Array(await excelFile.arrayBuffer()), { customer: kind === 'customer', acceptUnmapped, limitBytes: services.importLimitBytes });
    return c.json(ok({ created: result.created, unmappedColumns: result.unmapped.map((issue) => ({ row: issue.row, field: issue.field, messageKey: issue.messageKey, message: issueMessage(locale, issue) })) }), 200);
  });
}
