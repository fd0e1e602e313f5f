import type { OpenAPIHono } from '@hono/zod-openapi';
import { exportProcessFlow, FLOW_EXPORT_FORMATS, FLOW_EXPORT_TYPES } from '@fmea/core';
import type { AppEnv } from '../../http/env.ts';
import { contentDisposition } from '../../http/files.ts';
import { defineRoute, z } from '../../http/route.ts';
import { fmeaContext } from '../fmea/access.ts';
import { Id, Timestamp } from '../fmea/schemas.ts';
import { flowRead } from './access.ts';

/** The flow chart as a file: the PFD workbook or the SVG picture, in the caller's language (the lang header). */
const exportBase = defineRoute({
  method: 'get',
  path: '/api/processFlow/exportData',
  tag: 'process-flow',
  summary: 'Export a PFMEA’s flow chart as a PFD workbook (xlsx) or as an SVG picture',
  description: 'Named after the chart’s number (PFD….xlsx, PFD….svg); whoever may open the project. Refusals answer the usual envelope.',
  access: flowRead,
  request: { query: z.object({ projectId: Id, format: z.enum(FLOW_EXPORT_FORMATS).default('xlsx').openapi({ description: 'xlsx (default) or svg' }), timestamp: Timestamp }) },
  data: z.null(),
});

export const exportRoute = {
  ...exportBase,
  responses: {
    ...exportBase.responses,
    200: {
      content: {
        [FLOW_EXPORT_TYPES.xlsx]: { schema: z.string().openapi({ type: 'string', format: 'binary' }) },
        'image/svg+xml': { schema: z.string().openapi({ type: 'string' }) },
      },
      description: 'The workbook or the picture',
    },
  },
};

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(exportRoute, async (c) => {
    const { projectId, format } = c.req.valid('query');
    const file = await exportProcessFlow(fmeaContext(c), projectId, { format, locale: c.var.locale });
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': file.contentType,
      'content-length': String(file.bytes.byteLength),
      'content-disposition': contentDisposition(file.fileName),
      'x-content-type-options': 'nosniff',
      // an SVG opened straight from the URL runs nothing and loads nothing
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'cache-control': 'private, no-store',
    });
  });
}
