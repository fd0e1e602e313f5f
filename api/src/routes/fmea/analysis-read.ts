import type { OpenAPIHono } from '@hono/zod-openapi';
import { CHARACTERISTIC_CLASSES, readAnalysis } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, z } from '../../http/route.ts';
import { fmeaContext, readAccess } from './access.ts';
import { CatalogRefSchema, CharacteristicProcessFields, ControlSchema, ProcessNodeFields, FailureSchema, FunctionSchema, Id, Timestamp, plain, presentControl, presentFailure, presentFunction } from './schemas.ts';

/** Steps 2–5 as one read: the rows a user interface needs to draw the function and failure nets. */
const TAG = 'fmea-analysis';

const Versioned = { id: z.string(), version: z.number().int(), sort: z.number().int() };

const AnalysisSchema = z
  .strictObject({
    nodes: z.array(z.strictObject({ ...Versioned, parentId: z.string().nullable(), nodeType: z.number().int(), name: z.string(), imageName: z.string().nullable(), ...ProcessNodeFields })),
    functions: z.array(FunctionSchema.extend({ catalog: CatalogRefSchema })),
    functionLinks: z.array(z.strictObject({ id: z.string(), higherFunctionId: z.string(), lowerFunctionId: z.string() })),
    characteristics: z.array(
      z.strictObject({ ...Versioned, functionId: z.string(), name: z.string(), characteristicClass: z.enum(CHARACTERISTIC_CLASSES), special: z.boolean(), ...CharacteristicProcessFields }),
    ),
    failures: z.array(FailureSchema.extend({ catalog: CatalogRefSchema })),
    failureLinks: z.array(z.strictObject({ id: z.string(), higherFailureId: z.string(), lowerFailureId: z.string() })),
    controls: z.array(ControlSchema.extend({ catalog: CatalogRefSchema })),
  })
  .openapi('FmeaAnalysis');

export const analysisRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/analysis',
  tag: TAG,
  summary: 'The analysis as plain rows: nodes, functions (requirements, characteristics), the function net, failures (FE/FM/FC with ratings, controls) and the failure net',
  description:
    'Unlinked effects, modes and causes are included. With nodeId only that node and its subtree; links are those with at least one end in the subtree. ' +
    'Functions, failures and controls name the catalog version they cite (catalog: number, version, status, newerVersion when a later version is released).',
  access: readAccess,
  request: { query: z.object({ projectId: Id, nodeId: Id.optional(), timestamp: Timestamp }) },
  data: AnalysisSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(analysisRoute, async (c) => {
    const { projectId, nodeId } = c.req.valid('query');
    const analysis = plain(await readAnalysis(fmeaContext(c), projectId, { nodeId }));
    // failures under the spec's names, as the other FMEA routes answer them: `det` for detection
    const { nodes, functions, functionLinks, characteristics, failureLinks, controls } = analysis;
    return c.json(
      ok({
        nodes,
        functions: functions.map((f) => ({ ...presentFunction(f), catalog: f.catalog })),
        functionLinks,
        characteristics,
        failures: analysis.failures.map((f) => ({ ...presentFailure(f), catalog: f.catalog })),
        failureLinks,
        controls: controls.map((k) => ({ ...presentControl(k), catalog: k.catalog })),
      }),
      200,
    );
  });
}
