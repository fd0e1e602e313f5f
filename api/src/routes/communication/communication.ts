import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  addComment,
  COMMENT_BODY_MAX,
  COMMENT_TARGET_KINDS,
  commentCounts,
  deleteComment,
  FMEA_REVIEW_ROLES,
  listComments,
  listMyTasks,
  markCommentsRead,
  MY_TASK_SOURCES,
  projectsOfUser,
  readMembers,
  rowHistory,
  TASK_STATUS,
  TASK_TYPES,
  type FmeaCommentView,
  type MyTask,
  type TaskStatus,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { DateTime, IdBody, iso } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pushMessages } from '../../realtime/message-push.ts';
import { fmeaContext, readAccess } from '../fmea/access.ts';
import { Id, Timestamp } from '../fmea/schemas.ts';
import { PageQuery } from '../notices/schemas.ts';

/**
 * Comments on FMEA rows, the discussion dropdown, a row's change history and
 * my tasks (docs/domain/fmea-communication.md). Thin over core's
 * fmea-comments and my-work services: the project rules (who may open,
 * comment, delete) are decided there.
 */

const TAG = 'communication';
const user = 'user' as const;

const RowKind = z.enum(COMMENT_TARGET_KINDS).openapi({ description: 'The kind of analysis row: node, function, characteristic, failure, failureLink, control, action, interface, or a PFMEA control plan line (controlPlanLine)' });
const RowQuery = z.object({ projectId: Id, rowKind: RowKind, rowId: Id, timestamp: Timestamp });

const Person = z.strictObject({ userId: z.string(), userName: z.string(), realName: z.string() });
const CommentSchema = z
  .strictObject({
    id: z.string(),
    projectId: z.string(),
    rowKind: RowKind,
    rowId: z.string(),
    nodeId: z.string().nullable().openapi({ description: 'The structure node the row is shown on' }),
    body: z.string(),
    replyTo: z.string().nullable(),
    mentions: z.array(Person),
    authorId: z.string().nullable(),
    authorName: z.string(),
    createdAt: DateTime,
    canDelete: z.boolean(),
  })
  .openapi('FmeaComment');

const presentComment = (c: FmeaCommentView): z.output<typeof CommentSchema> => ({
  id: c.id,
  projectId: c.projectId,
  rowKind: c.targetKind,
  rowId: c.targetId,
  nodeId: c.nodeId,
  body: c.body,
  replyTo: c.replyTo,
  mentions: c.mentions.map((m) => ({ userId: m.userId, userName: m.userName, realName: m.realName })),
  authorId: c.authorId,
  authorName: c.authorName,
  createdAt: iso(c.createdAt)!,
  canDelete: c.canDelete,
});

export const commentsRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/comments',
  tag: TAG,
  summary: 'The comment thread of one analysis row, oldest first (replies carry replyTo)',
  description: 'Anyone who may open the project.',
  access: readAccess,
  request: { query: RowQuery },
  data: z.strictObject({
    rowText: z.string().nullable().openapi({ description: 'What the row says (its description or name); null when it was deleted' }),
    items: z.array(CommentSchema),
  }),
});

export const commentCountsRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/commentCounts',
  tag: TAG,
  summary: 'How many comments each commented row of a project has (the rows’ markers)',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: z.array(z.strictObject({ rowKind: RowKind, rowId: z.string(), count: z.number().int() })),
});

export const addCommentRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/addComment',
  tag: TAG,
  summary: 'Comment on (or reply to a comment on) an analysis row; @userName mentions tell the user with a comment message',
  description:
    'Members (any role), administrators and the project’s named reviewers who may open it (403 fmea_comment.write_not_allowed otherwise). The body is not empty and at most 200 characters. A mention of a user who cannot read the project refuses the comment (400 fmea_comment.mention_cannot_read); a name no user has stays text. Comments are allowed while the project is under review.',
  access: readAccess,
  request: jsonBody(z.object({ projectId: Id, rowKind: RowKind, rowId: Id, body: z.string().trim().min(1).max(COMMENT_BODY_MAX), replyTo: Id.nullable().optional() })),
  data: CommentSchema,
});

export const deleteCommentRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/deleteComment',
  tag: TAG,
  summary: 'Delete a comment: its author or an administrator',
  access: readAccess,
  request: jsonBody(IdBody),
  data: z.null(),
});

const HistorySchema = z
  .strictObject({
    id: z.number().int(),
    at: DateTime,
    userId: z.string().nullable(),
    userName: z.string(),
    realName: z.string().nullable(),
    action: z.string(),
    actionLabel: z.string().openapi({ description: 'The action in the reader’s language' }),
    changes: z.array(z.strictObject({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
    reason: z.string().nullable().openapi({ description: 'Where the interface reason rule (ruleOpen) asked for one' }),
  })
  .openapi('FmeaRowHistoryEntry');

export const rowHistoryRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/rowHistory',
  tag: TAG,
  summary: 'The change history of one analysis row, oldest first: who, when, which field from what to what, and the reason',
  description: 'Read from the operation log; anyone who may open the project. A deleted row keeps its history.',
  access: readAccess,
  request: { query: RowQuery },
  data: z.array(HistorySchema),
});

export const projectsOfUserRoute = defineRoute({
  method: 'get',
  path: '/api/communication/getProjectsOfUser',
  tag: TAG,
  summary: 'The caller’s projects with their unread comment counts (the header’s discussion dropdown)',
  description: 'Live projects the caller is a member of, or is mentioned in and may still open; unread first, then by latest comment. flag: some comment is unread.',
  access: user,
  request: { query: z.object(PageQuery) },
  data: z.strictObject({
    flag: z.boolean(),
    items: z.array(
      z.strictObject({
        projectId: z.string(),
        serialNum: z.string(),
        name: z.string(),
        projectType: z.string(),
        unread: z.number().int(),
        lastComment: z.union([z.strictObject({ body: z.string(), authorName: z.string(), createdAt: DateTime }), z.null()]),
      }),
    ),
    total: z.number().int(),
  }),
});

export const markCommentsReadRoute = defineRoute({
  method: 'post',
  path: '/api/communication/markRead',
  tag: TAG,
  summary: 'Mark a project’s comments read for the caller (its unread count drops to 0)',
  access: user,
  request: jsonBody(z.object({ projectId: Id })),
  data: z.null(),
});

const TASK_STATUSES = Object.values(TASK_STATUS) as [TaskStatus, ...TaskStatus[]];
const TaskSchema = z
  .strictObject({
    id: z.string(),
    taskSource: z.enum(MY_TASK_SOURCES).openapi({ description: 'Where the task comes from: review (a review step waiting for the caller), action (an optimisation action the caller is responsible for), program (a program task waiting for the caller), problemStep (an unfinished 8D step the caller owns), ewo (an EWO to follow up or decide), proposal (an FMEA change proposal to decide) or drbfmAction (a DRBFM design or evaluation action the caller is responsible for)' }),
    taskType: z.enum([...TASK_TYPES, '8D']).openapi({ description: 'Spec 001 §4: 1 compile, 2 review, 3 update (also an EWO follow-up, an FMEA change proposal to decide), 4 Quick DR, 5 Full DR, 6 optimisation (actions are 6, review steps 2); 8D a step of a problem (nodeName the step, fmeaNum the problem number)' }),
    taskDesc: z.string(),
    reviewStep: z.enum(['opinion', 'approve', 'release']).nullable(),
    reviewRoles: z.array(z.enum(FMEA_REVIEW_ROLES)),
    taskNum: z.string().nullable().openapi({ description: "A program task's number (PR…/PT…); null for actions and review steps" }),
    projectId: z.string().nullable().openapi({ description: 'The FMEA the task is on; null for a program task on none' }),
    projectType: z.string().nullable(),
    fmeaNum: z.string().nullable(),
    fmeaName: z.string().nullable(),
    nodeName: z.string().nullable(),
    taskLaunchDate: DateTime,
    taskEndDate: z.string().nullable(),
    taskCompleteDate: z.string().nullable(),
    taskStatus: z.enum(TASK_STATUSES),
    route: z.string().openapi({ description: 'The view the task opens' }),
  })
  .openapi('MyTask');

const presentTask = (t: MyTask): z.output<typeof TaskSchema> => ({
  id: t.id,
  taskSource: t.taskSource,
  taskType: t.taskType,
  taskDesc: t.taskDesc,
  reviewStep: t.reviewStep,
  reviewRoles: [...t.reviewRoles],
  taskNum: t.taskNum,
  projectId: t.projectId,
  projectType: t.projectType,
  fmeaNum: t.fmeaNum,
  fmeaName: t.fmeaName,
  nodeName: t.nodeName,
  taskLaunchDate: iso(t.taskLaunchDate)!,
  taskEndDate: t.taskEndDate,
  taskCompleteDate: t.taskCompleteDate,
  taskStatus: t.taskStatus,
  route: t.route,
});

export const myTasksRoute = defineRoute({
  method: 'get',
  path: '/api/task/myTasks',
  tag: TAG,
  summary: 'My tasks: the optimisation actions I am responsible for, the review steps and the program tasks waiting for me',
  description: 'taskStatus: comma-separated task statuses (the filter offers 0 not started, 1 in progress, 3 completed, 5 cancelled); an action decided but not started is 4 (pending).',
  access: user,
  request: {
    query: z.object({
      ...PageQuery,
      taskStatus: z
        .string()
        .max(40)
        .refine((v) => v.split(',').every((s) => (TASK_STATUSES as readonly string[]).includes(s.trim())), { message: `one or more of ${TASK_STATUSES.join(', ')}`, params: { messageKey: 'request.one_of', options: TASK_STATUSES.join(', ') } })
        // the pattern tells integrators the form in the OpenAPI document (a list of digits, not free text)
        .regex(/^\s*\d(\s*,\s*\d)*\s*$/)
        .optional(),
    }),
  },
  data: z.strictObject({ items: z.array(TaskSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
});

/**
 * Tells the project's members' other open views that its comments changed
 * (`receiveMessage { type: 'fmeaComment', projectId }`): their row markers and
 * discussion counts read again. Not an inbox message (no badge, no toast).
 */
async function notifyComments(c: Context<AppEnv>, projectId: string): Promise<void> {
  const services = c.var.services;
  const origin = c.var.auth?.session.id;
  if (!services.realtime.mayReach({ exceptSession: origin })) return;
  const memberIds = (await readMembers(services.database.db, projectId)).map((m) => m.userId);
  services.realtime.send('receiveMessage', { type: 'fmeaComment', projectId }, { users: memberIds, ...(origin ? { exceptSession: origin } : {}) });
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(commentsRoute, async (c) => {
    const { projectId, rowKind, rowId } = c.req.valid('query');
    const { rowText, items } = await listComments(fmeaContext(c), { projectId, targetKind: rowKind, targetId: rowId });
    return c.json(ok({ rowText, items: items.map(presentComment) }), 200);
  });
  app.openapi(commentCountsRoute, async (c) => {
    const rows = await commentCounts(fmeaContext(c), c.req.valid('query').projectId);
    return c.json(ok(rows.map((r) => ({ rowKind: r.targetKind, rowId: r.targetId, count: r.count }))), 200);
  });
  app.openapi(addCommentRoute, async (c) => {
    const { projectId, rowKind, rowId, body, replyTo } = c.req.valid('json');
    const { comment, messages } = await addComment(fmeaContext(c), { projectId, targetKind: rowKind, targetId: rowId, body, replyTo: replyTo ?? null });
    pushMessages(c.var.services.realtime, messages);
    await notifyComments(c, projectId);
    return c.json(ok(presentComment(comment)), 200);
  });
  app.openapi(deleteCommentRoute, async (c) => {
    const projectId = await deleteComment(fmeaContext(c), c.req.valid('json').id);
    await notifyComments(c, projectId);
    return c.json(ok(null), 200);
  });
  app.openapi(rowHistoryRoute, async (c) => {
    const { projectId, rowKind, rowId } = c.req.valid('query');
    const rows = await rowHistory(fmeaContext(c), { projectId, targetKind: rowKind, targetId: rowId }, c.var.locale);
    return c.json(ok(rows.map((r) => ({ ...r, at: iso(r.at)!, changes: r.changes.map((x) => ({ field: x.field, before: x.before, after: x.after })) }))), 200);
  });
  app.openapi(projectsOfUserRoute, async (c) => {
    const { page, limit } = c.req.valid('query');
    const found = await projectsOfUser(serviceContext(c), { page, limit });
    const items = found.items.map((p) => ({
      projectId: p.projectId,
      serialNum: p.serialNum,
      name: p.name,
      projectType: p.projectType,
      unread: p.unread,
      lastComment: p.lastComment ? { body: p.lastComment.body, authorName: p.lastComment.authorName, createdAt: iso(p.lastComment.createdAt)! } : null,
    }));
    return c.json(ok({ flag: found.anyUnread, items, total: found.total }), 200);
  });
  app.openapi(markCommentsReadRoute, async (c) => {
    await markCommentsRead(serviceContext(c), c.req.valid('json').projectId);
    return c.json(ok(null), 200);
  });
  app.openapi(myTasksRoute, async (c) => {
    const { page, limit, taskStatus } = c.req.valid('query');
    const statuses = taskStatus ? (taskStatus.split(',').map((s) => s.trim()) as TaskStatus[]) : undefined;
    const found = await listMyTasks(serviceContext(c), { page, limit, ...(statuses ? { taskStatus: statuses } : {}) });
    return c.json(ok({ ...found, items: found.items.map(presentTask) }), 200);
  });
}
