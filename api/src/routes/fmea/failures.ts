import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  addControl,
  addFailure,
  ALL_CONTROL_KINDS,
  deleteControl,
  deleteFailure,
  FAILURE_KINDS,
  linkFailures,
  rateCause,
  rateEffect,
  setControls,
  unlinkFailures,
  updateControl,
  updateFailure,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { fmeaContext, notifyChanged, projectIdOfItem, writeAccess } from './access.ts';
import {
  CatalogRecordIdInput,
  ControlSchema,
  DeleteBody,
  FailureLinkSchema,
  FailureSchema,
  Id,
  IdVersionBody,
  presentControl,
  presentFailure,
  presentFailureLink,
  presentImpact,
  Rating,
  RemovedSchema,
  RequiredText,
  Version,
} from './schemas.ts';

/** Step 4 (failure effects, modes and causes and the failure net) and the ratings and controls of step 5. */
const TAG = 'fmea-failures';

const route = <const P extends string, D extends z.ZodType, B extends z.ZodType>(path: P, summary: string, button: 'add' | 'edit' | 'del', body: B, data: D, description?: string) =>
  defineRoute({ method: 'post', path: `/api/fmea/${path}` as const, tag: TAG, summary, description, access: writeAccess(button), request: jsonBody(body), data });

const FrequencyRatio = z.number().min(-1000).max(1000).nullable().optional();

export const addFailureRoute = route(
  'addFailure',
  'Add a failure effect (FE, with S), mode (FM, with a frequency ratio) or cause (FC, with O and D) to a function',
  'add',
  z.object({
    functionId: Id,
    kind: z.enum(FAILURE_KINDS),
    description: RequiredText,
    severity: Rating,
    occurrence: Rating,
    det: Rating,
    frequencyRatio: FrequencyRatio,
    catalogRecordId: CatalogRecordIdInput,
  }),
  FailureSchema,
  'With catalogRecordId (a picked failure record) an effect without S takes the record’s severity and a cause without O its occurrence.',
);
export const updateFailureRoute = route(
  'updateFailure',
  'Change a failure’s description, ratings or frequency ratio',
  'edit',
  z.object({
    id: Id,
    version: Version,
    description: RequiredText.optional(),
    severity: Rating,
    occurrence: Rating,
    det: Rating,
    frequencyRatio: FrequencyRatio,
    sort: z.number().int().min(1).max(1_000_000).optional(),
    catalogRecordId: CatalogRecordIdInput,
  }),
  FailureSchema,
);
export const rateEffectRoute = route('rateEffect', 'Rate the severity of a failure effect (1..10; null clears it)', 'edit', z.object({ id: Id, version: Version, severity: Rating }), FailureSchema);
export const rateCauseRoute = route('rateCause', 'Rate the occurrence and detection of a failure cause (1..10; null clears)', 'edit', z.object({ id: Id, version: Version, occurrence: Rating, det: Rating }), FailureSchema);
export const deleteFailureRoute = route('deleteFailure', 'Delete a failure with its controls, actions and links', 'del', DeleteBody, RemovedSchema, '409 with data.count while failures of other nodes link to it and confirm is not true.');
export const linkFailuresRoute = route(
  'linkFailures',
  'Failure net: link FE → FM or FM → FC (the chain rule across structure levels)',
  'add',
  z.object({ higherFailureId: Id, lowerFailureId: Id }),
  FailureLinkSchema,
);
export const unlinkFailuresRoute = route(
  'unlinkFailures',
  'Remove a failure-net link, by id or by its two ends',
  'del',
  z.union([z.object({ id: Id }), z.object({ higherFailureId: Id, lowerFailureId: Id })]),
  z.null(),
);

const ControlKind = z.enum(ALL_CONTROL_KINDS);
export const addControlRoute = route(
  'addControl',
  'Add a current prevention or detection control to a failure cause, optionally citing the catalog measure picked for its text',
  'add',
  z.object({ causeId: Id, kind: ControlKind, description: RequiredText, catalogRecordId: CatalogRecordIdInput }),
  ControlSchema,
);
export const updateControlRoute = route(
  'updateControl',
  'Change a control',
  'edit',
  z.object({
    id: Id,
    version: Version,
    kind: ControlKind.optional(),
    description: RequiredText.optional(),
    sort: z.number().int().min(1).max(1_000_000).optional(),
    catalogRecordId: CatalogRecordIdInput,
  }),
  ControlSchema,
);
export const deleteControlRoute = route('deleteControl', 'Delete a control', 'del', IdVersionBody, z.null());
export const setControlsRoute = route(
  'setControls',
  'Set the prevention or detection controls (or, on a project with the FMEA-MSR steps, the diagnostic monitoring or system response) of a failure cause to a list, in one transaction: unchanged texts stay, the n-th text rewords the n-th control, further texts are added and further controls deleted (each needs its right: edit, add, del). `seen` lists the controls of that kind as the caller read them (id and version, in order); when the list changed since, nothing is written (409).',
  'edit',
  z.object({
    causeId: Id,
    kind: ControlKind,
    descriptions: z.array(RequiredText).max(100),
    seen: z.array(z.object({ id: Id, version: Version })).max(100),
  }),
  z.array(ControlSchema),
);

const ratings = (body: { severity?: number | null; occurrence?: number | null; det?: number | null }) => ({
  ...(body.severity !== undefined && { severity: body.severity }),
  ...(body.occurrence !== undefined && { occurrence: body.occurrence }),
  ...(body.det !== undefined && { detection: body.det }),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(addFailureRoute, async (c) => {
    const { severity, occurrence, det, ...body } = c.req.valid('json');
    const row = await addFailure(fmeaContext(c), { ...body, ...ratings({ severity, occurrence, det }) });
    await notifyChanged(c, row.projectId, 'failure', row.id);
    return c.json(ok(presentFailure(row)), 200);
  });

  app.openapi(updateFailureRoute, async (c) => {
    const { id, severity, occurrence, det, ...input } = c.req.valid('json');
    const row = await updateFailure(fmeaContext(c), id, { ...input, ...ratings({ severity, occurrence, det }) });
    await notifyChanged(c, row.projectId, 'failure', row.id);
    return c.json(ok(presentFailure(row)), 200);
  });

  app.openapi(rateEffectRoute, async (c) => {
    const { id, version, severity } = c.req.valid('json');
    const row = await rateEffect(fmeaContext(c), id, { version, severity: severity ?? null });
    await notifyChanged(c, row.projectId, 'failure', row.id);
    return c.json(ok(presentFailure(row)), 200);
  });

  app.openapi(rateCauseRoute, async (c) => {
    const { id, version, occurrence, det } = c.req.valid('json');
    const row = await rateCause(fmeaContext(c), id, { version, ...ratings({ occurrence, det }) });
    await notifyChanged(c, row.projectId, 'failure', row.id);
    return c.json(ok(presentFailure(row)), 200);
  });

  app.openapi(deleteFailureRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const projectId = await projectIdOfItem(c, 'failure', id);
    const impact = await deleteFailure(fmeaContext(c), id, input);
    if (projectId) await notifyChanged(c, projectId, 'failure', id);
    return c.json(ok(presentImpact(impact)), 200);
  });

  app.openapi(linkFailuresRoute, async (c) => {
    const body = c.req.valid('json');
    const row = await linkFailures(fmeaContext(c), body);
    await notifyChanged(c, row.projectId, 'failureLink', row.id);
    return c.json(ok(presentFailureLink(row)), 200);
  });

  app.openapi(unlinkFailuresRoute, async (c) => {
    const body = c.req.valid('json');
    const projectId = 'id' in body ? await projectIdOfItem(c, 'failureLink', body.id) : await projectIdOfItem(c, 'failure', body.higherFailureId);
    await unlinkFailures(fmeaContext(c), 'id' in body ? body.id : body);
    if (projectId) await notifyChanged(c, projectId, 'failureLink', 'id' in body ? body.id : `${body.higherFailureId}>${body.lowerFailureId}`);
    return c.json(ok(null), 200);
  });

  app.openapi(addControlRoute, async (c) => {
    const body = c.req.valid('json');
    const row = await addControl(fmeaContext(c), body);
    await notifyChanged(c, row.projectId, 'control', row.id);
    return c.json(ok(presentControl(row)), 200);
  });

  app.openapi(updateControlRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const row = await updateControl(fmeaContext(c), id, input);
    await notifyChanged(c, row.projectId, 'control', row.id);
    return c.json(ok(presentControl(row)), 200);
  });

  app.openapi(setControlsRoute, async (c) => {
    const body = c.req.valid('json');
    const rows = await setControls(fmeaContext(c), body);
    const projectId = await projectIdOfItem(c, 'failure', body.causeId);
    if (projectId) await notifyChanged(c, projectId, 'control', body.causeId);
    return c.json(ok(rows.map(presentControl)), 200);
  });

  app.openapi(deleteControlRoute, async (c) => {
    const { id, version } = c.req.valid('json');
    const projectId = await projectIdOfItem(c, 'control', id);
    await deleteControl(fmeaContext(c), id, { version });
    if (projectId) await notifyChanged(c, projectId, 'control', id);
    return c.json(ok(null), 200);
  });
}
