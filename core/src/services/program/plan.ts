import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { actorName } from '../shared/people.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { programBaseline, projectTask, taskDependency, type BaselinePlan } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import { jsonRows } from '../../db/portable.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors.ts';
import {
  analysePlan,
  baselineVariance,
  dayNumber,
  dayString,
  planGraph,
  PlanError,
  reschedule,
  topologicalOrder,
  wouldCycle,
  type PlanTask,
  type ProgramMessageKey,
  type TaskVariance,
} from '../../domain/program/index.ts';
import { TASK_STATUS, type TaskStatus } from '../../domain/status/index.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertOperate, assertProgramRead, findProgram, holdsButton, mayOperate, programCaller, PROGRAM_DETAIL_ROUTE, PROGRAM_ROUTE, type ProgramCaller, type ProgramRow } from './access.ts';
import { writeTaskLog } from './log.ts';
import { programView, type ProgramView } from './programs.ts';
import { staleTask } from './tasks.ts';

/**
 * A program's plan (issue 24): its tasks as bars with finish-to-start dependencies, each task's slack and
 * the critical path computed here (core/src/domain/program/schedule.ts), saved baselines and the variance
 * against one. Moving a task pushes its dependants (the cascade) and answers what changed.
 */
export interface PlanBar {
  id: string;
  taskNum: string;
  taskName: string;
  taskType: string;
  taskStatus: TaskStatus;
  stageId: string | null;
  parentId: string | null;
  handlerName: string | null;
  projectId: string | null;
  nodeId: string | null;
  sort: number;
  plannedStart: string | null;
  plannedEnd: string | null;
  actualStartDate: string | null;
  taskCompleteDate: string | null;
  /** Days the task may slip without moving the plan's end; null for an unplanned task. */
  slack: number | null;
  critical: boolean;
  lateStart: string | null;
  lateFinish: string | null;
  version: number;
}

export interface PlanDependencyView {
  id: string;
  predecessorId: string;
  successorId: string;
  lagDays: number;
}

export interface BaselineSummary {
  id: string;
  baselineNum: number;
  name: string;
  creatorName: string | null;
  createdAt: Date;
}

export interface ProgramPlan {
  program: ProgramView;
  tasks: PlanBar[];
  dependencies: PlanDependencyView[];
  criticalPath: string[];
  start: string | null;
  finish: string | null;
  baselines: BaselineSummary[];
  /** The baseline compared against (the one asked for, else the latest), and each task's variance. */
  baseline: (BaselineSummary & { variance: (TaskVariance & { plannedStart: string | null; plannedEnd: string | null })[] }) | null;
  /** What the caller may do to the plan. */
  canSchedule: boolean;
  canBaseline: boolean;
  /** Editing the program itself (its fields, FMEAs and stages): program_index edit under xmcjzRule. */
  canEdit: boolean;
}

type TaskRowLite = Pick<typeof projectTask.$inferSelect, 'id' | 'taskNum' | 'plannedStart' | 'plannedEnd' | 'status' | 'version'>;
const day = (value: string | null) => (value ? (dayNumber(value) ?? null) : null);
const finished = (status: TaskStatus) => status === TASK_STATUS.completed || status === TASK_STATUS.cancelled;
const planTaskOf = (row: TaskRowLite): PlanTask => ({ id: row.id, start: day(row.plannedStart), end: day(row.plannedEnd), fixed: finished(row.status) });

/** The engine's refusal in the user's words, naming the tasks by number. */
function planRefusal(error: PlanError, numbers: (id: string) => string): InvalidInputError {
  return new InvalidInputError(`program.plan_${error.reason}` as ProgramMessageKey, { tasks: error.taskIds.map(numbers).join(' → ') });
}

/** The plan's tasks and dependencies, each read as one JSON value (10,000 rows as objects cost more than the rest of a move). */
async function loadGraph(db: DbOrTx, programId: string) {
  const [taskJson, depJson] = await Promise.all([
    db
      .select({ rows: jsonRows([projectTask.id, projectTask.taskNum, projectTask.plannedStart, projectTask.plannedEnd, projectTask.status, projectTask.version]) })
      .from(projectTask)
      .where(and(eq(projectTask.programId, programId), live(projectTask)))
      .get(),
    db
      .select({ rows: jsonRows([taskDependency.id, taskDependency.predecessorId, taskDependency.successorId, taskDependency.lagDays]) })
      .from(taskDependency)
      .innerJoin(projectTask, eq(projectTask.id, taskDependency.successorId))
      .where(and(eq(projectTask.programId, programId), live(projectTask)))
      .get(),
  ]);
  type TaskTuple = [string, string, string | null, string | null, TaskStatus, number];
  const rows: TaskRowLite[] = (JSON.parse(taskJson?.rows ?? '[]') as TaskTuple[] | null ?? []).map(([id, taskNum, plannedStart, plannedEnd, status, version]) => ({ id, taskNum, plannedStart, plannedEnd, status, version: Number(version) }));
  const deps: PlanDependencyView[] = (JSON.parse(depJson?.rows ?? '[]') as [string, string, string, number][] | null ?? []).map(([id, predecessorId, successorId, lagDays]) => ({ id, predecessorId, successorId, lagDays: Number(lagDays) }));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const numbers = (id: string) => byId.get(id)?.taskNum ?? id;
  try {
    const graph = planGraph(rows.map(planTaskOf), deps);
    return { rows, byId, deps, graph, order: topologicalOrder(graph), numbers };
  } catch (error) {
    throw error instanceof PlanError ? planRefusal(error, numbers) : error;
  }
}

const BAR_COLUMNS = {
  id: projectTask.id,
  taskNum: projectTask.taskNum,
  taskName: projectTask.name,
  taskType: projectTask.taskType,
  taskStatus: projectTask.status,
  stageId: projectTask.stageId,
  parentId: projectTask.parentId,
  handlerName: projectTask.handlerName,
  projectId: projectTask.projectId,
  nodeId: projectTask.nodeId,
  sort: projectTask.sort,
  plannedStart: projectTask.plannedStart,
  plannedEnd: projectTask.plannedEnd,
  actualStartDate: projectTask.actualStart,
  taskCompleteDate: projectTask.completeDate,
  version: projectTask.version,
};
type BarRow = Omit<PlanBar, 'slack' | 'critical' | 'lateStart' | 'lateFinish'>;

/** The program's tasks as bars, in the plan's order (one JSON value, as loadGraph reads). */
async function barRows(db: DbOrTx, programId: string): Promise<BarRow[]> {
  const keys = Object.keys(BAR_COLUMNS) as (keyof typeof BAR_COLUMNS)[];
  const found = await db.select({ rows: jsonRows(keys.map((k) => BAR_COLUMNS[k])) }).from(projectTask).where(and(eq(projectTask.programId, programId), live(projectTask))).get();
  const rows = ((JSON.parse(found?.rows ?? '[]') as unknown[][] | null) ?? []).map((values) => Object.fromEntries(keys.map((k, i) => [k, values[i] ?? null])) as unknown as BarRow);
  for (const r of rows) {
    r.sort = Number(r.sort);
    r.version = Number(r.version);
  }
  return rows.sort((a, b) => a.sort - b.sort || a.taskNum.localeCompare(b.taskNum));
}

const summaryOf = (b: typeof programBaseline.$inferSelect): BaselineSummary => ({ id: b.id, baselineNum: b.baselineNum, name: b.name, creatorName: b.creatorName, createdAt: b.createdAt });

export async function readPlan(ctx: ServiceContext, key: string, options: { baselineId?: string } = {}): Promise<ProgramPlan> {
  const caller = await programCaller(ctx.db, ctx.actor);
  assertProgramRead(caller);
  const row = await findProgram(ctx.db, key);
  const db = ctx.db;
  const [view, tasks, loaded, baselines] = await Promise.all([
    programView(db, row),
    barRows(db, row.id),
    loadGraph(db, row.id),
    db.select().from(programBaseline).where(eq(programBaseline.programId, row.id)).orderBy(desc(programBaseline.baselineNum)),
  ]);
  const analysis = analysePlan(loaded.graph, loaded.order);
  const chosen = options.baselineId ? baselines.find((b) => b.id === options.baselineId) : baselines[0];
  if (options.baselineId && !chosen) throw new NotFoundError('program.baseline_not_found' satisfies ProgramMessageKey, { baseline: options.baselineId });
  const bars: PlanBar[] = tasks.map((t) => {
    const timing = analysis.timing.get(t.id);
    return {
      id: t.id,
      taskNum: t.taskNum,
      taskName: t.taskName,
      taskType: t.taskType,
      taskStatus: t.taskStatus,
      stageId: t.stageId,
      parentId: t.parentId,
      handlerName: t.handlerName,
      projectId: t.projectId,
      nodeId: t.nodeId,
      sort: t.sort,
      plannedStart: t.plannedStart,
      plannedEnd: t.plannedEnd,
      actualStartDate: t.actualStartDate,
      taskCompleteDate: t.taskCompleteDate,
      slack: timing ? timing.slack : null,
      critical: timing?.critical ?? false,
      lateStart: timing ? dayString(timing.lateStart) : null,
      lateFinish: timing ? dayString(timing.lateFinish) : null,
      version: t.version,
    };
  });
  let baseline: ProgramPlan['baseline'] = null;
  if (chosen) {
    const saved = new Map(chosen.plan.tasks.map((b) => [b.taskId, b]));
    const variance = baselineVariance(
      tasks.map((t) => ({ taskId: t.id, start: day(t.plannedStart), end: day(t.plannedEnd) })),
      chosen.plan.tasks.map((b) => ({ taskId: b.taskId, start: day(b.plannedStart), end: day(b.plannedEnd) })),
    );
    baseline = { ...summaryOf(chosen), variance: variance.map((v) => ({ ...v, plannedStart: saved.get(v.taskId)?.plannedStart ?? null, plannedEnd: saved.get(v.taskId)?.plannedEnd ?? null })) };
  }
  return {
    program: view,
    tasks: bars,
    dependencies: loaded.deps,
    criticalPath: [...analysis.criticalPath],
    start: analysis.start === null ? null : dayString(analysis.start),
    finish: analysis.finish === null ? null : dayString(analysis.finish),
    baselines: baselines.map(summaryOf),
    baseline,
    canSchedule: holdsButton(caller, PROGRAM_DETAIL_ROUTE, 'schedule'),
    canBaseline: holdsButton(caller, PROGRAM_DETAIL_ROUTE, 'baseline'),
    canEdit: mayOperate(caller, PROGRAM_ROUTE, 'edit', row),
  };
}

export interface PlanChange {
  /** Every task whose dates changed (the moved one first), with its new dates and version. */
  changed: { id: string; taskNum: string; plannedStart: string; plannedEnd: string; version: number }[];
  criticalPath: string[];
  /** Each planned task's slack after the change. */
  slack: { id: string; slack: number; critical: boolean }[];
  finish: string | null;
}

/** Writes the new dates of the changed tasks in a few statements (one per chunk), each version moving on. */
async function writeDates(tx: Tx, ctx: TxContext, changed: readonly { id: string; start: number; end: number }[]): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  const me = await actorName(tx, ctx.actor);
  for (let i = 0; i < changed.length; i += 300) {
    const chunk = changed.slice(i, i + 300);
    const caseOf = (pick: (c: { start: number; end: number }) => number) => sql.join([sql`case ${projectTask.id}`, ...chunk.map((c) => sql`when ${c.id} then ${dayString(pick(c))}`), sql`end`], sql` `);
    const rows = await tx
      .update(projectTask)
      .set({ plannedStart: caseOf((c) => c.start), plannedEnd: caseOf((c) => c.end), version: sql`${projectTask.version} + 1`, updatedAt: ctx.now(), updaterId: ctx.actor.userId, updaterName: me })
      .where(inArray(projectTask.id, chunk.map((c) => c.id)))
      .returning({ id: projectTask.id, version: projectTask.version });
    for (const r of rows) versions.set(r.id, r.version);
  }
  return versions;
}

function changeOf(graph: ReturnType<typeof planGraph>, changed: readonly { id: string; start: number; end: number }[], numbers: (id: string) => string, versions: Map<string, number>, order?: Int32Array): PlanChange {
  const analysis = analysePlan(graph, order);
  return {
    changed: changed.map((c) => ({ id: c.id, taskNum: numbers(c.id), plannedStart: dayString(c.start), plannedEnd: dayString(c.end), version: versions.get(c.id) ?? 0 })),
    criticalPath: [...analysis.criticalPath],
    slack: [...analysis.timing].map(([id, t]) => ({ id, slack: t.slack, critical: t.critical })),
    finish: analysis.finish === null ? null : dayString(analysis.finish),
  };
}

async function schedulableProgram(tx: DbOrTx, ctx: ServiceContext, key: string): Promise<{ caller: ProgramCaller; row: ProgramRow }> {
  const caller = await programCaller(tx, ctx.actor);
  assertOperate(caller, PROGRAM_DETAIL_ROUTE, 'schedule');
  return { caller, row: await findProgram(tx, key) };
}

export interface TaskMoveInput {
  taskId: string;
  plannedStart: string;
  /** Omitted: the task keeps its length. */
  plannedEnd?: string | null;
  /** The task's version as read (a move of a task changed since is refused). */
  version?: number;
}

/** Moves one task of the program (program_detail schedule) and pushes its dependants; answers the new plan. */
export async function rescheduleTask(ctx: ServiceContext, key: string, input: TaskMoveInput): Promise<PlanChange> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { row } = await schedulableProgram(tx, ctx, key);
    const issues = [
      ...(dayNumber(input.plannedStart) === undefined ? [{ messageKey: 'program.date_invalid', field: 'plannedStart', params: { field: 'plannedStart', value: input.plannedStart } }] : []),
      ...(input.plannedEnd && dayNumber(input.plannedEnd) === undefined ? [{ messageKey: 'program.date_invalid', field: 'plannedEnd', params: { field: 'plannedEnd', value: input.plannedEnd } }] : []),
    ];
    if (issues.length) throw new InvalidInputError('program.invalid' satisfies ProgramMessageKey, {}, issues);
    const loaded = await loadGraph(tx, row.id);
    const task = loaded.byId.get(input.taskId);
    if (!task) throw new InvalidInputError('program.plan_unknown_task' satisfies ProgramMessageKey, { tasks: input.taskId });
    if (finished(task.status)) throw new ConflictError('task.finished' satisfies ProgramMessageKey, { task: task.taskNum });
    if (input.version !== undefined && input.version !== task.version) throw staleTask(task as never);
    let moved;
    try {
      moved = reschedule(loaded.graph, { taskId: task.id, start: dayNumber(input.plannedStart)!, ...(input.plannedEnd ? { end: dayNumber(input.plannedEnd)! } : {}) }, loaded.order);
    } catch (error) {
      throw error instanceof PlanError ? planRefusal(error, loaded.numbers) : error;
    }
    const versions = await writeDates(tx, txCtx, moved.changed);
    const after = { ...(await tx.select().from(projectTask).where(eq(projectTask.id, task.id)).get())! };
    await writeTaskLog(tx, txCtx, after, 'reschedule', { note: `${input.plannedStart} … ${dayString(moved.changed[0]!.end)} (+${moved.changed.length - 1})` });
    // the links are the same, only dates moved: the graph and its order are reused with the new dates
    const change = changeOf({ ...loaded.graph, tasks: moved.tasks }, moved.changed, loaded.numbers, versions, loaded.order);
    return { result: change, log: { action: 'program.plan.reschedule', entity: 'program', entityId: row.id, after: { task: task.taskNum, changed: change.changed.map((c) => c.taskNum) } } };
  });
}

/**
 * Adds a finish-to-start dependency between two tasks of the program: refused when it would close a loop
 * (naming it) or exists; the successor and what follows it are pushed where they would start too early.
 */
export async function addDependency(ctx: ServiceContext, key: string, input: { predecessorId: string; successorId: string; lagDays?: number }): Promise<PlanChange & { dependency: PlanDependencyView }> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { row } = await schedulableProgram(tx, ctx, key);
    const loaded = await loadGraph(tx, row.id);
    const [pred, succ] = [loaded.byId.get(input.predecessorId), loaded.byId.get(input.successorId)];
    if (!pred || !succ) throw new InvalidInputError('program.dependency_other_program' satisfies ProgramMessageKey);
    if (pred.id === succ.id) throw new InvalidInputError('program.plan_self_dependency' satisfies ProgramMessageKey, { tasks: pred.taskNum });
    if (loaded.deps.some((d) => d.predecessorId === pred.id && d.successorId === succ.id)) throw new ConflictError('program.dependency_exists' satisfies ProgramMessageKey, { predecessor: pred.taskNum, successor: succ.taskNum });
    const loop = wouldCycle(loaded.graph, pred.id, succ.id);
    if (loop) throw new InvalidInputError('program.plan_cycle' satisfies ProgramMessageKey, { tasks: [...loop, loop[0]!].map(loaded.numbers).join(' → ') });
    const lagDays = Math.max(0, Math.trunc(input.lagDays ?? 0));
    const [dep] = await tx.insert(taskDependency).values({ predecessorId: pred.id, successorId: succ.id, lagDays, createdAt: txCtx.now(), updatedAt: txCtx.now() }).returning();
    const deps = [...loaded.deps, { predecessorId: pred.id, successorId: succ.id, lagDays }];
    const graph = planGraph(loaded.graph.tasks, deps);
    const predTask = graph.tasks[graph.index.get(pred.id)!]!;
    // the predecessor stays where it is; its dependants move where the new link asks them to
    const moved = predTask.start === null ? { changed: [], tasks: graph.tasks } : reschedule(graph, { taskId: pred.id, start: predTask.start, end: predTask.end ?? predTask.start });
    const changed = moved.changed.filter((c) => c.id !== pred.id);
    const versions = await writeDates(tx, txCtx, changed);
    const change = changeOf(planGraph(moved.tasks, deps), changed, loaded.numbers, versions);
    return {
      result: { ...change, dependency: { id: dep!.id, predecessorId: pred.id, successorId: succ.id, lagDays } },
      log: { action: 'program.plan.dependency.add', entity: 'program', entityId: row.id, after: { predecessor: pred.taskNum, successor: succ.taskNum, lagDays, pushed: change.changed.map((c) => c.taskNum) } },
    };
  });
}

export async function removeDependency(ctx: ServiceContext, key: string, dependencyId: string): Promise<void> {
  await writeAndLog(ctx, async (tx) => {
    const { row } = await schedulableProgram(tx, ctx, key);
    const loaded = await loadGraph(tx, row.id);
    const dep = loaded.deps.find((d) => d.id === dependencyId);
    if (!dep) throw new NotFoundError('program.dependency_not_found' satisfies ProgramMessageKey);
    await tx.delete(taskDependency).where(eq(taskDependency.id, dep.id));
    return { result: undefined, log: { action: 'program.plan.dependency.remove', entity: 'program', entityId: row.id, before: { predecessor: loaded.numbers(dep.predecessorId), successor: loaded.numbers(dep.successorId) } } };
  });
}

/** Saves a copy of the plan (program_detail baseline), numbered 1, 2, … per program. */
export async function saveBaseline(ctx: ServiceContext, key: string, input: { name?: string | null } = {}): Promise<BaselineSummary> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const caller = await programCaller(tx, ctx.actor);
    assertOperate(caller, PROGRAM_DETAIL_ROUTE, 'baseline');
    const row = await findProgram(tx, key);
    const tasks = await tx.select().from(projectTask).where(and(eq(projectTask.programId, row.id), live(projectTask))).orderBy(asc(projectTask.sort));
    const last = await tx.select({ n: sql<number>`coalesce(max(${programBaseline.baselineNum}), 0)` }).from(programBaseline).where(eq(programBaseline.programId, row.id)).get();
    const baselineNum = Number(last?.n ?? 0) + 1;
    const plan: BaselinePlan = {
      tasks: tasks.map((t) => ({ taskId: t.id, taskNum: t.taskNum, name: t.name, plannedStart: t.plannedStart, plannedEnd: t.plannedEnd })),
      milestones: { sopDate: row.sopDate, dtPostDate: row.dtPostDate, releaseDate: row.releaseDate, dePostDate: row.dePostDate, completeDate: row.completeDate },
    };
    const name = input.name?.trim().slice(0, 200) || `${baselineNum}`;
    const [saved] = await tx.insert(programBaseline).values({ programId: row.id, baselineNum, name, plan, creatorId: txCtx.actor.userId, creatorName: await actorName(tx, txCtx.actor), createdAt: txCtx.now(), updatedAt: txCtx.now() }).returning();
    return { result: summaryOf(saved!), log: { action: 'program.baseline.save', entity: 'program', entityId: row.id, after: { baselineNum, name, tasks: plan.tasks.length } } };
  });
}
