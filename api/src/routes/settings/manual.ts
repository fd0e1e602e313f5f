import type { OpenAPIHono } from '@hono/zod-openapi';
import { getWorkingManual, MANUAL_TEXT_MAX, setWorkingManual } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { serviceContext } from '../../http/context.ts';

const ManualSchema = z
  .strictObject({
    text: z.string().openapi({ description: 'Plain text; lines starting with "# " are headings, "- " list items, blank lines separate paragraphs. Never HTML.' }),
    pdfFileId: z.string().nullable().openapi({ description: 'The manual as a PDF (GET /api/fileOperate/downloadFile?fileName=…), readable by every signed-in user' }),
    pdfName: z.string().nullable(),
  })
  .openapi('WorkingManual', { description: 'The working manual the header’s help entry opens (spec 000 §2.4)' });

export const getManualRoute = defineRoute({
  method: 'get',
  path: '/api/manual/get',
  tag: 'settings',
  summary: 'The working manual (every signed-in user)',
  access: 'user',
  data: ManualSchema,
});

export const saveManualRoute = defineRoute({
  method: 'post',
  path: '/api/manual/save',
  tag: 'settings',
  summary: 'Change the working manual: its text and/or its PDF',
  description: `Text up to ${MANUAL_TEXT_MAX} characters. The PDF is first uploaded with /api/fileOperate/uploadSingleFile (kind attachment, a .pdf up to 10M), then named here by its id; null removes it. Fields left out stay as they are.`,
  access: { route: 'system_manual', button: 'edit' },
  request: jsonBody(z.object({ text: z.string().max(MANUAL_TEXT_MAX).optional(), pdfFileId: z.string().max(64).nullable().optional() })),
  data: ManualSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(getManualRoute, async (c) => c.json(ok(await getWorkingManual(c.var.services.database.db)), 200));

  app.openapi(saveManualRoute, async (c) => {
    const { text, pdfFileId } = c.req.valid('json');
    return c.json(ok(await setWorkingManual(serviceContext(c), { text, pdfFileId })), 200);
  });
}
