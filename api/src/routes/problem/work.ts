import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  CAUSE_TRACKS,
  IS_NOT_DIMENSIONS,
  ISHIKAWA_CATEGORIES,
  PROBLEM_ACTION_KINDS,
  PROBLEM_ACTION_STATUSES,
  PROBLEM_MEMBER_ROLES,
  PROBLEM_STEPS,
  moveProblemStep,
  saveProblemActions,
  saveProblemCauses,
  saveProblemIsNot,
  saveProblemStep,
  saveProblemTeam,
  saveProblemWhys,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { DateInput, Id } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { Narrative, NullableText, ProblemKey, ProblemSchema, TAG, Version, presentProblem } from './schemas.ts';

/**
 * Working an 8D (issue 24; docs/domain/problems-8d.md "Steps"): a step's narrative, owner and due date; start,
 * finish, reopen; and the lists of the steps (team D1, is / is-not D2, Ishikawa causes and 5-why chains D4,
 * actions of D0, D3, D5, D6, D7A, D7B). Saving a step's list works on that step: one not started starts, and
 * unfinished earlier steps refuse it (409 status.problem.earlier_step_unfinished, naming the step in the way).
 * Each answers the problem whole. Needs edit and being one of the 8D's people (or an audit holder).
 */
const ROUTES = ['problem_index', 'fawProblem_index'] as const;
const access = { route: ROUTES, button: 'edit' } as const;
const LIST_MAX = 500;
const Step = z.enum(PROBLEM_STEPS);

export const stepSaveRoute = defineRoute({
  method: 'post',
  path: '/api/problem/step/save',
  tag: TAG,
  summary: 'Save a step’s narrative, owner and due date (a step not started starts)',
  description: 'content absent: the narrative stays and the step does not start (assigning an owner ahead). A finished step is reopened first (409 status.problem_step.already_done).',
  access,
  request: jsonBody(z.object({ id: ProblemKey, version: Version, step: Step, content: Narrative, ownerId: Id.nullable().optional(), dueAt: DateInput.optional() })),
  data: ProblemSchema,
});

export const stepMoveRoute = defineRoute({
  method: 'post',
  path: '/api/problem/step/move',
  tag: TAG,
  summary: 'Start, finish or reopen a step',
  description:
    'start and finish need every earlier step finished (7A and 7B do not wait for each other; D8 waits for both); reopen is refused while a later step is finished; D8 finishes only by closing the problem (POST /api/problem/close).',
  access,
  request: jsonBody(z.object({ id: ProblemKey, version: Version, step: Step, event: z.enum(['start', 'finish', 'reopen']) })),
  data: ProblemSchema,
});

export const teamRoute = defineRoute({
  method: 'post',
  path: '/api/problem/team',
  tag: TAG,
  summary: 'Save the 8D team (D1): members with their roles and duties',
  description: 'Replaces the team; at most one leader (400 problem.team_one_leader). Members may change the problem.',
  access,
  request: jsonBody(z.object({ id: ProblemKey, version: Version, members: z.array(z.object({ userId: Id, role: z.enum(PROBLEM_MEMBER_ROLES), duty: NullableText })).max(100) })),
  data: ProblemSchema,
});

export const isNotRoute = defineRoute({
  method: 'post',
  path: '/api/problem/isNot',
  tag: TAG,
  summary: 'Save the is / is-not description (D2)',
  access,
  request: jsonBody(z.object({ id: ProblemKey, version: Version, rows: z.array(z.object({ dimension: z.enum(IS_NOT_DIMENSIONS), isText: NullableText, isNotText: NullableText })).max(LIST_MAX) })),
  data: ProblemSchema,
});

export const causesRoute = defineRoute({
  method: 'post',
  path: '/api/problem/causes',
  tag: TAG,
  summary: 'Save the Ishikawa (6M) board of both tracks (D4): causes, root causes marked',
  description: 'Replaces the causes; a cause sent back with its id keeps it (actions, 5-why chains and FMEA proposals point at it). An id of another problem is refused (400 problem.cause_unknown).',
  access,
  request: jsonBody(
    z.object({
      id: ProblemKey,
      version: Version,
      causes: z
        .array(
          z.object({
            id: Id.nullable().optional(),
            track: z.enum(CAUSE_TRACKS).openapi({ description: 'occurrence: why it occurred; detection: why it was not detected' }),
            category: z.enum(ISHIKAWA_CATEGORIES).nullable().optional(),
            description: z.string().max(200),
            rootCause: z.boolean().optional(),
            verification: NullableText,
          }),
        )
        .max(LIST_MAX),
    }),
  ),
  data: ProblemSchema,
});

export const whysRoute = defineRoute({
  method: 'post',
  path: '/api/problem/whys',
  tag: TAG,
  summary: 'Save the 5-why chains of both tracks (D4)',
  description: 'Replaces the chains; each chain is its answers in order (why 1, why 2, …) and may end at a cause of the board (causeId).',
  access,
  request: jsonBody(
    z.object({
      id: ProblemKey,
      version: Version,
      chains: z.array(z.object({ track: z.enum(CAUSE_TRACKS), answers: z.array(z.string().max(200)).min(1).max(20), causeId: Id.nullable().optional() })).max(100),
    }),
  ),
  data: ProblemSchema,
});

export const actionsRoute = defineRoute({
  method: 'post',
  path: '/api/problem/actions',
  tag: TAG,
  summary: 'Save the actions of one kind (its step): emergency D0, containment D3, corrective D5, verification D6, preventive D7A, readAcross D7B',
  description: 'Replaces that kind’s actions; ids sent back are kept. An action marked done without a date is done now.',
  access,
  request: jsonBody(
    z.object({
      id: ProblemKey,
      version: Version,
      kind: z.enum(PROBLEM_ACTION_KINDS),
      actions: z
        .array(
          z.object({
            id: Id.nullable().optional(),
            description: z.string().max(200),
            causeId: Id.nullable().optional().openapi({ description: 'The root cause it addresses' }),
            ownerId: Id.nullable().optional(),
            plannedAt: DateInput.optional(),
            doneAt: DateInput.optional(),
            status: z.enum(PROBLEM_ACTION_STATUSES).optional(),
            result: Narrative,
          }),
        )
        .max(LIST_MAX),
    }),
  ),
  data: ProblemSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(stepSaveRoute, async (c) => {
    const { id, step, ...input } = c.req.valid('json');
    return c.json(ok(presentProblem(await saveProblemStep(serviceContext(c), id, step, input))), 200);
  });
  app.openapi(stepMoveRoute, async (c) => {
    const { id, step, event, version } = c.req.valid('json');
    return c.json(ok(presentProblem(await moveProblemStep(serviceContext(c), id, step, event, { version }))), 200);
  });
  app.openapi(teamRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    return c.json(ok(presentProblem(await saveProblemTeam(serviceContext(c), id, input))), 200);
  });
  app.openapi(isNotRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    return c.json(ok(presentProblem(await saveProblemIsNot(serviceContext(c), id, input))), 200);
  });
  app.openapi(causesRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    return c.json(ok(presentProblem(await saveProblemCauses(serviceContext(c), id, input))), 200);
  });
  app.openapi(whysRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    return c.json(ok(presentProblem(await saveProblemWhys(serviceContext(c), id, input))), 200);
  });
  app.openapi(actionsRoute, async (c) => {
    const { id, kind, ...input } = c.req.valid('json');
    return c.json(ok(presentProblem(await saveProblemActions(serviceContext(c), id, kind, input))), 200);
  });
}
