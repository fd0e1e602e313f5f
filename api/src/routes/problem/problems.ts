import type { OpenAPIHono } from '@hono/zod-openapi';
import { PROBLEM_SOURCES, PROBLEM_STATUSES, PROBLEM_TYPES, createProblem, deleteProblem, getProblem, listProblemApprovers, listProblems, updateProblem } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { DateInput, Id, withoutUndefined } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pageOf, PageQuery } from '../notices/schemas.ts';
import { NullableText, Narrative, ProblemKey, ProblemSchema, ProblemListItemSchema, TAG, Version, presentListItem, presentProblem } from './schemas.ts';
import { CustomListFields } from '../custom-fields/list-query.ts';

/**
 * Problems handled by 8D (issue 24; docs/domain/problems-8d.md): list, read, open, change, delete. Internal
 * problems are governed by problem_index, customer problems (customerProblem) by fawProblem_index; the route
 * gate lets either through and core judges the record (403 permission.problem_denied: "insufficient authority
 * to open, modify or delete a problem").
 */
const ROUTES = ['problem_index', 'fawProblem_index'] as const;

const fields = {
  brief: z.string().max(200),
  description: Narrative,
  type: z.enum(PROBLEM_TYPES),
  source: z.enum(PROBLEM_SOURCES),
  happenedAt: DateInput.optional(),
  location: NullableText,
  frequency: NullableText,
  processingEquipment: NullableText,
  unqualifiedBatch: NullableText,
  partNumber: NullableText,
  supplier: NullableText,
  customerProblem: z.boolean().optional().openapi({ description: 'A customer problem: needs fawProblem_index (and a customer name)' }),
  customerName: NullableText,
  responsibleId: Id.nullable().optional().openapi({ description: 'A user id; becomes the team leader and the owner of the steps' }),
  plannedCompletion: DateInput.optional(),
  customFields: z
    .record(z.string().max(50), z.union([z.string().max(200), z.number(), z.null()]))
    .optional()
    .openapi({ description: 'Custom field values by system name (GET /api/customField/list?entity=problem); blank or null clears; an update keeps the fields left out' }),
};

export const listRoute = defineRoute({
  method: 'post',
  path: '/api/problem/list',
  tag: TAG,
  summary: 'Problems, newest change first, with the list’s filters',
  description:
    'kind: internal (problem_index, the default) or customer (fawProblem_index); search: number, brief, description, part number, supplier or customer contains; status: any of; mine: created by, responsible for or on the team of the caller; happenedFrom/To: the happen time. ' +
    'Problems of sites the caller does not belong to are left out (administrators see all).',
  access: { route: ROUTES },
  request: jsonBody(
    z.object({
      ...PageQuery,
      kind: z.enum(['internal', 'customer']).optional(),
      search: z.string().trim().max(200).optional(),
      type: z.enum(PROBLEM_TYPES).optional(),
      source: z.enum(PROBLEM_SOURCES).optional(),
      status: z.array(z.enum(PROBLEM_STATUSES)).max(4).optional(),
      responsibleId: Id.optional(),
      mine: z.boolean().optional(),
      happenedFrom: DateInput.optional(),
      happenedTo: DateInput.optional(),
      closedLoop: z.boolean().optional(),
      ...CustomListFields,
    }),
  ),
  data: pageOf(ProblemListItemSchema).openapi('ProblemPage'),
});

export const getRoute = defineRoute({
  method: 'get',
  path: '/api/problem/get',
  tag: TAG,
  summary: 'One problem whole: fields, steps D0–D8 with 7A/7B, team, is / is-not, causes, 5-why chains, actions, and what the caller may do',
  access: { route: ROUTES },
  request: { query: z.object({ id: ProblemKey, timestamp: z.string().max(40).optional() }) },
  data: ProblemSchema,
});

export const createRoute = defineRoute({
  method: 'post',
  path: '/api/problem/create',
  tag: TAG,
  summary: 'Open a problem (a new RS number, its ten steps, the responsible person as team leader)',
  description: 'Needs the add button of problem_index, or of fawProblem_index for a customer problem. The brief is required; type and source are from their lists; a customer problem names its customer.',
  access: { route: ROUTES, button: 'add' },
  request: jsonBody(z.object(fields)),
  data: ProblemSchema,
});

export const updateRoute = defineRoute({
  method: 'post',
  path: '/api/problem/update',
  tag: TAG,
  summary: 'Change a problem’s fields',
  description:
    'Fields left out keep their values. Only an open problem (409 status.problem.locked_* under review, released or closed). Needs edit and being its creator, responsible person, a team member, or an audit holder. Against the version read (409 problem.stale).',
  access: { route: ROUTES, button: 'edit' },
  request: jsonBody(z.object({ id: ProblemKey, version: Version, ...fields, brief: fields.brief.optional(), type: fields.type.optional(), source: fields.source.optional() })),
  data: ProblemSchema,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/problem/delete',
  tag: TAG,
  summary: 'Delete a problem (kept as deleted: its number is never given again)',
  description: 'Only an open problem; needs del and being its creator or an audit holder.',
  access: { route: ROUTES, button: 'del' },
  request: jsonBody(z.object({ id: ProblemKey, version: Version })),
  data: z.strictObject({ id: z.string(), problemNum: z.string() }).openapi('ProblemDeleted'),
});

export const approversRoute = defineRoute({
  method: 'get',
  path: '/api/problem/approvers',
  tag: TAG,
  summary: 'The people who may be named approver of a problem’s 8D report',
  description: 'Holders of the audit button on the problem’s route who may open it (not the caller under separation of duties), by user name, real name or job number; at most 50. Needs edit on the problem.',
  access: { route: ROUTES, button: 'edit' },
  request: { query: z.object({ id: ProblemKey, search: z.string().trim().max(100).optional() }) },
  data: z.array(z.strictObject({ id: z.string(), userName: z.string(), realName: z.string() })).openapi('ProblemApprovers'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const { timestamp: _t, ...query } = c.req.valid('json');
    const page = await listProblems(serviceContext(c), { ...withoutUndefined(query), happenedFrom: query.happenedFrom ?? undefined, happenedTo: query.happenedTo ?? undefined });
    return c.json(ok({ ...page, items: page.items.map(presentListItem) }), 200);
  });
  app.openapi(getRoute, async (c) => c.json(ok(presentProblem(await getProblem(serviceContext(c), c.req.valid('query').id))), 200));
  app.openapi(createRoute, async (c) => c.json(ok(presentProblem(await createProblem(serviceContext(c), c.req.valid('json')))), 200));
  app.openapi(updateRoute, async (c) => {
    const { id, ...changes } = c.req.valid('json');
    return c.json(ok(presentProblem(await updateProblem(serviceContext(c), id, withoutUndefined(changes) as typeof changes))), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    const { id, version } = c.req.valid('json');
    return c.json(ok(await deleteProblem(serviceContext(c), id, { version })), 200);
  });
  app.openapi(approversRoute, async (c) => {
    const { id, search } = c.req.valid('query');
    return c.json(ok(await listProblemApprovers(serviceContext(c), id, { search })), 200);
  });
}
