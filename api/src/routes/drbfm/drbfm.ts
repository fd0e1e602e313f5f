import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  concernTargets,
  createDrbfm,
  drbfmArea,
  DRBFM_ACTION_KINDS,
  DRBFM_ACTION_STATUSES,
  DRBFM_IMPORTANCES,
  DRBFM_CHANGE_TEXT,
  DRBFM_LINE_TEXT,
  DRBFM_MINUTES_TEXT,
  DRBFM_PART_KINDS,
  exportDrbfmWorkbook,
  getDrbfm,
  listRecentProjects,
  PROPOSAL_CONTROL_KINDS,
  PROPOSAL_KINDS,
  removeDrbfmAction,
  removeDrbfmConcern,
  removeDrbfmMeeting,
  removeDrbfmPart,
  saveDrbfmAction,
  saveDrbfmConcern,
  saveDrbfmMeeting,
  saveDrbfmPart,
  sendConcernToFmea,
  updateDrbfmChange,
  type DrbfmView,
  type MessageRow,
} from '@fmea/core';
import type { Context } from 'hono';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { DateTime, Id } from '../../http/fields.ts';
import { contentDisposition } from '../../http/files.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pushMessages } from '../../realtime/message-push.ts';
import { fmeaContext, notifyChanged } from '../fmea/access.ts';
import { Rating, Timestamp, Version } from '../fmea/schemas.ts';
import { XLSX_TYPE } from '../fmea/transfer.ts';

/**
 * DRBFM over HTTP (issue 25; docs/domain/drbfm.md): create (entered or from an EWO), the worksheet, the change,
 * each row kind saved and removed on its own, a concern sent to a DFMEA (a closed-loop proposal), the DFMEA rows it
 * may go to, the DRBFM sheet as a workbook and the home page's recent list. The project list, header, team, review
 * and baselines are the FMEA project routes, which take a DRBFM as any kind. Gated on the DRBFM area's route; the
 * engine checks membership, the review lock, and the EWO's and DFMEA's own access.
 */
const TAG = 'drbfm';
const ROUTE = 'drbfm_index' as const;

const iso = (d: Date) => d.toISOString();
const Line = z.string().max(DRBFM_LINE_TEXT);

const DateText = z.string().max(40).openapi({ description: 'YYYY-MM-DD' });

const Stamp = { version: z.number().int(), createdAt: DateTime, updatedAt: DateTime };
const ChangeSchema = z.strictObject({
  ewoId: z.string().nullable(),
  ewoNum: z.string().nullable().openapi({ description: 'The EWO (EC…) the DRBFM was made from' }),
  changePoint: z.string(),
  changeReason: z.string().nullable(),
  beforeChange: z.string().nullable(),
  afterChange: z.string().nullable(),
  version: z.number().int(),
});
const PartSchema = z.strictObject({ id: z.string(), sort: z.number().int(), partKind: z.enum(DRBFM_PART_KINDS), refId: z.string().nullable(), code: z.string().nullable(), name: z.string(), functions: z.string().nullable(), changeNote: z.string().nullable(), ...Stamp }).openapi('DrbfmPart');
const TraceSchema = z
  .strictObject({
    id: z.string().openapi({ description: 'The proposal' }),
    projectId: z.string(),
    serialNum: z.string(),
    projectName: z.string(),
    projectType: z.string(),
    targetRowId: z.string().nullable(),
    targetKind: z.enum(['FM', 'FC']),
    targetText: z.string(),
    kind: z.string(),
    description: z.string(),
    status: z.string(),
    decisionReason: z.string().nullable(),
  })
  .openapi('DrbfmConcernTrace');
const ConcernSchema = z
  .strictObject({
    id: z.string(),
    partId: z.string(),
    sort: z.number().int(),
    partFunction: z.string().nullable(),
    concern: z.string(),
    raisedById: z.string().nullable(),
    raisedByName: z.string().nullable(),
    influence: z.string().nullable(),
    cause: z.string().nullable(),
    importance: z.enum(DRBFM_IMPORTANCES).nullable(),
    sentTo: z.array(TraceSchema).openapi({ description: 'The FMEA rows the concern was proposed to, with the decision' }),
    ...Stamp,
  })
  .openapi('DrbfmConcern');
const ActionSchema = z
  .strictObject({
    id: z.string(),
    concernId: z.string(),
    sort: z.number().int(),
    kind: z.enum(DRBFM_ACTION_KINDS),
    description: z.string(),
    responsibleUserId: z.string().nullable(),
    responsibleName: z.string().nullable(),
    targetDate: z.string().nullable(),
    status: z.enum(DRBFM_ACTION_STATUSES),
    result: z.string().nullable(),
    ...Stamp,
  })
  .openapi('DrbfmAction');
const MeetingSchema = z.strictObject({ id: z.string(), meetingDate: z.string(), participants: z.string(), minutes: z.string().nullable(), decisions: z.string().nullable(), ...Stamp }).openapi('DrbfmMeeting');
const ViewSchema = z
  .strictObject({
    projectId: z.string(),
    serialNum: z.string().openapi({ description: 'The DRBFM number (DR…)' }),
    name: z.string(),
    reviewStatus: z.string(),
    canEdit: z.boolean(),
    change: ChangeSchema,
    parts: z.array(PartSchema),
    concerns: z.array(ConcernSchema),
    actions: z.array(ActionSchema),
    meetings: z.array(MeetingSchema),
    team: z.array(z.strictObject({ userId: z.string(), name: z.string() })).openapi({ description: 'The team: who may raise a concern and be responsible for an action' }),
  })
  .openapi('Drbfm');

const stamp = (r: { version: number; createdAt: Date; updatedAt: Date }) => ({ version: r.version, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) });
const present = (v: DrbfmView): z.infer<typeof ViewSchema> => ({
  projectId: v.projectId,
  serialNum: v.serialNum,
  name: v.name,
  reviewStatus: v.reviewStatus,
  canEdit: v.canEdit,
  change: { ewoId: v.change.ewoId, ewoNum: v.change.ewoNum, changePoint: v.change.changePoint, changeReason: v.change.changeReason, beforeChange: v.change.beforeChange, afterChange: v.change.afterChange, version: v.change.version },
  parts: v.parts.map((p) => ({ id: p.id, sort: p.sort, partKind: p.partKind, refId: p.refId, code: p.code, name: p.name, functions: p.functions, changeNote: p.changeNote, ...stamp(p) })),
  concerns: v.concerns.map((c) => ({
    id: c.id,
    partId: c.partId,
    sort: c.sort,
    partFunction: c.partFunction,
    concern: c.concern,
    raisedById: c.raisedById,
    raisedByName: c.raisedByName,
    influence: c.influence,
    cause: c.cause,
    importance: c.importance,
    sentTo: c.sentTo.map((t) => ({ id: t.id, projectId: t.projectId, serialNum: t.serialNum, projectName: t.projectName, projectType: t.projectType, targetRowId: t.targetRowId, targetKind: t.targetKind, targetText: t.targetText, kind: t.kind, description: t.description, status: t.status, decisionReason: t.decisionReason })),
    ...stamp(c),
  })),
  actions: v.actions.map((a) => ({ id: a.id, concernId: a.concernId, sort: a.sort, kind: a.kind, description: a.description, responsibleUserId: a.responsibleUserId, responsibleName: a.responsibleName, targetDate: a.targetDate, status: a.status, result: a.result, ...stamp(a) })),
  meetings: v.meetings.map((m) => ({ id: m.id, meetingDate: m.meetingDate, participants: m.participants, minutes: m.minutes, decisions: m.decisions, ...stamp(m) })),
  team: v.team.map((m) => ({ userId: m.userId, name: m.name })),
});

const ChangeInput = {
  changePoint: z.string().max(DRBFM_CHANGE_TEXT).optional(),
  changeReason: Line.nullable().optional(),
  beforeChange: Line.nullable().optional(),
  afterChange: Line.nullable().optional(),
};
// the lists' codes are closed in the request as in the answer; texts and dates are the engine's to judge (its messages name the field)
const RowRef = { projectId: Id, id: Id.nullable().optional(), version: Version.nullable().optional() };

export const createRoute = defineRoute({
  method: 'post',
  path: '/api/drbfm/create',
  tag: TAG,
  summary: 'Creates a DRBFM project (DR…), entered or from an EWO',
  description:
    'The caller is the responsible member unless projectMembers name one (then confirmHandOver). fromEwo: an EWO’s id or EC number the caller may read — its description becomes the change point (unless changePoint is given) and its products, BOM parts and FMEA structure elements the changed parts. Without it changePoint is required.',
  access: { route: ROUTE, button: 'add' },
  request: jsonBody(
    z.object({
      name: z.string().trim().min(1).max(200),
      serialNum: z.string().max(40).nullable().optional(),
      projectMembers: z.array(z.object({ userId: Id, roles: z.array(z.number().int()).max(6) })).max(200).optional(),
      confirmHandOver: z.boolean().optional(),
      fromEwo: Id.nullable().optional(),
      ...ChangeInput,
    }),
  ),
  data: ViewSchema,
});

const ProjectQuery = z.object({ projectId: Id, timestamp: Timestamp });

export const worksheetRoute = defineRoute({
  method: 'get',
  path: '/api/drbfm/worksheet',
  tag: TAG,
  summary: 'A DRBFM’s change, changed parts, concerns with where they went, actions and review meetings',
  description: 'Members, administrators and users it is shared with. 404 drbfm.not_found for a project that is no DRBFM.',
  access: { route: ROUTE },
  request: { query: ProjectQuery },
  data: ViewSchema,
});

export const saveChangeRoute = defineRoute({
  method: 'post',
  path: '/api/drbfm/saveChange',
  tag: TAG,
  summary: 'Changes the change under review',
  description: 'version is the change’s as read (409 fmea.stale_version otherwise). Editing members; refused while the review holds the project.',
  access: { route: ROUTE, button: 'edit' },
  request: jsonBody(z.object({ projectId: Id, version: Version, ...ChangeInput })),
  data: ViewSchema,
});

export const savePartRoute = defineRoute({
  method: 'post',
  path: '/api/drbfm/savePart',
  tag: TAG,
  summary: 'Adds or changes a changed part',
  description: 'Without id a new part (partKind required: bomPart or fmeaNode with refId, the part’s number and name kept; text with name); with id and version a change to it.',
  access: { route: ROUTE, button: 'edit' },
  request: jsonBody(z.object({ ...RowRef, partKind: z.enum(DRBFM_PART_KINDS).optional(), refId: Id.nullable().optional(), name: Line.optional(), functions: Line.nullable().optional(), changeNote: Line.nullable().optional() })),
  data: ViewSchema,
});

export const saveConcernRoute = defineRoute({
  method: 'post',
  path: '/api/drbfm/saveConcern',
  tag: TAG,
  summary: 'Adds or changes a concern',
  description: 'Without id a new concern on partId (concern required), raised by the caller unless raisedById names another member of the team.',
  access: { route: ROUTE, button: 'edit' },
  request: jsonBody(
    z.object({
      ...RowRef,
      partId: Id.optional(),
      partFunction: Line.nullable().optional(),
      concern: Line.optional(),
      raisedById: Id.nullable().optional(),
      influence: Line.nullable().optional(),
      cause: Line.nullable().optional(),
      importance: z.enum(DRBFM_IMPORTANCES).nullable().optional(),
    }),
  ),
  data: ViewSchema,
});

export const saveActionRoute = defineRoute({
  method: 'post',
  path: '/api/drbfm/saveAction',
  tag: TAG,
  summary: 'Adds or changes a design or evaluation action',
  description: 'Without id a new design or evaluation action on concernId; its responsible person must be able to open the DRBFM; targetDate YYYY-MM-DD.',
  access: { route: ROUTE, button: 'edit' },
  request: jsonBody(
    z.object({
      ...RowRef,
      concernId: Id.optional(),
      kind: z.enum(DRBFM_ACTION_KINDS).optional(),
      description: Line.optional(),
      responsibleUserId: Id.nullable().optional(),
      targetDate: DateText.nullable().optional(),
      status: z.enum(DRBFM_ACTION_STATUSES).optional(),
      result: Line.nullable().optional(),
    }),
  ),
  data: ViewSchema,
});

export const saveMeetingRoute = defineRoute({
  method: 'post',
  path: '/api/drbfm/saveMeeting',
  tag: TAG,
  summary: 'Adds or changes a review meeting’s record',
  description: 'A review meeting’s record: meetingDate (YYYY-MM-DD) and participants required for a new one.',
  access: { route: ROUTE, button: 'edit' },
  request: jsonBody(z.object({ ...RowRef, meetingDate: DateText.optional(), participants: Line.optional(), minutes: z.string().max(DRBFM_MINUTES_TEXT).nullable().optional(), decisions: Line.nullable().optional() })),
  data: ViewSchema,
});

const RemoveBody = z.object({ projectId: Id, kind: z.enum(['part', 'concern', 'action', 'meeting']), id: Id, version: Version });
export const removeRoute = defineRoute({
  method: 'post',
  path: '/api/drbfm/removeRow',
  tag: TAG,
  summary: 'Removes a part, concern, action or meeting',
  description: 'Removes a part (with its concerns and their actions), a concern (with its actions), an action or a meeting, at its version.',
  access: { route: ROUTE, button: 'edit' },
  request: jsonBody(RemoveBody),
  data: ViewSchema,
});

export const sendConcernRoute = defineRoute({
  method: 'post',
  path: '/api/drbfm/sendConcern',
  tag: TAG,
  summary: 'Sends a concern to an FMEA as a change proposal',
  description:
    'A closed-loop proposal (docs/domain/closed-loop.md) from the concern to an FMEA row the caller may open: on a failure mode, the concern’s cause as a missing cause (addCause, the default); on a cause, raiseOccurrence, raiseDetection or addControl. description defaults to the concern’s cause (else the concern), rationale to the part, the concern and its influence. The DRBFM’s team proposes; the FMEA’s responsible person decides.',
  access: { route: ROUTE },
  request: jsonBody(
    z.object({
      projectId: Id,
      concernId: Id,
      targetRowId: Id,
      kind: z.enum(PROPOSAL_KINDS).optional(),
      description: z.string().max(200).nullable().optional(),
      rationale: z.string().max(2000).nullable().optional(),
      occurrence: Rating,
      det: Rating,
      controlKind: z.enum(PROPOSAL_CONTROL_KINDS).nullable().optional(),
    }),
  ),
  data: ViewSchema,
});

export const targetsRoute = defineRoute({
  method: 'get',
  path: '/api/drbfm/targets',
  tag: TAG,
  summary: 'The FMEA rows a concern may be sent to',
  description: 'The failure modes, then the causes, of an FMEA project the caller may open (projectId: the FMEA), at most 200; search filters by text or element.',
  access: { route: ROUTE },
  request: { query: z.object({ projectId: Id, search: z.string().max(200).optional(), timestamp: Timestamp }) },
  data: z.array(z.strictObject({ id: z.string(), kind: z.enum(['FM', 'FC']), text: z.string(), node: z.string(), occurrence: z.number().int().nullable(), det: z.number().int().nullable() }).openapi('DrbfmTarget')),
});

const exportBase = defineRoute({
  method: 'get',
  path: '/api/drbfm/exportData',
  tag: TAG,
  summary: 'The DRBFM sheet as a workbook',
  description: 'The DRBFM sheet: the change at the head, then one line per concern in the columns change point, function, concern, raised by, influence, cause / failure mode, importance, design actions, evaluation actions, responsible, due, result, sent to FMEA; the review meetings on the second sheet. Headers in the caller’s language.',
  access: { route: ROUTE, button: 'export' },
  request: { query: ProjectQuery },
  data: z.null(),
});
export const exportRoute = {
  ...exportBase,
  responses: { ...exportBase.responses, 200: { content: { [XLSX_TYPE]: { schema: z.string().openapi({ type: 'string', format: 'binary' }) } }, description: 'The workbook' } },
};

export const recentRoute = defineRoute({
  method: 'get',
  path: '/api/drbfm/selectRecentDrbfmProject',
  tag: TAG,
  summary: 'The DRBFMs the caller opened last, newest first (the home page’s recent projects)',
  access: { route: ROUTE },
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(50).optional(), timestamp: Timestamp }) },
  data: z.array(z.strictObject({ id: z.string(), serialNum: z.string(), name: z.string(), projectType: z.string(), updatedAt: DateTime }).openapi('DrbfmRecentProject')),
});

const changed = async (c: Context<AppEnv>, view: DrbfmView) => {
  await notifyChanged(c, view.projectId, 'drbfm', view.projectId);
  return c.json(ok(present(view)), 200);
};

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(createRoute, async (c) => {
    const { projectMembers, fromEwo, ...input } = c.req.valid('json');
    const ctx = fmeaContext(c);
    const members = projectMembers ?? [{ userId: ctx.actor.userId!, roles: [0] }];
    return c.json(ok(present(await createDrbfm(ctx, { ...input, members, fromEwo: fromEwo ?? null }))), 200);
  });
  app.openapi(worksheetRoute, async (c) => c.json(ok(present(await getDrbfm(fmeaContext(c), c.req.valid('query').projectId))), 200));
  app.openapi(saveChangeRoute, async (c) => {
    const { projectId, ...input } = c.req.valid('json');
    return changed(c, await updateDrbfmChange(fmeaContext(c), projectId, input));
  });
  app.openapi(savePartRoute, async (c) => {
    const { projectId, ...input } = c.req.valid('json');
    return changed(c, await saveDrbfmPart(fmeaContext(c), projectId, input));
  });
  app.openapi(saveConcernRoute, async (c) => {
    const { projectId, ...input } = c.req.valid('json');
    return changed(c, await saveDrbfmConcern(fmeaContext(c), projectId, input));
  });
  app.openapi(saveActionRoute, async (c) => {
    const { projectId, ...input } = c.req.valid('json');
    const told: MessageRow[] = [];
    const view = await saveDrbfmAction(fmeaContext(c), projectId, input, told);
    pushMessages(c.var.services.realtime, told);
    return changed(c, view);
  });
  app.openapi(saveMeetingRoute, async (c) => {
    const { projectId, ...input } = c.req.valid('json');
    return changed(c, await saveDrbfmMeeting(fmeaContext(c), projectId, input));
  });
  app.openapi(removeRoute, async (c) => {
    const { projectId, kind, id, version } = c.req.valid('json');
    const remove = { part: removeDrbfmPart, concern: removeDrbfmConcern, action: removeDrbfmAction, meeting: removeDrbfmMeeting }[kind];
    return changed(c, await remove(fmeaContext(c), projectId, id, version));
  });
  app.openapi(sendConcernRoute, async (c) => {
    const { projectId, det, ...input } = c.req.valid('json');
    const told: MessageRow[] = [];
    await sendConcernToFmea(fmeaContext(c), projectId, { ...input, detection: det }, told);
    pushMessages(c.var.services.realtime, told);
    return c.json(ok(present(await getDrbfm(fmeaContext(c), projectId))), 200);
  });
  app.openapi(targetsRoute, async (c) => {
    const { projectId, search } = c.req.valid('query');
    return c.json(ok((await concernTargets(fmeaContext(c), projectId, search)).map(({ detection, ...r }) => ({ ...r, det: detection }))), 200);
  });
  app.openapi(exportRoute, async (c) => {
    const out = await exportDrbfmWorkbook(fmeaContext(c), c.req.valid('query').projectId, c.var.locale);
    return c.body(out.data as Uint8Array<ArrayBuffer>, 200, {
      'content-type': XLSX_TYPE,
      'content-length': String(out.data.byteLength),
      'content-disposition': contentDisposition(out.fileName),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });
  app.openapi(recentRoute, async (c) => {
    const views = await listRecentProjects(fmeaContext(c), { limit: c.req.valid('query').limit });
    // the DRBFMs among the projects opened last: those of the types this area serves
    const served = drbfmArea.projectTypes as readonly string[];
    return c.json(ok(views.filter((v) => served.includes(v.projectType)).map((v) => ({ id: v.id, serialNum: v.serialNum, name: v.name, projectType: v.projectType, updatedAt: v.updatedAt.toISOString() }))), 200);
  });
}
