import type { PasswordPolicy } from './policy.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export type PasswordStateKind = 'ok' | 'must_change' | 'expired' | 'expiring';

export interface PasswordState {
  readonly state: PasswordStateKind;
  /** Whole days until expiry (rounded up), 0 once expired; null when passwords never expire or no change date is known. */
  readonly daysLeft: number | null;
}

export interface PasswordAccount {
  /** When the user last set their password; null if they never did (first login). */
  readonly passwordChangedAt: Date | null;
  /** Set when an administrator created or reset the password. */
  readonly mustChangePassword: boolean;
}

/**
 * What the sign-in must demand of the user. Days are 24-hour periods of
 * elapsed time, not calendar days, so the answer does not depend on a time zone.
 * Order: a forced change beats expiry, expiry beats the warning.
 */
export function passwordState(policy: PasswordPolicy, account: PasswordAccount, now: Date): PasswordState {
  const { passwordChangedAt, mustChangePassword } = account;
  const neverChanged = passwordChangedAt === null;
  // The account flag always wins (admin reset); the policy adds "first login" on top.
  if (mustChangePassword || (policy.forceChangeOnFirstLogin && neverChanged)) {
    return { state: 'must_change', daysLeft: null };
  }
  if (policy.expiryDays <= 0 || neverChanged) return { state: 'ok', daysLeft: null };

  const expiresAt = passwordChangedAt.getTime() + policy.expiryDays * DAY_MS;
  const remainingMs = expiresAt - now.getTime();
  if (remainingMs <= 0) return { state: 'expired', daysLeft: 0 };
  const daysLeft = Math.ceil(remainingMs / DAY_MS);
  return { state: daysLeft <= policy.expiryWarningDays ? 'expiring' : 'ok', daysLeft };
}

/** True once the consecutive failures reach the policy's limit (the fifth wrong password locks by default). */
export function shouldLock(consecutiveFailures: number, policy: PasswordPolicy): boolean {
  return consecutiveFailures >= policy.maxWrongAttempts;
}

/** True when the session has been idle for the configured minutes or longer; never when the setting is 0. */
export function isIdleExpired(lastSeenAt: Date, now: Date, policy: PasswordPolicy): boolean {
  if (policy.idleLogoutMinutes <= 0) return false;
  return now.getTime() - lastSeenAt.getTime() >= policy.idleLogoutMinutes * MINUTE_MS;
}

/** Why an account is locked: too many wrong passwords, or an administrator's decision. */
export const LOCK_REASONS = ['failures', 'admin'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

export interface LockedAccount {
  readonly locked: boolean;
  readonly lockedAt: Date | null;
  readonly lockReason: LockReason | null;
}

/**
 * True when a lock has run its course: only locks caused by wrong passwords
 * lift by themselves, after the policy's lockout minutes (0 = never), so a
 * stranger who knows a user name can lock the account for a while, not for
 * good. A lock without a time (older data) is treated as the administrator's.
 */
export function isLockExpired(account: LockedAccount, policy: PasswordPolicy, now: Date): boolean {
  if (!account.locked || account.lockReason !== 'failures' || !account.lockedAt || policy.lockoutMinutes <= 0) return false;
  return now.getTime() - account.lockedAt.getTime() >= policy.lockoutMinutes * MINUTE_MS;
}

/** Failed sign-ins counted for one throttle key (a network address, or an address and a user name) in the current window. */
export interface AddressFailures {
  readonly failures: number;
  readonly windowStart: Date;
}

/** The longest the throttle holds a sign-in back. */
export const SIGN_IN_DELAY_CAP_MS = 30_000;

/** A delay of `steps` steps: none for 0, one second for the first, doubling with each further step, at most the cap. */
export function growingDelayMs(steps: number): number {
  if (steps <= 0) return 0;
  return Math.min(SIGN_IN_DELAY_CAP_MS, 1000 * 2 ** Math.min(steps - 1, 30));
}

/** The failures of a key in the window still running at `now`; 0 once it has ended. */
export function failuresInWindow(state: AddressFailures | null, policy: PasswordPolicy, now: Date): number {
  if (!state) return 0;
  const ends = state.windowStart.getTime() + policy.addressWindowMinutes * MINUTE_MS;
  return now.getTime() >= ends ? 0 : state.failures;
}

/**
 * The sign-in throttle beside the per-account lockout, which slows guessing
 * and never refuses a right password (so everyone behind one NAT is not shut
 * out by one guesser). Off when `addressMaxFailures` is 0.
 *
 * The wait before checking a sign-in from an address for a user name: it
 * grows with that pair's failures in the window (1 s, 2 s, 4 s … 30 s), right
 * password or not, and a right password is then accepted. Others at the same
 * address, and the same user elsewhere, do not wait for it.
 */
export function pairDelayMs(pair: AddressFailures | null, policy: PasswordPolicy, now: Date): number {
  if (policy.addressMaxFailures <= 0) return 0;
  return growingDelayMs(failuresInWindow(pair, policy, now));
}

/**
 * The wait before answering a failed sign-in, once its address has failed
 * `addressMaxFailures` times in the window (`address`: its count with this
 * failure): 1 s at the limit, doubling with each failure past it, up to 30 s.
 * It slows a guesser trying many names from one address; a right password
 * from that address is never held back by it.
 */
export function addressDelayMs(address: AddressFailures | null, policy: PasswordPolicy, now: Date): number {
  if (policy.addressMaxFailures <= 0) return 0;
  return growingDelayMs(failuresInWindow(address, policy, now) - policy.addressMaxFailures + 1);
}

/** A key's count after one more failure: a new window starts when the old one has ended. */
export function recordAddressFailure(state: AddressFailures | null, policy: PasswordPolicy, now: Date): AddressFailures {
  const ends = state ? state.windowStart.getTime() + policy.addressWindowMinutes * MINUTE_MS : 0;
  if (!state || now.getTime() >= ends) return { failures: 1, windowStart: now };
  return { failures: state.failures + 1, windowStart: state.windowStart };
}
