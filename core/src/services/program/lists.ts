import { and, desc, eq, gte, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { projectTask } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import type { TaskType } from '../../domain/program/index.ts';
import { TASK_STATUS, type TaskStatus } from '../../domain/status/index.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import { contains, pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { findProgram, mayReadTasks, programCaller } from './access.ts';
import { viewsOf, type TaskView } from './tasks.ts';
import { customListSql, type CustomListQuery } from '../custom-fields/list-query.ts';

/**
 * The task lists (spec 001 §2 "task lists: to-do, launched, all, done, current, history"; the task area's
 * pages, named as their micro routes). What each holds is ours (docs/domain/programs-tasks.md):
 * - todoList: what waits for me: tasks I handle that are not started, in progress, pending, rejected or
 *   withdrawn, and tasks I launched that wait in review for my decision;
 * - launched: the tasks I launched, whatever their status;
 * - all: every task (holders of task_index or a program route; others see their own: handled or launched);
 * - done: the tasks I handled that are completed;
 * - current: my unfinished tasks (handled or launched) whose planned period covers today;
 * - history: my finished tasks (completed or cancelled, handled or launched).
 */
export const TASK_LISTS = ['todoList', 'launched', 'all', 'done', 'current', 'history'] as const;
export type TaskList = (typeof TASK_LISTS)[number];

export interface TaskListQuery extends PageQuery, CustomListQuery {
  list: TaskList;
  /** Number or name contains. */
  search?: string;
  programId?: string;
  projectId?: string;
  taskStatus?: readonly TaskStatus[];
  taskType?: TaskType;
}

const FINISHED: TaskStatus[] = [TASK_STATUS.completed, TASK_STATUS.cancelled];
const WAITING_FOR_HANDLER: TaskStatus[] = [TASK_STATUS.notStarted, TASK_STATUS.inProgress, TASK_STATUS.pending, TASK_STATUS.rejected, TASK_STATUS.withdrawn];

/** The to-do condition for a user: tasks to work, and decisions on tasks they launched. */
export const todoOf = (me: string): SQL =>
  or(and(eq(projectTask.handlerId, me), inArray(projectTask.status, WAITING_FOR_HANDLER)), and(eq(projectTask.ownerId, me), eq(projectTask.status, TASK_STATUS.inReview)))!;

function listCondition(list: TaskList, me: string, seeAll: boolean, today: string): SQL | undefined {
  const mine = or(eq(projectTask.handlerId, me), eq(projectTask.ownerId, me));
  switch (list) {
    case 'todoList':
      return todoOf(me);
    case 'launched':
      return eq(projectTask.ownerId, me);
    case 'all':
      return seeAll ? undefined : mine;
    case 'done':
      return and(eq(projectTask.handlerId, me), eq(projectTask.status, TASK_STATUS.completed));
    case 'current':
      return and(mine, notInArray(projectTask.status, FINISHED), lte(projectTask.plannedStart, today), or(gte(projectTask.plannedEnd, today), isNull(projectTask.plannedEnd)));
    case 'history':
      return and(mine, inArray(projectTask.status, FINISHED));
  }
}

export async function listTasks(ctx: ServiceContext, query: TaskListQuery): Promise<Page<TaskView>> {
  const caller = await programCaller(ctx.db, ctx.actor);
  const { page, limit, offset } = pageWindow(query);
  const me = ctx.actor.userId ?? '';
  const seeAll = caller.actor.isAdmin || mayReadTasks(caller);
  const programId = query.programId ? (await findProgram(ctx.db, query.programId)).id : undefined;
  const db = await readDb(ctx);
  const text = query.search?.trim();
  const custom = await customListSql(db, 'task', projectTask.id, query);
  const where = and(
    custom.where,
    live(projectTask),
    // the system operator (CLI) has no tasks of its own: its lists are every task
    me ? listCondition(query.list, me, seeAll, ctx.now().toISOString().slice(0, 10)) : undefined,
    programId ? eq(projectTask.programId, programId) : undefined,
    query.projectId ? eq(projectTask.projectId, query.projectId) : undefined,
    query.taskStatus?.length ? inArray(projectTask.status, [...query.taskStatus]) : undefined,
    query.taskType ? eq(projectTask.taskType, query.taskType) : undefined,
    text ? or(contains(projectTask.taskNum, text), contains(projectTask.name, text)) : undefined,
  );
  const [rows, count] = await Promise.all([
    db.select().from(projectTask).where(where).orderBy(...custom.orderBy, desc(projectTask.updatedAt), desc(projectTask.taskNum)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)` }).from(projectTask).where(where).get(),
  ]);
  return { items: await viewsOf(db, rows, caller), total: Number(count?.n ?? 0), page, limit };
}

