import type { OpenAPIHono } from '@hono/zod-openapi';
import { cancelTasks, readMembers, transitionTask, type TaskEvent, type TaskProgress } from '@fmea/core';
import type { Context } from 'hono';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { Id } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pushMessages } from '../../realtime/message-push.ts';
import { TASK_TAG, TaskEventName, TaskKey, TaskSchema, TaskStatusCode } from '../program/schemas.ts';

/**
 * The task transitions (issue 24; the machine of core/src/domain/status/task.ts): one call per event, and
 * the batch cancel. Who may take which event is core's (`callerActions`: the handler works the task, the
 * launcher approves or rejects, the launcher or a holder of task_index cancel cancels). A task on an FMEA
 * node tells that FMEA's open views its progress (receiveMessage { type: 'taskProgress', projectId, nodeId,
 * pptSerial | projectProcedureSerial, taskId, taskNum, taskStatus }, spec 001 §7's task progress update).
 */
const TAG = TASK_TAG;

const ProgressSchema = z
  .strictObject({ taskId: z.string(), taskNum: z.string(), projectId: z.string(), nodeId: z.string(), pptSerial: z.string().nullable(), projectProcedureSerial: z.string().nullable(), taskStatus: TaskStatusCode })
  .nullable()
  .openapi('TaskProgress', { description: 'What the FMEA’s open views were told (receiveMessage taskProgress); null for a task on no FMEA node' });
const ResultSchema = z.strictObject({ task: TaskSchema, progress: ProgressSchema }).openapi('TaskTransitionResult');

export const transitionRoute = defineRoute({
  method: 'post',
  path: '/api/task/transition',
  tag: TAG,
  summary: 'Move a task: start, submit (for review), complete, approve, reject, withdraw, hold, resume, rework, restart, cancel',
  description:
    'complete without a review: a task the handler launched themselves, or one on an FMEA node whose analysis is complete (it has a function and the checks before release find nothing there; else 409 task.analysis_incomplete). ' +
    'hours (with submit or complete) records the hours spent; note (a rejection’s or cancellation’s reason) goes to the task log. An event the status does not take is 409; one the caller may not take 403.',
  access: 'user',
  request: jsonBody(z.object({ id: TaskKey, event: TaskEventName, version: z.number().int().min(1).optional(), note: z.string().max(200).nullable().optional(), hours: z.number().min(0).max(100000).nullable().optional() })),
  data: ResultSchema,
});

export const batchCancelRoute = defineRoute({
  method: 'post',
  path: '/api/task/batchCancel',
  tag: TAG,
  summary: 'Cancel several tasks at once: all or none',
  description: 'Each task the caller may not cancel, or that is finished, is an issue of 400 task.invalid (field ids.<n>), and nothing is cancelled.',
  access: 'user',
  request: jsonBody(z.object({ ids: z.array(Id).min(1).max(500), note: z.string().max(200).nullable().optional() })),
  data: z.array(ResultSchema),
});

/** Tells the open views of the FMEA's members how the node's task moved. */
async function pushProgress(c: Context<AppEnv>, progress: TaskProgress | null): Promise<void> {
  if (!progress) return;
  const { realtime, database } = c.var.services;
  const origin = c.var.auth?.session.id;
  if (!realtime.mayReach({ exceptSession: origin })) return;
  const members = (await readMembers(database.db, progress.projectId)).map((m) => m.userId);
  realtime.send('receiveMessage', { type: 'taskProgress', ...progress }, { users: members, ...(origin ? { exceptSession: origin } : {}) });
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(transitionRoute, async (c) => {
    const { id, event, ...input } = c.req.valid('json');
    const { messages, ...result } = await transitionTask(serviceContext(c), id, event as TaskEvent, input);
    pushMessages(c.var.services.realtime, messages);
    await pushProgress(c, result.progress);
    return c.json(ok(result), 200);
  });
  app.openapi(batchCancelRoute, async (c) => {
    const { ids, note } = c.req.valid('json');
    const results = await cancelTasks(serviceContext(c), ids, note);
    for (const result of results) {
      pushMessages(c.var.services.realtime, result.messages);
      await pushProgress(c, result.progress);
    }
    return c.json(ok(results.map(({ messages: _messages, ...result }) => result)), 200);
  });
}
