import { NotAllowedError } from '../../errors.ts';
import type { Actor } from './actor.ts';
import type { PermissionMessageKey } from './messages.ts';

/** Role types are strings (spec 000 §6). */
export const ROLE_TYPES = { super: '0', site: '1' } as const;

export type OnlineUsersScope = 'all' | 'site' | 'none';

/**
 * Which online users the actor may see: super roles and admins everyone,
 * site-level roles their own site, others nobody. Super wins when a user holds both.
 */
export function onlineUsersScope(actor: Actor): OnlineUsersScope {
  if (actor.isAdmin || actor.roleTypes.includes(ROLE_TYPES.super)) return 'all';
  if (actor.roleTypes.includes(ROLE_TYPES.site)) return 'site';
  return 'none';
}

export function canSeeOnlineUsers(actor: Actor): boolean {
  return onlineUsersScope(actor) !== 'none';
}

export interface KickSites {
  readonly actorSiteId?: string | null;
  readonly targetSiteId?: string | null;
}

/** Why the actor may not force the target user off-line, or null when they may. */
export function kickRefusal(actor: Actor, targetUserId: string, sites: KickSites = {}): PermissionMessageKey | null {
  if (targetUserId === actor.userId) return 'permission.cannot_kick_self';
  const scope = onlineUsersScope(actor);
  if (scope === 'all') return null;
  const { actorSiteId, targetSiteId } = sites;
  // An unknown site never matches, so a site admin cannot kick on missing data.
  if (scope === 'site' && !!actorSiteId && actorSiteId === targetSiteId) return null;
  return 'permission.kick_denied';
}

/** Never oneself; super roles and admins anyone; site-level roles only users of their own site. */
export function canKick(actor: Actor, targetUserId: string, sites: KickSites = {}): boolean {
  return kickRefusal(actor, targetUserId, sites) === null;
}

export function assertCanKick(actor: Actor, targetUserId: string, sites: KickSites = {}): void {
  const refusal = kickRefusal(actor, targetUserId, sites);
  if (refusal !== null) throw new NotAllowedError(refusal);
}
