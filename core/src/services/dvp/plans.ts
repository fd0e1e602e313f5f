import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import { dvpPlan, dvpTest, fmeaProject, user } from '../../db/schema/index.ts';
import { ConflictError } from '../../errors.ts';
import { dvpPlanIssues, type DvpPlanState } from '../../domain/dvp/index.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import { DVP_SIDE } from '../../domain/dvp/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { readableProjects } from '../loop/readable.ts';
import { allocateNumber } from '../numbering/numbering.ts';
import { actorName } from '../shared/people.ts';
import { readDb, type ServiceContext, type TxContext } from '../shared/context.ts';
import type { Tx } from '../../db/client.ts';
import { contains, pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertDvpEditable, dvpCaller, mayEdit, openDfmea, readablePlan, writablePlan, type DvpPlanRow } from './access.ts';
import { dvpCoverage } from './coverage.ts';
import type { DvpMessageKey } from './messages.ts';
import { planSummary, planView, type DvpPlanSummary, type DvpPlanView } from './view.ts';

/**
 * DVP&R plans (issue 25; docs/domain/dvp.md): one per DFMEA, numbered DP…; listed over the DFMEAs the caller may
 * open, read with its tests and the DFMEA's detection controls, created for a DFMEA, renamed and moved through
 * its status by hand.
 */
export interface DvpPlanQuery extends PageQuery {
  /** Number, name or the DFMEA's number or name contains. */
  search?: string;
  /** The DFMEA (id or number). */
  project?: string;
  status?: DvpPlanState;
}

export const staleDvp = (current: number) => new ConflictError('dvp.stale' satisfies DvpMessageKey, { currentVersion: current });

export async function listDvpPlans(ctx: ServiceContext, query: DvpPlanQuery = {}): Promise<Page<DvpPlanSummary>> {
  const caller = await dvpCaller(ctx.db, ctx.actor);
  const db = await readDb(ctx);
  const readable = (await readableProjects(db, ctx.actor, caller.actor, ctx.now())).map((p) => p.id);
  const { page, limit, offset } = pageWindow(query);
  if (readable.length === 0) return { items: [], total: 0, page, limit };
  const text = query.search?.trim();
  const where = and(
    inArray(dvpPlan.projectId, readable),
    text ? or(contains(dvpPlan.dvpNum, text), contains(dvpPlan.name, text), contains(fmeaProject.serialNum, text), contains(fmeaProject.name, text)) : undefined,
    query.project ? or(eq(fmeaProject.id, query.project), eq(fmeaProject.serialNum, query.project)) : undefined,
    query.status ? eq(dvpPlan.status, query.status) : undefined,
  );
  const [rows, total] = await Promise.all([
    db.select({ plan: dvpPlan, serialNum: fmeaProject.serialNum, name: fmeaProject.name }).from(dvpPlan).innerJoin(fmeaProject, eq(fmeaProject.id, dvpPlan.projectId)).where(where).orderBy(desc(dvpPlan.updatedAt), desc(dvpPlan.dvpNum)).limit(limit).offset(offset),
    db.select({ n: count() }).from(dvpPlan).innerJoin(fmeaProject, eq(fmeaProject.id, dvpPlan.projectId)).where(where).get(),
  ]);
  const planIds = rows.map((r) => r.plan.id);
  const [coverage, counts] = await Promise.all([
    dvpCoverage(db, rows.map((r) => r.plan.projectId)),
    planIds.length ? db.select({ planId: dvpTest.planId, n: count() }).from(dvpTest).where(inArray(dvpTest.planId, planIds)).groupBy(dvpTest.planId) : Promise.resolve([]),
  ]);
  const testsOf = new Map(counts.map((c) => [c.planId, Number(c.n)]));
  return { items: rows.map((r) => planSummary(r.plan, r, testsOf.get(r.plan.id) ?? 0, coverage.get(r.plan.projectId)!)), total: Number(total?.n ?? 0), page, limit };
}

export async function getDvpPlan(ctx: ServiceContext, key: string): Promise<DvpPlanView> {
  const caller = await dvpCaller(ctx.db, ctx.actor);
  const { plan, loaded } = await readablePlan(ctx.db, caller, key, ctx.now());
  return planView(ctx.db, plan, mayEdit(loaded, ctx.now()) && (caller.actor.isAdmin || !!caller.buttons?.has('edit')));
}

/** The plan of a DFMEA (id or number), or null: what the DFMEA's page links to. */
export async function dvpPlanOf(ctx: ServiceContext, projectId: string): Promise<DvpPlanRow | null> {
  return (await ctx.db.select().from(dvpPlan).where(eq(dvpPlan.projectId, projectId)).get()) ?? null;
}

/** The DFMEAs the caller may open and edit that have no plan yet: the new-plan dialog's choices. */
export async function listDvpCandidates(ctx: ServiceContext, query: { search?: string } = {}): Promise<{ id: string; serialNum: string; name: string }[]> {
  const caller = await dvpCaller(ctx.db, ctx.actor);
  const projects = (await readableProjects(ctx.db, ctx.actor, caller.actor, ctx.now())).filter((p) => kindOf(p.projectType).side === DVP_SIDE);
  const planned = new Set((await ctx.db.select({ projectId: dvpPlan.projectId }).from(dvpPlan)).map((p) => p.projectId));
  const text = query.search?.trim().toLowerCase();
  return projects
    .filter((p) => !planned.has(p.id) && (!text || p.serialNum.toLowerCase().includes(text) || p.name.toLowerCase().includes(text)))
    .slice(0, 50)
    .map((p) => ({ id: p.id, serialNum: p.serialNum, name: p.name }));
}

export interface NewDvpPlan {
  /** The DFMEA (id or number). */
  project: string;
  name?: string;
}

export async function createDvpPlan(ctx: ServiceContext, input: NewDvpPlan): Promise<DvpPlanView> {
  const caller = await dvpCaller(ctx.db, ctx.actor, 'add');
  return writeAndLog(ctx, async (tx, txCtx) => {
    const project = await tx.select({ id: fmeaProject.id }).from(fmeaProject).where(or(eq(fmeaProject.id, input.project), eq(fmeaProject.serialNum, input.project))).get();
    const loaded = await openDfmea(tx, caller, project?.id ?? input.project, txCtx.now());
    assertDvpEditable(loaded, txCtx.now());
    const name = input.name?.trim() || `${loaded.project.name} DVP&R`;
    assertNoIssues(dvpPlanIssues({ name }));
    const existing = await tx.select({ dvpNum: dvpPlan.dvpNum }).from(dvpPlan).where(eq(dvpPlan.projectId, loaded.project.id)).get();
    if (existing) throw new ConflictError('dvp.plan_exists' satisfies DvpMessageKey, { project: loaded.project.serialNum, dvpNum: existing.dvpNum });
    const now = txCtx.now();
    const dvpNum = await allocateNumber(tx, 'dvp', now, async (n) => !!(await tx.select({ id: dvpPlan.id }).from(dvpPlan).where(eq(dvpPlan.dvpNum, n)).get()));
    const by = await actorName(tx, txCtx.actor);
    const [row] = await tx.insert(dvpPlan).values({ dvpNum, name, projectId: loaded.project.id, creatorId: txCtx.actor.userId, creatorName: by, updaterName: by, createdAt: now, updatedAt: now }).returning();
    return { result: await planView(tx, row!, true), log: { action: 'dvp.plan.create', entity: 'dvp_plan', entityId: row!.id, after: { dvpNum, name, project: loaded.project.serialNum } } };
  });
}

export async function updateDvpPlan(ctx: ServiceContext, key: string, input: { version: number; name?: string; status?: DvpPlanState }): Promise<DvpPlanView> {
  const caller = await dvpCaller(ctx.db, ctx.actor, 'edit');
  assertNoIssues(dvpPlanIssues(input, { partial: true }));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { plan: before } = await writablePlan(tx, caller, key, txCtx.now());
    const row = await bumpPlan(tx, txCtx, before, input.version, { ...(input.name !== undefined && { name: input.name.trim() }), ...(input.status !== undefined && { status: input.status }) });
    return { result: await planView(tx, row, true), log: { action: 'dvp.plan.update', entity: 'dvp_plan', entityId: row.id, before: { name: before.name, status: before.status }, after: { name: row.name, status: row.status } } };
  });
}

/** Moves the plan's version on (every change to it or its tests does, so a stale page is refused), with the given changes. */
export async function bumpPlan(tx: Tx, txCtx: TxContext, plan: DvpPlanRow, version: number | undefined, set: Partial<Pick<DvpPlanRow, 'name' | 'status'>>): Promise<DvpPlanRow> {
  if (version !== undefined && version !== plan.version) throw staleDvp(plan.version);
  const [row] = await tx
    .update(dvpPlan)
    .set({ ...set, version: plan.version + 1, updaterName: await actorName(tx, txCtx.actor), updatedAt: txCtx.now() })
    .where(and(eq(dvpPlan.id, plan.id), eq(dvpPlan.version, plan.version)))
    .returning();
  if (!row) throw staleDvp(plan.version + 1);
  return row;
}


/** Who may be named responsible for a plan's tests: the DFMEA's team (each may open it), by name. */
export async function listDvpPeople(ctx: ServiceContext, key: string): Promise<{ id: string; userName: string; realName: string }[]> {
  const caller = await dvpCaller(ctx.db, ctx.actor);
  const { loaded } = await readablePlan(ctx.db, caller, key, ctx.now());
  const ids = loaded.members.map((m) => m.userId);
  if (ids.length === 0) return [];
  const rows = await ctx.db.select({ id: user.id, userName: user.userName, realName: user.realName }).from(user).where(inArray(user.id, ids)).orderBy(user.userName);
  return rows.map((r) => ({ id: r.id, userName: r.userName, realName: r.realName ?? '' }));
}
