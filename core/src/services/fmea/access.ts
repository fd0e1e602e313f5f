import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaMember, fmeaProject } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { TeamMember } from '../../domain/fmea/index.ts';
import { assertCanEditProject, assertCanOpenProject, type Actor, type ProjectAccess } from '../../domain/permissions/index.ts';
import { rolesOfUser } from '../roles/routers.ts';
import type { Operator, ServiceContext, TxContext } from '../shared/context.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

export type FmeaProjectRow = typeof fmeaProject.$inferSelect;

/**
 * The acting user as the permission rules see them. The system operator (CLI,
 * seeding: no user id) acts as an administrator, as everywhere in core.
 */
export async function actorOf(db: DbOrTx, operator: Operator): Promise<Actor> {
  if (operator.userId === null) return { userId: '', userName: operator.userName, isAdmin: true, roleTypes: ['0'], productTypes: [] };
  const { roles, isAdmin } = await rolesOfUser(db, operator.userId);
  return {
    userId: operator.userId,
    userName: operator.userName,
    isAdmin,
    roleTypes: roles.map((r) => r.roleType),
    productTypes: [...new Set(roles.flatMap((r) => r.productTypes))],
  };
}

export interface LoadedProject {
  readonly project: FmeaProjectRow;
  readonly members: TeamMember[];
  readonly actor: Actor;
}

export const projectNotFound = (project: string) => new NotFoundError('fmea.project_not_found' satisfies FmeaServiceMessageKey, { project });

export async function readMembers(db: DbOrTx, projectId: string): Promise<TeamMember[]> {
  const rows = await db.select({ userId: fmeaMember.userId, roles: fmeaMember.roles }).from(fmeaMember).where(eq(fmeaMember.projectId, projectId));
  return rows.map((r) => ({ userId: r.userId, roles: r.roles }));
}

/** The permission domain's view of a project: every member with a role list. */
export const projectAccess = (project: FmeaProjectRow, members: readonly TeamMember[]): ProjectAccess => ({
  kind: 'process',
  members: members.map((m) => ({ userId: m.userId, roles: m.roles })),
  delFlg: project.delFlg === 1 ? 1 : 0,
  creatorId: project.creatorId,
});

async function loadProject(db: DbOrTx, operator: Operator, projectId: string): Promise<LoadedProject> {
  const project = await db.select().from(fmeaProject).where(eq(fmeaProject.id, projectId)).get();
  if (!project) throw projectNotFound(projectId);
  return { project, members: await readMembers(db, projectId), actor: await actorOf(db, operator) };
}

/**
 * A project the actor may open: it exists, is not deleted, and the actor is a
 * member or an administrator (spec 001 §2, §6; 'permission.not_project_member').
 */
export async function openableProject(db: DbOrTx, operator: Operator, projectId: string): Promise<LoadedProject> {
  const loaded = await loadProject(db, operator, projectId);
  assertCanOpenProject(projectAccess(loaded.project, loaded.members), loaded.actor);
  return loaded;
}

/** As openable, and read-only members (no role 0 or 1) are refused too. */
export async function editableProject(db: DbOrTx, operator: Operator, projectId: string): Promise<LoadedProject> {
  const loaded = await loadProject(db, operator, projectId);
  assertCanEditProject(projectAccess(loaded.project, loaded.members), loaded.actor);
  return loaded;
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
