import { and, count, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { live } from '../../db/live.ts';
import { fmeaMember, fmeaProject, projectTask, site, user, userSite } from '../../db/schema/index.ts';
import { routeServing } from '../../domain/areas/index.ts';
import { PROJECT_TYPES, type ProjectType } from '../../domain/fmea/vocabulary.ts';
import { nodesSection, tasksSection, totalsBy, type CountRow, type NodeCountsRow, type TasksSection } from '../../domain/report/index.ts';
import { sharedWithMe } from '../fmea/project-list.ts';
import { mayReadTasks, programCaller } from '../program/access.ts';
import { readDb, type Operator, type ServiceContext } from '../shared/context.ts';
import { assertReportReader, todayOf } from './access.ts';

/** The project types whose serving route the operator holds (all for administrators and the system operator). */
function typesHeld(operator: Operator, isAdmin: boolean): ProjectType[] {
  if (isAdmin || !operator.grants) return [...PROJECT_TYPES];
  return PROJECT_TYPES.filter((t) => {
    const route = routeServing(t);
    return route !== undefined && operator.grants!.has(route);
  });
}

/** The sites a user belongs to (their own and those they may sign in to). */
async function sitesOf(db: DbOrTx, userId: string): Promise<string[]> {
  const [own, more] = await Promise.all([
    db.select({ siteId: user.siteId }).from(user).where(eq(user.id, userId)).get(),
    db.select({ siteId: userSite.siteId }).from(userSite).where(eq(userSite.userId, userId)),
  ]);
  return [...new Set([own?.siteId, ...more.map((r) => r.siteId)].filter((s): s is string => !!s))];
}

type CountKey = 'projectType' | 'reviewStatus' | 'siteId';

export interface CountsReport {
  /** Live FMEA projects (templates aside) per type, review status and the site of their responsible person. */
  readonly rows: (CountRow<CountKey> & { readonly siteName: string | null; readonly siteNameEn: string | null })[];
  readonly byType: { value: string; n: number }[];
  readonly byStatus: { value: string; n: number }[];
  readonly bySite: { value: string; n: number }[];
  readonly total: number;
  /** null: every site (administrators); else the sites counted. */
  readonly sites: string[] | null;
}

/**
 * The counts report (spec 001 §2): FMEA projects by type, review status and site. Site scope: an FMEA project
 * carries no site (docs/domain/programs-tasks.md), so it counts under its responsible person's site;
 * administrators see every site, others their own sites' projects and those of no site. One grouped query.
 */
export async function countsReport(ctx: ServiceContext): Promise<CountsReport> {
  const db = await readDb(ctx);
  const caller = await assertReportReader(db, ctx.actor);
  const sites = caller.actor.isAdmin || ctx.actor.userId === null ? null : await sitesOf(db, ctx.actor.userId);
  const types = typesHeld(ctx.actor, caller.actor.isAdmin);
  const where = and(
    live(fmeaProject),
    eq(fmeaProject.isTemplate, 0),
    types.length ? inArray(fmeaProject.projectType, types) : sql`1 = 0`,
    // as EWOs are scoped: the caller's sites and no site (a responsible person without one, or none)
    sites === null ? undefined : sites.length ? or(isNull(user.siteId), inArray(user.siteId, sites)) : isNull(user.siteId),
  );
  const grouped = await db
    .select({ projectType: fmeaProject.projectType, reviewStatus: fmeaProject.reviewStatus, siteId: site.id, siteName: site.name, siteNameEn: site.nameEn, n: count() })
    .from(fmeaProject)
    .leftJoin(user, eq(user.id, fmeaProject.responsibleUserId))
    .leftJoin(site, eq(site.id, user.siteId))
    .where(where)
    .groupBy(fmeaProject.projectType, fmeaProject.reviewStatus, site.id, site.name, site.nameEn);
  const rows = grouped.map((r) => ({ keys: { projectType: r.projectType, reviewStatus: r.reviewStatus, siteId: r.siteId }, siteName: r.siteName, siteNameEn: r.siteNameEn, n: Number(r.n) }));
  return { rows, byType: totalsBy(rows, 'projectType'), byStatus: totalsBy(rows, 'reviewStatus'), bySite: totalsBy(rows, 'siteId'), total: rows.reduce((n, r) => n + r.n, 0), sites };
}

/** The projects the caller may open (as the project list's tabs judge membership and sharing), of the types whose route they hold. */
function readableProjects(ctx: ServiceContext, db: DbOrTx, isAdmin: boolean, projectType?: ProjectType): SQL | undefined {
  const types = typesHeld(ctx.actor, isAdmin).filter((t) => projectType === undefined || t === projectType);
  const me = ctx.actor.userId;
  const member = exists(db.select({ one: sql`1` }).from(fmeaMember).where(and(eq(fmeaMember.projectId, fmeaProject.id), eq(fmeaMember.userId, me ?? ''))));
  return and(
    live(fmeaProject),
    eq(fmeaProject.isTemplate, 0),
    types.length ? inArray(fmeaProject.projectType, types) : sql`1 = 0`,
    isAdmin || me === null ? undefined : or(member, sharedWithMe(ctx, me)),
  );
}

const perProject = (table: string, extra = '') => sql.raw(`(select count(*) from ${table} x where x.project_id = fmea_project.id${extra})`);

/**
 * The nodes report (spec 001 §2): per FMEA project the caller may open, its structure nodes, functions,
 * failure effects, modes and causes and its failure chains. One query for the counts, one for the chains.
 */
export async function nodesReport(ctx: ServiceContext, options: { projectType?: ProjectType } = {}): Promise<ReturnType<typeof nodesSection>> {
  const db = await readDb(ctx);
  const caller = await assertReportReader(db, ctx.actor);
  const projects = await db
    .select({
      projectId: fmeaProject.id,
      serialNum: fmeaProject.serialNum,
      name: fmeaProject.name,
      projectType: fmeaProject.projectType,
      nodes: sql<number | string>`${perProject('fmea_node')}`,
      functions: sql<number | string>`${perProject('fmea_function')}`,
      effects: sql<number | string>`${perProject('fmea_failure', " and x.kind = 'FE'")}`,
      modes: sql<number | string>`${perProject('fmea_failure', " and x.kind = 'FM'")}`,
      causes: sql<number | string>`${perProject('fmea_failure', " and x.kind = 'FC'")}`,
    })
    .from(fmeaProject)
    .where(readableProjects(ctx, db, caller.actor.isAdmin, options.projectType));
  const chains = new Map<string, number>();
  if (projects.length) {
    const ids = sql.join(projects.map((p) => sql`${p.projectId}`), sql`, `);
    const rows = await db.all<{ project_id: string; n: number | string }>(sql`
select fm.project_id as project_id, count(*) as n
from fmea_failure fm
left join fmea_failure_link le on le.lower_failure_id = fm.id
left join fmea_failure_link lc on lc.higher_failure_id = fm.id
where fm.kind = 'FM' and fm.project_id in (${ids})
group by fm.project_id`);
    for (const r of rows) chains.set(r.project_id, Number(r.n));
  }
  const rows: NodeCountsRow[] = projects.map((p) => ({
    projectId: p.projectId,
    serialNum: p.serialNum,
    name: p.name,
    projectType: p.projectType,
    nodes: Number(p.nodes),
    functions: Number(p.functions),
    effects: Number(p.effects),
    modes: Number(p.modes),
    causes: Number(p.causes),
    chains: chains.get(p.projectId) ?? 0,
  }));
  return nodesSection(rows);
}

/**
 * The task report (spec 001 §2): tasks by status and by handler, unfinished ones past their planned end
 * overdue. Whom it covers is the task lists' rule (docs/domain/programs-tasks.md): holders of the task or
 * program routes every live task, others the tasks they handle or launched.
 */
export async function taskReport(ctx: ServiceContext, options: { programId?: string } = {}): Promise<TasksSection> {
  const db = await readDb(ctx);
  await assertReportReader(db, ctx.actor);
  const caller = await programCaller(db, ctx.actor);
  const me = ctx.actor.userId;
  const rows = await db
    .select({ handlerId: projectTask.handlerId, handlerName: projectTask.handlerName, status: projectTask.status, plannedEnd: projectTask.plannedEnd })
    .from(projectTask)
    .where(
      and(
        live(projectTask),
        options.programId ? eq(projectTask.programId, options.programId) : undefined,
        mayReadTasks(caller) || me === null ? undefined : or(eq(projectTask.handlerId, me), eq(projectTask.ownerId, me)),
      ),
    );
  return tasksSection(rows, todayOf(ctx));
}
