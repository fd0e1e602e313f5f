import { NotAllowedError, NotFoundError, type MessageParams } from '../../errors.ts';
import type { Actor } from './actor.ts';
import type { PermissionMessageKey } from './messages.ts';

/** Project member roles (spec 001 §3 dictionary memberRole, whose items name them), numeric as stored. */
export const PROJECT_MEMBER_ROLES = {
  responsible: 0,
  collaborator: 1,
  counsellor: 2,
  systemOwner: 3,
  reviewer: 4,
  processReviewer: 5,
} as const;

export type ProjectMemberRole = (typeof PROJECT_MEMBER_ROLES)[keyof typeof PROJECT_MEMBER_ROLES];

// Role names live in the memberRole dictionary (one source for the workbench, the API and the CLI).

/** Roles that may edit a project; every other member is read-only (spec 001 §4, 000 §9). */
export const PROJECT_EDIT_ROLES = [PROJECT_MEMBER_ROLES.responsible, PROJECT_MEMBER_ROLES.collaborator] as const;

export type ProjectKind = 'design' | 'process';

export interface DesignMember {
  readonly userId: string;
  readonly userRole: number;
}

export interface ProcessMember {
  readonly userId: string;
  readonly roles: readonly number[];
}

/** Design (DFMEA) members hold one role, process (PFMEA) members a list. */
export type ProjectMembership =
  | { readonly kind: 'design'; readonly members: readonly DesignMember[] }
  | { readonly kind: 'process'; readonly members: readonly ProcessMember[] };

export type ProjectAccess = ProjectMembership & {
  /** Soft-deleted (the spec's delFlg 1): nobody opens it. */
  readonly deleted: boolean;
  /**
   * Carried for callers, deliberately not read: a creator who names another
   * owner loses maintenance rights (spec 000/001 §6), so only membership counts.
   */
  readonly creatorId?: string | null;
  /** The project's share, when it has one; honoured only by checks given a clock. */
  readonly share?: ProjectShare | null;
};

/** The roles a user holds in the project, or null when they are not a member. */
export function memberRoles(project: ProjectMembership, userId: string): readonly number[] | null {
  // A user may appear on several rows; their roles are the union.
  const rows: readonly (readonly number[])[] =
    project.kind === 'design'
      ? project.members.filter((m) => m.userId === userId).map((m) => [m.userRole])
      : project.members.filter((m) => m.userId === userId).map((m) => m.roles);
  return rows.length === 0 ? null : rows.flat();
}

export function isProjectMember(project: ProjectMembership, userId: string): boolean {
  return memberRoles(project, userId) !== null;
}

/** True for a member without role 0 or 1; false for editors and for non-members (who may not even read). */
export function isReadOnlyMember(project: ProjectMembership, userId: string): boolean {
  const roles = memberRoles(project, userId);
  return roles !== null && !roles.some((role) => (PROJECT_EDIT_ROLES as readonly number[]).includes(role));
}

/** The owner is the responsible person (role 0); spec 000 §6 reserves copy, borrow and delete to them. */
export function isProjectOwner(project: ProjectMembership, userId: string): boolean {
  return memberRoles(project, userId)?.includes(PROJECT_MEMBER_ROLES.responsible) ?? false;
}

/** Share scopes (spec 001 §3 "share: scope all/partly/none, expiry, members"), the same list as the column. */
export type ProjectShareScope = 'none' | 'partly' | 'all';

/** How a project is shared beyond its team: with nobody, with the listed users, or with everyone, until an optional expiry. */
export interface ProjectShare {
  readonly scope: ProjectShareScope;
  /** After this moment the share no longer applies; null: no expiry. */
  readonly expiresAt: Date | null;
  /** The users a 'partly' share names (ignored for the other scopes). */
  readonly userIds: readonly string[];
}

/**
 * True when the share lets this user read the project at `now`: scope 'all',
 * or 'partly' naming them, and not expired (the expiry moment itself is past).
 * Team membership is decided elsewhere and always takes precedence.
 */
export function isSharedWith(share: ProjectShare | null | undefined, userId: string, now: Date): boolean {
  if (!share || userId === '') return false;
  if (share.expiresAt !== null && share.expiresAt.getTime() <= now.getTime()) return false;
  return share.scope === 'all' || (share.scope === 'partly' && share.userIds.includes(userId));
}

/** How an actor reaches a project: as a member, as an administrator, or as a shared reader (read only). */
export type ProjectAccessLevel = 'member' | 'admin' | 'shared';

/**
 * The actor's way into the project, in order of precedence: membership (a
 * member keeps their rights, read-only or not), then the admin role, then a
 * share that applies at `now`. Null: they may not open it. Deletion is not
 * looked at here. Without `now` no share is honoured.
 */
export function projectAccessLevel(project: ProjectAccess, actor: Actor, now?: Date): ProjectAccessLevel | null {
  if (actor.userId !== '' && isProjectMember(project, actor.userId)) return 'member';
  if (actor.isAdmin) return 'admin';
  if (now !== undefined && isSharedWith(project.share, actor.userId, now)) return 'shared';
  return null;
}

/**
 * Deep-link and list rule (spec 001 §2, §6): a deleted project cannot be
 * opened by anyone, admins included; otherwise members, admins and shared
 * readers (a share applying at `now`) may open it.
 */
export function assertCanOpenProject(project: ProjectAccess, actor: Actor, now?: Date): void {
  if (project.deleted) throw new NotFoundError('permission.project_deleted');
  if (projectAccessLevel(project, actor, now) === null) throw new NotAllowedError('permission.not_project_member');
}

/** As opening, and read-only members and shared readers are refused with the read-only message. */
export function assertCanEditProject(project: ProjectAccess, actor: Actor, now?: Date): void {
  assertCanOpenProject(project, actor, now);
  if (actor.isAdmin) return;
  if (projectAccessLevel(project, actor, now) === 'shared' || isReadOnlyMember(project, actor.userId)) {
    throw new NotAllowedError('permission.project_read_only');
  }
}

/**
 * What keeps a project its responsible person's: only they (role 0) or an
 * administrator may copy, borrow or delete it (spec 000 §6), change who it is
 * shared with, move it along the review path, change its team or responsible
 * person, change the owner-only settings (`OWNER_ONLY_PROJECT_FIELDS`), or
 * save the whole project as a template. Every owner-only check of the engine
 * asks here, so a collaborator cannot reach one of them by another call.
 */
export const OWNER_OPERATIONS = {
  copy: 'permission.owner_only',
  share: 'permission.share_owner_only',
  review: 'permission.review_owner_only',
  team: 'permission.team_owner_only',
  settings: 'permission.settings_owner_only',
  template: 'permission.template_owner_only',
} as const satisfies Record<string, PermissionMessageKey>;

export type OwnerOperation = keyof typeof OWNER_OPERATIONS;

export function mayActAsOwner(project: ProjectMembership, actor: Actor): boolean {
  return actor.isAdmin || (actor.userId !== '' && isProjectOwner(project, actor.userId));
}

/** Refuses an owner-only operation to everyone but the responsible person and administrators. */
export function assertOwnerOperation(project: ProjectMembership, actor: Actor, operation: OwnerOperation, params?: MessageParams): void {
  if (!mayActAsOwner(project, actor)) throw new NotAllowedError(OWNER_OPERATIONS[operation], params);
}
