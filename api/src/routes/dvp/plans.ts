import type { OpenAPIHono } from '@hono/zod-openapi';
import { createDvpPlan, createDvpTest, deleteDvpTest, DVP_PLAN_STATES, DVP_RESULTS, generateDvpTests, getDvpPlan, linkDvpTest, listDvpCandidates, listDvpPeople, listDvpPlans, setDvpResult, updateDvpPlan, updateDvpTest } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { Id } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pushMessages } from '../../realtime/message-push.ts';
import { pageOf, PageQuery } from '../notices/schemas.ts';
import { PlanKey, PlanSchema, presentPlan, presentSummary, SummarySchema, TAG, TestFields, Version } from './schemas.ts';

/**
 * DVP&R plans and their tests (issue 25, area dvp: route dvp_index; docs/domain/dvp.md). Gated by the route and its
 * buttons; core checks again, and a plan follows its DFMEA: read by who may open it (403 otherwise), written by its
 * content editors (403 permission.project_read_only for a reader).
 */
export const listRoute = defineRoute({
  method: 'post',
  path: '/api/dvp/list',
  tag: TAG,
  summary: 'DVP&R plans of the DFMEAs the caller may open, last changed first',
  description: 'Filters: search (plan number or name, DFMEA number or name contains), project (a DFMEA id or number), status. Each with its test count and the coverage of the DFMEA’s detection controls.',
  access: { route: 'dvp_index' },
  request: jsonBody(z.object({ ...PageQuery, search: z.string().trim().max(200).optional(), project: Id.optional(), status: z.enum(DVP_PLAN_STATES).optional() })),
  data: pageOf(SummarySchema).openapi('DvpPlanPage'),
});

export const candidatesRoute = defineRoute({
  method: 'get',
  path: '/api/dvp/candidates',
  tag: TAG,
  summary: 'The DFMEAs the caller may open that have no DVP&R plan yet (at most 50)',
  access: { route: 'dvp_index' },
  request: { query: z.object({ search: z.string().trim().max(100).optional(), timestamp: z.string().max(40).optional() }) },
  data: z.array(z.strictObject({ id: z.string(), serialNum: z.string(), name: z.string() })).openapi('DvpCandidates'),
});

export const peopleRoute = defineRoute({
  method: 'get',
  path: '/api/dvp/people',
  tag: TAG,
  summary: 'The people who may be named responsible for a plan’s tests: the DFMEA’s team',
  access: { route: 'dvp_index' },
  request: { query: z.object({ id: PlanKey, timestamp: z.string().max(40).optional() }) },
  data: z.array(z.strictObject({ id: z.string(), userName: z.string(), realName: z.string() })).openapi('DvpPeople'),
});

export const getRoute = defineRoute({
  method: 'get',
  path: '/api/dvp/get',
  tag: TAG,
  summary: 'One DVP&R plan: header, tests, the DFMEA’s detection controls with their test status, coverage, and whether the caller may edit',
  access: { route: 'dvp_index' },
  request: { query: z.object({ id: PlanKey, timestamp: z.string().max(40).optional() }) },
  data: PlanSchema,
});

export const addRoute = defineRoute({
  method: 'post',
  path: '/api/dvp/add',
  tag: TAG,
  summary: 'Create the DVP&R plan of a DFMEA (a new DP number)',
  description: 'One plan per DFMEA (409 dvp.plan_exists); the DFMEA must be a design FMEA the caller may edit. Name defaults to the DFMEA’s name + " DVP&R". Needs the add button.',
  access: { route: 'dvp_index', button: 'add' },
  request: jsonBody(z.object({ project: Id.openapi({ description: 'The DFMEA: id or number' }), name: z.string().max(200).optional() })),
  data: PlanSchema,
});

export const editRoute = defineRoute({
  method: 'post',
  path: '/api/dvp/edit',
  tag: TAG,
  summary: 'Rename a plan or set its status',
  access: { route: 'dvp_index', button: 'edit' },
  request: jsonBody(z.object({ id: PlanKey, version: Version, name: z.string().max(200).optional(), status: z.enum(DVP_PLAN_STATES).optional() })),
  data: PlanSchema,
});

export const generateRoute = defineRoute({
  method: 'post',
  path: '/api/dvp/generate',
  tag: TAG,
  summary: 'Generate tests from the DFMEA: one per detection control no test proves yet',
  description: 'Idempotent: a second run adds only controls added since. Each test is named after its control, its analysis project the cause. Needs the add button.',
  access: { route: 'dvp_index', button: 'add' },
  request: jsonBody(z.object({ id: PlanKey })),
  data: z.strictObject({ created: z.number().int(), plan: PlanSchema }).openapi('DvpGenerated'),
});

export const addTestRoute = defineRoute({
  method: 'post',
  path: '/api/dvp/test/add',
  tag: TAG,
  summary: 'Add a test to a plan (the next number DP…-NN)',
  description: 'Every field is checked at once (name required; quantities whole numbers 1–100000; dates real, an end not before its start; the responsible person able to open the DFMEA). Needs the add button.',
  access: { route: 'dvp_index', button: 'add' },
  request: jsonBody(z.object({ id: PlanKey, ...TestFields, name: z.string().max(200) })),
  data: PlanSchema,
});

export const editTestRoute = defineRoute({
  method: 'post',
  path: '/api/dvp/test/edit',
  tag: TAG,
  summary: 'Edit a test’s fields (only those sent), at the version read',
  access: { route: 'dvp_index', button: 'edit' },
  request: jsonBody(z.object({ id: PlanKey, testId: Id, version: Version, ...TestFields })),
  data: PlanSchema,
});

export const linkTestRoute = defineRoute({
  method: 'post',
  path: '/api/dvp/test/link',
  tag: TAG,
  summary: 'Link a test to exactly these detection controls of the DFMEA',
  access: { route: 'dvp_index', button: 'edit' },
  request: jsonBody(z.object({ id: PlanKey, testId: Id, version: Version, controlIds: z.array(Id).max(200) })),
  data: PlanSchema,
});

export const resultRoute = defineRoute({
  method: 'post',
  path: '/api/dvp/test/result',
  tag: TAG,
  summary: 'Record a test’s result (qualified, unqualified, not involved; null: not yet tested), with who and when',
  description:
    'Unqualified marks the failure chains of the test’s detection controls for re-rating (the DFMEA shows the mark beside the cause until its O or D is set anew); ' +
    'a result that is no longer unqualified withdraws the marks. The report is a file the caller uploaded. Needs the edit button.',
  access: { route: 'dvp_index', button: 'edit' },
  request: jsonBody(
    z.object({
      id: PlanKey,
      testId: Id,
      version: Version,
      result: z.enum(DVP_RESULTS).nullable(),
      resultNote: z.string().max(2000).nullable().optional(),
      actualStart: TestFields.actualStart,
      actualEnd: TestFields.actualEnd,
      reportFileId: TestFields.reportFileId,
    }),
  ),
  data: PlanSchema,
});

export const deleteTestRoute = defineRoute({
  method: 'post',
  path: '/api/dvp/test/delete',
  tag: TAG,
  summary: 'Delete a test (its open re-rating marks are withdrawn)',
  access: { route: 'dvp_index', button: 'del' },
  request: jsonBody(z.object({ id: PlanKey, testId: Id, version: Version })),
  data: PlanSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const { timestamp: _t, ...query } = c.req.valid('json');
    const result = await listDvpPlans(serviceContext(c), query);
    return c.json(ok({ ...result, items: result.items.map(presentSummary) }), 200);
  });
  app.openapi(candidatesRoute, async (c) => c.json(ok(await listDvpCandidates(serviceContext(c), { search: c.req.valid('query').search })), 200));
  app.openapi(peopleRoute, async (c) => c.json(ok(await listDvpPeople(serviceContext(c), c.req.valid('query').id)), 200));
  app.openapi(getRoute, async (c) => c.json(ok(presentPlan(await getDvpPlan(serviceContext(c), c.req.valid('query').id))), 200));
  app.openapi(addRoute, async (c) => c.json(ok(presentPlan(await createDvpPlan(serviceContext(c), c.req.valid('json')))), 200));
  app.openapi(editRoute, async (c) => {
    const { id, ...changes } = c.req.valid('json');
    return c.json(ok(presentPlan(await updateDvpPlan(serviceContext(c), id, changes))), 200);
  });
  app.openapi(generateRoute, async (c) => {
    const { created, plan } = await generateDvpTests(serviceContext(c), c.req.valid('json').id);
    return c.json(ok({ created, plan: presentPlan(plan) }), 200);
  });
  app.openapi(addTestRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const { plan, messages } = await createDvpTest(serviceContext(c), id, input);
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(presentPlan(plan)), 200);
  });
  app.openapi(editTestRoute, async (c) => {
    const { id, testId, ...input } = c.req.valid('json');
    const { plan, messages } = await updateDvpTest(serviceContext(c), id, testId, input);
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(presentPlan(plan)), 200);
  });
  app.openapi(linkTestRoute, async (c) => {
    const { id, testId, ...input } = c.req.valid('json');
    return c.json(ok(presentPlan((await linkDvpTest(serviceContext(c), id, testId, input)).plan)), 200);
  });
  app.openapi(resultRoute, async (c) => {
    const { id, testId, ...input } = c.req.valid('json');
    return c.json(ok(presentPlan((await setDvpResult(serviceContext(c), id, testId, input)).plan)), 200);
  });
  app.openapi(deleteTestRoute, async (c) => {
    const { id, testId, version } = c.req.valid('json');
    return c.json(ok(presentPlan((await deleteDvpTest(serviceContext(c), id, testId, version)).plan)), 200);
  });
}
