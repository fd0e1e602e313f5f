import { site } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { liveSessions } from './session.ts';

/** The installation's licences for the login page (`GET /getLicenseInfo`): sites with a licence count limit sign-ins, 0 is unlimited. */
export interface LicenceSummary {
  /** Licences of the limited sites together; null when no site is limited. */
  licensed: number | null;
  /** People signed in now (every site). */
  online: number;
  /** Sign-ins left on the limited sites together; null when no site is limited. */
  remaining: number | null;
  /** Sites without a limit. */
  unlimitedSites: number;
}

export async function licenceSummary(db: DbOrTx, now: Date, idleLogoutMinutes: number): Promise<LicenceSummary> {
  const sites = await db.select({ id: site.id, licenceCount: site.licenceCount }).from(site);
  const live = await liveSessions(db, now, idleLogoutMinutes);
  const usersOn = (siteId: string) => new Set(live.filter((s) => s.siteId === siteId).map((s) => s.userId)).size;
  const limited = sites.filter((s) => s.licenceCount > 0);
  return {
    licensed: limited.length ? limited.reduce((sum, s) => sum + s.licenceCount, 0) : null,
    online: new Set(live.map((s) => s.userId)).size,
    remaining: limited.length ? limited.reduce((sum, s) => sum + Math.max(0, s.licenceCount - usersOn(s.id)), 0) : null,
    unlimitedSites: sites.length - limited.length,
  };
}
