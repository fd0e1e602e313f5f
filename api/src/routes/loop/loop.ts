import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  acceptProposal,
  ACTION_STATUSES,
  LOOP_SOURCE_KINDS,
  listLoopMatches,
  listProposalsByProject,
  listProposalsBySource,
  MATCH_ITEMS,
  PROPOSAL_CONTROL_KINDS,
  PROPOSAL_KINDS,
  PROPOSAL_STATUSES,
  proposeChange,
  rejectProposal,
  type LoopMatch,
  type MessageRow,
  type ProposalStatus,
  type ProposalView,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { DateTime, Id, RequiredText } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pushMessages } from '../../realtime/message-push.ts';
import { fmeaContext, notifyChanged, readAccess, writeAccess } from '../fmea/access.ts';
import { DateText, Rating, Timestamp, Version } from '../fmea/schemas.ts';

/**
 * Closing the loop (issue 24, docs/domain/closed-loop.md): FMEA change
 * proposals from a problem's root cause or an EWO. `/api/loop/*` is the
 * source's side (matches, propose, its proposals): signed-in users, the
 * service admits the source's team holding a route that opens the source.
 * `/api/fmea/proposals/*` is the FMEA's side, gated like every FMEA call; the
 * service admits the FMEA's responsible person to decide.
 */
const TAG = 'fmea-loop';

/** A rationale or reason: a paragraph. */
const LongText = z.string().trim().max(2000);
const SourceQuery = z.object({ sourceKind: z.enum(LOOP_SOURCE_KINDS), sourceId: Id, timestamp: Timestamp });

const Reason = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('named') }).openapi({ description: 'The source lists the item itself (an EWO’s affected FMEA items)' }),
  z.strictObject({ kind: z.literal('catalog'), serial: z.string().openapi({ description: 'The catalog record both cite (type:serial number)' }) }),
  z.strictObject({ kind: z.literal('text'), field: z.string().openapi({ description: 'The source field (whyOccurred, whyNotDetected, brief, description)' }), terms: z.array(z.string()) }),
]);

const MatchSchema = z
  .strictObject({
    projectId: z.string(),
    serialNum: z.string(),
    projectName: z.string(),
    projectType: z.string(),
    item: z.enum(MATCH_ITEMS),
    itemId: z.string(),
    text: z.string(),
    rowId: z.string().nullable().openapi({ description: 'The row a change is proposed on (the failure mode or cause; a control’s cause); null for a function' }),
    rowKind: z.enum(['FM', 'FC']).nullable(),
    rowText: z.string().nullable(),
    occurrence: z.number().int().nullable(),
    det: z.number().int().nullable(),
    score: z.number(),
    reasons: z.array(Reason),
  })
  .openapi('LoopMatch', { description: 'An FMEA item a problem or EWO covers, and why' });

const presentMatch = (m: LoopMatch): z.output<typeof MatchSchema> => ({
  projectId: m.projectId,
  serialNum: m.serialNum,
  projectName: m.projectName,
  projectType: m.projectType,
  item: m.item,
  itemId: m.itemId,
  text: m.text,
  rowId: m.rowId,
  rowKind: m.rowKind,
  rowText: m.rowText,
  occurrence: m.occurrence,
  det: m.detection,
  score: m.score,
  reasons: m.reasons.map((r) => (r.kind === 'named' ? { kind: 'named' as const } : r.kind === 'catalog' ? { kind: 'catalog' as const, serial: r.serial } : { kind: 'text' as const, field: r.field, terms: [...r.terms] })),
});

const ProposalSchema = z
  .strictObject({
    id: z.string(),
    version: z.number().int(),
    sourceKind: z.enum(LOOP_SOURCE_KINDS),
    sourceId: z.string(),
    sourceNumber: z.string(),
    sourceItemId: z.string().nullable(),
    sourceLink: z.string().nullable().openapi({ description: 'The workbench page of the problem or EWO' }),
    projectId: z.string(),
    serialNum: z.string(),
    projectName: z.string(),
    projectType: z.string(),
    targetRowId: z.string().nullable().openapi({ description: 'The failure mode or cause; null once deleted' }),
    targetKind: z.enum(['FM', 'FC']),
    targetText: z.string().openapi({ description: 'The row’s text when proposed' }),
    previousOccurrence: z.number().int().nullable(),
    previousDet: z.number().int().nullable(),
    kind: z.enum(PROPOSAL_KINDS),
    description: z.string(),
    rationale: z.string(),
    occurrence: z.number().int().nullable(),
    det: z.number().int().nullable(),
    controlKind: z.enum(PROPOSAL_CONTROL_KINDS).nullable(),
    status: z.enum(PROPOSAL_STATUSES),
    proposedById: z.string().nullable(),
    proposedByName: z.string().nullable(),
    proposedAt: DateTime,
    decidedById: z.string().nullable(),
    decidedByName: z.string().nullable(),
    decidedAt: DateTime.nullable(),
    decisionReason: z.string().nullable(),
    actionId: z.string().nullable().openapi({ description: 'The optimisation action an accepted proposal became' }),
    actionCauseId: z.string().nullable().openapi({ description: 'The cause that action is on (a missing cause: the one added)' }),
    actionStatus: z.enum(ACTION_STATUSES).nullable(),
    causeFunctions: z
      .array(z.strictObject({ id: z.string(), description: z.string(), nodeName: z.string(), isDefault: z.boolean() }).openapi('CauseFunctionChoice'))
      .nullable()
      .openapi({ description: 'An open "add a missing cause": the functions the cause may go on (accept’s causeFunctionId), the default marked; else null' }),
  })
  .openapi('FmeaChangeProposal', { description: 'A change proposed to an FMEA row from a problem (8D) or an EWO' });

const presentProposal = (p: ProposalView): z.output<typeof ProposalSchema> => ({
  id: p.id,
  version: p.version,
  sourceKind: p.sourceKind,
  sourceId: p.sourceId,
  sourceNumber: p.sourceNumber,
  sourceItemId: p.sourceItemId,
  sourceLink: p.sourceLink,
  projectId: p.projectId,
  serialNum: p.serialNum,
  projectName: p.projectName,
  projectType: p.projectType,
  targetRowId: p.targetRowId,
  targetKind: p.targetKind,
  targetText: p.targetText,
  previousOccurrence: p.previousOccurrence,
  previousDet: p.previousDetection,
  kind: p.kind,
  description: p.description,
  rationale: p.rationale,
  occurrence: p.occurrence,
  det: p.detection,
  controlKind: p.controlKind,
  status: p.status,
  proposedById: p.proposedById,
  proposedByName: p.proposedByName,
  proposedAt: p.createdAt.toISOString(),
  decidedById: p.decidedById,
  decidedByName: p.decidedByName,
  decidedAt: p.decidedAt ? p.decidedAt.toISOString() : null,
  decisionReason: p.decisionReason,
  actionId: p.actionId,
  actionCauseId: p.actionCauseId,
  actionStatus: (p.actionStatus as (typeof ACTION_STATUSES)[number] | null) ?? null,
  causeFunctions: p.causeFunctions ? p.causeFunctions.map((f) => ({ ...f })) : null,
});

export const matchesRoute = defineRoute({
  method: 'get',
  path: '/api/loop/matches',
  tag: TAG,
  summary: 'The FMEA items a problem or EWO covers (catalog links, then shared words), best first with the reasons',
  description: 'Asked by the source’s team; only FMEAs the caller may open are searched.',
  access: 'user',
  request: { query: SourceQuery },
  data: z.array(MatchSchema),
});

export const proposeRoute = defineRoute({
  method: 'post',
  path: '/api/loop/propose',
  tag: TAG,
  summary: 'Propose an FMEA change from a problem or EWO: a missing cause (on a failure mode), a higher O or D, or a control (on a cause)',
  description: 'By the source’s team, on an FMEA they may open; the FMEA’s responsible person gets a task message.',
  access: 'user',
  request: jsonBody(
    z.object({
      sourceKind: z.enum(LOOP_SOURCE_KINDS),
      sourceId: Id,
      sourceItemId: Id.nullable().optional(),
      targetRowId: Id,
      kind: z.enum(PROPOSAL_KINDS),
      description: RequiredText,
      rationale: LongText,
      occurrence: Rating,
      det: Rating,
      controlKind: z.enum(PROPOSAL_CONTROL_KINDS).nullable().optional(),
    }),
  ),
  data: ProposalSchema,
});

export const bySourceRoute = defineRoute({
  method: 'get',
  path: '/api/loop/proposals',
  tag: TAG,
  summary: 'The FMEA change proposals of a problem or EWO: which FMEAs it updated, or asked to',
  access: 'user',
  request: { query: SourceQuery },
  data: z.array(ProposalSchema),
});

const STATUS_LIST = z
  .string()
  .max(200)
  .refine((v) => v.split(',').every((s) => (PROPOSAL_STATUSES as readonly string[]).includes(s.trim())), {
    message: `one or more of ${PROPOSAL_STATUSES.join(', ')}`,
    params: { messageKey: 'request.one_of', options: PROPOSAL_STATUSES.join(', ') },
  })
  .optional();

export const byProjectRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/proposals',
  tag: TAG,
  summary: 'The change proposals on an FMEA project (status: comma-separated list), open ones first',
  access: readAccess,
  request: { query: z.object({ projectId: Id, status: STATUS_LIST, timestamp: Timestamp }) },
  data: z.array(ProposalSchema),
});

export const acceptRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/proposals/accept',
  tag: TAG,
  summary: 'Accept a change proposal: it becomes an optimisation action on its row (a missing cause is added first)',
  description: 'The FMEA’s responsible person (team role 0) only.',
  access: writeAccess('add'),
  request: jsonBody(z.object({ id: Id, version: Version, responsibleUserId: Id.nullable().optional(), targetDate: DateText, causeFunctionId: Id.nullable().optional(), reason: LongText.nullable().optional() })),
  data: ProposalSchema,
});

export const rejectRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/proposals/reject',
  tag: TAG,
  summary: 'Reject a change proposal with a reason',
  description: 'The FMEA’s responsible person (team role 0) only.',
  access: writeAccess('edit'),
  request: jsonBody(z.object({ id: Id, version: Version, reason: LongText })),
  data: ProposalSchema,
});

/** One proposal as the lists present it. */
async function viewOf(c: Parameters<typeof fmeaContext>[0], projectId: string, id: string) {
  const rows = await listProposalsByProject(fmeaContext(c), projectId);
  return rows.find((r) => r.id === id)!;
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(matchesRoute, async (c) => {
    const { sourceKind, sourceId } = c.req.valid('query');
    return c.json(ok((await listLoopMatches(fmeaContext(c), sourceKind, sourceId)).map(presentMatch)), 200);
  });

  app.openapi(proposeRoute, async (c) => {
    const { det, ...body } = c.req.valid('json');
    const told: MessageRow[] = [];
    const row = await proposeChange(fmeaContext(c), { ...body, detection: det }, told);
    pushMessages(c.var.services.realtime, told);
    const [view] = (await listProposalsBySource(fmeaContext(c), row.sourceKind, row.sourceId)).filter((p) => p.id === row.id);
    return c.json(ok(presentProposal(view!)), 200);
  });

  app.openapi(bySourceRoute, async (c) => {
    const { sourceKind, sourceId } = c.req.valid('query');
    return c.json(ok((await listProposalsBySource(fmeaContext(c), sourceKind, sourceId)).map(presentProposal)), 200);
  });

  app.openapi(byProjectRoute, async (c) => {
    const { projectId, status } = c.req.valid('query');
    const statuses = status ? (status.split(',').map((s) => s.trim()) as ProposalStatus[]) : undefined;
    return c.json(ok((await listProposalsByProject(fmeaContext(c), projectId, { statuses })).map(presentProposal)), 200);
  });

  app.openapi(acceptRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const told: MessageRow[] = [];
    const row = await acceptProposal(fmeaContext(c), id, input, told);
    pushMessages(c.var.services.realtime, told);
    if (row.actionId) await notifyChanged(c, row.projectId, 'action', row.actionId);
    return c.json(ok(presentProposal(await viewOf(c, row.projectId, row.id))), 200);
  });

  app.openapi(rejectRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const told: MessageRow[] = [];
    const row = await rejectProposal(fmeaContext(c), id, input, told);
    pushMessages(c.var.services.realtime, told);
    return c.json(ok(presentProposal(await viewOf(c, row.projectId, row.id))), 200);
  });
}
