import type { OpenAPIHono } from '@hono/zod-openapi';
import { ImportIssue } from '../../http/fields.ts';
import { addMeasurements, analyzeStudy, freezeLimits, getStudy, importMeasurementFile, listMeasurements, releaseLimits, type Issue, type MeasurementInput, type StudyAnalysis } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { issueMessage } from '../../http/errors.ts';
import { fileBytes, requireFile, UploadFile } from '../../http/files.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pageOf, PageQuery } from '../notices/schemas.ts';
import { AddedSchema, MEASUREMENT_POST_MAX, MeasurementIn, MeasurementSchema, presentStudy, StudyKey, StudySchema, TAG, Version } from './schemas.ts';

/**
 * A study's data (docs/domain/spc.md): its analysis (charts, violations, capability, histogram), its
 * measurements a page at a time, entering them, a machine's posted batch, a file import, and freezing the
 * phase-I limits. Every batch is all or nothing: a wrong row is named with its number and nothing is added.
 */
const LimitValue = z.union([z.number(), z.array(z.number().nullable())]).nullable();
const Band = z.strictObject({ center: LimitValue, lcl: LimitValue, ucl: LimitValue });

export const AnalysisSchema = z
  .strictObject({
    studyId: z.string(),
    chart: z.string(),
    phase: z.enum(['I', 'II']).nullable().openapi({ description: 'II when the study’s limits are frozen; null with too few data' }),
    phaseOne: z.number().int().nullable().openapi({ description: 'How many of the first points made the frozen limits' }),
    center: z.number().nullable(),
    lcl: LimitValue,
    ucl: LimitValue,
    sigma: z.number().nullable().openapi({ description: 'Within-subgroup σ (variables charts)' }),
    secondary: Band.nullable().openapi({ description: 'The R, S or MR chart’s limits' }),
    capability: z
      .strictObject({ cp: z.number().nullable(), cpk: z.number().nullable(), pp: z.number().nullable(), ppk: z.number().nullable(), cpm: z.number().nullable(), mean: z.number().nullable(), sigmaWithin: z.number().nullable(), sigmaOverall: z.number().nullable() })
      .nullable(),
    violations: z.array(z.strictObject({ subgroup: z.string(), rule: z.number().int(), series: z.enum(['primary', 'secondary']), index: z.number().int() })),
    subgroups: z.array(z.string()).openapi({ description: 'Every point’s subgroup, in order (all of them: the page decimates for drawing only)' }),
    values: z.array(z.number().nullable()),
    secondaryValues: z.array(z.number().nullable()),
    histogram: z.strictObject({ edges: z.array(z.number()), counts: z.array(z.number().int()) }).nullable(),
    proposedOccurrence: z.number().int().nullable().openapi({ description: 'The occurrence rating the capability maps to (docs/domain/spc.md)' }),
  })
  .openapi('SpcAnalysis');

const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const limit = (v: number | number[] | undefined) => (v === undefined ? null : typeof v === 'number' ? num(v) : v.map(num));

export function presentAnalysis({ study, result, phaseOne, proposedOccurrence }: StudyAnalysis): z.output<typeof AnalysisSchema> {
  const c = result?.capability;
  return {
    studyId: study.id,
    chart: study.chart,
    phase: result ? (study.frozenLimits ? 'II' : 'I') : null,
    phaseOne,
    center: num(result?.center),
    lcl: limit(result?.lcl),
    ucl: limit(result?.ucl),
    sigma: num(result?.sigma),
    secondary: result?.secondary ? { center: limit(result.secondary.center), lcl: limit(result.secondary.lcl), ucl: limit(result.secondary.ucl) } : null,
    capability: c ? { cp: num(c.cp), cpk: num(c.cpk), pp: num(c.pp), ppk: num(c.ppk), cpm: num(c.cpm), mean: num(c.mean), sigmaWithin: num(c.sigmaWithin), sigmaOverall: num(c.sigmaOverall) } : null,
    violations: (result?.violations ?? []).map((v) => ({ subgroup: v.subgroup, rule: v.rule, series: v.series, index: v.index })),
    subgroups: (result?.points ?? []).map((p) => p.subgroup),
    values: (result?.points ?? []).map((p) => num(p.value)),
    secondaryValues: (result?.points ?? []).map((p) => num(p.secondary)),
    histogram: result?.histogram ? { edges: result.histogram.edges, counts: result.histogram.counts } : null,
    proposedOccurrence,
  };
}

export const analysisRoute = defineRoute({
  method: 'get',
  path: '/api/spc/analysis',
  tag: TAG,
  summary: 'A study’s control charts, run-rule violations, capability and histogram over all its data',
  description: 'Phase I while the limits follow the data; phase II against the frozen limits. Every point is answered (100,000 and more): the page draws a decimated series that keeps every violation.',
  access: { route: 'spc_index' },
  request: { query: z.object({ id: StudyKey, timestamp: z.string().max(40).optional() }) },
  data: AnalysisSchema,
});

export const measurementsRoute = defineRoute({
  method: 'get',
  path: '/api/spc/measurements',
  tag: TAG,
  summary: 'A study’s measurements, newest first',
  access: { route: 'spc_index' },
  request: { query: z.object({ id: StudyKey, ...PageQuery }) },
  data: pageOf(MeasurementSchema).openapi('SpcMeasurementPage'),
});

const toInput = (rows: readonly z.output<typeof MeasurementIn>[]): MeasurementInput[] =>
  rows.map((r) => ({ subgroup: r.subgroup, value: r.value ?? null, count: r.count ?? null, size: r.size ?? null, measuredAt: r.measuredAt ? new Date(r.measuredAt) : null }));

export const addRoute = defineRoute({
  method: 'post',
  path: '/api/spc/measurements/add',
  tag: TAG,
  summary: 'Enter measurements of a study',
  description: `At most ${MEASUREMENT_POST_MAX} rows. Variables charts: subgroup and value; attribute charts: subgroup, count and size. Every row is checked first (400 with each wrong row) and nothing is added then. Needs the edit button.`,
  access: { route: 'spc_index', button: 'edit' },
  request: jsonBody(z.object({ id: StudyKey, measurements: z.array(MeasurementIn).max(MEASUREMENT_POST_MAX) })),
  data: AddedSchema,
});

export const postRoute = defineRoute({
  method: 'post',
  path: '/api/spc/measurements/post',
  tag: TAG,
  summary: 'A machine posts a batch of measurements',
  description:
    `For gauges and line computers (docs/domain/spc.md, "Machine posting"): signed in as a machine account holding spc_index with the import button and a collaborator of the PFMEA team, ` +
    `sending its token in the token header or Authorization: Bearer. At most ${MEASUREMENT_POST_MAX} rows a post, all or nothing; measuredAt as the machine measured. Needs the import button.`,
  access: { route: 'spc_index', button: 'import' },
  request: jsonBody(z.object({ id: StudyKey, measurements: z.array(MeasurementIn).max(MEASUREMENT_POST_MAX) })),
  data: AddedSchema,
});

export const importRoute = defineRoute({
  method: 'post',
  path: '/api/spc/importData',
  tag: TAG,
  summary: 'Import a study’s measurements from a CSV or xlsx file',
  description:
    'Multipart: id (the study), file (CSV or xlsx), acceptUnmapped. Columns subgroup,value (variables charts) or subgroup,count,size (attribute charts), optionally measuredAt. ' +
    'Every row is checked first: a wrong row is an issue with its row and field, and nothing is added. A column with data no field takes is refused unless acceptUnmapped. Needs the import button.',
  access: { route: 'spc_index', button: 'import' },
  importSlot: true,
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z
            .object({
              id: StudyKey,
              file: UploadFile,
              acceptUnmapped: z.enum(['true', 'false']).optional().transform((v) => v === 'true').openapi({ description: 'true: import although columns with data have no field (listed in unmapped)' }),
            })
            .openapi('SpcImportForm'),
        },
      },
      required: true,
    },
  },
  data: z.strictObject({ added: z.number().int(), firstSeq: z.number().int(), lastSeq: z.number().int(), unmapped: z.array(ImportIssue) }).openapi('SpcImportReport'),
});

export const freezeRoute = defineRoute({
  method: 'post',
  path: '/api/spc/freeze',
  tag: TAG,
  summary: 'Freeze the phase-I control limits from the data so far',
  description: 'Needs at least 20 subgroups. Later data is judged against these limits (phase II); who froze them and when is kept. Needs the edit button.',
  access: { route: 'spc_index', button: 'edit' },
  request: jsonBody(z.object({ id: StudyKey, version: Version })),
  data: StudySchema,
});

export const releaseRoute = defineRoute({
  method: 'post',
  path: '/api/spc/release',
  tag: TAG,
  summary: 'Release the frozen limits: they follow the data again (phase I)',
  access: { route: 'spc_index', button: 'edit' },
  request: jsonBody(z.object({ id: StudyKey, version: Version })),
  data: StudySchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(analysisRoute, async (c) => c.json(ok(presentAnalysis(await analyzeStudy(serviceContext(c), c.req.valid('query').id))), 200));
  app.openapi(measurementsRoute, async (c) => {
    const { id, timestamp: _t, ...query } = c.req.valid('query');
    const page = await listMeasurements(serviceContext(c), id, query);
    return c.json(ok({ ...page, items: page.items.map((m) => ({ ...m, measuredAt: m.measuredAt.toISOString() })) }), 200);
  });
  app.openapi(addRoute, async (c) => {
    const { id, measurements } = c.req.valid('json');
    return c.json(ok(await addMeasurements(serviceContext(c), id, toInput(measurements), 'entered')), 200);
  });
  app.openapi(postRoute, async (c) => {
    const { id, measurements } = c.req.valid('json');
    return c.json(ok(await addMeasurements(serviceContext(c), id, toInput(measurements), 'machine')), 200);
  });
  app.openapi(importRoute, async (c) => {
    const form = c.req.valid('form');
    const file = requireFile(form.file, 'file');
    const locale = c.var.locale;
    const report = await importMeasurementFile(serviceContext(c), form.id, await fileBytes(file), { fileName: file.name, acceptUnmapped: form.acceptUnmapped, limit: c.var.services.importLimitBytes });
    const present = (issue: Issue) => ({ row: issue.row, field: issue.field, messageKey: issue.messageKey, message: issueMessage(locale, issue) });
    return c.json(ok({ added: report.added, firstSeq: report.firstSeq, lastSeq: report.lastSeq, unmapped: report.unmapped.map(present) }), 200);
  });
  app.openapi(freezeRoute, async (c) => {
    const { id, version } = c.req.valid('json');
    const row = await freezeLimits(serviceContext(c), id, version);
    return c.json(ok(presentStudy(await getStudy(serviceContext(c), row.id))), 200);
  });
  app.openapi(releaseRoute, async (c) => {
    const { id, version } = c.req.valid('json');
    const row = await releaseLimits(serviceContext(c), id, version);
    return c.json(ok(presentStudy(await getStudy(serviceContext(c), row.id))), 200);
  });
}
