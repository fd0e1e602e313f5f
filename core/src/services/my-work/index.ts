import { and, eq, inArray, max, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ewo, fmeaAction, fmeaFailure, fmeaFunction, fmeaNode, fmeaProject, fmeaReviewAssignee, fmeaReviewRound } from '../../db/schema/index.ts';
import type { ActionStatus } from '../../domain/fmea/actions.ts';
import { FMEA_REVIEW_ROLES, waitingFor, type FmeaReviewRole } from '../../domain/status/fmea-review.ts';
import { TASK_STATUS, type TaskStatus } from '../../domain/status/task.ts';
import type { ServiceContext } from '../shared/context.ts';
import { pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { loadReview } from '../fmea-review/state.ts';
import { projectLink } from '../../domain/fmea/kinds.ts';
import { taskLink } from '../messages/fmea-task.ts';
import { live } from '../../db/live.ts';
import type { ProjectType } from '../../domain/fmea/vocabulary.ts';
import { AREAS, ewoDetailPath, taskSourcesOf, type AreaDefinition } from '../../domain/areas/index.ts';
import { proposalTasks } from '../loop/tasks.ts';
import { openStepsOwnedBy, stepTaskRoute, stepTaskStatus } from '../problem/tasks.ts';
import type { TaskType } from '../../domain/program/vocabulary.ts';
import { programTasks } from '../program/my-tasks.ts';
import { drbfmActionTasks } from '../drbfm/tasks.ts';
import { dvpTestTasks } from '../dvp/my-tasks.ts';

/**
 * My tasks (spec 000 §2.5 personal centre, 001 §3 Task): the work the areas
 * give the caller (docs/domain/fmea-communication.md). Each source is
 * implemented once here (TASK_SOURCES) and the areas name the ones their
 * records give (`contributes.taskSources`); My tasks gathers every source an
 * area contributes, over the project types of the areas contributing it.
 * - action: optimisation actions whose responsible person is the caller
 *   (stored as a user id, `fmea_action.responsible_user_id`), in live projects;
 * - review: review steps waiting for the caller: an opinion as the named
 *   professional or quality reviewer, the approval as technical director, a release.
 * - proposal: open FMEA change proposals (from a problem or an EWO) on the
 *   projects the caller is responsible for (services/loop/tasks.ts).
 * - program: the program tasks waiting for the caller (their to-do list, services/program/my-tasks.ts).
 * - dvp: the DVP tests given to the caller that have no result yet (services/dvp/my-tasks.ts).
 * The PFMEA's per-step task status has no assignee in the engine, so it gives none.
 */

/** What a source reads for: the caller, and the project types of the areas contributing it. */
export interface TaskScope {
  readonly me: string;
  readonly projectTypes: readonly string[];
}

/** A task source: the caller's tasks of one kind. */
export type TaskSource<S extends string = string> = (db: DbOrTx, scope: TaskScope) => Promise<MyTask<S>[]>;
/** What a review task asks of the caller. */
export type MyReviewStep = 'opinion' | 'approve' | 'release';

export interface MyTask<S extends string = MyTaskSource> {
  /** The action's id, `review:<projectId>`, or `problemStep:<stepId>`. */
  readonly id: string;
  /** The source's name (TASK_SOURCES). */
  readonly taskSource: S;
  /** Spec 001 §4 task types: 1 compile, 2 review, 3 update (also an EWO's follow-up, an FMEA change proposal to decide), 4 Quick DR, 5 Full DR, 6 optimisation (actions are 6, review steps 2); '8D' a step of a problem (ours: the spec has no type for it). */
  readonly taskType: TaskType | '8D';
  readonly taskDesc: string;
  readonly reviewStep: MyReviewStep | null;
  readonly reviewRoles: FmeaReviewRole[];
  /** A program task's number (PR…/PT…); null for actions and review steps. */
  readonly taskNum: string | null;
  /** The FMEA the task is on; null for a program task on none. */
  readonly projectId: string | null;
  readonly projectType: string | null;
  readonly fmeaNum: string | null;
  readonly fmeaName: string | null;
  readonly nodeName: string | null;
  readonly taskLaunchDate: Date;
  readonly taskEndDate: string | null;
  readonly taskCompleteDate: string | null;
  readonly taskStatus: TaskStatus;
  /** The view the row opens. */
  readonly route: string;
}

/** An action's status as a task status (spec 001 §4): the filter's four (not started, in progress, completed, cancelled) and pending for a decision still open. */
export const ACTION_TASK_STATUS: Readonly<Record<ActionStatus, TaskStatus>> = {
  open: TASK_STATUS.notStarted,
  decisionPending: TASK_STATUS.pending,
  implementationPending: TASK_STATUS.inProgress,
  completed: TASK_STATUS.completed,
  notImplemented: TASK_STATUS.cancelled,
};

export interface MyTaskQuery extends PageQuery {
  /** Only these task statuses (the filter offers 0, 1, 3, 5). */
  readonly taskStatus?: readonly TaskStatus[];
}

async function actionTasks(db: DbOrTx, { me, projectTypes }: TaskScope): Promise<MyTask<'action'>[]> {
  const rows = await db
    .select({
      id: fmeaAction.id,
      description: fmeaAction.description,
      status: fmeaAction.status,
      targetDate: fmeaAction.targetDate,
      completionDate: fmeaAction.completionDate,
      createdAt: fmeaAction.createdAt,
      projectId: fmeaProject.id,
      projectType: fmeaProject.projectType,
      serialNum: fmeaProject.serialNum,
      projectName: fmeaProject.name,
      nodeName: fmeaNode.name,
    })
    .from(fmeaAction)
    .innerJoin(fmeaProject, eq(fmeaProject.id, fmeaAction.projectId))
    .innerJoin(fmeaFailure, eq(fmeaFailure.id, fmeaAction.causeId))
    .innerJoin(fmeaFunction, eq(fmeaFunction.id, fmeaFailure.functionId))
    .innerJoin(fmeaNode, eq(fmeaNode.id, fmeaFunction.nodeId))
    .where(and(eq(fmeaAction.responsibleUserId, me), live(fmeaProject), inArray(fmeaProject.projectType, projectTypes as ProjectType[])));
  return rows.map((r) => ({
    id: r.id,
    taskSource: 'action' as const,
    taskType: '6',
    taskDesc: r.description,
    reviewStep: null,
    reviewRoles: [],
    taskNum: null,
    projectId: r.projectId,
    projectType: r.projectType,
    fmeaNum: r.serialNum,
    fmeaName: r.projectName,
    nodeName: r.nodeName,
    taskLaunchDate: r.createdAt,
    taskEndDate: r.targetDate,
    taskCompleteDate: r.completionDate,
    taskStatus: ACTION_TASK_STATUS[r.status],
    route: `${taskLink(r.projectType, r.projectId)}&thread=${encodeURIComponent(`action:${r.id}`)}`,
  }));
}

async function reviewTasks(db: DbOrTx, { me, projectTypes }: TaskScope): Promise<MyTask<'review'>[]> {
  // the latest round of each project under review or approved that names the caller
  const named = await db
    .selectDistinct({ projectId: fmeaReviewRound.projectId })
    .from(fmeaReviewAssignee)
    .innerJoin(fmeaReviewRound, eq(fmeaReviewRound.id, fmeaReviewAssignee.roundId))
    .innerJoin(fmeaProject, eq(fmeaProject.id, fmeaReviewRound.projectId))
    .where(and(eq(fmeaReviewAssignee.userId, me), live(fmeaProject), inArray(fmeaProject.projectType, projectTypes as ProjectType[]), inArray(fmeaProject.reviewStatus, ['under_review', 'approved'])));
  if (named.length === 0) return [];
  const projects = await db.select().from(fmeaProject).where(inArray(fmeaProject.id, named.map((n) => n.projectId)));
  const latest = new Map(
    (await db.select({ projectId: fmeaReviewRound.projectId, round: max(fmeaReviewRound.round) }).from(fmeaReviewRound).where(inArray(fmeaReviewRound.projectId, projects.map((p) => p.id))).groupBy(fmeaReviewRound.projectId)).map((r) => [r.projectId, r.round]),
  );
  const tasks: MyTask<'review'>[] = [];
  for (const project of projects) {
    const { state, round } = await loadReview(db, project.id, project.reviewStatus, 'one');
    if (!round || round.round !== latest.get(project.id) || !waitingFor(state).includes(me)) continue;
    const roles = FMEA_REVIEW_ROLES.filter((r) => state.assignees?.[r] === me);
    const owesOpinion = roles.some((r) => (r === 'professional' || r === 'quality') && !state.opinions.some((o) => o.role === r));
    const step: MyReviewStep = state.status === 'approved' ? 'release' : owesOpinion ? 'opinion' : 'approve';
    tasks.push({
      id: `review:${project.id}`,
      taskSource: 'review',
      taskType: '2',
      taskDesc: project.name,
      reviewStep: step,
      reviewRoles: roles,
      taskNum: null,
      projectId: project.id,
      projectType: project.projectType,
      fmeaNum: project.serialNum,
      fmeaName: project.name,
      nodeName: null,
      taskLaunchDate: state.status === 'approved' ? (round.approvedAt ?? round.submittedAt) : round.submittedAt,
      taskEndDate: null,
      taskCompleteDate: null,
      taskStatus: TASK_STATUS.notStarted,
      route: `${projectLink(project.projectType, project.id)}&review=1`,
    });
  }
  return tasks;
}

/**
 * EWOs (docs/domain/ewo.md): a follow-up the caller owes as tracker (type 3 update: a change being followed up,
 * or a published one whose breakpoint is to be followed up), and a publish request waiting for the caller's
 * decision (type 2 review). Not tied to an FMEA: the row names the EWO where the others name a project.
 */
async function ewoTasks(db: DbOrTx, { me }: TaskScope): Promise<MyTask<'ewo'>[]> {
  const rows = await db
    .select()
    .from(ewo)
    .where(and(live(ewo), or(and(eq(ewo.trackerId, me), inArray(ewo.status, ['followUp', 'published'])), and(eq(ewo.approverId, me), eq(ewo.status, 'publishPending')))));
  return rows.map((r) => {
    const deciding = r.status === 'publishPending';
    return {
      id: `ewo:${r.id}`,
      taskSource: 'ewo' as const,
      taskNum: null,
      taskType: deciding ? '2' : '3',
      taskDesc: r.description,
      reviewStep: deciding ? ('approve' as const) : null,
      reviewRoles: [],
      projectId: '',
      projectType: 'ewo',
      fmeaNum: r.ewoNum,
      fmeaName: r.description,
      nodeName: null,
      taskLaunchDate: deciding ? (r.submittedAt ?? r.updatedAt) : r.status === 'published' ? (r.publishedAt ?? r.updatedAt) : r.createdAt,
      taskEndDate: r.closingDate,
      taskCompleteDate: null,
      taskStatus: deciding ? TASK_STATUS.pending : TASK_STATUS.inProgress,
      route: ewoDetailPath(r.ewoNum),
    };
  });
}

/** An 8D's unfinished steps the caller owns (the problem stands where a project does: its number and brief, the step as the node). */
async function problemStepTasks(db: DbOrTx, { me }: TaskScope): Promise<MyTask<'problemStep'>[]> {
  return (await openStepsOwnedBy(db, me)).map((t) => ({
    id: `problemStep:${t.id}`,
    taskSource: 'problemStep' as const,
    taskNum: null,
    taskType: '8D',
    taskDesc: t.brief,
    reviewStep: null,
    reviewRoles: [],
    projectId: t.problemId,
    projectType: 'problem',
    fmeaNum: t.problemNum,
    fmeaName: t.brief,
    nodeName: t.step,
    taskLaunchDate: t.createdAt,
    taskEndDate: t.dueAt ? t.dueAt.toISOString().slice(0, 10) : null,
    taskCompleteDate: null,
    taskStatus: stepTaskStatus(t.state),
    route: stepTaskRoute(t),
  }));
}

/** The task sources, by the name an area contributes them under. */
export const TASK_SOURCES = { action: actionTasks, review: reviewTasks, problemStep: problemStepTasks, ewo: ewoTasks, proposal: proposalTasks, program: programTasks, drbfmAction: drbfmActionTasks, dvp: dvpTestTasks } as const;
/** Where a task comes from. */
export type MyTaskSource = keyof typeof TASK_SOURCES;
export const MY_TASK_SOURCES = Object.keys(TASK_SOURCES) as [MyTaskSource, ...MyTaskSource[]];

/** The areas whose contributions My tasks gathers, and the sources their names stand for (a test adds a pretend area and its source). */
export interface TaskWorld<S extends string> {
  readonly areas: readonly AreaDefinition[];
  readonly sources: Readonly<Record<S, TaskSource<S>>>;
}

/** The source names the areas contribute that no source implements; empty when they hold together (the contract test asserts it). */
export const unknownTaskSources = (areas: readonly AreaDefinition[], sources: Readonly<Record<string, unknown>> = TASK_SOURCES): string[] =>
  [...taskSourcesOf(areas).keys()].filter((name) => !Object.hasOwn(sources, name));

/**
 * The caller's tasks from every source the areas contribute, nearest end
 * date first (none last), then the newest. `taskStatus` narrows; paging as
 * everywhere (page 1, 10 rows).
 */
export async function listMyTasks<S extends string = MyTaskSource>(
  ctx: ServiceContext,
  query: MyTaskQuery = {},
  // the product's areas and sources (S is then MyTaskSource; TypeScript cannot tie a default value to a type parameter)
  world: TaskWorld<S> = { areas: AREAS, sources: TASK_SOURCES } as unknown as TaskWorld<S>,
): Promise<Page<MyTask<S>>> {
  const { page, limit, offset } = pageWindow(query);
  const me = ctx.actor.userId;
  if (!me) return { items: [], total: 0, page, limit };
  const all: MyTask<S>[] = [];
  for (const [name, { projectTypes }] of taskSourcesOf(world.areas)) {
    // an area naming a source nobody implements is a programming error (unknownTaskSources)
    if (!Object.hasOwn(world.sources, name)) throw new Error(`no task source ${name}`);
    all.push(...(await world.sources[name as S](ctx.db, { me, projectTypes })));
  }
  const wanted = query.taskStatus && query.taskStatus.length > 0 ? all.filter((t) => query.taskStatus!.includes(t.taskStatus)) : all;
  wanted.sort((a, b) => (a.taskEndDate ?? '9999').localeCompare(b.taskEndDate ?? '9999') || b.taskLaunchDate.getTime() - a.taskLaunchDate.getTime());
  return { items: wanted.slice(offset, offset + limit), total: wanted.length, page, limit };
}
