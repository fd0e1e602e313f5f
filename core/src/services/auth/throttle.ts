import { eq, lt } from 'drizzle-orm';
import { signInThrottle } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { NotAllowedError } from '../../errors.ts';
import { addressBlockedMinutes, recordAddressFailure, type AddressFailures, type PasswordPolicy } from '../../domain/password/index.ts';

/**
 * The per-address throttle on failed sign-ins (beside the per-account
 * lockout): one row per network address with its count in the current window.
 */
async function failuresOf(db: DbOrTx, address: string): Promise<AddressFailures | null> {
  const row = await db.select().from(signInThrottle).where(eq(signInThrottle.address, address)).get();
  return row ? { failures: row.failures, windowStart: row.windowStart } : null;
}

/** Refuses a sign-in from an address that failed too often in the current window. */
export async function assertAddressMayTry(db: DbOrTx, address: string | null | undefined, policy: PasswordPolicy, now: Date): Promise<void> {
  if (!address || policy.addressMaxFailures <= 0) return;
  const minutes = addressBlockedMinutes(await failuresOf(db, address), policy, now);
  if (minutes > 0) throw new NotAllowedError('auth.address_throttled', { minutes });
}

/** Counts one failed sign-in for the address; rows of windows long over are dropped on the way. */
export async function recordSignInFailure(db: DbOrTx, address: string | null | undefined, policy: PasswordPolicy, now: Date): Promise<void> {
  if (!address || policy.addressMaxFailures <= 0) return;
  const next = recordAddressFailure(await failuresOf(db, address), policy, now);
  await db
    .insert(signInThrottle)
    .values({ address, ...next })
    .onConflictDoUpdate({ target: signInThrottle.address, set: next });
  const stale = new Date(now.getTime() - Math.max(1, policy.addressWindowMinutes) * 60_000 * 2);
  await db.delete(signInThrottle).where(lt(signInThrottle.windowStart, stale));
}
