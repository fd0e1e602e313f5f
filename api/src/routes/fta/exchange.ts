import type { OpenAPIHono } from '@hono/zod-openapi';
import { exportFtaMef, importFtaMef } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { Id } from '../../http/fields.ts';
import { asDownload, fileBytes, requireFile, sendBytes, UploadFile } from '../../http/files.ts';
import { defineRoute, z } from '../../http/route.ts';
import { TAG } from './schemas.ts';

/**
 * Fault trees in and out as Open-PSA MEF XML (issue 23): the format SCRAM and other PSA tools read.
 * The upload is one .xml of at most the server's import limit (IMPORT_MAX_MB, default 1 MB; the body is
 * refused before it is read when larger: 413); the path ends in /import so the import body limit applies.
 */
export const importRoute = defineRoute({
  method: 'post',
  path: '/api/fta/import',
  tag: TAG,
  summary: 'Import fault trees from an Open-PSA MEF file: one new tree per define-fault-tree',
  description:
    'Multipart: file (one .xml, at most the import limit), missionTime (hours, optional: else the model’s mission-time attribute, the one constant time its exponentials use, or 8760). ' +
    'Reads define-gate (and, or, atleast, not, xor; nested formulas become gates named <gate>~<n>), define-basic-event (float, or exponential over a float or parameter rate and system-mission-time), ' +
    'define-parameter (evaluated), define-house-event and labels. A gate that is only a reference to another tree’s top is a transfer to it, naming the new tree’s number. ' +
    'A model that cannot be read is 400 fta.model_<reason> (format, undefined, top, gate, probability, cycle) naming the file and the gate or event; nothing is stored. Needs the import button.',
  access: { route: 'fta_index', button: 'import' },
  // an import like the spreadsheets': one of the server's import slots, so many at once wait their turn
  importSlot: true,
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z
            .object({
              file: UploadFile,
              missionTime: z.coerce.number().positive().optional().openapi({ description: 'Hours, above 0' }),
            })
            .openapi('FtaImportForm'),
        },
      },
      required: true,
    },
  },
  data: z.strictObject({ trees: z.array(z.strictObject({ id: z.string(), ftaNum: z.string(), name: z.string() })).openapi({ description: 'The new trees, the model’s first first' }) }).openapi('FtaImportReport'),
});

export const exportRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/fta/export',
    tag: TAG,
    summary: 'A fault tree as an Open-PSA MEF file (FT….xml)',
    description:
      'define-fault-tree with the mission time as its mission-time attribute, define-gate, define-basic-event (float, or exponential with a float rate over system-mission-time), define-house-event, labels; ' +
      'a transfer is a gate whose formula is the other tree’s top, and every tree the transfers reach is written too, so the file analyses alone. Importing it gives the same document. Needs the export button.',
    access: { route: 'fta_index', button: 'export' },
    request: { query: z.object({ id: Id.openapi({ description: 'The tree: its id or number' }), timestamp: z.string().max(40).optional() }) },
    data: z.null(),
  }),
  'The MEF file (application/xml)',
);

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(importRoute, async (c) => {
    const form = c.req.valid('form');
    const file = requireFile(form.file, 'file');
    const report = await importFtaMef(serviceContext(c), await fileBytes(file), { fileName: file.name, limitBytes: c.var.services.importLimitBytes, missionTime: form.missionTime });
    return c.json(ok(report), 200);
  });

  app.openapi(exportRoute, async (c) => {
    const { fileName, xml } = await exportFtaMef(serviceContext(c), c.req.valid('query').id);
    return sendBytes(c, new TextEncoder().encode(xml), fileName, 'application/xml; charset=utf-8');
  });
}
