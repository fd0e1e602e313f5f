import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { live } from '../../db/live.ts';
import { department, site, user, userScoreEvent } from '../../db/schema/index.ts';
import { gradeOf, nextGrade, type Grade, type RankedGrade, type ScoreKind, type ScoreReason, type ScoreSourceKind } from '../../domain/scores/index.ts';
import { NotAllowedError, NotFoundError } from '../../errors.ts';
import { permittedRoutes, rolesOfUser } from '../roles/routers.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import { pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { getScoreStandards } from './standards.ts';

/** The routes of the ranking report and the user score administration: who holds one may read anyone's scores (areas task and system). */
export const SCORE_READER_ROUTES: readonly string[] = ['task_scoreRanking', 'system_userScore'];

/** A period [from, to): events at or after `from` and before `to`; either end open. */
export interface ScorePeriod {
  readonly from?: Date;
  readonly to?: Date;
}

export interface ScoreRankingQuery extends PageQuery, ScorePeriod {
  readonly departmentId?: string;
  readonly siteId?: string;
}

export interface ScoreRankingRow {
  readonly rank: number;
  readonly userId: string;
  readonly userName: string;
  readonly realName: string;
  readonly realNameEn: string;
  readonly departmentName: string | null;
  readonly departmentNameEn: string | null;
  readonly siteName: string | null;
  readonly siteNameEn: string | null;
  /** In the period when one is given, else all-time. */
  readonly contributionScore: number;
  readonly activityScore: number;
  readonly totalScore: number;
  /** Always from the all-time totals: a grade is earned once, not per period. */
  readonly grade: Grade;
}

const sumOf = (kind: ScoreKind) => sql<number | string>`coalesce(sum(case when ${userScoreEvent.kind} = ${kind} then ${userScoreEvent.points} else 0 end), 0)`;

function periodOf(query: ScorePeriod): SQL | undefined {
  return and(query.from ? gte(userScoreEvent.at, query.from) : undefined, query.to ? lt(userScoreEvent.at, query.to) : undefined);
}

/**
 * The user score ranking (spec 001 §2 reports): live users, highest total first (then contribution, then
 * user name), filtered by department and site, over a period or all time. All time reads the running
 * totals; a period sums the ledger. The rank is the row's place in that order.
 */
export async function scoreRanking(ctx: ServiceContext, query: ScoreRankingQuery = {}): Promise<Page<ScoreRankingRow>> {
  const { page, limit, offset } = pageWindow(query);
  const reader = await readDb(ctx);
  const where = and(live(user), query.departmentId ? eq(user.departmentId, query.departmentId) : undefined, query.siteId ? eq(user.siteId, query.siteId) : undefined);
  const periodic = query.from !== undefined || query.to !== undefined;
  const sums = reader
    .select({ userId: userScoreEvent.userId, contribution: sumOf('contribution').as('contribution'), activity: sumOf('activity').as('activity') })
    .from(userScoreEvent)
    .where(periodOf(query))
    .groupBy(userScoreEvent.userId)
    .as('sums');
  const contribution = periodic ? sql<number | string>`coalesce(${sums.contribution}, 0)` : sql<number>`${user.contributionScore}`;
  const activity = periodic ? sql<number | string>`coalesce(${sums.activity}, 0)` : sql<number>`${user.activityScore}`;
  const [total] = await reader.select({ n: count() }).from(user).where(where);
  const base = reader
    .select({
      userId: user.id,
      userName: user.userName,
      realName: user.realName,
      realNameEn: user.realNameEn,
      allContribution: user.contributionScore,
      allActivity: user.activityScore,
      contribution,
      activity,
      departmentName: department.name,
      departmentNameEn: department.nameEn,
      siteName: site.name,
      siteNameEn: site.nameEn,
    })
    .from(user)
    .leftJoin(department, eq(department.id, user.departmentId))
    .leftJoin(site, eq(site.id, user.siteId));
  const rows = await (periodic ? base.leftJoin(sums, eq(sums.userId, user.id)) : base)
    .where(where)
    .orderBy(desc(sql`${contribution} + ${activity}`), desc(contribution), asc(user.userName))
    .limit(limit)
    .offset(offset);
  const standards = await getScoreStandards(reader);
  const items = rows.map((r, i): ScoreRankingRow => {
    const contributionScore = Number(r.contribution);
    const activityScore = Number(r.activity);
    return {
      rank: offset + i + 1,
      userId: r.userId,
      userName: r.userName,
      realName: r.realName,
      realNameEn: r.realNameEn,
      departmentName: r.departmentName,
      departmentNameEn: r.departmentNameEn,
      siteName: r.siteName,
      siteNameEn: r.siteNameEn,
      contributionScore,
      activityScore,
      totalScore: contributionScore + activityScore,
      grade: gradeOf({ contribution: r.allContribution, activity: r.allActivity }, standards),
    };
  });
  return { items, total: total?.n ?? 0, page, limit };
}

/** Whether the operator may read another user's scores: the system (CLI), an administrator, or who holds the ranking or the user score page. */
async function assertMayReadScoresOf(ctx: ServiceContext, userId: string): Promise<void> {
  const actorId = ctx.actor.userId;
  if (actorId === null || actorId === userId) return;
  const held = ctx.actor.grants ? [...ctx.actor.grants.keys()] : (await permittedRoutes(ctx.db, actorId)).map((r) => r.routeName);
  if (held.some((route) => SCORE_READER_ROUTES.includes(route))) return;
  if (ctx.actor.roles?.isAdmin ?? (await rolesOfUser(ctx.db, actorId)).isAdmin) return;
  throw new NotAllowedError();
}

async function liveUser(ctx: ServiceContext, userId: string) {
  const row = await ctx.db.select().from(user).where(and(eq(user.id, userId), live(user))).get();
  if (!row) throw new NotFoundError('user.not_found', { user: userId });
  return row;
}

export interface UserScoreView {
  readonly userId: string;
  readonly userName: string;
  readonly realName: string;
  readonly realNameEn: string;
  readonly contributionScore: number;
  readonly activityScore: number;
  readonly grade: Grade;
  /** The grade above and the scores it asks, null at the top. */
  readonly nextGrade: { grade: RankedGrade; contribution: number; activity: number } | null;
}

/** A user's totals and grade (the caller's own when no user is named): the personal centre's card. */
export async function userScore(ctx: ServiceContext, userId: string | undefined = ctx.actor.userId ?? undefined): Promise<UserScoreView> {
  if (!userId) throw new NotFoundError('user.not_found', { user: '' });
  await assertMayReadScoresOf(ctx, userId);
  const row = await liveUser(ctx, userId);
  const standards = await getScoreStandards(ctx.db);
  const grade = gradeOf({ contribution: row.contributionScore, activity: row.activityScore }, standards);
  return {
    userId: row.id,
    userName: row.userName,
    realName: row.realName,
    realNameEn: row.realNameEn,
    contributionScore: row.contributionScore,
    activityScore: row.activityScore,
    grade,
    nextGrade: nextGrade(grade, standards),
  };
}

export interface ScoreHistoryQuery extends PageQuery, ScorePeriod {
  /** Whose history; absent: the caller's own. */
  readonly userId?: string;
}

export interface ScoreHistoryRow {
  readonly id: string;
  readonly kind: ScoreKind;
  readonly reason: ScoreReason;
  readonly sourceKind: ScoreSourceKind;
  readonly sourceId: string;
  readonly points: number;
  readonly at: Date;
}

/** A user's ledger, newest first: what earned each point and when. */
export async function scoreHistory(ctx: ServiceContext, query: ScoreHistoryQuery = {}): Promise<Page<ScoreHistoryRow>> {
  const userId = query.userId ?? ctx.actor.userId ?? undefined;
  if (!userId) throw new NotFoundError('user.not_found', { user: '' });
  await assertMayReadScoresOf(ctx, userId);
  await liveUser(ctx, userId);
  const { page, limit, offset } = pageWindow(query);
  const reader = await readDb(ctx);
  const where = and(eq(userScoreEvent.userId, userId), periodOf(query));
  const [total] = await reader.select({ n: count() }).from(userScoreEvent).where(where);
  const rows = await reader
    .select({
      id: userScoreEvent.id,
      kind: userScoreEvent.kind,
      reason: userScoreEvent.reason,
      sourceKind: userScoreEvent.sourceKind,
      sourceId: userScoreEvent.sourceId,
      points: userScoreEvent.points,
      at: userScoreEvent.at,
    })
    .from(userScoreEvent)
    .where(where)
    .orderBy(desc(userScoreEvent.at), desc(userScoreEvent.id))
    .limit(limit)
    .offset(offset);
  return { items: rows.map((r) => ({ ...r, reason: r.reason as ScoreReason })), total: total?.n ?? 0, page, limit };
}

export interface ScoreRankingFilters {
  readonly sites: { id: string; name: string; nameEn: string }[];
  readonly departments: { id: string; siteId: string; name: string; nameEn: string }[];
}

/** The sites and departments the ranking can be narrowed to (its viewers need not administer either). */
export async function scoreRankingFilters(ctx: ServiceContext): Promise<ScoreRankingFilters> {
  const reader = await readDb(ctx);
  const sites = await reader.select({ id: site.id, name: site.name, nameEn: site.nameEn }).from(site).orderBy(asc(site.name));
  const departments = await reader.select({ id: department.id, siteId: department.siteId, name: department.name, nameEn: department.nameEn }).from(department).orderBy(asc(department.number));
  return { sites, departments };
}
