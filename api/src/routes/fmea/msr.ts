import type { OpenAPIHono } from '@hono/zod-openapi';
import { ACTION_STATUSES, AP_LEVELS, MSR_CONTROL_KINDS, rateMsr, readMsr, type FmeaFailureRow, type MsrRow } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { fmeaContext, notifyChanged, readAccess, writeAccess } from './access.ts';
import { Id, OptionalText, Rating, Timestamp, Version } from './schemas.ts';

/**
 * FMEA-MSR (docs/domain/msr.md): the MSR form of a project and the MSR
 * ratings of a cause. Monitoring and response controls and MSR actions go
 * through the control and action routes with kind `monitoring` or `response`
 * (an MSR action's raseverity is the severity after the system response,
 * raoccurrence F and radet M after the action).
 */
const TAG = 'fmea-risk';

const Ap = z.enum(AP_LEVELS).nullable();
const MsrControlSchema = z.strictObject({ id: z.string(), version: z.number().int(), kind: z.enum(MSR_CONTROL_KINDS), description: z.string() });
const MsrActionSchema = z.strictObject({
  id: z.string(),
  version: z.number().int(),
  kind: z.enum(MSR_CONTROL_KINDS),
  description: z.string(),
  responsibleUserId: z.string().nullable(),
  targetDate: z.string().nullable(),
  status: z.enum(ACTION_STATUSES),
  actionTaken: z.string().nullable(),
  completionDate: z.string().nullable(),
  severityAfter: z.number().int().nullable().openapi({ description: 'Severity after the system response once the action is in (stored as the action’s raseverity)' }),
  frequencyAfter: z.number().int().nullable().openapi({ description: 'F after the action (raoccurrence)' }),
  monitoringAfter: z.number().int().nullable().openapi({ description: 'M after the action (radet)' }),
});

const MsrRowSchema = z
  .strictObject({
    causeId: z.string(),
    version: z.number().int().openapi({ description: 'The cause’s version, for /api/fmea/rateMsr' }),
    elementName: z.string(),
    functionDescription: z.string(),
    cause: z.string(),
    modes: z.array(z.string()),
    effect: z.string().nullable().openapi({ description: 'The most severe failure effect of the cause’s modes (step 4)' }),
    severity: z.number().int().nullable().openapi({ description: 'S of that effect: the S the MSR AP reads' }),
    frequency: z.number().int().nullable().openapi({ description: 'F: frequency of the cause in the field' }),
    monitoring: z.number().int().nullable().openapi({ description: 'M: monitoring and system response' }),
    effectAfterResponse: z.string().nullable(),
    severityAfterResponse: z.number().int().nullable(),
    monitoringControls: z.array(MsrControlSchema),
    responseControls: z.array(MsrControlSchema),
    ap: Ap.openapi({ description: 'The MSR action priority from the stored MSR rules (S, F, M); null until all three are rated' }),
    actions: z.array(MsrActionSchema),
    after: z
      .strictObject({ severityAfterResponse: z.number().int().nullable(), frequency: z.number().int().nullable(), monitoring: z.number().int().nullable(), ap: Ap })
      .nullable()
      .openapi({ description: 'Ratings after the MSR actions (those not implemented do not count); null without any re-rating' }),
  })
  .openapi('FmeaMsrRow', { description: 'One row of the FMEA-MSR form: a failure cause with its MSR ratings, controls and actions' });

export const msrRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/msr',
  tag: TAG,
  summary: 'The FMEA-MSR form of a project: one row per failure cause, with F, M, the effect after the system response and the MSR AP',
  description: 'A project whose kind has no MSR steps answers `msr: false` and no rows.',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: z.strictObject({ msr: z.boolean(), rows: z.array(MsrRowSchema) }),
});

const MsrRatingSchema = z
  .strictObject({
    id: z.string(),
    version: z.number().int(),
    msrFrequency: z.number().int().nullable(),
    msrMonitoring: z.number().int().nullable(),
    msrSeverity: z.number().int().nullable(),
    msrEffect: z.string().nullable(),
  })
  .openapi('FmeaMsrRating', { description: 'The MSR ratings of a failure cause' });

export const rateMsrRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/rateMsr',
  tag: TAG,
  summary: 'Rate a failure cause for FMEA-MSR: frequency F, monitoring M (1..10), the most severe effect after the system response and its severity (null clears)',
  access: writeAccess('edit'),
  request: jsonBody(z.object({ id: Id, version: Version, msrFrequency: Rating, msrMonitoring: Rating, msrSeverity: Rating, msrEffect: OptionalText })),
  data: MsrRatingSchema,
});

const presentRating = (row: FmeaFailureRow): z.output<typeof MsrRatingSchema> => ({
  id: row.id,
  version: row.version,
  msrFrequency: row.msrFrequency,
  msrMonitoring: row.msrMonitoring,
  msrSeverity: row.msrSeverity,
  msrEffect: row.msrEffect,
});

/** A row field by field (never spread: a new field reaches no client by accident). */
const presentRow = (r: MsrRow): z.output<typeof MsrRowSchema> => ({
  causeId: r.causeId,
  version: r.version,
  elementName: r.elementName,
  functionDescription: r.functionDescription,
  cause: r.cause,
  modes: [...r.modes],
  effect: r.effect,
  severity: r.severity,
  frequency: r.frequency,
  monitoring: r.monitoring,
  effectAfterResponse: r.effectAfterResponse,
  severityAfterResponse: r.severityAfterResponse,
  monitoringControls: r.monitoringControls.map((c) => ({ id: c.id, version: c.version, kind: c.kind, description: c.description })),
  responseControls: r.responseControls.map((c) => ({ id: c.id, version: c.version, kind: c.kind, description: c.description })),
  ap: r.ap,
  actions: r.actions.map((a) => ({
    id: a.id,
    version: a.version,
    kind: a.kind,
    description: a.description,
    responsibleUserId: a.responsibleUserId,
    targetDate: a.targetDate,
    status: a.status,
    actionTaken: a.actionTaken,
    completionDate: a.completionDate,
    severityAfter: a.severityAfter,
    frequencyAfter: a.frequencyAfter,
    monitoringAfter: a.monitoringAfter,
  })),
  after: r.after && { severityAfterResponse: r.after.severityAfterResponse, frequency: r.after.frequency, monitoring: r.after.monitoring, ap: r.after.ap },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(msrRoute, async (c) => {
    const { projectId } = c.req.valid('query');
    const form = await readMsr(fmeaContext(c), projectId);
    return c.json(ok({ msr: form.msr, rows: form.rows.map(presentRow) }), 200);
  });

  app.openapi(rateMsrRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const row = await rateMsr(fmeaContext(c), id, input);
    await notifyChanged(c, row.projectId, 'failure', row.id);
    return c.json(ok(presentRating(row)), 200);
  });
}
