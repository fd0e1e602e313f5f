import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { fmeaAction, fmeaFailure, fmeaFailureLink, fmeaMember, fmeaProject, problem } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import { AREAS, pagePath, personalArea, problemArea, problemDetailPath, taskSourcesOf, type AreaDefinition } from '../../domain/areas/index.ts';
import { INDICATOR_ROWS, type IndicatorAnswer, type IndicatorItem } from '../../domain/dashboard/index.ts';
import { CONTROL_KINDS, UNFINISHED_ACTION_STATUSES } from '../../domain/fmea/index.ts';
import type { ProjectType } from '../../domain/fmea/vocabulary.ts';
import { TASK_STATUS } from '../../domain/status/task.ts';
import { projectLink } from '../../domain/fmea/kinds.ts';
import { listRecentProjects } from '../fmea/project-list.ts';
import { listReadApprovals } from '../messages/applications.ts';
import { taskLink } from '../messages/fmea-task.ts';
import { listMyTasks, TASK_SOURCES } from '../my-work/index.ts';
import { mayOnProblem, problemCaller } from '../problem/access.ts';
import { listMyApprovals } from '../reviews/reviews.ts';
import { apEvaluator } from '../rules/ap-rules.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import { inChunks } from '../shared/in-chunks.ts';

/**
 * The figures of the indicators the areas contribute (docs/domain/dashboard.md), each for the caller and
 * each an `IndicatorAnswer`: the figure, the first `limit` rows with the page to act on each, and the
 * page listing them all. The API's route of each checks the contributing area's route first; these read
 * only what the caller may read (their own work, their projects, the problems of their sites).
 */

const day = (at: Date | null | undefined): string | null => (at ? at.toISOString().slice(0, 10) : null);
const personalPage = (microRoute: (typeof personalArea.pages)[number]['microRoute']) => pagePath(personalArea, { microRoute });
const OPEN_TASK_STATUSES = [TASK_STATUS.notStarted, TASK_STATUS.inProgress, TASK_STATUS.pending];

/** My tasks: the caller's unfinished tasks from every source the areas contribute, nearest end date first (My tasks' order). */
export async function myTasksIndicator(ctx: ServiceContext, limit = INDICATOR_ROWS): Promise<IndicatorAnswer> {
  const page = await listMyTasks(ctx, { page: 1, limit, taskStatus: OPEN_TASK_STATUSES });
  const today = day(ctx.now())!;
  return {
    total: page.total,
    items: page.items.map((task) => ({
      id: task.id,
      label: task.fmeaNum ?? task.taskNum,
      text: task.taskSource === 'review' ? (task.fmeaName ?? task.taskDesc) : task.taskDesc,
      date: task.taskEndDate,
      tag: task.reviewStep ?? (task.taskEndDate !== null && task.taskEndDate < today ? 'overdue' : null),
      route: task.route,
    })),
    more: personalPage('myTask'),
  };
}

/**
 * Reviews waiting for me: the FMEA review steps waiting for the caller (the review task source, over the
 * project types of the areas naming it), the catalog records waiting for their audit or approval and the
 * read applications waiting for their decision (My approvals), and the 8D reports they are to approve;
 * the longest waiting first.
 */
export async function reviewsWaitingIndicator(ctx: ServiceContext, limit = INDICATOR_ROWS, areas: readonly AreaDefinition[] = AREAS): Promise<IndicatorAnswer> {
  const me = ctx.actor.userId;
  if (!me) return { total: 0, items: [], more: personalPage('myAudit') };
  const myAudit = personalPage('myAudit');
  const projectTypes = taskSourcesOf(areas).get('review')?.projectTypes ?? [];
  const [fmeaReviews, catalog, applications, reports] = await Promise.all([
    TASK_SOURCES.review(ctx.db, { me, projectTypes }),
    listMyApprovals(ctx, { page: 1, limit }),
    listReadApprovals(ctx, { tab: 'pending', page: 1, limit }),
    ctx.db.select().from(problem).where(and(live(problem), eq(problem.status, 'underReview'), eq(problem.approverId, me))),
  ]);
  const rows: (IndicatorItem & { since: number })[] = [
    ...fmeaReviews.map((t) => ({ id: t.id, label: t.fmeaNum, text: t.fmeaName ?? t.taskDesc, date: day(t.taskLaunchDate), tag: t.reviewStep, route: t.route, since: t.taskLaunchDate.getTime() })),
    ...catalog.items.map((r) => ({ id: `catalog:${r.id}`, label: r.serialNum, text: r.text, date: day(r.auditTime ?? r.applyTime), tag: 'catalogReview' as const, route: myAudit, since: (r.auditTime ?? r.applyTime)?.getTime() ?? 0 })),
    ...applications.items.map((a) => ({ id: `application:${a.id}`, label: a.projectSerialNum, text: a.projectName, date: day(a.createdAt), tag: 'readApplication' as const, route: myAudit, since: a.createdAt.getTime() })),
    ...reports.map((p) => ({ id: `problem:${p.id}`, label: p.problemNum, text: p.brief, date: day(p.submittedAt), tag: 'problemReport' as const, route: problemDetailPath(p.problemNum), since: p.submittedAt?.getTime() ?? 0 })),
  ];
  rows.sort((a, b) => a.since - b.since);
  return {
    total: fmeaReviews.length + catalog.total + applications.total + reports.length,
    items: rows.slice(0, limit).map(({ since: _since, ...item }) => item),
    more: myAudit,
  };
}

/** The projects the caller opened lately, of the areas they hold (the recent lists' one service, which leaves out projects they may no longer open). */
export async function recentProjectsIndicator(ctx: ServiceContext, limit = INDICATOR_ROWS): Promise<IndicatorAnswer> {
  const projects = await listRecentProjects(ctx, { limit });
  return {
    total: projects.length,
    items: projects.map((p) => ({ id: p.id, label: p.serialNum, text: p.name, date: null, tag: null, route: projectLink(p.projectType, p.id) })),
    more: null,
  };
}

/**
 * Open H actions: the unfinished optimisation actions (open, decision or implementation pending) on causes
 * whose chain is rated AP H (the worst of its effects' severity with the cause's O and D, by the project's
 * AP table, as the release checks rate it), in the live projects of the given types the caller is
 * responsible for or on the team of; the nearest target date first, each opening the project's optimisation step.
 */
export async function openHActionsIndicator(ctx: ServiceContext, projectTypes: readonly string[], limit = INDICATOR_ROWS): Promise<IndicatorAnswer> {
  const me = ctx.actor.userId;
  if (!me || projectTypes.length === 0) return { total: 0, items: [], more: null };
  const db = await readDb(ctx);
  const projects = await db
    .select({ id: fmeaProject.id, serialNum: fmeaProject.serialNum, projectType: fmeaProject.projectType, apTable: fmeaProject.apTable })
    .from(fmeaProject)
    .where(
      and(
        live(fmeaProject),
        eq(fmeaProject.isTemplate, 0),
        inArray(fmeaProject.projectType, projectTypes as ProjectType[]),
        or(eq(fmeaProject.responsibleUserId, me), inArray(fmeaProject.id, db.select({ id: fmeaMember.projectId }).from(fmeaMember).where(eq(fmeaMember.userId, me)))),
      ),
    );
  if (projects.length === 0) return { total: 0, items: [], more: null };
  const byId = new Map(projects.map((p) => [p.id, p]));
  const actions = await inChunks([...byId.keys()], (ids) =>
    db
      .select({ id: fmeaAction.id, projectId: fmeaAction.projectId, causeId: fmeaAction.causeId, description: fmeaAction.description, targetDate: fmeaAction.targetDate })
      .from(fmeaAction)
      .where(and(inArray(fmeaAction.projectId, ids), inArray(fmeaAction.status, [...UNFINISHED_ACTION_STATUSES]), inArray(fmeaAction.kind, [...CONTROL_KINDS]))),
  );
  if (actions.length === 0) return { total: 0, items: [], more: null };
  const high = await highCauses(db, [...new Set(actions.map((a) => a.causeId))], byId);
  const today = day(ctx.now())!;
  const open = actions.filter((a) => high.has(a.causeId)).sort((a, b) => (a.targetDate ?? '9999').localeCompare(b.targetDate ?? '9999') || a.id.localeCompare(b.id));
  return {
    total: open.length,
    items: open.slice(0, limit).map((a) => {
      const project = byId.get(a.projectId)!;
      return { id: a.id, label: project.serialNum, text: a.description, date: a.targetDate, tag: a.targetDate !== null && a.targetDate < today ? 'overdue' : null, route: taskLink(project.projectType, project.id) };
    }),
    more: null,
  };
}

/** The causes among these whose chain (cause → its modes → their effects) is rated AP H by its project's table. */
async function highCauses(db: Awaited<ReturnType<typeof readDb>>, causeIds: string[], projects: ReadonlyMap<string, { apTable: string }>): Promise<Set<string>> {
  const causes = await inChunks(causeIds, (ids) =>
    db.select({ id: fmeaFailure.id, projectId: fmeaFailure.projectId, occurrence: fmeaFailure.occurrence, detection: fmeaFailure.detection }).from(fmeaFailure).where(inArray(fmeaFailure.id, ids)),
  );
  const rated = causes.filter((c) => c.occurrence !== null && c.detection !== null);
  if (rated.length === 0) return new Set();
  const modeLinks = await inChunks(
    rated.map((c) => c.id),
    (ids) => db.select({ mode: fmeaFailureLink.higherFailureId, cause: fmeaFailureLink.lowerFailureId }).from(fmeaFailureLink).where(inArray(fmeaFailureLink.lowerFailureId, ids)),
  );
  const modeIds = [...new Set(modeLinks.map((l) => l.mode))];
  const effectLinks = await inChunks(modeIds, (ids) =>
    db
      .select({ mode: fmeaFailureLink.lowerFailureId, severity: fmeaFailure.severity })
      .from(fmeaFailureLink)
      .innerJoin(fmeaFailure, eq(fmeaFailure.id, fmeaFailureLink.higherFailureId))
      .where(and(inArray(fmeaFailureLink.lowerFailureId, ids), eq(fmeaFailure.kind, 'FE'), isNotNull(fmeaFailure.severity))),
  );
  const severities = new Map<string, number[]>();
  for (const { mode, severity } of effectLinks) severities.set(mode, [...(severities.get(mode) ?? []), severity!]);
  const modesOf = new Map<string, string[]>();
  for (const { mode, cause } of modeLinks) modesOf.set(cause, [...(modesOf.get(cause) ?? []), mode]);
  const evaluators = new Map<string, (s: number, o: number, d: number) => string>();
  const high = new Set<string>();
  for (const cause of rated) {
    const table = projects.get(cause.projectId)!.apTable;
    if (!evaluators.has(table)) evaluators.set(table, await apEvaluator(db, table));
    const apOf = evaluators.get(table)!;
    const worst = (modesOf.get(cause.id) ?? []).flatMap((m) => severities.get(m) ?? []);
    if (worst.some((s) => apOf(s, cause.occurrence!, cause.detection!) === 'H')) high.add(cause.id);
  }
  return high;
}

/**
 * Problems past due: the problems the caller may read (internal ones with problem_index, customer ones
 * with fawProblem_index, of their sites) that are not closed and whose planned completion day has passed;
 * the longest overdue first, each opening the problem.
 */
export async function problemsPastDueIndicator(ctx: ServiceContext, limit = INDICATOR_ROWS): Promise<IndicatorAnswer> {
  const caller = await problemCaller(ctx.db, ctx.actor);
  const kinds = [false, true].filter((customer) => mayOnProblem(caller, 'read', customer));
  const more = pagePath(problemArea, { microRoute: '' });
  if (kinds.length === 0) return { total: 0, items: [], more };
  const sites = caller.actor.isAdmin ? undefined : caller.siteIds.length ? or(isNull(problem.siteId), inArray(problem.siteId, [...caller.siteIds])) : isNull(problem.siteId);
  const db = await readDb(ctx);
  // due: planned completion before the start of today (a problem due today is not late yet)
  const startOfToday = new Date(`${day(ctx.now())}T00:00:00.000Z`);
  const where = and(live(problem), kinds.length === 1 ? eq(problem.customerProblem, kinds[0]!) : undefined, ne(problem.status, 'closed'), isNotNull(problem.plannedCompletion), lt(problem.plannedCompletion, startOfToday), sites);
  const [rows, count] = await Promise.all([
    db.select().from(problem).where(where).orderBy(asc(problem.plannedCompletion), asc(problem.problemNum)).limit(limit),
    db.select({ n: sql<number>`count(*)` }).from(problem).where(where).get(),
  ]);
  return {
    total: Number(count?.n ?? 0),
    items: rows.map((p) => ({ id: p.id, label: p.problemNum, text: p.brief, date: day(p.plannedCompletion), tag: 'overdue' as const, route: problemDetailPath(p.problemNum) })),
    more,
  };
}
