import { and, desc, eq, sql } from 'drizzle-orm';
import { actorName } from '../shared/people.ts';
import type { DbOrTx } from '../../db/client.ts';
import { taskLog } from '../../db/schema/index.ts';
import type { ProgramMessageKey, TaskLogAction } from '../../domain/program/index.ts';
import { InvalidInputError } from '../../errors.ts';
import type { TaskStatus } from '../../domain/status/index.ts';
import { openableProject } from '../fmea/access.ts';
import { readDb, type ServiceContext, type TxContext } from '../shared/context.ts';
import { pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { assertProgramRead, findProgram, programCaller, type TaskRow } from './access.ts';

/**
 * The task log (spec 001 §2 "task log" of a project): who did what to a task and when, with the status
 * before and after, written in the transaction of the change. Read per program, per FMEA project (the
 * tasks pointing at it) or per task.
 */
export async function writeTaskLog(tx: DbOrTx, ctx: TxContext, task: TaskRow, action: TaskLogAction, change: { from?: TaskStatus | null; to?: TaskStatus | null; note?: string | null } = {}): Promise<void> {
  await tx.insert(taskLog).values({
    taskId: task.id,
    taskNum: task.taskNum,
    taskName: task.name,
    programId: task.programId,
    projectId: task.projectId,
    action,
    fromStatus: change.from ?? null,
    toStatus: change.to ?? null,
    note: change.note?.trim() || null,
    actorId: ctx.actor.userId,
    actorName: await actorName(tx, ctx.actor),
    at: ctx.now(),
  });
}

export interface TaskLogEntry {
  id: string;
  taskId: string;
  taskNum: string;
  taskName: string;
  action: TaskLogAction;
  fromStatus: TaskStatus | null;
  toStatus: TaskStatus | null;
  note: string | null;
  actorName: string;
  at: Date;
}

export interface TaskLogQuery extends PageQuery {
  /** Exactly one of these. */
  programId?: string;
  projectId?: string;
}

/** The log of a program's tasks (program readers) or of the tasks on an FMEA project (those who may open it), newest first. */
export async function listTaskLog(ctx: ServiceContext, query: TaskLogQuery): Promise<Page<TaskLogEntry>> {
  let where;
  if (query.programId) {
    assertProgramRead(await programCaller(ctx.db, ctx.actor));
    where = eq(taskLog.programId, (await findProgram(ctx.db, query.programId)).id);
  } else if (query.projectId) {
    const loaded = await openableProject(ctx.db, ctx.actor, query.projectId, ctx.now());
    where = eq(taskLog.projectId, loaded.project.id);
  } else {
    throw new InvalidInputError('program.invalid' satisfies ProgramMessageKey, {}, [{ messageKey: 'program.name_required', field: 'programId', params: { field: 'programId' } }]);
  }
  const db = await readDb(ctx);
  const { page, limit, offset } = pageWindow(query);
  const [rows, count] = await Promise.all([
    // entries of one instant (a batch cancel) keep the order they were written in: rowid on both engines
    db.select().from(taskLog).where(and(where)).orderBy(desc(taskLog.at), desc(sql`${taskLog}.rowid`)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)` }).from(taskLog).where(where).get(),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, taskId: r.taskId, taskNum: r.taskNum, taskName: r.taskName, action: r.action, fromStatus: r.fromStatus, toStatus: r.toStatus, note: r.note, actorName: r.actorName, at: r.at })),
    total: Number(count?.n ?? 0),
    page,
    limit,
  };
}
