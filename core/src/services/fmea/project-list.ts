import { and, asc, desc, eq, exists, gt, gte, inArray, isNull, lte, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { readCustomValues, type StoredCustomValues } from '../custom-fields/values.ts';
import { customListSql, type CustomListQuery } from '../custom-fields/list-query.ts';
import type { FmeaReviewStatus } from '../../domain/status/fmea-review.ts';
import { isDomainError } from '../../errors.ts';
import { collection, fmeaMember, fmeaProject, fmeaProjectShare, fmeaProjectShareUser, fmeaProjectVisit, user } from '../../db/schema/index.ts';
import { dateIssues, PROJECT_LIST_TABS, PROJECT_TYPES, type ProjectListTab, type ProjectType } from '../../domain/fmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import { contains, pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { getProjectById, type ProjectView } from './projects.ts';
import { live } from '../../db/live.ts';
import { AREAS, projectFavouriteTypes } from '../../domain/areas/index.ts';
import type { CollectType } from '../../domain/collections/index.ts';

/** The favourite kinds that star a project: those the FMEA areas contribute. */
const PROJECT_FAVOURITES = projectFavouriteTypes(AREAS) as CollectType[];

export interface ProjectListQuery extends PageQuery, CustomListQuery {
  /** all (every live project), mine (created by me), responsible (role 0), participating (member, not responsible), shared, collected. */
  tab?: ProjectListTab;
  projectTypes?: ProjectType[];
  /** Contained in the name or the serial number. */
  search?: string;
  /** Stage code (dictionary `projectStage`), matched exactly. */
  stage?: string;
  /** Customer code (dictionary `customer`), matched exactly. */
  customer?: string;
  /** The responsible person's user id. */
  responsibleUserId?: string;
  /** SOP date on or after this day (YYYY-MM-DD, inclusive); projects without an SOP date are left out. */
  sopFrom?: string;
  /** SOP date on or before this day (YYYY-MM-DD, inclusive); projects without an SOP date are left out. */
  sopTo?: string;
  /** A whitelisted sort column (spec 001 §5 grid sort); default updatedAt. */
  sort?: ProjectListSort;
  /** Default desc. */
  order?: SortOrder;
}

/** The columns the list may be sorted by (grid column id → table column). */
export const PROJECT_LIST_SORTS = ['serialNum', 'name', 'sopDate', 'updatedAt'] as const;
export type ProjectListSort = (typeof PROJECT_LIST_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

const SORT_COLUMNS = {
  serialNum: fmeaProject.serialNum,
  name: fmeaProject.name,
  sopDate: fmeaProject.sopDate,
  updatedAt: fmeaProject.updatedAt,
} as const;

export interface ProjectListItem {
  /** The header's custom field values by system name (the grid's columns of shown fields). */
  customFields: StoredCustomValues;
  id: string;
  serialNum: string;
  projectType: ProjectType;
  name: string;
  /** Dictionary codes (projectStage, customer, productPlatform, secrecyGrade). */
  stage: string | null;
  customer: string | null;
  platform: string | null;
  confidentiality: string | null;
  versionLabel: string | null;
  sopDate: string | null;
  /** Where the project stands on the review path (docs/domain/fmea-review.md). */
  reviewStatus: FmeaReviewStatus;
  responsibleUserId: string | null;
  responsibleName: string | null;
  creatorId: string | null;
  updatedAt: Date;
  /** The actor's roles; null when not a member (they may apply for read access). */
  myRoles: number[] | null;
  /** Whether the actor starred it (favourites). */
  collected: boolean;
}

const listIssues = (query: ProjectListQuery) => [
  ...(query.tab !== undefined && !PROJECT_LIST_TABS.includes(query.tab)
    ? [{ messageKey: 'fmea.value_invalid', field: 'tab', params: { field: 'tab', value: String(query.tab) } }]
    : []),
  ...(query.projectTypes ?? [])
    .filter((t) => !PROJECT_TYPES.includes(t))
    .map((t) => ({ messageKey: 'fmea.value_invalid', field: 'projectTypes', params: { field: 'projectTypes', value: String(t) } })),
  ...oneOf(query.sort, PROJECT_LIST_SORTS, 'sort'),
  ...oneOf(query.order, SORT_ORDERS, 'order'),
  ...sopRangeIssues(query.sopFrom, query.sopTo),
];

/** Each bound a real YYYY-MM-DD date, and the range not reversed. */
function sopRangeIssues(from: string | undefined, to: string | undefined) {
  const issues = [...dateIssues(from, 'sopFrom'), ...dateIssues(to, 'sopTo')];
  if (issues.length === 0 && from && to && from > to) issues.push({ messageKey: 'fmea.date_range_invalid', field: 'sopFrom', params: { field: 'sopFrom', from, to } });
  return issues;
}

const oneOf = (value: string | undefined, allowed: readonly string[], field: string) =>
  value !== undefined && !allowed.includes(value) ? [{ messageKey: 'fmea.value_invalid', field, params: { field, value: String(value) } }] : [];

/** Blank filter text means no filter. */
const given = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** A share of the project that applies to the user now: scope all, or partly naming them, not expired. */
export const sharedWithMe = (ctx: ServiceContext, me: string) =>
  exists(
    ctx.db
      .select({ one: sql`1` })
      .from(fmeaProjectShare)
      .where(
        and(
          eq(fmeaProjectShare.projectId, fmeaProject.id),
          or(isNull(fmeaProjectShare.expiresAt), gt(fmeaProjectShare.expiresAt, ctx.now())),
          or(
            eq(fmeaProjectShare.scope, 'all'),
            and(
              eq(fmeaProjectShare.scope, 'partly'),
              exists(ctx.db.select({ one: sql`1` }).from(fmeaProjectShareUser).where(and(eq(fmeaProjectShareUser.projectId, fmeaProject.id), eq(fmeaProjectShareUser.userId, me)))),
            ),
          ),
        ),
      ),
  );

/**
 * The project list (spec 001 §2 tabs). "all" lists every live project, so a
 * non-member can find one and apply for read access; opening it still needs
 * membership. "collected" lists the projects the actor starred; "shared"
 * those shared with the actor (not expired) where they are not a member. Filters (stage, customer, responsible person, SOP date
 * range) narrow any tab. Newest change first unless a whitelisted sort is
 * given; projects without an SOP date sort last either way.
 */
export async function listProjects(ctx: ServiceContext, query: ProjectListQuery = {}): Promise<Page<ProjectListItem>> {
  assertNoIssues(listIssues(query));
  const { page, limit, offset } = pageWindow(query);
  const tab = query.tab ?? 'all';
  const me = ctx.actor.userId;
  const empty = { items: [], total: 0, page, limit };
  if (tab !== 'all' && me === null) return empty;

  const collectedByMe = exists(
    ctx.db
      .select({ one: sql`1` })
      .from(collection)
      .where(and(eq(collection.userId, me ?? ''), inArray(collection.collectType, PROJECT_FAVOURITES), eq(collection.targetId, fmeaProject.id))),
  );
  const memberOfMe = (extra?: SQL) =>
    exists(ctx.db.select({ one: sql`1` }).from(fmeaMember).where(and(eq(fmeaMember.projectId, fmeaProject.id), eq(fmeaMember.userId, me ?? ''), extra)));
  // templates (docs/domain/fmea-reuse.md) have a list of their own
  const conditions: (SQL | undefined)[] = [live(fmeaProject), eq(fmeaProject.isTemplate, 0)];
  if (query.projectTypes?.length) conditions.push(inArray(fmeaProject.projectType, query.projectTypes));
  const search = query.search?.trim();
  if (search) conditions.push(or(contains(fmeaProject.name, search), contains(fmeaProject.serialNum, search)));
  if (tab === 'mine') conditions.push(eq(fmeaProject.creatorId, me!));
  if (tab === 'responsible') conditions.push(eq(fmeaProject.responsibleUserId, me!));
  if (tab === 'participating') conditions.push(memberOfMe(), or(sql`${fmeaProject.responsibleUserId} is null`, ne(fmeaProject.responsibleUserId, me!)));
  if (tab === 'collected') conditions.push(collectedByMe);
  if (tab === 'shared') conditions.push(sharedWithMe(ctx, me!), not(memberOfMe()));
  const stage = given(query.stage);
  if (stage) conditions.push(eq(fmeaProject.stage, stage));
  const customer = given(query.customer);
  if (customer) conditions.push(eq(fmeaProject.customer, customer));
  const responsible = given(query.responsibleUserId);
  if (responsible) conditions.push(eq(fmeaProject.responsibleUserId, responsible));
  const sopFrom = given(query.sopFrom);
  if (sopFrom) conditions.push(gte(fmeaProject.sopDate, sopFrom));
  const sopTo = given(query.sopTo);
  if (sopTo) conditions.push(lte(fmeaProject.sopDate, sopTo));
  // a list: the read replica may answer it (readDb)
  const reader = await readDb(ctx);
  const custom = await customListSql(reader, 'fmeaProject', fmeaProject.id, query);
  const where = and(...conditions, custom.where);

  const sortColumn = SORT_COLUMNS[query.sort ?? 'updatedAt'];
  const direction = (query.order ?? 'desc') === 'asc' ? asc : desc;
  // SQLite puts NULL first when ascending; a project without an SOP date goes last either way
  const ordering = [...custom.orderBy, ...(query.sort === 'sopDate' ? [sql`${fmeaProject.sopDate} is null`, direction(sortColumn)] : [direction(sortColumn)])];

  const [{ total } = { total: 0 }] = await reader.select({ total: sql<number>`count(*)` }).from(fmeaProject).where(where);
  const rows = await reader
    .select({
      id: fmeaProject.id,
      serialNum: fmeaProject.serialNum,
      projectType: fmeaProject.projectType,
      name: fmeaProject.name,
      stage: fmeaProject.stage,
      customer: fmeaProject.customer,
      platform: fmeaProject.platform,
      confidentiality: fmeaProject.confidentiality,
      versionLabel: fmeaProject.versionLabel,
      sopDate: fmeaProject.sopDate,
      reviewStatus: fmeaProject.reviewStatus,
      responsibleUserId: fmeaProject.responsibleUserId,
      responsibleName: user.realName,
      creatorId: fmeaProject.creatorId,
      updatedAt: fmeaProject.updatedAt,
      myRoles: sql<string | null>`(select ${fmeaMember.roles} from ${fmeaMember} where ${fmeaMember.projectId} = ${fmeaProject.id} and ${fmeaMember.userId} = ${me ?? ''})`,
      collected: sql<number>`${collectedByMe}`,
    })
    .from(fmeaProject)
    .leftJoin(user, eq(user.id, fmeaProject.responsibleUserId))
    .where(where)
    .orderBy(...ordering, fmeaProject.id)
    .limit(limit)
    .offset(offset);
  const values = await readCustomValues(reader, 'fmeaProject', rows.map((r) => r.id));
  const items = rows.map((r) => ({ ...r, myRoles: r.myRoles === null ? null : (JSON.parse(r.myRoles) as number[]), collected: Boolean(r.collected), customFields: values.get(r.id) ?? {} }));
  return { items, total, page, limit };
}

/**
 * Opens a project (membership checked) and remembers the visit for "recent
 * projects" unless `remember` is false (the API's GET on the session cookie
 * alone, which any page can make a browser send: it only reads). The visit is
 * bookkeeping, not a change of the analysis, so it is not written to the
 * operation log.
 */
export async function openProject(ctx: ServiceContext, projectId: string, { remember = true }: { remember?: boolean } = {}): Promise<ProjectView> {
  const view = await getProjectById(ctx, projectId);
  if (remember && ctx.actor.userId !== null) {
    const visitedAt = ctx.now();
    await ctx.db
      .insert(fmeaProjectVisit)
      .values({ projectId, userId: ctx.actor.userId, visitedAt })
      .onConflictDoUpdate({ target: [fmeaProjectVisit.projectId, fmeaProjectVisit.userId], set: { visitedAt } });
  }
  return view;
}

/** The projects the actor opened last, newest first, skipping deleted ones and those they may no longer open. */
export async function listRecentProjects(ctx: ServiceContext, { limit = 10 }: { limit?: number } = {}): Promise<ProjectView[]> {
  if (ctx.actor.userId === null) return [];
  const visits = await ctx.db
    .select({ projectId: fmeaProjectVisit.projectId })
    .from(fmeaProjectVisit)
    .innerJoin(fmeaProject, eq(fmeaProject.id, fmeaProjectVisit.projectId))
    .where(and(eq(fmeaProjectVisit.userId, ctx.actor.userId), live(fmeaProject), eq(fmeaProject.isTemplate, 0)))
    .orderBy(desc(fmeaProjectVisit.visitedAt))
    .limit(Math.max(1, Math.min(50, limit)));
  const views: ProjectView[] = [];
  for (const { projectId } of visits) {
    try {
      views.push(await getProjectById(ctx, projectId));
    } catch (error) {
      // No longer a member: leave it out. Anything else is a real failure.
      if (!isDomainError(error) || error.code !== 'not_allowed') throw error;
    }
  }
  return views;
}
