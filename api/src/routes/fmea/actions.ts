import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  ACTION_STATUSES,
  actionMachine,
  addAction,
  changeActionStatus,
  ALL_CONTROL_KINDS,
  deleteAction,
  listActions,
  recomputeAllAp,
  updateAction,
  type ActionStatus,
  type FmeaActionRow,
  type MessageRow,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pushMessages } from '../../realtime/message-push.ts';
import { fmeaContext, notifyChanged, projectIdOfItem, readAccess, writeAccess } from './access.ts';
import { DateText, Id, IdVersionBody, OptionalText, Rating, RequiredText, Timestamp, Version } from './schemas.ts';

/** Step 6: optimisation actions with their re-rating, and recomputing every AP (the risk grid itself: grid.ts). */
const TAG = 'fmea-risk';

const route = <const P extends string, D extends z.ZodType, B extends z.ZodType>(path: P, summary: string, button: 'add' | 'edit' | 'del', body: B, data: D, description?: string) =>
  defineRoute({ method: 'post', path: `/api/fmea/${path}` as const, tag: TAG, summary, description, access: writeAccess(button), request: jsonBody(body), data });

const ActionSchema = z
  .strictObject({
    id: z.string(),
    version: z.number().int(),
    sort: z.number().int(),
    causeId: z.string(),
    kind: z.enum(ALL_CONTROL_KINDS),
    description: z.string(),
    responsibleUserId: z.string().nullable(),
    targetDate: z.string().nullable(),
    status: z.enum(ACTION_STATUSES),
    actionTaken: z.string().nullable(),
    evidence: z.string().nullable(),
    completionDate: z.string().nullable(),
    raseverity: z.number().int().nullable().openapi({ description: 'S after the action (re-rating)' }),
    raoccurrence: z.number().int().nullable().openapi({ description: 'O after the action' }),
    radet: z.number().int().nullable().openapi({ description: 'D after the action' }),
  })
  .openapi('FmeaAction', { description: 'An optimisation action on a failure cause, with its status and re-rating' });

/** An action under the spec's names for the re-rating (raseverity, raoccurrence, radet), field by field. */
export const presentAction = (row: FmeaActionRow): z.output<typeof ActionSchema> => ({
  id: row.id,
  version: row.version,
  sort: row.sort,
  causeId: row.causeId,
  kind: row.kind,
  description: row.description,
  responsibleUserId: row.responsibleUserId,
  targetDate: row.targetDate,
  status: row.status,
  actionTaken: row.actionTaken,
  evidence: row.evidence,
  completionDate: row.completionDate,
  raseverity: row.raSeverity,
  raoccurrence: row.raOccurrence,
  radet: row.raDetection,
});

const reRating = (body: { raseverity?: number | null; raoccurrence?: number | null; radet?: number | null }) => ({
  ...(body.raseverity !== undefined && { raSeverity: body.raseverity }),
  ...(body.raoccurrence !== undefined && { raOccurrence: body.raoccurrence }),
  ...(body.radet !== undefined && { raDetection: body.radet }),
});

const ActionFields = {
  kind: z.enum(ALL_CONTROL_KINDS),
  description: RequiredText,
  responsibleUserId: Id.nullable().optional(),
  targetDate: DateText,
  raseverity: Rating,
  raoccurrence: Rating,
  radet: Rating,
};

export const addActionRoute = route('addAction', 'Plan an optimisation action (prevention or detection) on a failure cause', 'add', z.object({ causeId: Id, ...ActionFields }), ActionSchema);
export const updateActionRoute = route(
  'updateAction',
  'Change an action (texts, responsible, dates, evidence, re-rating)',
  'edit',
  z.object({
    id: Id,
    version: Version,
    kind: ActionFields.kind.optional(),
    description: RequiredText.optional(),
    responsibleUserId: ActionFields.responsibleUserId,
    targetDate: DateText,
    raseverity: Rating,
    raoccurrence: Rating,
    radet: Rating,
    actionTaken: OptionalText,
    evidence: OptionalText,
    completionDate: DateText,
    sort: z.number().int().min(1).max(1_000_000).optional(),
  }),
  ActionSchema,
);
export const statusRoute = route(
  'changeActionStatus',
  'Move an action through open → decision pending → implementation pending → completed / not implemented',
  'edit',
  z.object({ id: Id, version: Version, event: z.enum(actionMachine.allEvents), actionTaken: OptionalText, evidence: OptionalText, completionDate: DateText }),
  ActionSchema,
  'Completing needs the action taken and a completion date (given here or already set).',
);
export const deleteActionRoute = route('deleteAction', 'Delete an action', 'del', IdVersionBody, z.null());

export const listActionsRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/actions',
  tag: TAG,
  summary: 'The optimisation actions of a project (status: comma-separated list)',
  access: readAccess,
  request: { query: z.object({ projectId: Id, status: z
        .string()
        .max(200)
        .refine((v) => v.split(',').every((s) => (ACTION_STATUSES as readonly string[]).includes(s.trim())), { message: `one or more of ${ACTION_STATUSES.join(', ')}`, params: { messageKey: 'request.one_of', options: ACTION_STATUSES.join(', ') } })
        .optional(),
      responsibleUserId: Id.optional(), timestamp: Timestamp }) },
  data: z.array(ActionSchema),
});

const ApSummarySchema = z
  .strictObject({
    H: z.number().int(),
    M: z.number().int(),
    L: z.number().int(),
    unrated: z.number().int().openapi({ description: 'Chains without an AP yet (S, O or D missing)' }),
    chains: z.number().int(),
  })
  .openapi('FmeaApSummary', { description: 'How many of the project’s chains have each AP' });

export const recomputeRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/recomputeAp',
  tag: TAG,
  summary: 'Re-evaluate every chain with the project’s AP table and store the counts per AP',
  access: writeAccess('edit'),
  request: jsonBody(z.object({ projectId: Id })),
  data: ApSummarySchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(addActionRoute, async (c) => {
    const { raseverity, raoccurrence, radet, ...body } = c.req.valid('json');
    const told: MessageRow[] = [];
    const row = await addAction(fmeaContext(c), { ...body, ...reRating({ raseverity, raoccurrence, radet }) }, told);
    await notifyChanged(c, row.projectId, 'action', row.id);
    pushMessages(c.var.services.realtime, told);
    return c.json(ok(presentAction(row)), 200);
  });

  app.openapi(updateActionRoute, async (c) => {
    const { id, raseverity, raoccurrence, radet, ...input } = c.req.valid('json');
    const told: MessageRow[] = [];
    const row = await updateAction(fmeaContext(c), id, { ...input, ...reRating({ raseverity, raoccurrence, radet }) }, told);
    await notifyChanged(c, row.projectId, 'action', row.id);
    pushMessages(c.var.services.realtime, told);
    return c.json(ok(presentAction(row)), 200);
  });

  app.openapi(statusRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const row = await changeActionStatus(fmeaContext(c), id, input);
    await notifyChanged(c, row.projectId, 'action', row.id);
    return c.json(ok(presentAction(row)), 200);
  });

  app.openapi(deleteActionRoute, async (c) => {
    const { id, version } = c.req.valid('json');
    const projectId = await projectIdOfItem(c, 'action', id);
    await deleteAction(fmeaContext(c), id, { version });
    if (projectId) await notifyChanged(c, projectId, 'action', id);
    return c.json(ok(null), 200);
  });

  app.openapi(listActionsRoute, async (c) => {
    const { projectId, status, responsibleUserId } = c.req.valid('query');
    const statuses = status ? (status.split(',').map((s) => s.trim()) as ActionStatus[]) : undefined;
    const rows = await listActions(fmeaContext(c), projectId, { statuses, responsibleUserId });
    return c.json(ok(rows.map(presentAction)), 200);
  });

  app.openapi(recomputeRoute, async (c) => {
    const { projectId } = c.req.valid('json');
    const summary = await recomputeAllAp(fmeaContext(c), projectId);
    await notifyChanged(c, projectId, 'project', projectId);
    return c.json(ok({ H: summary.H, M: summary.M, L: summary.L, unrated: summary.unrated, chains: summary.chains }), 200);
  });
}
