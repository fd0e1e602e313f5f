import type { OpenAPIHono } from '@hono/zod-openapi';
import { REVIEW_OPINION_MAX_LENGTH, closeProblem, decideProblem, pushProblemLesson, revokeProblem, setProblemClosedLoop, submitProblem, withdrawProblem } from '@fmea/core';
import { pushMessages } from '../../realtime/message-push.ts';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { Id } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { NullableText, ProblemKey, ProblemSchema, TAG, Version, presentProblem } from './schemas.ts';

/**
 * The 8D report's review and release, closing, the closed-loop decision, and the lesson for the experience
 * library (issue 24; docs/domain/problems-8d.md). The status moves only here, by the problem machine: open →
 * underReview (submit, D0–D7B finished) → released (the named approver approves, opinion required) → closed
 * (30 days after D6, closed loop decided); reject and withdraw go back to open, revoke undoes a release.
 * Refusals from the wrong status are 409 status.problem.*; messages (code problemReview) reach the approver
 * and the submitter at once.
 */
const ROUTES = ['problem_index', 'fawProblem_index'] as const;
const Opinion = z.string().max(REVIEW_OPINION_MAX_LENGTH).nullable().optional().openapi({ description: `At most ${REVIEW_OPINION_MAX_LENGTH} characters` });

export const submitRoute = defineRoute({
  method: 'post',
  path: '/api/problem/submit',
  tag: TAG,
  summary: 'Submit the 8D report for review by a named approver',
  description:
    'open → underReview; D0 to D7B must be finished (409 status.problem.submit_steps_unfinished). The approver holds audit on the problem’s route and may open it; under separation of duties not the submitter (400 under approverId). The approver gets a message opening the problem.',
  access: { route: ROUTES, button: 'edit' },
  request: jsonBody(z.object({ id: ProblemKey, version: Version, approverId: Id.openapi({ description: 'A user id (GET /api/problem/approvers)' }), opinion: Opinion })),
  data: ProblemSchema,
});

export const decideRoute = defineRoute({
  method: 'post',
  path: '/api/problem/decide',
  tag: TAG,
  summary: 'The named approver approves (released) or rejects (back to open) the 8D report, with an opinion',
  description: 'Only the approver named at submission (403 problem.not_the_approver); the opinion is required either way. approve sets release by and date. The submitter is told.',
  access: { route: ROUTES },
  request: jsonBody(z.object({ id: ProblemKey, version: Version, decision: z.enum(['approve', 'reject']), opinion: Opinion })),
  data: ProblemSchema,
});

export const withdrawRoute = defineRoute({
  method: 'post',
  path: '/api/problem/withdraw',
  tag: TAG,
  summary: 'The submitter takes the 8D report back from review (back to open)',
  access: { route: ROUTES },
  request: jsonBody(z.object({ id: ProblemKey, version: Version, opinion: Opinion })),
  data: ProblemSchema,
});

export const revokeRoute = defineRoute({
  method: 'post',
  path: '/api/problem/revoke',
  tag: TAG,
  summary: 'Revoke the release of the 8D report (back to open, to change it)',
  access: { route: ROUTES, button: 'edit' },
  request: jsonBody(z.object({ id: ProblemKey, version: Version, opinion: Opinion })),
  data: ProblemSchema,
});

export const closeRoute = defineRoute({
  method: 'post',
  path: '/api/problem/close',
  tag: TAG,
  summary: 'Close the problem (D8): released, closed loop decided, 30 days after D6',
  description:
    'released → closed; 409 status.problem.closure_too_early names the days left and the date; 400 status.problem.closed_loop_undecided without a decision (give closedLoop here or before). ' +
    'overrideReason: why it closes although a gate would hold it (FMEA change proposals still open).',
  access: { route: ROUTES, button: 'edit' },
  request: jsonBody(z.object({ id: ProblemKey, version: Version, closedLoop: z.boolean().optional(), closedLoopReason: NullableText, overrideReason: NullableText })),
  data: ProblemSchema,
});

export const closedLoopRoute = defineRoute({
  method: 'post',
  path: '/api/problem/closedLoop',
  tag: TAG,
  summary: 'Decide closed loop or not (at any status); changing a decision needs a reason',
  access: { route: ROUTES, button: 'edit' },
  request: jsonBody(z.object({ id: ProblemKey, version: Version, closedLoop: z.boolean(), reason: NullableText })),
  data: ProblemSchema,
});

const LessonSchema = z
  .strictObject({
    problem: ProblemSchema,
    experience: z.strictObject({ id: z.string(), serialNum: z.string().openapi({ description: 'The experience number (EX…)' }), status: z.string().openapi({ description: 'The catalog status: 1 to be approved once applied' }) }),
  })
  .openapi('ProblemLesson');

export const lessonRoute = defineRoute({
  method: 'post',
  path: '/api/problem/lesson',
  tag: TAG,
  summary: 'Push a closed problem’s lesson to the experience library, into its review flow',
  description:
    'Drafts an experience record from the 8D (type, brief, part, root causes, corrective and preventive actions; values override any field) and applies it for review. Needs add and edit on experience_index too. ' +
    '409 problem.lesson_already_pushed once it is there.',
  access: { route: ROUTES, button: 'edit' },
  request: jsonBody(z.object({ id: ProblemKey, version: Version, values: z.record(z.string().max(40), z.string().max(200)).optional(), remark: NullableText })),
  data: LessonSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(submitRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const { problem, messages } = await submitProblem(serviceContext(c), id, input);
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(presentProblem(problem)), 200);
  });
  app.openapi(decideRoute, async (c) => {
    const { id, decision, ...input } = c.req.valid('json');
    const { problem, messages } = await decideProblem(serviceContext(c), id, decision, input);
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(presentProblem(problem)), 200);
  });
  app.openapi(withdrawRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const { problem, messages } = await withdrawProblem(serviceContext(c), id, input);
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(presentProblem(problem)), 200);
  });
  app.openapi(revokeRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const { problem, messages } = await revokeProblem(serviceContext(c), id, input);
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(presentProblem(problem)), 200);
  });
  app.openapi(closeRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    return c.json(ok(presentProblem(await closeProblem(serviceContext(c), id, input))), 200);
  });
  app.openapi(closedLoopRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    return c.json(ok(presentProblem(await setProblemClosedLoop(serviceContext(c), id, input))), 200);
  });
  app.openapi(lessonRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const { problem, experience } = await pushProblemLesson(serviceContext(c), id, input);
    return c.json(ok({ problem: presentProblem(problem), experience: { id: experience.id, serialNum: experience.serialNum, status: experience.status } }), 200);
  });
}
