import type { OpenAPIHono } from '@hono/zod-openapi';
import { createStudy, deleteStudy, getStudy, listStudies, listStudyCandidates, updateStudy } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { Id } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pageOf, PageQuery } from '../notices/schemas.ts';
import { presentStudy, presentSummary, StudyFields, StudyKey, StudySchema, SummarySchema, TAG, Version } from './schemas.ts';

/**
 * SPC studies (issue 25, area spc: route spc_index, our choice; docs/domain/spc.md): list, the control-plan
 * lines a study may measure, open (add), read, edit, delete. Gated by the route and its buttons; core checks
 * again that the caller may read (or, to write, edit) the PFMEA project the study belongs to.
 */
export const listRoute = defineRoute({
  method: 'post',
  path: '/api/spc/list',
  tag: TAG,
  summary: 'SPC studies, newest first',
  description: 'Filters: projectId (one PFMEA project), search (study number, characteristic, project number or name contains). Studies of projects the caller may not open are left out.',
  access: { route: 'spc_index' },
  request: jsonBody(z.object({ ...PageQuery, projectId: Id.optional(), search: z.string().trim().max(200).optional() })),
  data: pageOf(SummarySchema).openapi('SpcStudyPage'),
});

const LimitsRead = z.strictObject({ lsl: z.number().nullable(), usl: z.number().nullable(), target: z.number().nullable() }).nullable();

export const candidatesRoute = defineRoute({
  method: 'get',
  path: '/api/spc/candidates',
  tag: TAG,
  summary: 'The control-plan characteristics of a PFMEA project a study may measure',
  description: 'Every line of the project’s control plans (each phase), with its characteristic, specification text, the limits that text reads as (null when it reads as none) and the studies already made of it.',
  access: { route: 'spc_index' },
  request: { query: z.object({ projectId: Id, timestamp: z.string().max(40).optional() }) },
  data: z
    .array(
      z.strictObject({
        lineId: z.string(),
        phase: z.string(),
        characteristicId: z.string().nullable(),
        characteristicNo: z.string().nullable(),
        name: z.string(),
        processNo: z.string().nullable(),
        specification: z.string().nullable(),
        limits: LimitsRead,
        studies: z.array(z.strictObject({ id: z.string(), studyNum: z.string() })),
      }),
    )
    .openapi('SpcCandidates'),
});

export const addRoute = defineRoute({
  method: 'post',
  path: '/api/spc/add',
  tag: TAG,
  summary: 'Open an SPC study of a control-plan characteristic (a new SP number)',
  description:
    'The line must belong to the project’s control plan; the caller must be able to edit the PFMEA project (owner or collaborator). Limits absent are read from the line’s specification ' +
    '(“10 ± 0.1”, “10 +0.2/-0.1”, “9.9~10.1”, “≤ 5”). Needs the add button.',
  access: { route: 'spc_index', button: 'add' },
  request: jsonBody(z.object({ projectId: Id, lineId: Id, ...StudyFields })),
  data: StudySchema,
});

export const getRoute = defineRoute({
  method: 'get',
  path: '/api/spc/get',
  tag: TAG,
  summary: 'One SPC study: its settings, frozen limits, how many measurements and what the caller may do',
  access: { route: 'spc_index' },
  request: { query: z.object({ id: StudyKey, timestamp: z.string().max(40).optional() }) },
  data: StudySchema,
});

export const editRoute = defineRoute({
  method: 'post',
  path: '/api/spc/edit',
  tag: TAG,
  summary: 'Edit an SPC study’s settings',
  description: 'Only the fields sent change, at the version read. A new chart or subgroup size releases the frozen limits (they belonged to the old chart). Needs the edit button.',
  access: { route: 'spc_index', button: 'edit' },
  request: jsonBody(z.object({ id: StudyKey, version: Version, ...StudyFields, chart: StudyFields.chart.optional(), subgroupSize: StudyFields.subgroupSize.optional() })),
  data: StudySchema,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/spc/delete',
  tag: TAG,
  summary: 'Delete an SPC study and its measurements',
  description: 'The operation log keeps its settings and how many measurements it had. Needs the del button.',
  access: { route: 'spc_index', button: 'del' },
  request: jsonBody(z.object({ id: StudyKey, version: Version })),
  data: z.strictObject({ id: z.string() }).openapi('SpcStudyDeleted'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const { timestamp: _t, ...query } = c.req.valid('json');
    const page = await listStudies(serviceContext(c), query);
    return c.json(ok({ ...page, items: page.items.map(presentSummary) }), 200);
  });
  app.openapi(candidatesRoute, async (c) => c.json(ok(await listStudyCandidates(serviceContext(c), c.req.valid('query').projectId)), 200));
  app.openapi(addRoute, async (c) => c.json(ok(presentStudy(await createStudy(serviceContext(c), c.req.valid('json')))), 200));
  app.openapi(getRoute, async (c) => c.json(ok(presentStudy(await getStudy(serviceContext(c), c.req.valid('query').id))), 200));
  app.openapi(editRoute, async (c) => {
    const { id, ...changes } = c.req.valid('json');
    return c.json(ok(presentStudy(await updateStudy(serviceContext(c), id, changes))), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    const { id, version } = c.req.valid('json');
    return c.json(ok(await deleteStudy(serviceContext(c), id, version)), 200);
  });
}
