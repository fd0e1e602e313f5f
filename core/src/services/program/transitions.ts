import { and, eq, inArray, sql } from 'drizzle-orm';
import { actorName } from '../shared/people.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { fmeaNode, fmeaProject, projectTask } from '../../db/schema/index.ts';
import { isDeleted } from '../../db/live.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import { ConflictError, InvalidInputError, NotAllowedError, type Issue } from '../../errors.ts';
import type { ProgramMessageKey, TaskLogAction } from '../../domain/program/index.ts';
import { TASK_STATUS, taskMachine, type TaskEvent, type TaskStatus } from '../../domain/status/index.ts';
import { openableProject } from '../fmea/access.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { findTask, programCaller, type ProgramCaller, type TaskRow } from './access.ts';
import { nodeAnalysis } from './analysis.ts';
import { writeTaskLog } from './log.ts';
import { recordScore } from '../scores/ledger.ts';
import { noticeOfEvent, storeTaskNotice } from './notices.ts';
import type { MessageRow } from '../messages/inbox.ts';
import { callerActions, staleTask, viewsOf, type TaskView } from './tasks.ts';

/**
 * The task transitions (issue 24; the machine is core/src/domain/status/task.ts): who may take each event
 * is `callerActions` (the handler works the task, its owner approves or rejects, the owner or a holder of
 * the cancel button cancels; administrators do all). The actual start and completion days follow. Each
 * change is logged twice: the operation log and the task log.
 */

/** What a moved task tells the open mind maps of its FMEA (spec 001 §7 task progress: pptSerial / projectProcedureSerial + taskStatus). */
export interface TaskProgress {
  taskId: string;
  taskNum: string;
  projectId: string;
  nodeId: string;
  /** The node as the spec's progress updates name it: pptSerial on a design-side FMEA, projectProcedureSerial on a process FMEA. */
  pptSerial: string | null;
  projectProcedureSerial: string | null;
  taskStatus: TaskStatus;
}

export interface TransitionResult {
  task: TaskView;
  /** Null when the task points at no FMEA node. */
  progress: TaskProgress | null;
  /** The messages stored for the task's people (notices.ts), for the API to push after the commit. */
  messages: MessageRow[];
}

export interface TransitionInput {
  version?: number;
  /** Why (a rejection's reason, a cancellation's), kept in the task log. */
  note?: string | null;
  /** Hours spent, reported with submit or complete. */
  hours?: number | null;
}

const today = (ctx: TxContext) => ctx.now().toISOString().slice(0, 10);
async function progressOf(db: DbOrTx, rows: readonly TaskRow[]): Promise<(TaskProgress | null)[]> {
  const ids = [...new Set(rows.map((r) => r.projectId).filter((id): id is string => !!id))];
  const types = new Map(ids.length ? (await db.select({ id: fmeaProject.id, type: fmeaProject.projectType }).from(fmeaProject).where(inArray(fmeaProject.id, ids))).map((p) => [p.id, p.type]) : []);
  return rows.map((row) => {
    const type = row.projectId ? types.get(row.projectId) : undefined;
    if (!row.projectId || !row.nodeId || !type) return null;
    const process = kindOf(type).processModel;
    return { taskId: row.id, taskNum: row.taskNum, projectId: row.projectId, nodeId: row.nodeId, pptSerial: process ? null : row.nodeId, projectProcedureSerial: process ? row.nodeId : null, taskStatus: row.status };
  });
}

function refusal(row: TaskRow, event: TaskEvent): Error {
  if (event === 'approve' || event === 'reject') return new NotAllowedError('task.not_owner' satisfies ProgramMessageKey, { owner: row.ownerName ?? '' });
  if (event === 'cancel') return new NotAllowedError('task.cancel_denied' satisfies ProgramMessageKey);
  return new NotAllowedError('task.not_handler' satisfies ProgramMessageKey, { handler: row.handlerName ?? '' });
}

/**
 * Completing without a review: a task its handler launched themselves, or one on an FMEA node whose
 * analysis is complete (analysis.ts). Otherwise the handler submits it for review.
 */
async function assertMayComplete(tx: Tx, ctx: TxContext, caller: ProgramCaller, row: TaskRow): Promise<void> {
  if (caller.actor.isAdmin || row.ownerId === row.handlerId) return;
  if (row.projectId && row.nodeId) {
    const loaded = await openableProject(tx, ctx.actor, row.projectId, ctx.now());
    const analysis = await nodeAnalysis(tx, loaded, row.nodeId, ctx.now());
    if (analysis.complete) return;
    const node = await tx.select({ name: fmeaNode.name }).from(fmeaNode).where(eq(fmeaNode.id, row.nodeId)).get();
    throw new ConflictError('task.analysis_incomplete' satisfies ProgramMessageKey, { node: node?.name ?? '', count: analysis.findings });
  }
  throw new ConflictError('task.complete_needs_review' satisfies ProgramMessageKey, { owner: row.ownerName ?? '' });
}

/** Applies one event to a read task (checked for who and when), inside the caller's transaction. */
async function apply(tx: Tx, ctx: TxContext, caller: ProgramCaller, before: TaskRow, event: TaskEvent, input: TransitionInput, messages: MessageRow[]): Promise<TaskRow> {
  if (!callerActions(caller, before).includes(event)) {
    // the machine's own refusal first (a finished task, an event the status does not take), then who may
    taskMachine.next(before.status, event);
    throw refusal(before, event);
  }
  if (input.version !== undefined && input.version !== before.version) throw staleTask(before);
  if (event === 'complete') await assertMayComplete(tx, ctx, caller, before);
  if (input.hours !== undefined && input.hours !== null && !(Number.isFinite(input.hours) && input.hours >= 0)) {
    throw new InvalidInputError('task.invalid' satisfies ProgramMessageKey, {}, [{ messageKey: 'task.hours_invalid', field: 'hours', params: { field: 'hours' } }]);
  }
  const status = taskMachine.next(before.status, event);
  const done = status === TASK_STATUS.completed;
  const [after] = await tx
    .update(projectTask)
    .set({
      status,
      ...(status === TASK_STATUS.inProgress && !before.actualStart ? { actualStart: today(ctx) } : {}),
      ...(done ? { completeDate: today(ctx) } : {}),
      ...(input.hours !== undefined && input.hours !== null ? { hours: input.hours } : {}),
      updaterId: ctx.actor.userId,
      updaterName: await actorName(tx, ctx.actor),
      updatedAt: ctx.now(),
      version: sql`version + 1`,
    })
    .where(and(eq(projectTask.id, before.id), eq(projectTask.version, before.version)))
    .returning();
  if (!after) throw staleTask(before);
  await writeTaskLog(tx, ctx, after, event as TaskLogAction, { from: before.status, to: status, note: input.note ?? null });
  // a completed task credits the person who did it, in the same transaction (docs/domain/user-scores.md)
  if (done) await recordScore(tx, { userId: after.handlerId, reason: 'taskCompleted', sourceKind: 'task', sourceId: after.id, at: ctx.now() });
  const notice = noticeOfEvent(event);
  if (notice) messages.push(...(await storeTaskNotice(tx, ctx, after, notice, input.note ?? null)));
  return after;
}

/** One transition of one task (by id or number). */
export async function transitionTask(ctx: ServiceContext, key: string, event: TaskEvent, input: TransitionInput = {}): Promise<TransitionResult> {
  const caller = await programCaller(ctx.db, ctx.actor);
  const messages: MessageRow[] = [];
  const row = await writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findTask(tx, key);
    const after = await apply(tx, txCtx, caller, before, event, input, messages);
    return { result: after, log: { action: `task.${event}`, entity: 'project_task', entityId: after.id, before, after, ...(input.note ? { reason: input.note } : {}) } };
  });
  return { task: (await viewsOf(ctx.db, [row], caller))[0]!, progress: (await progressOf(ctx.db, [row]))[0]!, messages };
}

/**
 * Cancels several tasks at once (spec 001 §4 "batch cancel"): all or none. Each task the caller may not
 * cancel, or that is finished, is named in the refusal, and nothing is cancelled.
 */
export async function cancelTasks(ctx: ServiceContext, keys: readonly string[], note?: string | null): Promise<TransitionResult[]> {
  const caller = await programCaller(ctx.db, ctx.actor);
  const messages = new Map<string, MessageRow[]>();
  const rows = await writeAndLog(ctx, async (tx, txCtx) => {
    const found = await tx.select().from(projectTask).where(inArray(projectTask.id, [...new Set(keys)]));
    const issues: Issue[] = [];
    const byId = new Map(found.map((r) => [r.id, r]));
    keys.forEach((key, i) => {
      const row = byId.get(key);
      if (!row || isDeleted(row)) issues.push({ messageKey: 'task.not_found', field: `ids.${i}`, params: { task: key } });
      else if (!callerActions(caller, row).includes('cancel')) {
        issues.push(taskMachine.can(row.status, 'cancel') ? { messageKey: 'task.cancel_denied', field: `ids.${i}`, params: { task: row.taskNum } } : { messageKey: 'task.finished', field: `ids.${i}`, params: { task: row.taskNum } });
      }
    });
    if (issues.length) throw new InvalidInputError('task.invalid' satisfies ProgramMessageKey, {}, issues);
    const after: TaskRow[] = [];
    for (const key of new Set(keys)) {
      const sent: MessageRow[] = [];
      after.push(await apply(tx, txCtx, caller, byId.get(key)!, 'cancel', { note: note ?? null }, sent));
      messages.set(key, sent);
    }
    return { result: after, log: after.map((row) => ({ action: 'task.cancel', entity: 'project_task', entityId: row.id, after: row, ...(note ? { reason: note } : {}) })) };
  });
  const [views, progress] = await Promise.all([viewsOf(ctx.db, rows, caller), progressOf(ctx.db, rows)]);
  return rows.map((row, i) => ({ task: views[i]!, progress: progress[i]!, messages: messages.get(row.id) ?? [] }));
}
