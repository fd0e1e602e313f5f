import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaMember, fmeaProject, fmeaProjectShare, fmeaProjectShareUser } from '../../db/schema/index.ts';
import { ConflictError, isDomainError, NotAllowedError, NotFoundError, type MessageParams } from '../../errors.ts';
import { routeServing } from '../../domain/areas/index.ts';
import type { ProjectType } from '../../domain/fmea/vocabulary.ts';
import type { TeamMember } from '../../domain/fmea/index.ts';
import {
  assertCanEditProject,
  assertOwnerOperation,
  type OwnerOperation,
  assertCanOpenProject,
  isProjectMember,
  projectAccessLevel,
  type Actor,
  type ProjectAccess,
  type ProjectAccessLevel,
  type ProjectShare,
} from '../../domain/permissions/index.ts';
import { actorOf } from '../shared/actor.ts';
import type { Operator, ServiceContext, TxContext } from '../shared/context.ts';
import type { FmeaServiceMessageKey } from './messages.ts';
import { holdForReview } from './review-lock.ts';
import { isDeleted } from '../../db/live.ts';

export type FmeaProjectRow = typeof fmeaProject.$inferSelect;

/** The buttons of an FMEA area's route that writes need: adding, changing, deleting. */
export type FmeaButton = 'add' | 'edit' | 'del';

/**
 * The menu check of a project's type (spec 000 §6 step 1): the route of the
 * area that serves the type, with the button when one is named. A type no
 * area serves is open to administrators only. The admin role passes; an
 * operator without grants (the system, or a caller that checked) is not asked.
 */
export function assertTypeRoute(operator: Operator, actor: Actor, projectType: string, button?: FmeaButton): void {
  if (!operator.grants || actor.isAdmin) return;
  const route = routeServing(projectType as ProjectType);
  const held = route ? operator.grants.get(route) : undefined;
  if (!held || (button !== undefined && !held.has(button))) throw new NotAllowedError();
}

export { actorOf };

export interface LoadedProject {
  readonly project: FmeaProjectRow;
  readonly members: TeamMember[];
  readonly actor: Actor;
  /** How the actor reaches the project (member, admin, shared reader); null when they may not open it. */
  readonly access?: ProjectAccessLevel | null;
}

export const projectNotFound = (project: string) => new NotFoundError('fmea.project_not_found' satisfies FmeaServiceMessageKey, { project });

export async function readMembers(db: DbOrTx, projectId: string): Promise<TeamMember[]> {
  const rows = await db.select({ userId: fmeaMember.userId, roles: fmeaMember.roles }).from(fmeaMember).where(eq(fmeaMember.projectId, projectId));
  return rows.map((r) => ({ userId: r.userId, roles: r.roles }));
}

/** The permission domain's view of a project: every member with a role list, and its share when loaded. */
export const projectAccess = (project: Pick<FmeaProjectRow, 'delFlg' | 'creatorId'>, members: readonly TeamMember[], share?: ProjectShare | null): ProjectAccess => ({
  kind: 'process',
  members: members.map((m) => ({ userId: m.userId, roles: m.roles })),
  deleted: isDeleted(project),
  creatorId: project.creatorId,
  share: share ?? null,
});

/** The project's share (scope, expiry, named users), or null when it was never shared. */
export async function readShare(db: DbOrTx, projectId: string): Promise<(ProjectShare & { version: number }) | null> {
  const row = await db.select().from(fmeaProjectShare).where(eq(fmeaProjectShare.projectId, projectId)).get();
  if (!row) return null;
  const users = await db.select({ userId: fmeaProjectShareUser.userId }).from(fmeaProjectShareUser).where(eq(fmeaProjectShareUser.projectId, projectId));
  return { scope: row.scope, expiresAt: row.expiresAt ?? null, userIds: users.map((u) => u.userId), version: row.version };
}

async function loadProject(db: DbOrTx, operator: Operator, projectId: string, now: Date, button?: FmeaButton): Promise<LoadedProject & { permission: ProjectAccess }> {
  const project = await db.select().from(fmeaProject).where(eq(fmeaProject.id, projectId)).get();
  if (!project) throw projectNotFound(projectId);
  const actor = await actorOf(db, operator);
  assertTypeRoute(operator, actor, project.projectType, button);
  const members = await readMembers(db, projectId);
  // the share only matters to someone who is neither a member nor an administrator
  const outsider = !actor.isAdmin && !isProjectMember({ kind: 'process', members }, actor.userId);
  const permission = projectAccess(project, members, outsider ? await readShare(db, projectId) : null);
  return { project, members, actor, access: projectAccessLevel(permission, actor, now), permission };
}

/**
 * A project the actor may open: it exists, is not deleted, and the actor is a
 * member, an administrator, or a user the project is shared with at `now`
 * (spec 001 §2, §6; 'permission.not_project_member'). Every read goes through here.
 */
export async function openableProject(db: DbOrTx, operator: Operator, projectId: string, now: Date = new Date()): Promise<LoadedProject> {
  const { permission, ...loaded } = await loadProject(db, operator, projectId, now);
  assertCanOpenProject(permission, loaded.actor, now);
  return loaded;
}

/**
 * As openable, and read-only members (no role 0 or 1) and shared readers are
 * refused too ('permission.project_read_only'), as is a project the review
 * path holds (under review, approved, released: `holdForReview`). Every write goes through here.
 */
export async function editableProject(
  db: DbOrTx,
  operator: Operator,
  projectId: string,
  now: Date,
  button: FmeaButton,
  /** false for writes that leave the analysis alone (who it is shared with): the review lock does not apply. */
  { content = true }: { content?: boolean } = {},
): Promise<LoadedProject> {
  const { permission, ...loaded } = await loadProject(db, operator, projectId, now, button);
  assertCanEditProject(permission, loaded.actor, now);
  if (content) await holdForReview(db, projectId, loaded.project.reviewStatus, operator.userId, now);
  return loaded;
}

/**
 * `editableProject` for writes that need only the verdict (every analysis
 * item write): the project's state and its team in one query, the share only
 * for an outsider, nothing else of the project row.
 */
/** A write to a project: the area's button(s) it needs on its type's route, membership or sharing, and no review lock. */
export async function assertProjectEditable(db: DbOrTx, operator: Operator, projectId: string, now: Date, button: FmeaButton | readonly FmeaButton[]): Promise<{ projectType: string }> {
  const rows = await db
    .select({
      projectType: fmeaProject.projectType,
      delFlg: fmeaProject.delFlg,
      creatorId: fmeaProject.creatorId,
      reviewStatus: fmeaProject.reviewStatus,
      userId: fmeaMember.userId,
      roles: fmeaMember.roles,
    })
    .from(fmeaProject)
    .leftJoin(fmeaMember, eq(fmeaMember.projectId, fmeaProject.id))
    .where(eq(fmeaProject.id, projectId));
  const head = rows[0];
  if (!head) throw projectNotFound(projectId);
  const actor = await actorOf(db, operator);
  for (const each of typeof button === 'string' ? [button] : button) assertTypeRoute(operator, actor, head.projectType, each);
  const members: TeamMember[] = rows.flatMap((r) => (r.userId === null ? [] : [{ userId: r.userId, roles: r.roles ?? [] }]));
  const outsider = !actor.isAdmin && !isProjectMember({ kind: 'process', members }, actor.userId);
  assertCanEditProject(projectAccess(head, members, outsider ? await readShare(db, projectId) : null), actor, now);
  await holdForReview(db, projectId, head.reviewStatus, operator.userId, now);
  return { projectType: head.projectType };
}

/** The owner-only operations (copy, share, review path, team, settings, template) of a loaded project: the permission domain decides. */
export function assertOwner(loaded: LoadedProject, operation: OwnerOperation, params?: MessageParams): void {
  assertOwnerOperation(projectAccess(loaded.project, loaded.members), loaded.actor, operation, params);
}

/** Refuses a write based on a version other than the row's current one. */
export function assertVersion(row: { readonly version: number }, expected: number, entity: string): void {
  if (row.version !== expected) throw staleVersion(entity, row.version);
}

export const staleVersion = (entity: string, current?: number) =>
  new ConflictError('fmea.stale_version' satisfies FmeaServiceMessageKey, current === undefined ? { entity } : { entity, currentVersion: current });

/** SET columns of every versioned update: the version moves on, who and when are recorded. */
export const nextVersion = (ctx: ServiceContext | TxContext) => ({
  version: sql`version + 1`,
  updatedAt: ctx.now(),
  updatedBy: ctx.actor.userId,
});

/** The row an update returned, or a stale-version conflict when the WHERE on the version matched nothing. */
export function updatedOrStale<T>(rows: readonly T[], entity: string): T {
  const row = rows[0];
  if (row === undefined) throw staleVersion(entity);
  return row;
}

/** Columns stamped on every insert. */
export const created = (ctx: ServiceContext | TxContext) => ({ createdBy: ctx.actor.userId, updatedBy: ctx.actor.userId, createdAt: ctx.now(), updatedAt: ctx.now() });

/**
 * True when the user may open the project now (member, administrator, a
 * share that applies): who may be mentioned in its comments, be responsible
 * for its actions, or review it.
 */
export async function userCanReadProject(db: DbOrTx, person: { userId: string; userName: string }, projectId: string, now: Date): Promise<boolean> {
  try {
    await openableProject(db, { userId: person.userId, userName: person.userName }, projectId, now);
    return true;
  } catch (error) {
    if (isDomainError(error) && (error.code === 'not_allowed' || error.code === 'not_found')) return false;
    throw error;
  }
}
