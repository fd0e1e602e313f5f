import { NotAllowedError } from '../../errors.ts';
import { ROLE_TYPES } from './online.ts';

/**
 * Who may hand out rights. The spec is silent; without a rule anyone with
 * the user or role pages could make themselves super. A non-admin may only
 * grant routes and buttons they hold themselves, may not assign the `admin`
 * role or a super-type (0) role, and may not create or edit super roles.
 */
export interface Delegator {
  readonly isAdmin: boolean;
  /** routeName → buttons the delegator holds. */
  readonly routes: ReadonlyMap<string, ReadonlySet<string>>;
}

export interface Grant {
  readonly routeName: string;
  readonly buttons: readonly string[];
}

export const ADMIN_ROLE = 'admin';

/** The first route or button the delegator does not hold, or null when every grant is within their rights. */
export function delegationRefusal(delegator: Delegator, grants: readonly Grant[]): { routeName: string; button?: string } | null {
  if (delegator.isAdmin) return null;
  for (const grant of grants) {
    const held = delegator.routes.get(grant.routeName);
    if (!held) return { routeName: grant.routeName };
    const missing = grant.buttons.find((b) => !held.has(b));
    if (missing) return { routeName: grant.routeName, button: missing };
  }
  return null;
}

export function assertCanDelegate(delegator: Delegator, grants: readonly Grant[]): void {
  const refusal = delegationRefusal(delegator, grants);
  if (refusal) throw new NotAllowedError('permission.cannot_delegate', { routeName: refusal.routeName });
}

/** Assigning roles to a user: super roles are for admins; other roles only within the delegator's rights. */
export function assertCanAssignRoles(delegator: Delegator, roles: readonly { name: string; roleType: string; permissions: readonly Grant[] }[]): void {
  if (delegator.isAdmin) return;
  for (const role of roles) {
    if (role.name === ADMIN_ROLE || role.roleType === ROLE_TYPES.super) throw new NotAllowedError('permission.super_role_admin_only');
    assertCanDelegate(delegator, role.permissions);
  }
}

/** Creating or editing a super-type role is for admins. */
export function assertCanSetRoleType(delegator: Delegator, roleType: string | undefined): void {
  if (!delegator.isAdmin && roleType === ROLE_TYPES.super) throw new NotAllowedError('permission.super_role_admin_only');
}
