import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import {
  ACTION_STATUSES,
  actionMachine,
  addAction,
  AP_LEVELS,
  changeActionStatus,
  CHARACTERISTIC_CLASSES,
  CONTROL_KINDS,
  deleteAction,
  GRID_PAGE_MAX,
  listActions,
  readRiskGridJson,
  recomputeAllAp,
  updateAction,
  type ActionStatus,
  type ApLevel,
  type FmeaActionRow,
  type RiskGridJsonPage,
  type RiskGridJsonRow,
  type RiskGridRow,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { fmeaContext, notifyChanged, projectIdOfItem, readAccess, writeAccess } from './access.ts';
import { DateText, GridControlFields, Id, IdVersionBody, OptionalText, Rating, RequiredText, Timestamp, Version, type Plain } from './schemas.ts';

/** Step 5 (the risk grid) and step 6 (optimisation actions with their re-rating). */
const TAG = 'fmea-risk';

const route = <const P extends string, D extends z.ZodType, B extends z.ZodType>(path: P, summary: string, button: 'add' | 'edit' | 'del', body: B, data: D, description?: string) =>
  defineRoute({ method: 'post', path: `/api/fmea/${path}` as const, tag: TAG, summary, description, access: writeAccess(button), request: jsonBody(body), data });

const ActionSchema = z
  .strictObject({
    id: z.string(),
    version: z.number().int(),
    sort: z.number().int(),
    causeId: z.string(),
    kind: z.enum(CONTROL_KINDS),
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
  kind: z.enum(CONTROL_KINDS),
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

const Flag = z.enum(['0', '1', 'true', 'false']).optional();
const on = (flag: string | undefined) => flag === '1' || flag === 'true';

/** The chain's effect or cause: its id and version for edits, its text, rating and place, and how many chains of the project share it. */
const SharedFailure = <R extends z.ZodRawShape>(rating: string, ratings: R) =>
  z
    .strictObject({
      id: z.string(),
      version: z.number().int(),
      description: z.string(),
      ...ratings,
      elementName: z.string(),
      functionDescription: z.string(),
      chains: z.number().int().openapi({ description: `How many chains of the whole project run through this failure (not only the page or filter shown): rating ${rating} changes all of them` }),
    })
    .nullable();

const Rated = z.number().int().nullable();
const GridCharacteristic = z.strictObject({ id: z.string(), name: z.string(), characteristicClass: z.enum(CHARACTERISTIC_CLASSES), special: z.boolean() });
const GridAction = z.strictObject({
  id: z.string(),
  version: z.number().int(),
  kind: z.enum(CONTROL_KINDS),
  description: z.string(),
  status: z.enum(ACTION_STATUSES),
  responsibleUserId: z.string().nullable(),
  targetDate: z.string().nullable(),
  actionTaken: z.string().nullable(),
  evidence: z.string().nullable(),
  completionDate: z.string().nullable(),
  raSeverity: Rated,
  raOccurrence: Rated,
  raDetection: Rated,
});

const GridRowSchema = z
  .strictObject({
    elementId: z.string(),
    elementName: z.string(),
    functionId: z.string(),
    functionDescription: z.string(),
    requirement: z.string().nullable(),
    effect: SharedFailure('S', { severity: Rated }),
    mode: z.strictObject({ id: z.string(), version: z.number().int(), description: z.string(), frequencyRatio: z.number().nullable() }),
    cause: SharedFailure('O or D', { occurrence: Rated, detection: Rated }),
    ...GridControlFields,
    characteristics: z.array(GridCharacteristic).openapi({ description: 'Characteristics of the mode’s and the cause’s functions' }),
    actions: z.array(GridAction).openapi({ description: 'The cause’s actions in their order' }),
    specialCharacteristics: z.array(GridCharacteristic).openapi({ description: 'The special characteristics among them' }),
    characteristicClass: z.enum(CHARACTERISTIC_CLASSES).nullable().openapi({ description: 'The most serious class of the special characteristics' }),
    hasOpenActions: z.boolean(),
    severity: z.number().int().nullable(),
    occurrence: z.number().int().nullable(),
    detection: z.number().int().nullable(),
    det: z.number().int().nullable().openapi({ description: 'D under the spec’s name (the same as detection)' }),
    ap: z.enum(AP_LEVELS).nullable(),
    rpn: z.number().int().nullable(),
    raseverity: z.number().int().nullable(),
    raoccurrence: z.number().int().nullable(),
    radet: z.number().int().nullable(),
    rarpn: z.number().int().nullable(),
    raAp: z.enum(AP_LEVELS).nullable(),
  })
  .openapi('FmeaRiskRow', {
    description: 'A chain is named by its effect, mode and cause ids (effect and cause may be null); the row carries no key of its own.',
  });

/**
 * The grid's rows are sent as JSON text (`gridRowJson`), so no handler type
 * holds them to the schema: this does. It compiles while the engine's row, as
 * sent (without the chain key and the control texts by kind, D also as `det`),
 * is what the schema describes, which is what the workbench reads.
 */
export const gridRowAsSent = (row: Plain<Omit<RiskGridRow, 'chainKey' | 'preventionControls' | 'detectionControls'>> & { det: number | null }): z.output<typeof GridRowSchema> => row;

export const gridRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/riskGrid',
  tag: TAG,
  summary: 'The risk grid: one row per failure chain FE–FM–FC in AIAG-VDA form order, with AP and RPN',
  description:
    'Filters: ap (comma-separated H, M, L), openActions=1, special=1 (special characteristics). Pages up to 20,000 rows (default 500); pages of more than 1,000 rows are streamed (chunked transfer).',
  access: readAccess,
  request: {
    query: z.object({
      projectId: Id,
      page: z.coerce.number().int().min(1).max(1_000_000).optional(),
      limit: z.coerce.number().int().min(1).max(GRID_PAGE_MAX).optional(),
      ap: z.string().regex(/^[HML](,[HML]){0,2}$/).optional(),
      openActions: Flag,
      special: Flag,
      timestamp: Timestamp,
    }),
  },
  data: z.strictObject({ items: z.array(GridRowSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
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

const quoted = (value: string | null) => (value === null ? 'null' : `"${value}"`);

/** A grid row as the API sends it: the stored facts as SQLite wrote them, then the rated columns (and `det`, the spec's name for D). */
function gridRowJson({ facts, risk: r, specialCharacteristics, characteristicClass }: RiskGridJsonRow): string {
  return (
    `${facts.slice(0, -1)},"severity":${r.severity},"occurrence":${r.occurrence},"detection":${r.detection},"det":${r.detection},` +
    `"ap":${quoted(r.ap)},"rpn":${r.rpn},"specialCharacteristics":${specialCharacteristics},"characteristicClass":${quoted(characteristicClass)},` +
    `"hasOpenActions":${r.hasOpenActions},"raseverity":${r.raseverity},"raoccurrence":${r.raoccurrence},"radet":${r.radet},"rarpn":${r.rarpn},"raAp":${quoted(r.raAp)}}`
  );
}

/** Rows per chunk of a streamed grid answer (about 1.3 MB of JSON with the bench's texts). */
export const GRID_STREAM_ROWS = 1000;

/**
 * The grid's envelope with its rows joined as text, never as one object
 * serialised whole: up to `GRID_STREAM_ROWS` rows in one body, larger pages
 * streamed in chunks of that many rows (a 20,000-row page is some 28 MB).
 */
function sendGrid(c: Context<AppEnv>, grid: RiskGridJsonPage): Response {
  const envelope = JSON.stringify(ok({ total: grid.total, page: grid.page, limit: grid.limit, items: [] }));
  // the envelope ends with `"items":[]}}`: rows go between the brackets
  const head = envelope.slice(0, -3);
  const tail = envelope.slice(-3);
  const chunk = (from: number) => {
    const parts: string[] = [];
    for (let i = from; i < Math.min(grid.items.length, from + GRID_STREAM_ROWS); i++) parts.push(gridRowJson(grid.items[i]!));
    return parts.join(',');
  };
  c.header('content-type', 'application/json; charset=UTF-8');
  if (grid.items.length <= GRID_STREAM_ROWS) return c.body(head + chunk(0) + tail, 200);
  c.set('streamed', true);
  return stream(c, async (out) => {
    await out.write(head);
    for (let from = 0; from < grid.items.length; from += GRID_STREAM_ROWS) await out.write((from > 0 ? ',' : '') + chunk(from));
    await out.write(tail);
  });
}

export function registerActionRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(addActionRoute, async (c) => {
    const { raseverity, raoccurrence, radet, ...body } = c.req.valid('json');
    const row = await addAction(fmeaContext(c), { ...body, ...reRating({ raseverity, raoccurrence, radet }) });
    await notifyChanged(c, row.projectId, 'action', row.id);
    return c.json(ok(presentAction(row)), 200);
  });

  app.openapi(updateActionRoute, async (c) => {
    const { id, raseverity, raoccurrence, radet, ...input } = c.req.valid('json');
    const row = await updateAction(fmeaContext(c), id, { ...input, ...reRating({ raseverity, raoccurrence, radet }) });
    await notifyChanged(c, row.projectId, 'action', row.id);
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

  app.openapi(gridRoute, async (c) => {
    const q = c.req.valid('query');
    const grid = await readRiskGridJson(fmeaContext(c), q.projectId, {
      page: q.page,
      limit: q.limit,
      ap: q.ap ? (q.ap.split(',') as ApLevel[]) : undefined,
      openActions: on(q.openActions),
      specialCharacteristics: on(q.special),
    });
    return sendGrid(c, grid) as never;
  });

  app.openapi(recomputeRoute, async (c) => {
    const { projectId } = c.req.valid('json');
    const summary = await recomputeAllAp(fmeaContext(c), projectId);
    await notifyChanged(c, projectId, 'project', projectId);
    return c.json(ok({ H: summary.H, M: summary.M, L: summary.L, unrated: summary.unrated, chains: summary.chains }), 200);
  });
}
