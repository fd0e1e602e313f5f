import { and, asc, count, eq, ne, or } from 'drizzle-orm';
import { department, site, user, userSite } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { assertNoIssues, checkText } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { administratorOf } from '../admin-access/administrator.ts';
import { assertSiteAction, visibleSites } from '../../domain/permissions/index.ts';

export type Site = typeof site.$inferSelect;

export interface SiteInput {
  name: string;
  nameEn?: string;
  licenceCount?: number;
  adminUserId?: string | null;
  leaderUserId?: string | null;
}

/** Finds a site by id or by name (the CLI refers to sites by name). */
export async function findSite(db: DbOrTx, idOrName: string): Promise<Site> {
  const row = await db
    .select()
    .from(site)
    .where(or(eq(site.id, idOrName), eq(site.name, idOrName)))
    .get();
  if (!row) throw new NotFoundError('site.not_found', { site: idOrName });
  return row;
}

export async function listSites(ctx: ServiceContext) {
  const users = ctx.db
    .select({ siteId: userSite.siteId, users: count().as('users') })
    .from(userSite)
    .groupBy(userSite.siteId)
    .as('users');
  const rows = await ctx.db
    .select({ site, users: users.users })
    .from(site)
    .leftJoin(users, eq(users.siteId, site.id))
    .orderBy(asc(site.name));
  // administrators below super see their own sites only
  const visible = visibleSites(await administratorOf(ctx));
  return rows.filter((r) => visible === 'all' || visible.includes(r.site.id)).map((r) => ({ ...r.site, userCount: r.users ?? 0 }));
}

function checkSite(input: SiteInput) {
  assertNoIssues([
    ...checkText(input.name, { field: 'name', required: true }),
    ...checkText(input.nameEn ?? '', { field: 'nameEn' }),
  ]);
}

async function assertNameFree(db: DbOrTx, name: string, exceptId?: string) {
  const clash = await db
    .select({ id: site.id })
    .from(site)
    .where(exceptId ? and(eq(site.name, name), ne(site.id, exceptId)) : eq(site.name, name))
    .get();
  if (clash) throw new ConflictError('site.name_duplicate', { name });
}

export async function createSite(ctx: ServiceContext, input: SiteInput): Promise<Site> {
  // the site list, names and licence counts are super-administrator settings
  assertSiteAction(await administratorOf(ctx), null, 'configure');
  const name = input.name.trim();
  checkSite({ ...input, name });
  return writeAndLog(ctx, async (tx) => {
    await assertNameFree(tx, name);
    const [row] = await tx
      .insert(site)
      .values({
        name,
        nameEn: input.nameEn?.trim() ?? '',
        licenceCount: Math.max(0, Math.trunc(input.licenceCount ?? 0)),
        adminUserId: input.adminUserId ?? null,
        leaderUserId: input.leaderUserId ?? null,
      })
      .returning();
    return { result: row!, log: { action: 'site.create', entity: 'site', entityId: row!.id, after: row } };
  });
}

export async function updateSite(ctx: ServiceContext, id: string, input: Partial<SiteInput>): Promise<Site> {
  // the site list, names and licence counts are super-administrator settings
  assertSiteAction(await administratorOf(ctx), null, 'configure');
  return writeAndLog(ctx, async (tx) => {
    const before = await findSite(tx, id);
    const next = { ...before, ...input, name: (input.name ?? before.name).trim() };
    checkSite(next);
    await assertNameFree(tx, next.name, before.id);
    const [row] = await tx
      .update(site)
      .set({
        name: next.name,
        nameEn: next.nameEn,
        licenceCount: Math.max(0, Math.trunc(next.licenceCount)),
        adminUserId: next.adminUserId,
        leaderUserId: next.leaderUserId,
      })
      .where(eq(site.id, before.id))
      .returning();
    return { result: row!, log: { action: 'site.update', entity: 'site', entityId: before.id, before, after: row } };
  });
}

/** A site still holding users or departments is kept: nothing may dangle. */
export async function deleteSite(ctx: ServiceContext, id: string): Promise<void> {
  // the site list, names and licence counts are super-administrator settings
  assertSiteAction(await administratorOf(ctx), null, 'configure');
  await writeAndLog(ctx, async (tx) => {
    const before = await findSite(tx, id);
    const [users] = await tx.select({ n: count() }).from(user).where(eq(user.siteId, before.id));
    const [links] = await tx.select({ n: count() }).from(userSite).where(eq(userSite.siteId, before.id));
    const [departments] = await tx.select({ n: count() }).from(department).where(eq(department.siteId, before.id));
    if ((users?.n ?? 0) + (links?.n ?? 0) + (departments?.n ?? 0) > 0) throw new ConflictError('site.in_use');
    await tx.delete(site).where(eq(site.id, before.id));
    return { result: undefined, log: { action: 'site.delete', entity: 'site', entityId: before.id, before } };
  });
}
