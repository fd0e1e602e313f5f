import { NotAllowedError } from '../../errors.ts';
import { ADMIN_ROLE } from './delegation.ts';
import type { PermissionMessageKey } from './messages.ts';
import { ROLE_TYPES } from './online.ts';

/**
 * Who may administer whom: users, roles, sites and departments (spec 000 §6,
 * with the rules the spec leaves out; see docs/domain/administration.md).
 *
 * Ranks: super (the `admin` role or a type '0' role) > site (type '1') > none.
 * A super administrator acts everywhere. A site administrator acts only inside
 * the site of their session (the group they signed in to), and only on users
 * and roles of a lower rank. Nobody changes their own roles or site
 * memberships. Users without an administrator role may read their own site's
 * administration pages when their role grants them, and change nothing there.
 */
export const ADMIN_RANKS = ['none', 'site', 'super'] as const;
export type AdminRank = (typeof ADMIN_RANKS)[number];

const ORDER: Record<AdminRank, number> = { none: 0, site: 1, super: 2 };

export const outranks = (a: AdminRank, b: AdminRank): boolean => ORDER[a] > ORDER[b];

export interface RankedRole {
  readonly name: string;
  readonly roleType: string;
}

export function roleRank(role: RankedRole): AdminRank {
  if (role.name === ADMIN_ROLE || role.roleType === ROLE_TYPES.super) return 'super';
  return role.roleType === ROLE_TYPES.site ? 'site' : 'none';
}

/** The highest rank among a user's roles. */
export function rankOfRoles(roles: readonly RankedRole[]): AdminRank {
  return roles.reduce<AdminRank>((rank, role) => (outranks(roleRank(role), rank) ? roleRank(role) : rank), 'none');
}

/** The acting administrator. `userId` null is the local system (CLI, seeding): a super administrator. */
export interface Administrator {
  readonly userId: string | null;
  readonly rank: AdminRank;
  /** The sites this administrator acts in (their session's site); ignored for super. */
  readonly siteIds: readonly string[];
}

export const SYSTEM_ADMINISTRATOR: Administrator = { userId: null, rank: 'super', siteIds: [] };

/** A user as the administration rules see them. */
export interface ManagedUser {
  readonly userId: string;
  readonly rank: AdminRank;
  /** The default administrator created on first start. */
  readonly isDefault: boolean;
  readonly homeSiteId: string | null;
  /** Every site the user belongs to, home included. */
  readonly siteIds: readonly string[];
}

export type UserAction = 'read' | 'edit' | 'lock' | 'delete' | 'resetPassword';

const isSelf = (actor: Administrator, userId: string) => actor.userId !== null && actor.userId === userId;
const inScope = (actor: Administrator, siteId: string | null | undefined) => !!siteId && actor.siteIds.includes(siteId);

/** Why the actor may not do `action` to the target user, or null when they may. */
export function userActionRefusal(actor: Administrator, target: ManagedUser, action: UserAction): PermissionMessageKey | null {
  if (isSelf(actor, target.userId)) {
    if (action === 'read' || action === 'edit') return null;
    return action === 'resetPassword' ? 'permission.reset_own_password' : 'permission.cannot_target_self';
  }
  if (actor.rank === 'super') return null;
  if (action === 'read') return target.siteIds.some((s) => inScope(actor, s)) ? null : 'permission.user_other_site';
  return rankRefusal(actor, target) ?? (inScope(actor, target.homeSiteId) ? null : 'permission.user_other_site');
}

/** The default admin and holders of super roles are for super administrators; others need a higher rank. */
export function userRankRefusal(actor: Administrator, target: ManagedUser): PermissionMessageKey | null {
  return actor.rank === 'super' ? null : rankRefusal(actor, target);
}

function rankRefusal(actor: Administrator, target: ManagedUser): PermissionMessageKey | null {
  if (target.isDefault || target.rank === 'super') return 'permission.protected_user';
  return outranks(actor.rank, target.rank) ? null : 'permission.user_rank';
}

/**
 * Taking a member out of one of the actor's sites: the user may live in
 * another site (a further group here); the rank rules still apply.
 */
export function siteMemberRemovalRefusal(actor: Administrator, target: ManagedUser, siteId: string): PermissionMessageKey | null {
  if (isSelf(actor, target.userId)) return 'permission.own_sites';
  if (actor.rank === 'super') return null;
  if (actor.rank === 'none') return 'permission.administrator_only';
  return rankRefusal(actor, target) ?? (inScope(actor, siteId) ? null : 'permission.site_out_of_scope');
}

/** Creating a user: a site administrator creates users only in their site, never oneself's equals. */
export function userCreateRefusal(actor: Administrator, homeSiteId: string | null, rank: AdminRank): PermissionMessageKey | null {
  if (actor.rank === 'super') return null;
  if (actor.rank === 'none') return 'permission.administrator_only';
  if (!outranks(actor.rank, rank)) return 'permission.role_rank';
  return inScope(actor, homeSiteId) ? null : 'permission.site_out_of_scope';
}

/** Changing a user's roles: never one's own; only roles below one's rank (super administrators: any). */
export function roleAssignmentRefusal(
  actor: Administrator,
  targetUserId: string | null,
  change: { added: readonly RankedRole[]; removed: readonly RankedRole[] },
): PermissionMessageKey | null {
  const changed = [...change.added, ...change.removed];
  if (!changed.length) return null;
  if (targetUserId !== null && isSelf(actor, targetUserId)) return 'permission.own_roles';
  if (actor.rank === 'super') return null;
  return changed.every((role) => outranks(actor.rank, roleRank(role))) ? null : 'permission.role_rank';
}

/** Changing which sites a user belongs to: never one's own; only the actor's sites. */
export function siteMembershipRefusal(
  actor: Administrator,
  targetUserId: string | null,
  change: { added: readonly string[]; removed: readonly string[] },
): PermissionMessageKey | null {
  const changed = [...change.added, ...change.removed];
  if (!changed.length) return null;
  if (targetUserId !== null && isSelf(actor, targetUserId)) return 'permission.own_sites';
  if (actor.rank === 'super') return null;
  if (actor.rank === 'none') return 'permission.administrator_only';
  return changed.every((s) => inScope(actor, s)) ? null : 'permission.site_out_of_scope';
}

/** A role as the administration rules see it. */
export interface ManagedRole extends RankedRole {
  /** Built-in roles (the `admin` role) keep their type, names and grants. */
  readonly isBuiltIn: boolean;
  /** The home sites of the users who hold it. */
  readonly holderSiteIds: readonly (string | null)[];
}

export type RoleAction = 'create' | 'edit' | 'grant' | 'delete';

/**
 * Why the actor may not change the role, or null. `next` is the role after an
 * edit (its type may change). `protectedChange` says whether the change
 * touches what a built-in role keeps (type, names, grants, existence).
 */
export function roleChangeRefusal(
  actor: Administrator,
  role: ManagedRole | null,
  action: RoleAction,
  next: RankedRole | null = null,
  protectedChange = true,
): PermissionMessageKey | null {
  if (role?.isBuiltIn && protectedChange) return 'permission.builtin_role';
  if (actor.rank === 'super') return null;
  if (actor.rank === 'none') return 'permission.administrator_only';
  for (const r of [role, next]) if (r && !outranks(actor.rank, roleRank(r))) return 'permission.role_rank';
  // a role is shared by every site: a site administrator changes only roles held in their site alone
  if (action !== 'create' && role && !role.holderSiteIds.every((s) => inScope(actor, s))) return 'permission.role_held_elsewhere';
  return null;
}

export type SiteAction = 'read' | 'manage' | 'configure';

/**
 * Sites: `configure` (create, rename, licences, delete) is for super
 * administrators; `manage` (departments, members, online users) for the
 * site's administrators; `read` for anyone working in the site.
 */
export function siteActionRefusal(actor: Administrator, siteId: string | null, action: SiteAction): PermissionMessageKey | null {
  if (actor.rank === 'super') return null;
  if (action === 'configure') return 'permission.sites_super_only';
  if (action === 'manage' && actor.rank === 'none') return 'permission.administrator_only';
  return inScope(actor, siteId) ? null : 'permission.site_out_of_scope';
}

/** Which sites a listing may show: every site for super administrators, else the actor's. */
export function visibleSites(actor: Administrator): 'all' | readonly string[] {
  return actor.rank === 'super' ? 'all' : actor.siteIds;
}

const thrower =
  <A extends unknown[]>(check: (...args: A) => PermissionMessageKey | null) =>
  (...args: A): void => {
    const refusal = check(...args);
    if (refusal) throw new NotAllowedError(refusal);
  };

export const assertUserAction = thrower(userActionRefusal);
export const assertUserCreate = thrower(userCreateRefusal);
export const assertRoleAssignment = thrower(roleAssignmentRefusal);
export const assertSiteMembership = thrower(siteMembershipRefusal);
export const assertRoleChange = thrower(roleChangeRefusal);
export const assertSiteAction = thrower(siteActionRefusal);
export const assertSiteMemberRemoval = thrower(siteMemberRemovalRefusal);
export const assertUserRank = thrower(userRankRefusal);
