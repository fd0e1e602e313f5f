import type { OpenAPIHono } from '@hono/zod-openapi';
import { controlPlanMarks, generateControlPlan, getControlPlan, saveControlPlanHeader } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { sentWithHeader } from '../../http/authenticate.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { Id } from '../../http/fields.ts';
import { fmeaContext, notifyChanged } from '../fmea/access.ts';
import { planRead, planWrite } from './access.ts';
import { classNames, presentMark, presentPlan } from './present.ts';
import { HeaderInput, MarkSchema, Phase, PlanViewSchema, ProjectPhaseQuery, Version } from './schemas.ts';

const TAG = 'control-plan';

export const getRoute = defineRoute({
  method: 'get',
  path: '/api/controlPlan/get',
  tag: TAG,
  summary: 'The control plan of a PFMEA phase: header, lines with the PFMEA’s live values, suspect marks, contradictions and checks',
  description:
    'Whoever may open the PFMEA. A phase without a plan is created (default header) when the caller may edit the project and sends the token in a header ' +
    '(on the session cookie alone this GET only reads); others see it with id null and version 0. ' +
    'A linked line reads its step, machine, characteristic, class and controls from the PFMEA; it is suspect while the PFMEA differs from what the line was generated or last reviewed against.',
  access: planRead,
  request: { query: ProjectPhaseQuery },
  data: PlanViewSchema,
});

export const generateRoute = defineRoute({
  method: 'post',
  path: '/api/controlPlan/generate',
  tag: TAG,
  summary: 'Generate the plan’s lines from the PFMEA: one per characteristic of a process step that has none',
  description:
    'Product characteristics of each step and process characteristics of its work elements, in process order; the prevention controls of the characteristic’s causes are the control method, the detection controls the evaluation technique. ' +
    'Existing lines are never changed. Answers the plan and how many lines were added.',
  access: planWrite('add'),
  request: jsonBody(z.object({ projectId: Id, phase: Phase })),
  data: PlanViewSchema.extend({ added: z.number().int().openapi({ description: 'Lines added by this call' }) }).openapi('ControlPlanGenerated'),
});

export const saveHeaderRoute = defineRoute({
  method: 'post',
  path: '/api/controlPlan/saveHeader',
  tag: TAG,
  summary: 'Change the control plan’s header fields',
  description: 'Texts of at most 200 characters, dates YYYY-MM-DD. The version is the plan’s (0 while the plan does not exist yet). Answers the plan.',
  access: planWrite('edit'),
  request: jsonBody(z.object({ projectId: Id, phase: Phase, version: Version, header: HeaderInput })),
  data: PlanViewSchema,
});

export const marksRoute = defineRoute({
  method: 'get',
  path: '/api/controlPlan/marks',
  tag: TAG,
  summary: 'What the PFMEA’s control plans contradict: characteristics and controls a line’s own text disagrees with, every phase',
  description: 'For the PFMEA’s own views (mark a characteristic or control a control plan contradicts). Whoever may open the PFMEA.',
  access: planRead,
  request: { query: z.object({ projectId: Id, timestamp: z.string().max(40).optional() }) },
  data: z.strictObject({ marks: z.array(MarkSchema) }),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(getRoute, async (c) => {
    const { projectId, phase } = c.req.valid('query');
    const view = await getControlPlan(fmeaContext(c), projectId, { phase, create: sentWithHeader(c) });
    return c.json(ok(presentPlan(c.var.locale, view, await classNames(c, projectId))), 200);
  });

  app.openapi(generateRoute, async (c) => {
    const { projectId, phase } = c.req.valid('json');
    const view = await generateControlPlan(fmeaContext(c), projectId, { phase });
    if (view.added > 0) await notifyChanged(c, projectId, 'controlPlan', view.plan.id!);
    return c.json(ok({ ...presentPlan(c.var.locale, view, await classNames(c, projectId)), added: view.added }), 200);
  });

  app.openapi(saveHeaderRoute, async (c) => {
    const { projectId, phase, version, header } = c.req.valid('json');
    const view = await saveControlPlanHeader(fmeaContext(c), projectId, { phase, version, header });
    await notifyChanged(c, projectId, 'controlPlan', view.plan.id!);
    return c.json(ok(presentPlan(c.var.locale, view, await classNames(c, projectId))), 200);
  });

  app.openapi(marksRoute, async (c) => {
    const { projectId } = c.req.valid('query');
    const marks = await controlPlanMarks(fmeaContext(c), projectId);
    return c.json(ok({ marks: marks.map((m) => presentMark(c.var.locale, m)) }), 200);
  });
}
