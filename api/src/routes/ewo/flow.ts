import type { OpenAPIHono } from '@hono/zod-openapi';
import { decideEwo, EWO_BREAKPOINT_KINDS, EWO_BREAKPOINT_RESULTS, followUpBreakpoint, followUpEwo, stepEwo } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pushMessages } from '../../realtime/message-push.ts';
import { EwoKey, EwoSchema, Opinion, presentEwo, TAG, Version } from './schemas.ts';

/**
 * An EWO's flow (issue 24; docs/domain/ewo.md "The flow"): opening → follow-up → publish request → published →
 * breakpoint verified → closed. The status moves only here; core refuses a step from the wrong state by name
 * (409 ewo.flow.*) and checks who may take it.
 */
const Content = z.string().max(200).openapi({ description: 'At most 200 characters' });

export const stepRoute = defineRoute({
  method: 'post',
  path: '/api/ewo/step',
  tag: TAG,
  summary: 'Move an engineering change on: start follow-up, ask to publish, withdraw the request, close',
  description:
    'startFollowUp: opening → followUp (the tracker is told). submit: followUp → publishPending, naming approverId (a user holding the audit button who may read the EWO; not the caller under ' +
    'separation of duties; needs the edit button); the approver gets a message. withdraw: publishPending → followUp, by the requester or the EWO’s owners. close: breakpointVerified → closed ' +
    '(409 ewo.flow.breakpoint_unverified before), the creator is told. All but withdraw are the creator’s or the tracker’s (403 ewo.owner_only).',
  access: { route: 'ewo_index' },
  request: jsonBody(
    z.object({
      id: EwoKey,
      version: Version,
      event: z.enum(['startFollowUp', 'submit', 'withdraw', 'close']),
      approverId: z.string().max(64).optional().openapi({ description: 'submit: the approver (GET /api/ewo/people?role=approver)' }),
      opinion: Opinion,
    }),
  ),
  data: EwoSchema,
});

export const publishRoute = defineRoute({
  method: 'post',
  path: '/api/ewo/publish',
  tag: TAG,
  summary: 'The named approver’s publish decision, with an opinion',
  description:
    'approve: publishPending → published (the requester and the tracker are told; the breakpoint is then followed up). reject: publishPending → followUp. The opinion is required either way ' +
    '(400 status.review.opinion_required). Only the approver named in the request (403 ewo.not_the_approver). Needs the audit button.',
  access: { route: 'ewo_index', button: 'audit' },
  request: jsonBody(z.object({ id: EwoKey, version: Version, decision: z.enum(['approve', 'reject']), opinion: Opinion })),
  data: EwoSchema,
});

export const followUpRoute = defineRoute({
  method: 'post',
  path: '/api/ewo/followUp',
  tag: TAG,
  summary: 'Write a follow-up note: what was done or found',
  description: 'After follow-up started and until closed, by the creator or the tracker.',
  access: { route: 'ewo_index' },
  request: jsonBody(z.object({ id: EwoKey, version: Version, content: Content })),
  data: EwoSchema,
});

export const breakpointRoute = defineRoute({
  method: 'post',
  path: '/api/ewo/breakpoint',
  tag: TAG,
  summary: 'Follow up a published change’s breakpoint (cut-in)',
  description:
    'breakpointKind and breakpointValue: from which serial number, lot or date (YYYY-MM-DD) the change applies. result effective: the breakpoint is verified (published → breakpointVerified) and the ' +
    'change may close; notEffective: recorded, the follow-up goes on. Only a published change (409 ewo.flow.not_published), by the creator or the tracker.',
  access: { route: 'ewo_index' },
  request: jsonBody(
    z.object({ id: EwoKey, version: Version, breakpointKind: z.enum(EWO_BREAKPOINT_KINDS), breakpointValue: z.string().max(200), result: z.enum(EWO_BREAKPOINT_RESULTS), content: Content }),
  ),
  data: EwoSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(stepRoute, async (c) => {
    const { id, event, ...input } = c.req.valid('json');
    const { ewo, messages } = await stepEwo(serviceContext(c), id, event, input);
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(presentEwo(ewo)), 200);
  });
  app.openapi(publishRoute, async (c) => {
    const { id, decision, ...input } = c.req.valid('json');
    const { ewo, messages } = await decideEwo(serviceContext(c), id, decision, input);
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(presentEwo(ewo)), 200);
  });
  app.openapi(followUpRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    return c.json(ok(presentEwo((await followUpEwo(serviceContext(c), id, input)).ewo)), 200);
  });
  app.openapi(breakpointRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    return c.json(ok(presentEwo((await followUpBreakpoint(serviceContext(c), id, input)).ewo)), 200);
  });
}
