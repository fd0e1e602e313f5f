import type { OpenAPIHono } from '@hono/zod-openapi';
import { fmecaWorkbookOf, OCCURRENCE_LEVELS, readFmeca, saveFmecaInputs, SEVERITY_CLASSES, type FmecaReport, type PlacedMode } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { contentDisposition, XLSX_TYPE } from '../../http/files.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { fmeaContext, notifyChanged, readAccess, writeAccess } from './access.ts';
import { Id, Timestamp } from './schemas.ts';

/**
 * FMECA (delivery types fmeca_qualitative and fmeca_quantitative;
 * docs/domain/fmeca.md): the criticality matrix and Cm/Cr of a project's
 * failure modes, the quantitative inputs, and the workbook.
 */
const TAG = 'fmea-risk';

const Severity = z.enum(SEVERITY_CLASSES);
const Level = z.enum(OCCURRENCE_LEVELS);
const PlacedSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  itemName: z.string(),
  severity: z.number().int().nullable(),
  occurrence: z.number().int().nullable(),
  severityClass: Severity.nullable(),
  occurrenceLevel: Level.nullable(),
});
const SourceSchema = z
  .strictObject({ kind: z.enum(['typed', 'fmeda', 'default']), fmedaNum: z.string().nullable().openapi({ description: 'The FMEDA’s FM number, for kind fmeda' }) })
  .nullable()
  .openapi('FmecaFigureSource', { description: 'Where a figure came from: typed (stored or given), an FMEDA generated from this DFMEA (its FM number; λp the element’s FIT, α the mode’s distribution), or the default (α: the mode’s frequency ratio); null while there is none' });
const ModeSchema = PlacedSchema.extend({
  itemId: z.string(),
  beta: z.number().nullable(),
  alpha: z.number().nullable().openapi({ description: 'α as used: the typed one, else the FMEDA row’s distribution share, else the mode’s frequency ratio' }),
  lambdaFit: z.number().nullable().openapi({ description: 'λp of its item in FIT as used: the typed one, else the FMEDA element’s FIT' }),
  alphaSource: SourceSchema,
  lambdaSource: SourceSchema,
  hours: z.number().nullable(),
  cm: z.number().nullable().openapi({ description: 'Cm = β·α·λp·t (λp per hour = FIT·1e-9); null while an input is missing' }),
  inputVersion: z.number().int().openapi({ description: 'Version of the mode’s stored β/α (0: none stored): what a save of β or α sends as version' }),
  itemInputVersion: z.number().int().openapi({ description: 'Version of its item’s stored λp/t (0: none stored): what a save of λp or t sends as version' }),
});
const Row = z.strictObject(Object.fromEntries(OCCURRENCE_LEVELS.map((l) => [l, z.array(PlacedSchema)])) as Record<(typeof OCCURRENCE_LEVELS)[number], z.ZodArray<typeof PlacedSchema>>);
const ReportSchema = z
  .strictObject({
    serialNum: z.string(),
    matrix: z.strictObject({
      cells: z.strictObject(Object.fromEntries(SEVERITY_CLASSES.map((c) => [c, Row])) as Record<(typeof SEVERITY_CLASSES)[number], typeof Row>).openapi({ description: 'cells[severity class I–IV][occurrence level A–E]: the modes placed there' }),
      unplaced: z.array(PlacedSchema).openapi({ description: 'Modes without a rated S or O' }),
    }),
    modes: z.array(ModeSchema),
    items: z.array(z.strictObject({ itemId: z.string(), itemName: z.string(), lambdaFit: z.number().nullable(), lambdaSource: SourceSchema, hours: z.number().nullable(), cr: z.number().nullable(), inputVersion: z.number().int() })),
  })
  .openapi('FmeaFmeca', { description: 'The FMECA of a project: criticality matrix (MIL-STD-1629A) and mode/item criticality Cm/Cr' });

const Num = z.number().min(-1e12).max(1e12).nullable().optional();
const InputVersion = z.number().int().min(0).openapi({ description: 'The stored row’s version as read (inputVersion / itemInputVersion; 0 when none was stored): a row saved since is refused with 409' });
const InputsBody = z.object({
  projectId: Id,
  items: z.array(z.object({ nodeId: Id, version: InputVersion, lambdaFit: Num, hours: Num })).max(5000).optional(),
  modes: z.array(z.object({ modeId: Id, version: InputVersion, beta: Num, alpha: Num })).max(20000).optional(),
});

export const fmecaRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/fmeca',
  tag: TAG,
  summary: 'The FMECA of a project: each failure mode in the criticality matrix (severity class I–IV from its effects’ highest S, occurrence level A–E from its causes’ highest O) and Cm/Cr from the stored inputs',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: ReportSchema,
});

export const saveFmecaInputsRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/saveFmecaInputs',
  tag: TAG,
  summary: 'Save quantitative FMECA inputs: per item (structure node) λp in FIT and operating time t in hours, per failure mode β and α (0–1; null clears; a field left out keeps its value)',
  description: 'Where λp or α is not typed, the FMEDA generated from this DFMEA gives it (docs/domain/fmeca.md), then α defaults to the mode’s frequency ratio; the α of an item’s modes add up to at most 1. Each item and mode sends the version of its stored inputs as read; one saved by someone else since answers 409 fmea.stale_version and nothing is saved. Answers the FMECA as it is now.',
  access: writeAccess('edit'),
  request: jsonBody(InputsBody),
  data: ReportSchema,
});

const exportBase = defineRoute({
  method: 'get',
  path: '/api/fmea/fmeca/export',
  tag: TAG,
  summary: 'The FMECA as a workbook: the criticality matrix, the Cm/Cr table and the class and level tables',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: z.null(),
});
export const fmecaExportRoute = {
  ...exportBase,
  responses: { ...exportBase.responses, 200: { content: { [XLSX_TYPE]: { schema: z.string().openapi({ type: 'string', format: 'binary' }) } }, description: 'The workbook' } },
};

const placed = (m: PlacedMode) => ({ id: m.id, name: m.name, itemName: m.itemName, severity: m.severity, occurrence: m.occurrence, severityClass: m.severityClass, occurrenceLevel: m.occurrenceLevel });
const present = (r: FmecaReport): z.output<typeof ReportSchema> => ({
  serialNum: r.serialNum,
  matrix: {
    cells: Object.fromEntries(SEVERITY_CLASSES.map((c) => [c, Object.fromEntries(OCCURRENCE_LEVELS.map((l) => [l, r.matrix.cells[c][l].map(placed)]))])) as z.output<typeof ReportSchema>['matrix']['cells'],
    unplaced: r.matrix.unplaced.map(placed),
  },
  modes: r.modes.map((m) => ({ ...placed(m), itemId: m.itemId, beta: m.beta, alpha: m.alpha, lambdaFit: m.lambdaFit, hours: m.hours, cm: m.cm, alphaSource: m.alphaSource, lambdaSource: m.lambdaSource, inputVersion: m.inputVersion, itemInputVersion: m.itemInputVersion })),
  items: r.items.map((i) => ({ itemId: i.itemId, itemName: i.itemName, lambdaFit: i.lambdaFit, lambdaSource: i.lambdaSource, hours: i.hours, cr: i.cr, inputVersion: i.inputVersion })),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(fmecaRoute, async (c) => {
    const { projectId } = c.req.valid('query');
    return c.json(ok(present(await readFmeca(fmeaContext(c), projectId))), 200);
  });

  app.openapi(saveFmecaInputsRoute, async (c) => {
    const { projectId, ...inputs } = c.req.valid('json');
    const report = await saveFmecaInputs(fmeaContext(c), projectId, inputs);
    await notifyChanged(c, projectId, 'fmeca', projectId);
    return c.json(ok(present(report)), 200);
  });

  app.openapi(fmecaExportRoute, async (c) => {
    const { projectId } = c.req.valid('query');
    const ctx = fmeaContext(c);
    const report = await readFmeca(ctx, projectId);
    const bytes = await fmecaWorkbookOf(report, c.var.locale);
    const { serialNum } = report;
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': XLSX_TYPE,
      'content-length': String(bytes.byteLength),
      'content-disposition': contentDisposition(`FMECA-${serialNum}.xlsx`),
      'x-content-type-options': 'nosniff',
    });
  });
}
