import type { DbOrTx } from '../../db/client.ts';
import { liveSessions, remainingLogins } from '../auth/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { findSite } from './sites.ts';

/** A site's concurrency licences right now (spec 000 §6: group change is blocked when full). */
export interface SiteConcurrency {
  siteId: string;
  /** 0 means unlimited. */
  licenceCount: number;
  /** Distinct users with a live session on the site. */
  online: number;
  /** Licences left; null when the site is unlimited. */
  surplus: number | null;
  /** No licence left: sign-ins and group changes to the site are refused. */
  isExceedConcurrency: boolean;
}

export async function siteConcurrency(ctx: ServiceContext, siteIdOrName: string, idleMinutes: number): Promise<SiteConcurrency> {
  const owner = await findSite(ctx.db, siteIdOrName);
  const now = ctx.now();
  const live = await liveSessions(ctx.db, now, idleMinutes, { siteId: owner.id });
  const surplus = await remainingLogins(ctx.db, owner.id, now, idleMinutes);
  return {
    siteId: owner.id,
    licenceCount: owner.licenceCount,
    online: new Set(live.map((s) => s.userId)).size,
    surplus,
    isExceedConcurrency: surplus === 0,
  };
}

/** Distinct online users per site id, in one query. */
export async function onlineCountsBySite(db: DbOrTx, now: Date, idleMinutes: number): Promise<Map<string, number>> {
  const users = new Map<string, Set<string>>();
  for (const s of await liveSessions(db, now, idleMinutes)) {
    if (!s.siteId) continue;
    const set = users.get(s.siteId) ?? new Set<string>();
    set.add(s.userId);
    users.set(s.siteId, set);
  }
  return new Map([...users].map(([siteId, set]) => [siteId, set.size]));
}
