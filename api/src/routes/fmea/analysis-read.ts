import type { OpenAPIHono } from '@hono/zod-openapi';
import { CHARACTERISTIC_CLASSES, CONTROL_KINDS, FAILURE_KINDS, readAnalysis } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, z } from '../../http/route.ts';
import { fmeaContext, readAccess } from './access.ts';
import { Id, Timestamp, plain, presentFailure } from './schemas.ts';

/** Steps 2–5 as one read: the rows a user interface needs to draw the function and failure nets. */
const TAG = 'fmea-analysis';

const Versioned = { id: z.string(), version: z.number().int(), sort: z.number().int() };

const AnalysisSchema = z
  .strictObject({
    nodes: z.array(z.strictObject({ ...Versioned, parentId: z.string().nullable(), nodeType: z.number().int(), name: z.string(), imageName: z.string().nullable() })),
    functions: z.array(z.strictObject({ ...Versioned, nodeId: z.string(), description: z.string(), requirement: z.string().nullable() })),
    functionLinks: z.array(z.strictObject({ id: z.string(), higherFunctionId: z.string(), lowerFunctionId: z.string() })),
    characteristics: z.array(
      z.strictObject({ ...Versioned, functionId: z.string(), name: z.string(), characteristicClass: z.enum(CHARACTERISTIC_CLASSES), special: z.boolean() }),
    ),
    failures: z.array(
      z.strictObject({
        ...Versioned,
        functionId: z.string(),
        kind: z.enum(FAILURE_KINDS),
        description: z.string(),
        severity: z.number().int().nullable(),
        occurrence: z.number().int().nullable(),
        det: z.number().int().nullable(),
        frequencyRatio: z.number().nullable(),
      }),
    ),
    failureLinks: z.array(z.strictObject({ id: z.string(), higherFailureId: z.string(), lowerFailureId: z.string() })),
    controls: z.array(z.strictObject({ ...Versioned, causeId: z.string(), kind: z.enum(CONTROL_KINDS), description: z.string() })),
  })
  .openapi('FmeaAnalysis');

export const analysisRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/analysis',
  tag: TAG,
  summary: 'The analysis as plain rows: nodes, functions (requirements, characteristics), the function net, failures (FE/FM/FC with ratings, controls) and the failure net',
  description:
    'Unlinked effects, modes and causes are included. With nodeId only that node and its subtree; links are those with at least one end in the subtree.',
  access: readAccess,
  request: { query: z.object({ projectId: Id, nodeId: Id.optional(), timestamp: Timestamp }) },
  data: AnalysisSchema,
});

export function registerAnalysisReadRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(analysisRoute, async (c) => {
    const { projectId, nodeId } = c.req.valid('query');
    const analysis = plain(await readAnalysis(fmeaContext(c), projectId, { nodeId }));
    // failures under the spec's names, as the other FMEA routes answer them: `det` for detection
    const { nodes, functions, functionLinks, characteristics, failureLinks, controls } = analysis;
    return c.json(ok({ nodes, functions, functionLinks, characteristics, failures: analysis.failures.map(presentFailure), failureLinks, controls }), 200);
  });
}
