import { and, asc, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import { user, userSite } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ConflictError } from '../../errors.ts';
import type { ServiceContext } from '../shared/context.ts';
import { contains, MAX_LIMIT } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { findUserRow } from '../users/users.ts';
import { findSite } from './sites.ts';
import { administratorOf, managedUser } from '../admin-access/administrator.ts';
import { assertSiteAction, assertSiteMemberRemoval, assertSiteMembership, assertUserAction } from '../../domain/permissions/index.ts';
import { live } from '../../db/live.ts';

/** One member of a site (group), as the site-user screens list them. */
export interface SiteMember {
  id: string;
  userName: string;
  realName: string;
  /** The name English readers see; empty: realName. */
  realNameEn: string;
  jobNumber: string;
  departmentId: string | null;
  locked: boolean;
  /** The site is the user's home site (not only a further group). */
  homeSite: boolean;
}

export interface SiteMemberQuery {
  /** 0-based offset (the spec's `from`). */
  offset?: number;
  limit?: number;
  search?: string;
}

/** Members: users whose home site it is, and users linked to it as a further group. */
function memberOf(db: DbOrTx, siteId: string): SQL {
  const linked = db.select({ id: userSite.userId }).from(userSite).where(eq(userSite.siteId, siteId));
  return and(live(user), or(eq(user.siteId, siteId), inArray(user.id, linked)))!;
}

const memberColumns = {
  id: user.id,
  userName: user.userName,
  realName: user.realName,
  realNameEn: user.realNameEn,
  jobNumber: user.jobNumber,
  departmentId: user.departmentId,
  locked: user.locked,
  siteId: user.siteId,
};

function toMember(siteId: string, row: { siteId: string | null } & Omit<SiteMember, 'homeSite'>): SiteMember {
  const { siteId: home, ...rest } = row;
  return { ...rest, homeSite: home === siteId };
}

/** A page of a site's members by offset, searched by user name, real name or job number. */
export async function listSiteUsers(ctx: ServiceContext, siteIdOrName: string, query: SiteMemberQuery = {}) {
  const owner = await findSite(ctx.db, siteIdOrName);
  assertSiteAction(await administratorOf(ctx), owner.id, 'read');
  const offset = Math.max(0, Math.trunc(query.offset ?? 0));
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.trunc(query.limit ?? 10)));
  const search = query.search?.trim();
  const where = and(
    memberOf(ctx.db, owner.id),
    search ? or(contains(user.userName, search), contains(user.realName, search), contains(user.jobNumber, search)) : undefined,
  );
  const [total] = await ctx.db.select({ n: count() }).from(user).where(where);
  const rows = await ctx.db.select(memberColumns).from(user).where(where).orderBy(asc(user.userName)).limit(limit).offset(offset);
  return { items: rows.map((r) => toMember(owner.id, r)), total: total?.n ?? 0, offset, limit };
}

/** Every member of a site, by user name. */
export async function siteMembers(ctx: ServiceContext, siteIdOrName: string): Promise<SiteMember[]> {
  const owner = await findSite(ctx.db, siteIdOrName);
  assertSiteAction(await administratorOf(ctx), owner.id, 'read');
  const rows = await ctx.db.select(memberColumns).from(user).where(memberOf(ctx.db, owner.id)).orderBy(asc(user.userName));
  return rows.map((r) => toMember(owner.id, r));
}

/** Lets users sign in to a further site (group). Users already in it are left alone. */
export async function addSiteUsers(ctx: ServiceContext, siteIdOrName: string, userIds: readonly string[]) {
  const actor = await administratorOf(ctx);
  return writeAndLog(ctx, async (tx) => {
    const owner = await findSite(tx, siteIdOrName);
    assertSiteAction(actor, owner.id, 'manage');
    const ids: string[] = [];
    for (const id of new Set(userIds)) {
      const row = await findUserRow(tx, id);
      // only users the actor administers, never oneself
      assertSiteMembership(actor, row.id, { added: [owner.id], removed: [] });
      assertUserAction(actor, await managedUser(tx, row), 'edit');
      ids.push(row.id);
    }
    const added = ids.length
      ? await tx
          .insert(userSite)
          .values(ids.map((userId) => ({ userId, siteId: owner.id })))
          .onConflictDoNothing()
          .returning({ userId: userSite.userId })
      : [];
    const after = { siteId: owner.id, userIds: added.map((a) => a.userId) };
    return { result: after, log: { action: 'site.users_add', entity: 'site', entityId: owner.id, after } };
  });
}

/**
 * Takes users out of a site (group). A user whose home site it is stays:
 * change the user's site first, so nobody is left without a site.
 */
export async function removeSiteUsers(ctx: ServiceContext, siteIdOrName: string, userIds: readonly string[]) {
  const actor = await administratorOf(ctx);
  return writeAndLog(ctx, async (tx) => {
    const owner = await findSite(tx, siteIdOrName);
    assertSiteAction(actor, owner.id, 'manage');
    const ids: string[] = [];
    for (const id of new Set(userIds)) {
      const row = await findUserRow(tx, id);
      assertSiteMemberRemoval(actor, await managedUser(tx, row), owner.id);
      if (row.siteId === owner.id) throw new ConflictError('siteUser.home_site', { userName: row.userName });
      ids.push(row.id);
    }
    const removed = ids.length
      ? await tx
          .delete(userSite)
          .where(and(eq(userSite.siteId, owner.id), inArray(userSite.userId, ids)))
          .returning({ userId: userSite.userId })
      : [];
    const before = { siteId: owner.id, userIds: removed.map((r) => r.userId) };
    return { result: before, log: { action: 'site.users_remove', entity: 'site', entityId: owner.id, before } };
  });
}
