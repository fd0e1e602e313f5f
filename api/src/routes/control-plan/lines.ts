import type { OpenAPIHono } from '@hono/zod-openapi';
import { addControlPlanLine, deleteControlPlanLine, findLine, reviewControlPlanLine, saveControlPlanLine } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { Id, withoutUndefined } from '../../http/fields.ts';
import { fmeaContext, notifyChanged } from '../fmea/access.ts';
import { planWrite } from './access.ts';
import { classNames, presentLine } from './present.ts';
import { LineSchema, LineTexts, Phase } from './schemas.ts';

const Version = z.number().int().min(1).openapi({ description: 'The line version the client read; a different current one answers 409 and nothing is written' });

const TAG = 'control-plan';
const Sort = z.number().int().min(1).max(1_000_000).optional().openapi({ description: 'Position in the plan' });

export const saveLineRoute = defineRoute({
  method: 'post',
  path: '/api/controlPlan/saveLine',
  tag: TAG,
  summary: 'Change a line’s own columns',
  description:
    'Fields left out stay; blank or null clears one. A linked line takes only its own columns (characteristic number, specification, evaluation technique, sample size, frequency, control method, reaction plan): ' +
    'its step, machine, characteristic and class are the PFMEA’s (400 controlPlan.column_from_pfmea). A control method or evaluation technique that says what the PFMEA says is kept as none (the line follows the PFMEA); ' +
    'anything else is the line’s own and marked as a contradiction. The version is checked (409 when stale).',
  access: planWrite('edit'),
  request: jsonBody(z.object({ id: Id, version: Version, sort: Sort, ...LineTexts })),
  data: LineSchema,
});

export const addLineRoute = defineRoute({
  method: 'post',
  path: '/api/controlPlan/addLine',
  tag: TAG,
  summary: 'Add a line by hand',
  description:
    'With characteristicId (and optionally stepNodeId) the line is linked to that PFMEA characteristic and reads the PFMEA like a generated one; otherwise it needs a process (processNo or processName) and a characteristic (product or process). ' +
    'The phase’s plan is created when missing. Goes last unless sort says otherwise.',
  access: planWrite('add'),
  request: jsonBody(z.object({ projectId: Id, phase: Phase, characteristicId: Id.nullable().optional(), stepNodeId: Id.nullable().optional(), sort: Sort, ...LineTexts })),
  data: LineSchema,
});

export const deleteLineRoute = defineRoute({
  method: 'post',
  path: '/api/controlPlan/deleteLine',
  tag: TAG,
  summary: 'Delete a line',
  description: 'The version is checked (409 when stale). The PFMEA is not touched; generate adds a line again for a characteristic without one.',
  access: planWrite('del'),
  request: jsonBody(z.object({ id: Id, version: Version })),
  data: z.null(),
});

export const reviewLineRoute = defineRoute({
  method: 'post',
  path: '/api/controlPlan/reviewLine',
  tag: TAG,
  summary: 'Review a line: accept what the PFMEA says now',
  description:
    'The PFMEA as it is becomes the line’s basis: the suspect mark goes, who reviewed when is recorded. A line whose characteristic is gone keeps what it showed as its own texts and is no longer linked. Contradictions stay until the line’s own text changes.',
  access: planWrite('edit'),
  request: jsonBody(z.object({ id: Id, version: Version })),
  data: LineSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(saveLineRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const line = await saveControlPlanLine(fmeaContext(c), id, withoutUndefined(input) as typeof input);
    const { projectId } = await findLine(c.var.services.database.db, id);
    await notifyChanged(c, projectId, 'controlPlanLine', id);
    return c.json(ok(presentLine(c.var.locale, line, await classNames(c, projectId))), 200);
  });

  app.openapi(addLineRoute, async (c) => {
    const { projectId, ...input } = c.req.valid('json');
    const line = await addControlPlanLine(fmeaContext(c), projectId, withoutUndefined(input) as typeof input);
    await notifyChanged(c, projectId, 'controlPlanLine', line.id);
    return c.json(ok(presentLine(c.var.locale, line, await classNames(c, projectId))), 200);
  });

  app.openapi(deleteLineRoute, async (c) => {
    const { id, version } = c.req.valid('json');
    const projectId = (await findLine(c.var.services.database.db, id).catch(() => null))?.projectId;
    await deleteControlPlanLine(fmeaContext(c), id, { version });
    if (projectId) await notifyChanged(c, projectId, 'controlPlanLine', id);
    return c.json(ok(null), 200);
  });

  app.openapi(reviewLineRoute, async (c) => {
    const { id, version } = c.req.valid('json');
    const line = await reviewControlPlanLine(fmeaContext(c), id, { version });
    const { projectId } = await findLine(c.var.services.database.db, id);
    await notifyChanged(c, projectId, 'controlPlanLine', id);
    return c.json(ok(presentLine(c.var.locale, line, await classNames(c, projectId))), 200);
  });
}
