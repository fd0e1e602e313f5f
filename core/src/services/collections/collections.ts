import { and, count, desc, eq, inArray, notInArray, or } from 'drizzle-orm';
import { collection, fmeaProject } from '../../db/schema/index.ts';
import { AREAS, favouriteKinds, projectFavouriteTypes } from '../../domain/areas/index.ts';
import type { CollectType } from '../../domain/collections/index.ts';
import type { ProjectType } from '../../domain/fmea/index.ts';
import { InvalidInputError, NotFoundError, UnauthenticatedError } from '../../errors.ts';
import type { ServiceContext } from '../shared/context.ts';
import { pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import { live } from '../../db/live.ts';

/**
 * Favourites ("my collection", spec 001): each user stars items for
 * themselves. Nobody sees or changes another user's favourites, so every use
 * case works on the actor's own rows.
 */

// the stored vocabulary is COLLECT_TYPES; what may be starred, and which kinds name a project, is what the areas contribute
const COLLECTABLE = favouriteKinds(AREAS).map((kind) => kind.type) as readonly string[];
const PROJECT_KINDS = projectFavouriteTypes(AREAS) as CollectType[];
/** Whether a favourite kind names an FMEA project (contributed with `projects: true` by the area opening it). */
export const isProjectCollectType = (type: CollectType): boolean => PROJECT_KINDS.includes(type);

/** A project is collected as its kind's favourite type (a process project as 'pfmeaProject', the others as 'project'). */
export const collectTypeOfProject = (projectType: ProjectType): CollectType => kindOf(projectType).collectType as CollectType;

export interface CollectTarget {
  collectType: CollectType;
  targetId: string;
}

export interface CollectionItem {
  id: string;
  collectType: CollectType;
  targetId: string;
  createdAt: Date;
  /** The project's name for project types; null for types without a name lookup yet. */
  name: string | null;
  /** Project types only (else null). */
  serialNum: string | null;
  projectType: ProjectType | null;
}

export interface CollectionQuery extends PageQuery {
  collectType?: CollectType;
}

function me(ctx: ServiceContext): string {
  if (ctx.actor.userId === null) throw new UnauthenticatedError();
  return ctx.actor.userId;
}

function targetIssues(target: Partial<CollectTarget>) {
  const issues = [];
  if (!COLLECTABLE.includes(String(target.collectType)))
    issues.push({ messageKey: 'collection.type_invalid', field: 'collectType', params: { value: String(target.collectType) } });
  if (!target.targetId?.trim()) issues.push({ messageKey: 'collection.target_required', field: 'targetId' });
  if (issues.length) throw new InvalidInputError('collection.type_invalid', { value: String(target.collectType) }, issues);
}

/** How many favourites one user may hold. */
export const MAX_COLLECTIONS_PER_USER = 1000;

/** Stars an item for the actor; starring it again changes nothing. A project must be live and of the matching type. */
export async function collect(ctx: ServiceContext, target: CollectTarget): Promise<{ id: string; createdAt: Date }> {
  const userId = me(ctx);
  targetIssues(target);
  const targetId = target.targetId.trim();
  const { collectType } = target;
  return writeAndLog(ctx, async (tx) => {
    if (isProjectCollectType(collectType)) {
      const project = await tx
        .select({ projectType: fmeaProject.projectType })
        .from(fmeaProject)
        .where(and(eq(fmeaProject.id, targetId), live(fmeaProject)))
        .get();
      if (!project || collectTypeOfProject(project.projectType as ProjectType) !== collectType)
        throw new NotFoundError('collection.project_not_found', { target: targetId });
    }
    const mine = and(eq(collection.userId, userId), eq(collection.collectType, collectType), eq(collection.targetId, targetId));
    const existing = await tx.select().from(collection).where(mine).get();
    if (existing) return { result: { id: existing.id, createdAt: existing.createdAt }, log: [] };
    // a favourites list is for people, not storage: a cap keeps one account from filling the table
    const held = await tx.select({ n: count() }).from(collection).where(eq(collection.userId, userId)).get();
    if ((held?.n ?? 0) >= MAX_COLLECTIONS_PER_USER) throw new InvalidInputError('collection.limit', { count: MAX_COLLECTIONS_PER_USER });
    const [row] = await tx.insert(collection).values({ userId, collectType, targetId, createdAt: ctx.now() }).returning();
    return { result: { id: row!.id, createdAt: row!.createdAt }, log: { action: 'collection.item.add', entity: 'collection', entityId: row!.id, after: row } };
  });
}

/** Removes the actor's star from an item; removing one that is not there changes nothing. */
export async function uncollect(ctx: ServiceContext, target: CollectTarget): Promise<{ removed: boolean }> {
  const userId = me(ctx);
  targetIssues(target);
  const mine = and(eq(collection.userId, userId), eq(collection.collectType, target.collectType), eq(collection.targetId, target.targetId.trim()));
  return writeAndLog<{ removed: boolean }>(ctx, async (tx) => {
    const [row] = await tx.delete(collection).where(mine).returning();
    if (!row) return { result: { removed: false }, log: [] };
    return { result: { removed: true }, log: { action: 'collection.item.remove', entity: 'collection', entityId: row.id, before: row } };
  });
}

/**
 * The actor's favourites, newest first, with a display name. Projects that
 * were deleted (or no longer exist) are left out; their stars stay, so
 * restoring a project restores the favourite.
 */
export async function listCollections(ctx: ServiceContext, query: CollectionQuery = {}): Promise<Page<CollectionItem>> {
  const userId = me(ctx);
  if (query.collectType !== undefined && !COLLECTABLE.includes(query.collectType)) targetIssues({ collectType: query.collectType, targetId: '-' });
  const { page, limit, offset } = pageWindow(query);
  const projectKind = inArray(collection.collectType, PROJECT_KINDS);
  const where = and(
    eq(collection.userId, userId),
    query.collectType ? eq(collection.collectType, query.collectType) : undefined,
    // non-project items always; project items only while the project is live
    or(notInArray(collection.collectType, PROJECT_KINDS), live(fmeaProject)),
  );
  const joined = () =>
    ctx.db
      .select({
        id: collection.id,
        collectType: collection.collectType,
        targetId: collection.targetId,
        createdAt: collection.createdAt,
        name: fmeaProject.name,
        serialNum: fmeaProject.serialNum,
        projectType: fmeaProject.projectType,
      })
      .from(collection)
      .leftJoin(fmeaProject, and(projectKind, eq(fmeaProject.id, collection.targetId)));
  const [total] = await ctx.db
    .select({ n: count() })
    .from(collection)
    .leftJoin(fmeaProject, and(projectKind, eq(fmeaProject.id, collection.targetId)))
    .where(where);
  const rows = await joined().where(where).orderBy(desc(collection.createdAt), collection.id).limit(limit).offset(offset);
  const items = rows.map((r) => ({ ...r, projectType: (r.projectType as ProjectType | null) ?? null }));
  return { items, total: total?.n ?? 0, page, limit };
}

