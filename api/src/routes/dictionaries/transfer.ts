import type { OpenAPIHono } from '@hono/zod-openapi';
import { assertSpreadsheet, exportDictionaries, importDictionaries, translateIssue } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, z } from '../../http/route.ts';
import { serviceContext } from '../../http/context.ts';
import { asDownload, fileBytes, requireFile, sendBytes, UploadFile, XLSX_TYPE } from '../../http/files.ts';

const TAG = 'dictionaries';

export const importRoute = defineRoute({
  method: 'post',
  path: '/api/dictionary/importDic',
  tag: TAG,
  summary: 'Import dictionary items from a spreadsheet',
  description:
    'multipart/form-data with the file in `excelFile` (xls/xlsx, at most IMPORT_MAX_MB, default 1 MB). Columns: typeCode, typeName, typeEnName, code, name, enName, sort (Chinese headers accepted). ' +
    'Existing codes are updated, missing types created. Any wrong row refuses the whole file (400, data.issues[].row) and nothing is written. ' +
    'A column with data under no known header refuses the file too (400 import.columns_unmapped, data.issues naming each) unless acceptUnmapped is true.' +
    ' Before it is read, a workbook is refused (400) when it is not an xlsx (file.not_xlsx; an .xls: file.xls_legacy) or passes the decompression limits, which follow the size limit: 50× its bytes unpacked, 10,000 rows and 200,000 cells per MB (file.unpacked_too_large, file.too_many_rows, file.too_many_cells).',
  access: { route: 'system_dictionary', button: 'import' },
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({
            excelFile: UploadFile,
            acceptUnmapped: z
              .enum(['true', 'false'])
              .optional()
              .transform((value) => value === 'true')
              .openapi({ description: 'true: import even though columns with data have no field (listed in data.unmapped)' }),
          }),
        },
      },
      required: true,
    },
  },
  importSlot: true,
  data: z.strictObject({
    created: z.number().int(),
    updated: z.number().int(),
    unmapped: z.array(z.strictObject({ field: z.string().optional(), messageKey: z.string(), message: z.string() })),
  }),
});

export const exportRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/dictionary/exportDic',
    tag: TAG,
    summary: 'Export every dictionary item as a spreadsheet',
    description: 'Answers the xlsx file itself (not the envelope), in the layout importDic reads.',
    access: { route: 'system_dictionary', button: 'export' },
    request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
    data: z.null(),
  }),
  'The spreadsheet (xlsx)',
);

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(importRoute, async (c) => {
    const form = c.req.valid('form');
    const excelFile = requireFile(form.excelFile, 'excelFile');
    assertSpreadsheet(excelFile.name, excelFile.size, c.var.services.importLimitBytes);
    const report = await importDictionaries(serviceContext(c), await fileBytes(excelFile), { limit: c.var.services.importLimitBytes, acceptUnmapped: form.acceptUnmapped });
    const unmapped = report.unmapped.map((issue) => ({ field: issue.field, messageKey: issue.messageKey, message: translateIssue(c.var.locale, issue) }));
    return c.json(ok({ created: report.created, updated: report.updated, unmapped }), 200);
  });

  app.openapi(exportRoute, async (c) => {
    const bytes = await exportDictionaries(serviceContext(c));
    return sendBytes(c, bytes, 'dictionaries.xlsx', XLSX_TYPE);
  });
}
