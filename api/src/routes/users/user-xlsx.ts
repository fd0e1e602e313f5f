import type { OpenAPIHono } from '@hono/zod-openapi';
import { assertSpreadsheet, exportUsers, importUsers, translate, translateIssue } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, z } from '../../http/route.ts';
import { progressReporter } from '../../realtime/progress.ts';
import { serviceContext } from '../../http/context.ts';

const TAG = 'users';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ImportForm = z
  .object({
    excelFile: z.custom<File>((value) => value instanceof File).openapi({ type: 'string', format: 'binary', description: 'xls or xlsx, at most IMPORT_MAX_MB (default 1 MB)' }),
    mode: z.enum(['cover', 'dedupe']).optional().openapi({ description: 'Existing users: cover updates them, dedupe (default) skips them' }),
    partial: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true')
      .openapi({ description: 'true: write the good rows even when others are wrong' }),
    acceptUnmapped: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true')
      .openapi({ description: 'true: import even though columns with data have no field (listed in data.unmapped); otherwise such a file is refused with 400 import.columns_unmapped listing them' }),
  })
  .openapi('UserImportForm');

const ImportReportSchema = z
  .strictObject({
    created: z.array(z.strictObject({ userName: z.string(), initialPassword: z.string().optional() })),
    updated: z.array(z.string()),
    skipped: z.array(z.string()),
    errors: z.array(z.strictObject({ row: z.number().int().optional(), field: z.string().optional(), messageKey: z.string(), message: z.string() })),
    unmapped: z.array(z.strictObject({ field: z.string().optional(), messageKey: z.string(), message: z.string() })),
  })
  .openapi('UserImportReport');

export const importRoute = defineRoute({
  method: 'post',
  path: '/api/user/userImport',
  tag: TAG,
  summary: 'Import users from a spreadsheet',
  description:
    'Headers as in the export (English or Chinese). A column with data under no known header refuses the file (400 import.columns_unmapped, ' +
    'data.issues naming each) unless acceptUnmapped is true. Every row is checked first: when a row is wrong nothing is written and the answer is 400 ' +
    'with data.issues carrying the row numbers, unless partial is true (then the good rows are written and the bad ones reported). ' +
    'Generated passwords of new users are answered once.' +
    ' Before it is read, a workbook is refused (400) when it is not an xlsx (file.not_xlsx; an .xls: file.xls_legacy) or passes the decompression limits, which follow the size limit: 50× its bytes unpacked, 10,000 rows and 200,000 cells per MB (file.unpacked_too_large, file.too_many_rows, file.too_many_cells).',
  access: { route: 'system_user', button: 'import' },
  request: { body: { content: { 'multipart/form-data': { schema: ImportForm } }, required: true } },
  importSlot: true,
  data: ImportReportSchema,
});

const exportBase = defineRoute({
  method: 'get',
  path: '/api/user/exportUser',
  tag: TAG,
  summary: 'Export every user as an xlsx file (the import layout, no passwords)',
  description: 'Answers the file as an attachment named users-YYYYMMDD.xlsx; refusals answer the usual envelope.',
  access: { route: 'system_user', button: 'export' },
  data: z.null(),
});

export const exportRoute = {
  ...exportBase,
  responses: {
    ...exportBase.responses,
    200: { content: { [XLSX_TYPE]: { schema: z.string().openapi({ format: 'binary' }) } }, description: 'The spreadsheet' },
  },
};

/** An ASCII-only file name, safe in any Content-Disposition parser. */
export function exportFileName(now: Date): string {
  return `users-${now.toISOString().slice(0, 10).replaceAll('-', '')}.xlsx`;
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(importRoute, async (c) => {
    const { excelFile, mode, partial, acceptUnmapped } = c.req.valid('form');
    assertSpreadsheet(excelFile.name, excelFile.size, c.var.services.importLimitBytes);
    const locale = c.var.locale;
    const ctx = serviceContext(c);
    // the caller's tabs show a progress bar (receiveProgressInfo); 100 hides it, also after a refusal
    const onProgress = progressReporter(c.var.services, ctx.actor.userId!, translate(locale, 'files.import_progress', { name: excelFile.name }));
    const report = await importUsers(ctx, new Uint8Array(await excelFile.arrayBuffer()), { mode, partial, acceptUnmapped, limit: c.var.services.importLimitBytes, onProgress }).finally(() => onProgress(1, 1));
    return c.json(
      ok({
        created: report.created.map(({ userName, generatedPassword }) => (generatedPassword ? { userName, initialPassword: generatedPassword } : { userName })),
        updated: report.updated,
        skipped: report.skipped,
        errors: report.errors.map((issue) => ({ row: issue.row, field: issue.field, messageKey: issue.messageKey, message: translateIssue(locale, issue) })),
        unmapped: report.unmapped.map((issue) => ({ field: issue.field, messageKey: issue.messageKey, message: translateIssue(locale, issue) })),
      }),
      200,
    );
  });

  app.openapi(exportRoute, async (c) => {
    const bytes = await exportUsers(serviceContext(c));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': XLSX_TYPE,
      'content-disposition': `attachment; filename="${exportFileName(c.var.services.now())}"`,
    });
  });
}
