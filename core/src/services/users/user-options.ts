import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { user, userSite } from '../../db/schema/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { contains, MAX_LIMIT } from '../shared/paging.ts';
import { findSite } from '../org/sites.ts';
import { verifyPassword } from '../shared/password-hash.ts';
import { findUserRow } from './users.ts';
import { projectReaderTest } from '../fmea/readers.ts';
import { live } from '../../db/live.ts';

export interface UserOption {
  id: string;
  userName: string;
  realName: string;
}

export interface UserOptionQuery {
  search?: string;
  /** Site id or name: its members only. */
  site?: string;
  /** An FMEA project's id: only users who may read it (its team, administrators, whom it is shared with); the caller must be able to open it. */
  readerOf?: string;
  limit?: number;
}

/**
 * A light list for pickers (autocomplete, person-in-charge): id, user name and
 * real name only, one query, live users only.
 */
export async function listUserOptions(ctx: ServiceContext, query: UserOptionQuery = {}): Promise<UserOption[]> {
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.trunc(query.limit ?? 10)));
  const search = query.search?.trim();
  const conditions: (SQL | undefined)[] = [live(user)];
  if (search) conditions.push(or(contains(user.userName, search), contains(user.realName, search), contains(user.jobNumber, search)));
  if (query.site) {
    const owner = await findSite(ctx.db, query.site);
    const linked = ctx.db.select({ id: userSite.userId }).from(userSite).where(eq(userSite.siteId, owner.id));
    conditions.push(or(eq(user.siteId, owner.id), inArray(user.id, linked)));
  }
  const rows = ctx.db
    .select({ id: user.id, userName: user.userName, realName: user.realName })
    .from(user)
    .where(and(...conditions))
    .orderBy(asc(user.userName));
  if (!query.readerOf) return rows.limit(limit);
  // the project's readers by the rule that opens it, then the page (a live user list: no limit before the test)
  const reads = await projectReaderTest(ctx.db, ctx.actor, query.readerOf, ctx.now());
  return (await rows).filter((u) => reads(u.id)).slice(0, limit);
}

/**
 * Whether `password` is the user's current password (the spec's checkOldPwd,
 * asked by the change-password form before it submits). Nothing is counted or
 * written: the caller is signed in already.
 */
export async function isOwnPassword(ctx: ServiceContext, userId: string, password: string): Promise<boolean> {
  const row = await findUserRow(ctx.db, userId);
  return verifyPassword(row.passwordHash, password);
}
