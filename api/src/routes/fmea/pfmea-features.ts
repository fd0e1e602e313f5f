import type { OpenAPIHono } from '@hono/zod-openapi';
import { ImportIssue } from '../../http/fields.ts';
import { assertSpreadsheet, exportPfmeaProductFeatures, importPfmeaProductFeatures, type Issue } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { issueMessage } from '../../http/errors.ts';
import { asDownload, fileBytes, requireFile, sendBytes, UploadFile, XLSX_TYPE } from '../../http/files.ts';
import { defineRoute, z } from '../../http/route.ts';
import { fmeaContext, notifyChanged } from './access.ts';
import { Id, Timestamp } from './schemas.ts';

/**
 * The PFMEA product feature list (spec 001 §7: GET /pfmeaProductFeature/exportData,
 * and the product feature import that sends pfmeaProjectSerial from the
 * session): the product characteristics of a PFMEA's process steps as one
 * sheet (core/src/services/fmea/product-features.ts; docs/domain/pfmea.md).
 */
const TAG = 'pfmea-projects';

const ProjectSerial = Id.openapi({ description: 'The PFMEA: its id, its number (PF…) or a node id (pppSerial); another type answers 404' });

export const exportRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/pfmeaProductFeature/exportData',
    tag: TAG,
    summary: 'Export a PFMEA’s product characteristics (step number and name, step function, characteristic, class, special mark, customer class) as an xlsx in the reader’s language',
    description: 'Members and administrators of the PFMEA; needs the export button of the PFMEA area.',
    access: { route: 'pfmea_index', button: 'export' },
    request: { query: z.object({ pfmeaProjectSerial: ProjectSerial, timestamp: Timestamp }) },
    data: z.null(),
  }),
  'The spreadsheet',
);

const Flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const ImportForm = z
  .object({
    excelFile: UploadFile.openapi({ description: 'xlsx, at most IMPORT_MAX_MB (default 1 MB)' }),
    pfmeaProjectSerial: ProjectSerial,
    importWayType: z
      .enum(['cover', 'dedupe', '1', '2'])
      .optional()
      .transform((value) => (value === '1' ? 'cover' : value === '2' ? 'dedupe' : value))
      .openapi({ description: 'cover or 1: a characteristic that exists takes the row’s class, special mark and customer class; dedupe or 2 (default): it is left as it is' }),
    acceptUnmapped: Flag.openapi({ description: 'true: import even though columns with data have no field (listed in unmapped); otherwise such a file is refused' }),
  })
  .openapi('PfmeaProductFeatureImportForm');

export const importRoute = defineRoute({
  method: 'post',
  path: '/api/pfmeaProductFeature/importData',
  tag: TAG,
  summary: 'Import a product characteristic list into a PFMEA (the export’s sheet; headers in either language)',
  description:
    'Each row names its step by number (an unknown number makes a new step when the row names the step), the step’s function by its description (made when missing) and the characteristic by name within it. ' +
    'Every row is checked first; a wrong row refuses the file (400 fmea.import_invalid, data.issues with sheet rows), nothing written. Needs the import button of the PFMEA area, and the add button as every analysis write, as an editing member.',
  access: { route: 'pfmea_index', button: 'import' },
  request: { body: { content: { 'multipart/form-data': { schema: ImportForm } }, required: true } },
  importSlot: true,
  data: z
    .strictObject({
      created: z.number().int().openapi({ description: 'Characteristics added' }),
      updated: z.number().int().openapi({ description: 'Characteristics changed (cover)' }),
      skipped: z.number().int().openapi({ description: 'Rows naming a characteristic that exists, left as it is (dedupe)' }),
      steps: z.number().int().openapi({ description: 'Process steps added' }),
      functions: z.number().int().openapi({ description: 'Step functions added' }),
      unmapped: z.array(ImportIssue).openapi({ description: 'Columns left out with acceptUnmapped' }),
    })
    .openapi('PfmeaProductFeatureImportReport'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(exportRoute, async (c) => {
    const file = await exportPfmeaProductFeatures(fmeaContext(c), c.req.valid('query').pfmeaProjectSerial, c.var.locale);
    return sendBytes(c, file.data, file.fileName, XLSX_TYPE);
  });

  app.openapi(importRoute, async (c) => {
    const { excelFile, pfmeaProjectSerial, importWayType, acceptUnmapped } = c.req.valid('form');
    const file = requireFile(excelFile, 'excelFile');
    const { services, locale } = c.var;
    assertSpreadsheet(file.name, file.size, services.importLimitBytes);
    const ctx = fmeaContext(c);
    const report = await importPfmeaProductFeatures(ctx, pfmeaProjectSerial, await fileBytes(file), { mode: importWayType, acceptUnmapped, limit: services.importLimitBytes });
    const present = (issues: readonly Issue[]) => issues.map((issue) => ({ row: issue.row, field: issue.field, messageKey: issue.messageKey, message: issueMessage(locale, issue) }));
    if (report.projectId) await notifyChanged(c, report.projectId, 'project', report.projectId);
    const { projectId: _projectId, ...counts } = report;
    return c.json(ok({ ...counts, unmapped: present(report.unmapped) }), 200);
  });
}
