import { eq, lt } from 'drizzle-orm';
import { signInThrottle } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { addressDelayMs, pairDelayMs, recordAddressFailure, type AddressFailures, type PasswordPolicy } from '../../domain/password/index.ts';

/**
 * The sign-in throttle beside the per-account lockout (domain/password
 * session.ts): failed sign-ins are counted per network address and per
 * address and user name, one row per key in `sign_in_throttle` with its count
 * in the current window. The throttle slows sign-ins down; it never refuses one.
 */

/** The key of an address and a user name: a line break never occurs in an address, so it cannot collide with an address's own row. */
const pairKey = (address: string, userName: string) => `${address}\n${userName}`;

async function failuresOf(db: DbOrTx, key: string): Promise<AddressFailures | null> {
  const row = await db.select().from(signInThrottle).where(eq(signInThrottle.address, key)).get();
  return row ? { failures: row.failures, windowStart: row.windowStart } : null;
}

/** How long a sign-in from this address for this user name waits before it is checked (its pair's earlier failures); 0 without an address. */
export async function signInDelayMs(db: DbOrTx, address: string | null | undefined, userName: string, policy: PasswordPolicy, now: Date): Promise<number> {
  if (!address || policy.addressMaxFailures <= 0) return 0;
  return pairDelayMs(await failuresOf(db, pairKey(address, userName)), policy, now);
}

async function countFailure(db: DbOrTx, key: string, policy: PasswordPolicy, now: Date): Promise<AddressFailures> {
  const next = recordAddressFailure(await failuresOf(db, key), policy, now);
  await db
    .insert(signInThrottle)
    .values({ address: key, ...next })
    .onConflictDoUpdate({ target: signInThrottle.address, set: next });
  return next;
}

/**
 * Counts one failed sign-in for the address and for the address with the user name; rows of windows long
 * over are dropped on the way. Answers how long the failure's answer waits (the address's own delay).
 */
export async function recordSignInFailure(db: DbOrTx, address: string | null | undefined, userName: string, policy: PasswordPolicy, now: Date): Promise<number> {
  if (!address || policy.addressMaxFailures <= 0) return 0;
  const counted = await countFailure(db, address, policy, now);
  await countFailure(db, pairKey(address, userName), policy, now);
  const stale = new Date(now.getTime() - Math.max(1, policy.addressWindowMinutes) * 60_000 * 2);
  await db.delete(signInThrottle).where(lt(signInThrottle.windowStart, stale));
  return addressDelayMs(counted, policy, now);
}

/** A right password clears its pair's count: the next sign-in from there does not wait. The address's count stays. */
export async function clearSignInFailures(db: DbOrTx, address: string | null | undefined, userName: string): Promise<void> {
  if (!address) return;
  await db.delete(signInThrottle).where(eq(signInThrottle.address, pairKey(address, userName)));
}
