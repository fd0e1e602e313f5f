import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { role, rolePermission, user, userRole } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import { InvalidInputError, isDomainError } from '../../errors.ts';
import type { ServiceContext } from '../shared/context.ts';
import type { UserOption } from '../users/user-options.ts';
import { contains } from '../shared/paging.ts';
import { ADMIN_ROLE_NAME } from '../roles/roles.ts';
import { EWO_ROUTE, ewoCaller, holds, readableEwo, type EwoButton, type EwoCaller, type EwoRow } from './access.ts';
import type { EwoMessageKey } from './messages.ts';

/**
 * The people an EWO names: its tracker (who follows it up, so must be able to read it) and the approver of a
 * publish request (who must hold the audit button, may read it, and is not the requester when the rules ask for
 * separation of duties).
 */
export interface NamedUser {
  id: string;
  name: string;
}

async function liveUser(db: DbOrTx, id: unknown): Promise<{ id: string; userName: string; realName: string } | undefined> {
  if (typeof id !== 'string' || id === '') return undefined;
  return db.select({ id: user.id, userName: user.userName, realName: user.realName }).from(user).where(and(eq(user.id, id), live(user))).get();
}

/** Whether this user may act on an EWO of this site with this button (null: may). */
async function refusalFor(db: DbOrTx, person: { id: string; userName: string }, siteId: string | null, button?: EwoButton): Promise<'not_permitted' | null> {
  try {
    const them = await ewoCaller(db, { userId: person.id, userName: person.userName });
    if (button && !holds(them, button)) return 'not_permitted';
    if (them.sites !== null && siteId !== null && !them.sites.has(siteId)) return 'not_permitted';
    return null;
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_allowed') return 'not_permitted';
    throw error;
  }
}

/** The acting person as an EWO names people (shared by every record that names who acted). */
export { actorName } from '../shared/people.ts';

/** The tracker as named in a request: a live user who may read EWOs of the site; else a field issue. */
export async function resolveTracker(db: DbOrTx, trackerId: unknown, siteId: string | null): Promise<NamedUser> {
  const found = await liveUser(db, trackerId);
  if (!found) throw new InvalidInputError('validation.failed', {}, [{ messageKey: 'ewo.tracker_unknown' satisfies EwoMessageKey, field: 'trackerId' }]);
  if (await refusalFor(db, found, siteId)) {
    throw new InvalidInputError('validation.failed', {}, [{ messageKey: 'ewo.tracker_not_permitted' satisfies EwoMessageKey, field: 'trackerId', params: { user: found.realName || found.userName } }]);
  }
  return { id: found.id, name: found.realName || found.userName };
}

/** The approver named for a publish request; else a field issue. */
export async function resolveApprover(db: DbOrTx, caller: EwoCaller, row: EwoRow, approverId: unknown): Promise<NamedUser> {
  const found = await liveUser(db, approverId);
  const issue = (messageKey: EwoMessageKey, params = {}) => new InvalidInputError('validation.failed', {}, [{ messageKey, field: 'approverId', params }]);
  if (!found) throw issue(approverId ? 'ewo.approver_unknown' : 'ewo.approver_required');
  const name = found.realName || found.userName;
  if (caller.rules.separationOfDuties && found.id === caller.actor.userId) throw issue('ewo.approver_self');
  if (await refusalFor(db, found, row.siteId, 'audit')) throw issue('ewo.approver_not_permitted', { user: name });
  return { id: found.id, name };
}

/** Users holding ewo_index through a role (with `button`, when named), and administrators. */
async function routeHolders(db: DbOrTx, button: EwoButton | null): Promise<string[]> {
  const grants = await db.select({ roleId: rolePermission.roleId, buttons: rolePermission.buttons }).from(rolePermission).where(eq(rolePermission.routeName, EWO_ROUTE));
  const admins = db.select({ id: role.id }).from(role).where(eq(role.name, ADMIN_ROLE_NAME));
  const roleIds = grants.filter((g) => button === null || g.buttons.includes(button)).map((g) => g.roleId);
  const rows = await db
    .selectDistinct({ id: userRole.userId })
    .from(userRole)
    .where(roleIds.length ? or(inArray(userRole.roleId, roleIds), inArray(userRole.roleId, admins)) : inArray(userRole.roleId, admins));
  return rows.map((r) => r.id);
}

/** People who may be named tracker (any reader of EWOs) or approver (audit holders, not the caller) of an EWO, for the pickers. */
export async function listEwoPeople(ctx: ServiceContext, role: 'tracker' | 'approver', query: { search?: string; ewo?: string } = {}): Promise<UserOption[]> {
  const caller = await ewoCaller(ctx.db, ctx.actor);
  const row = query.ewo ? await readableEwo(ctx.db, caller, query.ewo) : undefined;
  const siteId = row ? row.siteId : (ctx.actor.siteId ?? null);
  // the users whose roles hold the route (with audit, for an approver) or who are administrators, then each judged as if they acted
  const holders = await routeHolders(ctx.db, role === 'approver' ? 'audit' : null);
  const search = query.search?.trim();
  const candidates: UserOption[] = holders.length
    ? await ctx.db
        .select({ id: user.id, userName: user.userName, realName: user.realName })
        .from(user)
        .where(and(live(user), inArray(user.id, holders), search ? or(contains(user.userName, search), contains(user.realName, search), contains(user.jobNumber, search)) : undefined))
        .orderBy(asc(user.userName))
        .limit(500)
    : [];
  const fit: UserOption[] = [];
  for (const u of candidates) {
    if (role === 'approver' && caller.rules.separationOfDuties && u.id === caller.actor.userId) continue;
    if ((await refusalFor(ctx.db, u, siteId, role === 'approver' ? 'audit' : undefined)) === null) fit.push(u);
    if (fit.length >= 50) break;
  }
  return fit;
}
