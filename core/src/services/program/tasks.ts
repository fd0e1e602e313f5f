import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { CustomValues } from '../../domain/custom-fields/index.ts';
import { readCustomValues, saveCustomValues, type StoredCustomValues } from '../custom-fields/values.ts';
import { actorName } from '../shared/people.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { department, fmeaNode, fmeaProject, program, programFmea, programStage, projectTask, taskDependency } from '../../db/schema/index.ts';
import { isDeleted, live, softDeleted } from '../../db/live.ts';
import { ConflictError, InvalidInputError, NotAllowedError, type Issue } from '../../errors.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import {
  parentCycle,
  plannedDatesShown,
  PROJECT_TASK_SOURCES,
  superiorPartTask,
  TASK_LABELS,
  TASK_SOURCE_CODES,
  TASK_TYPES,
  taskNumberingModule,
  taskObjectOf,
  type ProgramMessageKey,
  type ProjectTaskSource,
  type TaskLabel,
  type TaskObject,
  type TaskSourceCode,
  type TaskType,
} from '../../domain/program/index.ts';
import { TASK_STATUS, taskMachine, type TaskEvent, type TaskStatus } from '../../domain/status/index.ts';
import { allocateNumber } from '../numbering/numbering.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertOperate, findProgram, findTask, holdsButton, mayReadTasks, programCaller, PROGRAM_DETAIL_ROUTE, TASK_ROUTE, type ProgramCaller, type TaskRow } from './access.ts';
import { writeTaskLog } from './log.ts';
import { storeTaskNotice } from './notices.ts';
import type { MessageRow } from '../messages/inbox.ts';
import { dayIssue, NAME_MAX, orderIssue, peopleById, textIssue, TEXT_MAX } from './validate.ts';

/**
 * Tasks (issue 24, spec 001 §3 Task): the answer in the spec's field names, creating, editing and deleting.
 * Transitions are in transitions.ts, the lists in lists.ts, the plan in plan.ts.
 */
export interface TaskView {
  id: string;
  /** Custom field values by system name (System › Customisation forms). */
  customFields: StoredCustomValues;
  taskNum: string;
  taskName: string;
  taskDesc: string | null;
  taskType: TaskType;
  taskLabel: TaskLabel | null;
  taskSource: TaskSourceCode | null;
  projectTaskSource: ProjectTaskSource | null;
  taskObject: TaskObject;
  taskStatus: TaskStatus;
  dre: string | null;
  programId: string | null;
  programNum: string | null;
  programName: string | null;
  programStageId: string | null;
  programStageName: string | null;
  parentId: string | null;
  parentTaskNum: string | null;
  projectId: string | null;
  projectType: string | null;
  fmeaNum: string | null;
  fmeaName: string | null;
  nodeId: string | null;
  nodeName: string | null;
  /** The node as the spec's progress updates name it: pptSerial on a design FMEA, projectProcedureSerial on a process FMEA. */
  pptSerial: string | null;
  projectProcedureSerial: string | null;
  taskOwnerId: string | null;
  taskOwnerName: string | null;
  handlerId: string | null;
  handlerName: string | null;
  depName: string | null;
  taskLaunchDate: string | null;
  /** Planned start and end as the lists show them (spec 001 §9): null unless the type is 1, 3 or 6 on a DFMEA or PFMEA. */
  taskStartDate: string | null;
  taskEndDate: string | null;
  /** The plan's dates whatever the type (the Gantt chart's bars). */
  plannedStart: string | null;
  plannedEnd: string | null;
  actualStartDate: string | null;
  taskCompleteDate: string | null;
  hours: number | null;
  hoursStr: string;
  creatorId: string | null;
  creatorName: string | null;
  updateTime: Date;
  version: number;
  /** The transitions the caller may take now (start, submit, …), for the page's buttons. */
  actions: TaskEvent[];
}

interface Related {
  programNum: string | null;
  programName: string | null;
  stageName: string | null;
  parentTaskNum: string | null;
  projectType: string | null;
  fmeaNum: string | null;
  fmeaName: string | null;
  nodeName: string | null;
}

/** The events the caller may take on a task (the machine's, narrowed to who they are: docs/domain/programs-tasks.md). */
export function callerActions(caller: Pick<ProgramCaller, 'actor' | 'buttons'>, task: Pick<TaskRow, 'status' | 'handlerId' | 'ownerId' | 'creatorId'>): TaskEvent[] {
  const me = caller.actor.userId;
  const admin = caller.actor.isAdmin;
  const handler = admin || (!!me && task.handlerId === me);
  const owner = admin || (!!me && (task.ownerId === me || task.creatorId === me));
  return taskMachine.events(task.status).filter((event) => {
    if (event === 'approve' || event === 'reject') return owner;
    if (event === 'cancel') return owner || holdsButton(caller as ProgramCaller, TASK_ROUTE, 'cancel');
    return handler;
  });
}

export function taskView(row: TaskRow, related: Related, caller: Pick<ProgramCaller, 'actor' | 'buttons'>, customFields: StoredCustomValues = {}): TaskView {
  const shown = plannedDatesShown(row.taskType, row.taskObject);
  const process = related.projectType ? kindOf(related.projectType).processModel : false;
  return {
    id: row.id,
    customFields,
    taskNum: row.taskNum,
    taskName: row.name,
    taskDesc: row.description,
    taskType: row.taskType,
    taskLabel: row.taskLabel,
    taskSource: row.taskSource,
    projectTaskSource: row.projectTaskSource,
    taskObject: row.taskObject,
    taskStatus: row.status,
    dre: row.dre,
    programId: row.programId,
    programNum: related.programNum,
    programName: related.programName,
    programStageId: row.stageId,
    programStageName: related.stageName,
    parentId: row.parentId,
    parentTaskNum: related.parentTaskNum,
    projectId: row.projectId,
    projectType: related.projectType,
    fmeaNum: related.fmeaNum,
    fmeaName: related.fmeaName,
    nodeId: row.nodeId,
    nodeName: related.nodeName,
    pptSerial: row.nodeId && !process ? row.nodeId : null,
    projectProcedureSerial: row.nodeId && process ? row.nodeId : null,
    taskOwnerId: row.ownerId,
    taskOwnerName: row.ownerName,
    handlerId: row.handlerId,
    handlerName: row.handlerName,
    depName: row.depName,
    taskLaunchDate: row.launchDate,
    taskStartDate: shown ? row.plannedStart : null,
    taskEndDate: shown ? row.plannedEnd : null,
    plannedStart: row.plannedStart,
    plannedEnd: row.plannedEnd,
    actualStartDate: row.actualStart,
    taskCompleteDate: row.completeDate,
    hours: row.hours,
    hoursStr: row.hours === null ? '' : String(row.hours),
    creatorId: row.creatorId,
    creatorName: row.creatorName,
    updateTime: row.updatedAt,
    version: row.version,
    actions: callerActions(caller, row),
  };
}

/** The names a task's answer shows beside its own columns, for many tasks in one query per table. */
export async function relatedOf(db: DbOrTx, rows: readonly TaskRow[]): Promise<(row: TaskRow) => Related> {
  const ids = (pick: (r: TaskRow) => string | null) => [...new Set(rows.map(pick).filter((v): v is string => !!v))];
  const [programs, stages, parents, projects, nodes] = await Promise.all([
    ids((r) => r.programId).length ? db.select({ id: program.id, num: program.programNum, name: program.name }).from(program).where(inArray(program.id, ids((r) => r.programId))) : [],
    ids((r) => r.stageId).length ? db.select({ id: programStage.id, name: programStage.name }).from(programStage).where(inArray(programStage.id, ids((r) => r.stageId))) : [],
    ids((r) => r.parentId).length ? db.select({ id: projectTask.id, num: projectTask.taskNum }).from(projectTask).where(inArray(projectTask.id, ids((r) => r.parentId))) : [],
    ids((r) => r.projectId).length
      ? db.select({ id: fmeaProject.id, type: fmeaProject.projectType, num: fmeaProject.serialNum, name: fmeaProject.name }).from(fmeaProject).where(inArray(fmeaProject.id, ids((r) => r.projectId)))
      : [],
    ids((r) => r.nodeId).length ? db.select({ id: fmeaNode.id, name: fmeaNode.name }).from(fmeaNode).where(inArray(fmeaNode.id, ids((r) => r.nodeId))) : [],
  ]);
  const by = <T extends { id: string }>(list: readonly T[]) => new Map(list.map((x) => [x.id, x]));
  const [p, s, t, f, n] = [by(programs), by(stages), by(parents), by(projects), by(nodes)];
  return (row) => ({
    programNum: (row.programId && p.get(row.programId)?.num) || null,
    programName: (row.programId && p.get(row.programId)?.name) || null,
    stageName: (row.stageId && s.get(row.stageId)?.name) || null,
    parentTaskNum: (row.parentId && t.get(row.parentId)?.num) || null,
    projectType: (row.projectId && f.get(row.projectId)?.type) || null,
    fmeaNum: (row.projectId && f.get(row.projectId)?.num) || null,
    fmeaName: (row.projectId && f.get(row.projectId)?.name) || null,
    nodeName: (row.nodeId && n.get(row.nodeId)?.name) || null,
  });
}

export async function viewsOf(db: DbOrTx, rows: readonly TaskRow[], caller: Pick<ProgramCaller, 'actor' | 'buttons'>): Promise<TaskView[]> {
  const [related, custom] = await Promise.all([relatedOf(db, rows), readCustomValues(db, 'task', rows.map((r) => r.id))]);
  return rows.map((row) => taskView(row, related(row), caller, custom.get(row.id)));
}

export interface TaskInput {
  /** Custom field values by system name; a create checks them all, an edit those it sends. */
  customFields?: CustomValues;
  taskName: string;
  taskDesc?: string | null;
  taskType: TaskType;
  taskLabel?: TaskLabel | null;
  taskSource?: TaskSourceCode | null;
  projectTaskSource?: ProjectTaskSource | null;
  programId?: string | null;
  programStageId?: string | null;
  /** The superior task; derived from the node's parent when the task is on an FMEA node. */
  parentId?: string | null;
  /** The FMEA (id or number) and one of its nodes (pptSerial / projectProcedureSerial). */
  projectId?: string | null;
  nodeId?: string | null;
  handlerId: string;
  plannedStart?: string | null;
  plannedEnd?: string | null;
  hours?: number | null;
  dre?: string | null;
}

const fail = (issues: Issue[]): never => {
  throw new InvalidInputError('task.invalid' satisfies ProgramMessageKey, {}, issues);
};

/** Every problem of a task's own fields (`row` for an import's row). */
export function taskFieldIssues(input: Partial<TaskInput>, row?: number): Issue[] {
  const at = row === undefined ? {} : { row };
  const oneOf = (field: keyof TaskInput, list: readonly string[], value: unknown, required = false): Issue[] =>
    (value === null || value === undefined || value === '') ? (required ? [{ messageKey: 'task.name_required', field, params: { field }, ...at }] : []) : list.includes(String(value)) ? [] : [{ messageKey: 'task.type_invalid', field, params: { field, value: String(value) }, ...at }];
  return [
    ...textIssue('taskName', input.taskName, NAME_MAX, true, 'task.name_required', row),
    ...textIssue('taskDesc', input.taskDesc, TEXT_MAX, false, 'task.name_required', row),
    ...textIssue('dre', input.dre, NAME_MAX, false, 'task.name_required', row),
    ...oneOf('taskType', TASK_TYPES, input.taskType, true),
    ...oneOf('taskLabel', TASK_LABELS, input.taskLabel),
    ...oneOf('taskSource', TASK_SOURCE_CODES, input.taskSource),
    ...oneOf('projectTaskSource', PROJECT_TASK_SOURCES, input.projectTaskSource),
    ...dayIssue('plannedStart', input.plannedStart, row),
    ...dayIssue('plannedEnd', input.plannedEnd, row),
    ...orderIssue('plannedEnd', input.plannedStart, input.plannedEnd, 'task.dates_order', row),
    ...(input.hours !== null && input.hours !== undefined && !(Number.isFinite(input.hours) && input.hours >= 0) ? [{ messageKey: 'task.hours_invalid', field: 'hours', params: { field: 'hours' }, ...at }] : []),
  ];
}

interface Placement {
  programId: string | null;
  stageId: string | null;
  parentId: string | null;
  projectId: string | null;
  nodeId: string | null;
  processModel: boolean;
}

/**
 * Where a task sits: its program and stage, its FMEA and node (the FMEA belonging to the program), and its
 * superior task — the task of the program on the node's parent, which must exist first (spec 001 §5).
 */
async function placementOf(db: DbOrTx, input: TaskInput, taskId: string | null): Promise<Placement> {
  const prog = input.programId ? await findProgram(db, input.programId) : null;
  let stageId: string | null = null;
  if (input.programStageId) {
    const stage = prog ? await db.select({ id: programStage.id }).from(programStage).where(and(eq(programStage.id, input.programStageId), eq(programStage.programId, prog.id))).get() : undefined;
    if (!stage) fail([{ messageKey: 'program.stage_not_found', field: 'programStageId', params: { field: 'programStageId' } }]);
    stageId = input.programStageId;
  }
  let project: { id: string; serialNum: string; projectType: string } | undefined;
  if (input.projectId) {
    project = await db
      .select({ id: fmeaProject.id, serialNum: fmeaProject.serialNum, projectType: fmeaProject.projectType })
      .from(fmeaProject)
      .where(and(or(eq(fmeaProject.id, input.projectId), eq(fmeaProject.serialNum, input.projectId)), live(fmeaProject)))
      .get();
    if (!project) fail([{ messageKey: 'program.fmea_not_found', field: 'projectId', params: { field: 'projectId', project: input.projectId } }]);
    if (prog && !(await db.select({ p: programFmea.projectId }).from(programFmea).where(and(eq(programFmea.programId, prog.id), eq(programFmea.projectId, project!.id))).get())) {
      fail([{ messageKey: 'task.fmea_not_in_program', field: 'projectId', params: { field: 'projectId', project: project!.serialNum } }]);
    }
  }
  let parentId = input.parentId || null;
  if (input.nodeId) {
    const node = project ? await db.select({ id: fmeaNode.id, parentId: fmeaNode.parentId }).from(fmeaNode).where(and(eq(fmeaNode.id, input.nodeId), eq(fmeaNode.projectId, project.id))).get() : undefined;
    if (!node) return fail([{ messageKey: 'task.node_not_in_project', field: 'nodeId', params: { field: 'nodeId', project: project?.serialNum ?? '' } }]);
    const scope = prog ? eq(projectTask.programId, prog.id) : isNull(projectTask.programId);
    const tasksOnParent = node.parentId
      ? await db.select({ id: projectTask.id }).from(projectTask).where(and(eq(projectTask.nodeId, node.parentId), scope, live(projectTask), taskId ? ne(projectTask.id, taskId) : undefined)).limit(1)
      : [];
    const superior = superiorPartTask(node.parentId, () => tasksOnParent[0]?.id);
    if (superior === 'missing') {
      const parentNode = await db.select({ name: fmeaNode.name }).from(fmeaNode).where(eq(fmeaNode.id, node.parentId!)).get();
      fail([{ messageKey: 'task.superior_task_first', field: 'nodeId', params: { field: 'nodeId', node: parentNode?.name ?? '' } }]);
    }
    if (superior && !input.parentId) parentId = superior as string;
  }
  if (parentId) {
    const parent = await db.select({ id: projectTask.id, programId: projectTask.programId, delFlg: projectTask.delFlg, taskNum: projectTask.taskNum }).from(projectTask).where(eq(projectTask.id, parentId)).get();
    if (!parent || isDeleted(parent)) fail([{ messageKey: 'task.parent_not_found', field: 'parentId', params: { field: 'parentId', task: parentId } }]);
    if ((parent!.programId ?? null) !== (prog?.id ?? null)) fail([{ messageKey: 'task.parent_other_program', field: 'parentId', params: { field: 'parentId' } }]);
    if (taskId) {
      const parents = new Map<string, string | null>();
      const rows = await db.select({ id: projectTask.id, parentId: projectTask.parentId }).from(projectTask).where(prog ? eq(projectTask.programId, prog.id) : isNull(projectTask.programId));
      for (const r of rows) parents.set(r.id, r.parentId);
      if (parentCycle(taskId, parentId, (id) => parents.get(id))) fail([{ messageKey: 'task.parent_cycle', field: 'parentId', params: { field: 'parentId' } }]);
    }
  }
  return { programId: prog?.id ?? null, stageId, parentId, projectId: project?.id ?? null, nodeId: input.nodeId || null, processModel: project ? kindOf(project.projectType).processModel : false };
}

/** The columns of a checked task (handler and their department read from the user). */
async function columnsOf(db: DbOrTx, input: TaskInput, taskId: string | null) {
  const issues = taskFieldIssues(input);
  const handler = input.handlerId ? (await peopleById(db, [input.handlerId])).get(input.handlerId) : undefined;
  if (!handler) issues.push({ messageKey: 'task.handler_unknown', field: 'handlerId', params: { field: 'handlerId' } });
  if (issues.length) fail(issues);
  const place = await placementOf(db, input, taskId);
  const dept = handler!.departmentId ? await db.select({ name: department.name }).from(department).where(eq(department.id, handler!.departmentId)).get() : undefined;
  return {
    place,
    values: {
      name: input.taskName.trim(),
      description: input.taskDesc?.trim() || null,
      taskType: input.taskType,
      taskLabel: input.taskLabel || null,
      taskSource: input.taskSource || null,
      projectTaskSource: input.projectTaskSource || null,
      taskObject: taskObjectOf(place.projectId ? { processModel: place.processModel } : null),
      dre: input.dre?.trim() || null,
      programId: place.programId,
      stageId: place.stageId,
      parentId: place.parentId,
      projectId: place.projectId,
      nodeId: place.nodeId,
      handlerId: handler!.id,
      handlerName: handler!.name,
      depId: handler!.departmentId,
      depName: dept?.name ?? null,
      plannedStart: input.plannedStart || null,
      plannedEnd: input.plannedEnd || (input.plannedStart ? input.plannedStart : null),
      hours: input.hours ?? null,
    },
  };
}

/** May the caller add tasks: task_index add, or (for a program's task) program_detail schedule. */
function assertMayAdd(caller: ProgramCaller, programId: string | null | undefined): void {
  if (holdsButton(caller, TASK_ROUTE, 'add') || (programId && holdsButton(caller, PROGRAM_DETAIL_ROUTE, 'schedule'))) return;
  throw new NotAllowedError('permission.denied', { action: 'add' });
}

/** Inserts a checked task with its PR or PT number (inside the caller's transaction), logs it and tells its handler (the message rows go to `messages`, for the caller to push). */
export async function insertTask(tx: Tx, txCtx: TxContext, input: TaskInput, messages: MessageRow[] = []): Promise<TaskRow> {
  const { place, values } = await columnsOf(tx, input, null);
  const now = txCtx.now();
  const me = await actorName(tx, txCtx.actor);
  const taskNum = await allocateNumber(tx, taskNumberingModule(place.processModel), now, async (n) => !!(await tx.select({ id: projectTask.id }).from(projectTask).where(eq(projectTask.taskNum, n)).get()));
  const sort = place.programId ? Number((await tx.select({ n: sql<number>`coalesce(max(${projectTask.sort}), 0)` }).from(projectTask).where(eq(projectTask.programId, place.programId)).get())?.n ?? 0) + 1 : 0;
  const [row] = await tx
    .insert(projectTask)
    .values({
      ...values,
      taskNum,
      sort,
      status: TASK_STATUS.notStarted,
      ownerId: txCtx.actor.userId,
      ownerName: me,
      launchDate: now.toISOString().slice(0, 10),
      creatorId: txCtx.actor.userId,
      // the creator rule (xmcjzRule) also matches a creator by this name: the login, not the shown name
      creatorName: txCtx.actor.userName,
      updaterId: txCtx.actor.userId,
      updaterName: me,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await writeTaskLog(tx, txCtx, row!, 'create', { to: row!.status });
  messages.push(...(await storeTaskNotice(tx, txCtx, row!, 'given')));
  return row!;
}

/** Launches a task; answers it with the messages stored for its handler (the API pushes them). */
export async function launchTask(ctx: ServiceContext, input: TaskInput): Promise<{ task: TaskView; messages: MessageRow[] }> {
  const caller = await programCaller(ctx.db, ctx.actor);
  assertMayAdd(caller, input.programId);
  const messages: MessageRow[] = [];
  const row = await writeAndLog(ctx, async (tx, txCtx) => {
    const row = await insertTask(tx, txCtx, input, messages);
    await saveCustomValues(tx, 'task', row.id, input.customFields, { partial: false });
    return { result: row, log: { action: 'task.create', entity: 'project_task', entityId: row.id, after: row } };
  });
  return { task: (await viewsOf(ctx.db, [row], caller))[0]!, messages };
}

export async function createTask(ctx: ServiceContext, input: TaskInput): Promise<TaskView> {
  return (await launchTask(ctx, input)).task;
}

export const staleTask = (row: TaskRow) => new ConflictError('task.stale' satisfies ProgramMessageKey, { task: row.taskNum, currentVersion: row.version });
const FINISHED: readonly TaskStatus[] = [TASK_STATUS.completed, TASK_STATUS.cancelled];
export const isFinished = (row: Pick<TaskRow, 'status'>) => FINISHED.includes(row.status);
export const finishedRefusal = (row: TaskRow) => new ConflictError('task.finished' satisfies ProgramMessageKey, { task: row.taskNum });

/**
 * Who edits or deletes a task: task_index edit/del under xmcjzRule (its creator; with the rule off, audit
 * holders too: task_index offers no audit, so administrators), or, for a program's task, the holders of
 * program_detail schedule (the program's planners).
 */
function assertMayChange(caller: ProgramCaller, row: TaskRow, action: 'edit' | 'del'): void {
  if (row.programId && holdsButton(caller, PROGRAM_DETAIL_ROUTE, 'schedule')) return;
  assertOperate(caller, TASK_ROUTE, action, row);
}

export async function updateTask(ctx: ServiceContext, key: string, input: TaskInput & { version: number }): Promise<TaskView> {
  return (await editTask(ctx, key, input)).task;
}

/** Edits a task; a new handler is told (the message rows answered for the API to push). */
export async function editTask(ctx: ServiceContext, key: string, input: TaskInput & { version: number }): Promise<{ task: TaskView; messages: MessageRow[] }> {
  const caller = await programCaller(ctx.db, ctx.actor);
  const messages: MessageRow[] = [];
  const row = await writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findTask(tx, key);
    assertMayChange(caller, before, 'edit');
    if (isFinished(before)) throw finishedRefusal(before);
    if (before.version !== input.version) throw staleTask(before);
    // a task keeps its number: moving it onto a process FMEA does not renumber it
    const { values } = await columnsOf(tx, { ...input, programId: input.programId === undefined ? before.programId : input.programId }, before.id);
    const [after] = await tx
      .update(projectTask)
      .set({ ...values, updaterId: txCtx.actor.userId, updaterName: await actorName(tx, txCtx.actor), updatedAt: txCtx.now(), version: sql`version + 1` })
      .where(and(eq(projectTask.id, before.id), eq(projectTask.version, before.version)))
      .returning();
    if (!after) throw staleTask(before);
    await saveCustomValues(tx, 'task', after.id, input.customFields, { partial: true });
    await writeTaskLog(tx, txCtx, after, 'edit');
    if (after.handlerId !== before.handlerId) messages.push(...(await storeTaskNotice(tx, txCtx, after, 'given')));
    return { result: after, log: { action: 'task.update', entity: 'project_task', entityId: after.id, before, after } };
  });
  return { task: (await viewsOf(ctx.db, [row], caller))[0]!, messages };
}

/** Deletes a task (marked deleted) with its dependencies, once no live task hangs under it. */
export async function deleteTask(ctx: ServiceContext, key: string): Promise<void> {
  const caller = await programCaller(ctx.db, ctx.actor);
  await writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findTask(tx, key);
    assertMayChange(caller, before, 'del');
    const subs = await tx.select({ n: sql<number>`count(*)` }).from(projectTask).where(and(eq(projectTask.parentId, before.id), live(projectTask))).get();
    if (Number(subs?.n ?? 0) > 0) throw new ConflictError('task.has_sub_tasks' satisfies ProgramMessageKey, { count: Number(subs!.n) });
    await tx.delete(taskDependency).where(or(eq(taskDependency.predecessorId, before.id), eq(taskDependency.successorId, before.id)));
    await tx.update(projectTask).set({ ...softDeleted(), deletedAt: txCtx.now(), version: sql`version + 1`, updaterId: txCtx.actor.userId, updaterName: await actorName(tx, txCtx.actor) }).where(eq(projectTask.id, before.id));
    await writeTaskLog(tx, txCtx, before, 'delete');
    return { result: undefined, log: { action: 'task.delete', entity: 'project_task', entityId: before.id, before } };
  });
}

export async function getTask(ctx: ServiceContext, key: string): Promise<TaskView> {
  const caller = await programCaller(ctx.db, ctx.actor);
  const row = await findTask(ctx.db, key);
  assertTaskReadable(caller, row);
  return (await viewsOf(ctx.db, [row], caller))[0]!;
}

/** A task is read by its handler and owner, and by holders of the task or program routes. */
export function assertTaskReadable(caller: ProgramCaller, row: TaskRow): void {
  const me = caller.actor.userId;
  if (caller.actor.isAdmin || (me && (row.handlerId === me || row.ownerId === me || row.creatorId === me))) return;
  if (mayReadTasks(caller)) return;
  throw new NotAllowedError('permission.denied', { action: 'read' });
}
