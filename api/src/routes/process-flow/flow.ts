import type { OpenAPIHono } from '@hono/zod-openapi';
import { addFlowBranch, deleteFlowBranch, FLOW_BRANCH_KINDS, FLOW_SYMBOLS, InvalidInputError, readProcessFlow, renumberSteps, reorderSteps, saveFlowStep, updateFlowBranch, type Issue } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { fmeaContext, notifyChanged } from '../fmea/access.ts';
import { Id, Timestamp, Version } from '../fmea/schemas.ts';
import { Text } from '../../http/fields.ts';
import { BranchSchema, presentBranch, presentFlow, ProcessFlowSchema, SavedStepSchema } from './schemas.ts';
import { flowRead, flowWrite } from './access.ts';

/**
 * The process flow chart of a PFMEA (issue 13, PFD): read it, change a
 * step's symbol, inputs and outputs, reorder the steps, add, change and
 * delete rework and scrap branches. The steps are the PFMEA's own process
 * steps, so each write here is an edit of the process model; the members'
 * other open views (the PFMEA's tree included) are told as for any node edit.
 */
const TAG = 'process-flow';

const NullableText = Text.nullable().optional();

export const getRoute = defineRoute({
  method: 'get',
  path: '/api/processFlow/get',
  tag: TAG,
  summary: 'The flow chart of a PFMEA: its process steps in order with symbol, inputs, outputs, product and process characteristics, and the rework and scrap branches',
  description: 'Members, shared readers and administrators. A project that is not a PFMEA answers 400 pfd.project_not_pfmea.',
  access: flowRead,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: ProcessFlowSchema,
});

export const saveStepRoute = defineRoute({
  method: 'post',
  path: '/api/processFlow/saveStep',
  tag: TAG,
  summary: 'Change a process step’s flow symbol, inputs or outputs (the PFMEA’s node; fields left out stay as they are)',
  description: 'A node that is not a process step answers 400 pfd.not_a_step; a version other than the current one 409. flowSymbol null puts the default (operation) back; an empty text clears.',
  access: flowWrite('edit'),
  request: jsonBody(
    z.object({
      id: Id.openapi({ description: 'The process step (fmea_node id)' }),
      version: Version,
      flowSymbol: z.enum(FLOW_SYMBOLS).nullable().optional(),
      flowInputs: NullableText,
      flowOutputs: NullableText,
    }),
  ),
  data: SavedStepSchema,
});

export const saveBranchRoute = defineRoute({
  method: 'post',
  path: '/api/processFlow/saveBranch',
  tag: TAG,
  summary: 'Add a rework or scrap branch (without id) or change one (with id and version)',
  description:
    'A branch leaves a process step (fromNodeId). A rework returns to a process step of the same PFMEA (toNodeId, itself allowed); scrap leaves the flow and takes no toNodeId. Adding needs fromNodeId and kind; a change keeps what is left out (a rework turned into scrap loses its target).',
  access: flowWrite('add', 'edit'),
  request: jsonBody(
    z.object({
      id: Id.optional(),
      version: Version.optional(),
      fromNodeId: Id.optional(),
      kind: z.enum(FLOW_BRANCH_KINDS).optional(),
      toNodeId: Id.nullable().optional(),
      label: NullableText,
    }),
  ),
  data: BranchSchema,
});

export const deleteBranchRoute = defineRoute({
  method: 'post',
  path: '/api/processFlow/deleteBranch',
  tag: TAG,
  summary: 'Delete a rework or scrap branch',
  access: flowWrite('del'),
  request: jsonBody(z.object({ id: Id, version: Version })),
  data: BranchSchema,
});

export const reorderRoute = defineRoute({
  method: 'post',
  path: '/api/processFlow/reorder',
  tag: TAG,
  summary: 'Put the process steps of a PFMEA in a new order (the PFMEA’s structure follows)',
  description:
    'steps lists every process step once, in the new order, each with the version the client read: a step changed since answers 409 and nothing moves; a list that is not every step once answers 400 pfd.reorder_not_the_steps. Answers the flow chart as it is now.',
  access: flowWrite('edit'),
  request: jsonBody(z.object({ projectId: Id, steps: z.array(z.object({ id: Id, version: Version })).max(2000) })),
  data: ProcessFlowSchema,
});

export const renumberRoute = defineRoute({
  method: 'post',
  path: '/api/processFlow/renumber',
  tag: TAG,
  summary: 'Number the process steps anew in steps of 10 along the flow (after a reorder the user confirmed)',
  description:
    'Every step gets the next multiple of 10 in flow order (10, 20, 30 …; a prefix every numbered step shares, such as OP, is kept), so the numbers stay unique. steps may list the versions the client read: a step changed since answers 409 and nothing changes. Steps already numbered so are left alone. Answers the flow chart as it is now.',
  access: flowWrite('edit'),
  request: jsonBody(z.object({ projectId: Id, steps: z.array(z.object({ id: Id, version: Version })).max(2000).optional() })),
  data: ProcessFlowSchema,
});

/** A field a create needs, refused with the usual validation headline. */
function requireField(value: unknown, field: string): void {
  if (value !== undefined && value !== null) return;
  const issue: Issue = { messageKey: 'validation.required', field, params: { field } };
  throw new InvalidInputError('validation.failed', {}, [issue]);
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(getRoute, async (c) => {
    const { projectId } = c.req.valid('query');
    return c.json(ok(presentFlow(await readProcessFlow(fmeaContext(c), projectId, c.var.locale))), 200);
  });

  app.openapi(saveStepRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const row = await saveFlowStep(fmeaContext(c), id, input);
    await notifyChanged(c, row.projectId, 'node', row.id);
    return c.json(ok({ id: row.id, version: row.version, flowSymbol: row.flowSymbol, flowInputs: row.flowInputs, flowOutputs: row.flowOutputs }), 200);
  });

  app.openapi(saveBranchRoute, async (c) => {
    const { id, version, fromNodeId, kind, toNodeId, label } = c.req.valid('json');
    let row;
    if (id === undefined) {
      requireField(fromNodeId, 'fromNodeId');
      requireField(kind, 'kind');
      row = await addFlowBranch(fmeaContext(c), { fromNodeId: fromNodeId!, kind: kind!, toNodeId, label });
    } else {
      requireField(version, 'version');
      row = await updateFlowBranch(fmeaContext(c), id, { version: version!, fromNodeId, kind, toNodeId, label });
    }
    await notifyChanged(c, row.projectId, 'processFlowBranch', row.id);
    return c.json(ok(presentBranch(row)), 200);
  });

  app.openapi(deleteBranchRoute, async (c) => {
    const { id, version } = c.req.valid('json');
    const row = await deleteFlowBranch(fmeaContext(c), id, { version });
    await notifyChanged(c, row.projectId, 'processFlowBranch', row.id);
    return c.json(ok(presentBranch(row)), 200);
  });

  app.openapi(renumberRoute, async (c) => {
    const { projectId, steps } = c.req.valid('json');
    const ctx = fmeaContext(c);
    await renumberSteps(ctx, projectId, steps ? Object.fromEntries(steps.map((s) => [s.id, s.version])) : undefined);
    await notifyChanged(c, projectId, 'node', projectId);
    return c.json(ok(presentFlow(await readProcessFlow(ctx, projectId, c.var.locale))), 200);
  });

  app.openapi(reorderRoute, async (c) => {
    const { projectId, steps } = c.req.valid('json');
    const ctx = fmeaContext(c);
    await reorderSteps(
      ctx,
      projectId,
      steps.map((s) => s.id),
      Object.fromEntries(steps.map((s) => [s.id, s.version])),
    );
    await notifyChanged(c, projectId, 'node', projectId);
    return c.json(ok(presentFlow(await readProcessFlow(ctx, projectId, c.var.locale))), 200);
  });
}
