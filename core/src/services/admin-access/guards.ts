import { assertSiteAction, assertUserAction, assertUserRank } from '../../domain/permissions/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { findSite } from '../org/sites.ts';
import { findUserRow } from '../users/users.ts';
import { administratorOf, managedUser } from './administrator.ts';

/** For calls that read a site's live state (online users, licences left): the site must be the actor's. */
export async function assertCanReadSite(ctx: ServiceContext, siteIdOrName: string): Promise<string> {
  const owner = await findSite(ctx.db, siteIdOrName);
  assertSiteAction(await administratorOf(ctx), owner.id, 'read');
  return owner.id;
}

/** For calls that read facts about another user (their sites): the user must belong to one of the actor's sites. */
export async function assertCanReadUser(ctx: ServiceContext, idOrName: string): Promise<string> {
  const row = await findUserRow(ctx.db, idOrName);
  assertUserAction(await administratorOf(ctx), await managedUser(ctx.db, row), 'read');
  return row.id;
}

/** Forcing a user off-line is acting on them: site administrators only on users below their rank. */
export async function assertCanKickUser(ctx: ServiceContext, userId: string): Promise<void> {
  const row = await findUserRow(ctx.db, userId);
  assertUserRank(await administratorOf(ctx), await managedUser(ctx.db, row));
}
