import type { OpenAPIHono } from '@hono/zod-openapi';
import { exportDvpWorkbook, getFmeaDvpStatus, DVP_CONTROL_STATUSES, DVP_RESULTS, importDvpWorkbook, RERATE_SOURCE_KINDS, type Issue } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { asDownload, fileBytes, requireFile, sendBytes, UploadFile, XLSX_TYPE } from '../../http/files.ts';
import { DateTime, Id, iso, ImportIssue } from '../../http/fields.ts';
import { defineRoute, z } from '../../http/route.ts';
import { issueMessage } from '../../http/errors.ts';
import { readAccess } from '../fmea/access.ts';
import { PlanKey, TAG } from './schemas.ts';

/**
 * A plan as the AIAG DVP&R workbook, out and in (issue 25; docs/domain/dvp.md "Workbook"), and what the DFMEA shows
 * of its DVP (the test status beside each detection control, the open re-rating marks).
 */
export const exportRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/dvp/exportData',
    tag: TAG,
    summary: 'A plan as the DVP&R workbook (DVP-<number>.xlsx)',
    description:
      'The AIAG DVP&R form: a title, the header block (DVP number, plan, DFMEA, status), then the column headings and one row per test (number, name, classification, analysis project, dimension chain level, ' +
      'calculation method, test standard, test quantity, test item, acceptance criteria, stage, responsible by user name, planned and actual dates, samples, result, note, the detection controls as "cause / control"), in the caller’s language. Needs the export button.',
    access: { route: 'dvp_index', button: 'export' },
    request: { query: z.object({ id: PlanKey, timestamp: z.string().max(40).optional() }) },
    data: z.null(),
  }),
  'The workbook',
);

export const importRoute = defineRoute({
  method: 'post',
  path: '/api/dvp/importData',
  tag: TAG,
  summary: 'Update and add a plan’s tests from a DVP&R workbook',
  description:
    'Multipart: id (the plan), excelFile (one xlsx, at most 1 MB), acceptUnmapped. Headings in either language; a row whose test number the plan has updates that test, any other row adds one; result and stage by code or name. ' +
    'Every row is checked first: a wrong row is an issue of 400 dvp.import_invalid with its row and field, and nothing is written. A column with data no field takes is refused (400 import.columns_unmapped) unless acceptUnmapped; ' +
    'a file whose header names another plan is refused (400 dvp.import_plan_mismatch). Needs the import button.',
  access: { route: 'dvp_index', button: 'import' },
  importSlot: true,
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z
            .object({
              id: PlanKey,
              excelFile: UploadFile,
              acceptUnmapped: z.enum(['true', 'false']).optional().transform((v) => v === 'true').openapi({ description: 'true: import although columns with data have no field (listed in unmapped)' }),
            })
            .openapi('DvpImportForm'),
        },
      },
      required: true,
    },
  },
  data: z.strictObject({ created: z.number().int(), updated: z.number().int(), unmapped: z.array(ImportIssue) }).openapi('DvpImportReport'),
});

export const statusRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/dvpStatus',
  tag: TAG,
  summary: 'What a DFMEA shows of its DVP: its plan, the test status of each detection control some test proves, and the open re-rating marks on causes',
  description: 'For whoever may open the FMEA (its readers need not hold the DVP area). A detection control not listed has no test.',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: z.string().max(40).optional() }) },
  data: z
    .strictObject({
      plan: z.strictObject({ id: z.string(), dvpNum: z.string() }).nullable(),
      controls: z.array(
        z.strictObject({
          controlId: z.string(),
          status: z.enum(DVP_CONTROL_STATUSES),
          tests: z.array(z.strictObject({ id: z.string(), testNum: z.string(), result: z.enum(DVP_RESULTS).nullable() })),
        }),
      ),
      marks: z.array(z.strictObject({ id: z.string(), causeId: z.string(), sourceKind: z.enum(RERATE_SOURCE_KINDS), sourceNumber: z.string(), reason: z.string(), createTime: DateTime })),
    })
    .openapi('FmeaDvpStatus'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(exportRoute, async (c) => {
    const sheet = await exportDvpWorkbook(serviceContext(c), c.req.valid('query').id, { locale: c.var.locale });
    return sendBytes(c, sheet.data, sheet.fileName, XLSX_TYPE);
  });
  app.openapi(importRoute, async (c) => {
    const form = c.req.valid('form');
    const file = requireFile(form.excelFile, 'excelFile');
    const locale = c.var.locale;
    const report = await importDvpWorkbook(serviceContext(c), form.id, await fileBytes(file), { fileName: file.name, acceptUnmapped: form.acceptUnmapped });
    const present = (issue: Issue) => ({ row: issue.row, field: issue.field, messageKey: issue.messageKey, message: issueMessage(locale, issue) });
    return c.json(ok({ created: report.created, updated: report.updated, unmapped: report.unmapped.map(present) }), 200);
  });
  app.openapi(statusRoute, async (c) => {
    const status = await getFmeaDvpStatus(serviceContext(c), c.req.valid('query').projectId);
    return c.json(ok({ ...status, marks: status.marks.map(({ createdAt, ...m }) => ({ ...m, createTime: iso(createdAt)! })) }), 200);
  });
}
