import type { OpenAPIHono } from '@hono/zod-openapi';
import { capabilityByCause, openProblemFromSignal, proposeOccurrence } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { Id } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pushMessages } from '../../realtime/message-push.ts';
import type { MessageRow } from '@fmea/core';
import { StudyKey, TAG } from './schemas.ts';

/**
 * Closing the loop from SPC (docs/domain/spc.md, "The loop"): the capability beside each PFMEA cause on a
 * studied characteristic, an occurrence rating proposed to the FMEA's responsible person through the FMEA
 * change proposals (source kind spc), and an 8D opened from an out-of-control signal.
 */
export const causesRoute = defineRoute({
  method: 'get',
  path: '/api/spc/causes',
  tag: TAG,
  summary: 'The measured capability beside each failure cause of a PFMEA project',
  description:
    'For every study of the project whose characteristic has causes (the causes of its function, and those linked below its failure modes): the study, Cpk, Ppk and the occurrence the mapping proposes. ' +
    'The PFMEA’s risk and optimisation views show it as a badge on the cause.',
  access: { route: 'spc_index' },
  request: { query: z.object({ projectId: Id, timestamp: z.string().max(40).optional() }) },
  data: z
    .array(
      z.strictObject({
        causeId: z.string(),
        causeText: z.string(),
        occurrence: z.number().int().nullable().openapi({ description: 'The cause’s occurrence rating now' }),
        studyId: z.string(),
        studyNum: z.string(),
        name: z.string(),
        cpk: z.number().nullable(),
        ppk: z.number().nullable(),
        proposedOccurrence: z.number().int().nullable(),
      }),
    )
    .openapi('SpcCauseCapability'),
});

export const proposeRoute = defineRoute({
  method: 'post',
  path: '/api/spc/proposeOccurrence',
  tag: TAG,
  summary: 'Propose the occurrence rating the study’s capability maps to, on one cause of its characteristic',
  description:
    'An FMEA change proposal of kind rateOccurrence from source spc (docs/domain/closed-loop.md): the FMEA’s responsible person is told and accepts or rejects it. ' +
    'Refused when the study has no capability yet (spec limits and data), when the cause is not on the characteristic, or when the cause already has that rating. The proposer must be on the PFMEA’s team.',
  access: { route: 'spc_index' },
  request: jsonBody(z.object({ id: StudyKey, causeId: Id })),
  data: z.strictObject({ id: z.string(), status: z.string(), previousOccurrence: z.number().int().nullable(), occurrence: z.number().int().nullable(), sourceNumber: z.string() }).openapi('SpcOccurrenceProposal'),
});

export const openProblemRoute = defineRoute({
  method: 'post',
  path: '/api/spc/openProblem',
  tag: TAG,
  summary: 'Open a problem (8D) from the study’s out-of-control signal',
  description:
    'A production problem from the production source, its description ending with the study’s number and page; the study keeps the problem’s number. Refused when the study shows no violation. ' +
    'The caller must be able to edit the study’s PFMEA and to open problems (problem_index, add).',
  access: { route: 'spc_index', button: 'edit' },
  request: jsonBody(z.object({ id: StudyKey, brief: z.string().max(200), description: z.string().max(200).nullable().optional(), responsibleId: Id.nullable().optional() })),
  data: z.strictObject({ problemId: z.string(), problemNum: z.string(), studyVersion: z.number().int() }).openapi('SpcSignalProblem'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(causesRoute, async (c) => c.json(ok(await capabilityByCause(serviceContext(c), c.req.valid('query').projectId)), 200));
  app.openapi(proposeRoute, async (c) => {
    const { id, causeId } = c.req.valid('json');
    const outbox: MessageRow[] = [];
    const p = await proposeOccurrence(serviceContext(c), id, causeId, outbox);
    pushMessages(c.var.services.realtime, outbox);
    return c.json(ok({ id: p.id, status: p.status, previousOccurrence: p.previousOccurrence, occurrence: p.occurrence, sourceNumber: p.sourceNumber }), 200);
  });
  app.openapi(openProblemRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const { problem, studyVersion } = await openProblemFromSignal(serviceContext(c), id, input);
    return c.json(ok({ problemId: problem.id, problemNum: problem.problemNum, studyVersion }), 200);
  });
}
