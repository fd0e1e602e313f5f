import type { OpenAPIHono } from '@hono/zod-openapi';
import { ImportIssue } from '../../http/fields.ts';
import { EWO_OPEN_STATUSES, EWO_SOURCES, EWO_STATES, EWO_TYPES, exportEwos, importEwos, type Issue } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { asDownload, fileBytes, requireFile, sendBytes, UploadFile, XLSX_TYPE } from '../../http/files.ts';
import { defineRoute, z } from '../../http/route.ts';
import { issueMessage } from '../../http/errors.ts';
import { TAG } from './schemas.ts';

/**
 * The EWO list as a workbook (issue 24): export with the list's filters, import of new EWOs (every row checked
 * first; one wrong row writes nothing; a column no field takes is refused unless accepted).
 */
export const exportRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/ewo/exportData',
    tag: TAG,
    summary: 'The engineering change list as a workbook (EWO-<date>.xlsx)',
    description: 'Columns: EWO number, description, type, source, closing date, tracker (user name), status, headed and named in the caller’s language. The list’s filters apply. Needs the export button.',
    access: { route: 'ewo_index', button: 'export' },
    request: {
      query: z.object({
        search: z.string().trim().max(200).optional(),
        status: z.enum(EWO_STATES).optional(),
        openStatus: z.enum(EWO_OPEN_STATUSES).optional(),
        ewoType: z.enum(EWO_TYPES).optional(),
        source: z.enum(EWO_SOURCES).optional(),
        timestamp: z.string().max(40).optional(),
      }),
    },
    data: z.null(),
  }),
  'The workbook',
);

export const importRoute = defineRoute({
  method: 'post',
  path: '/api/ewo/importData',
  tag: TAG,
  summary: 'Open engineering changes from a workbook, one per row',
  description:
    'Multipart: excelFile (one xls/xlsx, at most 1 MB), acceptUnmapped. Columns in either language as the export writes them; type and source by code or name; tracker by user name or job number; ' +
    'status is not read. A row with an EWO number uses it when unused. Every row is checked first: a wrong row is an issue of 400 ewo.import_invalid with its row and field, and nothing is written. ' +
    'A column with data no field takes is refused (400 import.columns_unmapped) unless acceptUnmapped. Needs the import button.',
  access: { route: 'ewo_index', button: 'import' },
  importSlot: true,
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z
            .object({
              excelFile: UploadFile,
              acceptUnmapped: z.enum(['true', 'false']).optional().transform((v) => v === 'true').openapi({ description: 'true: import although columns with data have no field (listed in unmapped)' }),
            })
            .openapi('EwoImportForm'),
        },
      },
      required: true,
    },
  },
  data: z.strictObject({ created: z.array(z.strictObject({ id: z.string(), ewoNum: z.string() })), unmapped: z.array(ImportIssue) }).openapi('EwoImportReport'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(exportRoute, async (c) => {
    const { timestamp: _t, status, ...query } = c.req.valid('query');
    const sheet = await exportEwos(serviceContext(c), { ...query, ...(status ? { status: [status] } : {}), locale: c.var.locale });
    return sendBytes(c, sheet.data, sheet.fileName, XLSX_TYPE);
  });
  app.openapi(importRoute, async (c) => {
    const form = c.req.valid('form');
    const file = requireFile(form.excelFile, 'excelFile');
    const locale = c.var.locale;
    const report = await importEwos(serviceContext(c), await fileBytes(file), { fileName: file.name, acceptUnmapped: form.acceptUnmapped });
    const present = (issue: Issue) => ({ row: issue.row, field: issue.field, messageKey: issue.messageKey, message: issueMessage(locale, issue) });
    return c.json(ok({ created: report.created, unmapped: report.unmapped.map(present) }), 200);
  });
}
