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

/** Failed sign-ins counted for one network address in the current window. */
export interface AddressFailures {
  readonly failures: number;
  readonly windowStart: Date;
}

/**
 * The per-address throttle beside the per-account lockout: once an address
 * has failed `addressMaxFailures` times within the window, further sign-ins
 * from it are refused (right or wrong password) until the window ends.
 * Answers the minutes left, or 0 when the address may try.
 */
export function addressBlockedMinutes(state: AddressFailures | null, policy: PasswordPolicy, now: Date): number {
  if (!state || policy.addressMaxFailures <= 0) return 0;
  const ends = state.windowStart.getTime() + policy.addressWindowMinutes * MINUTE_MS;
  if (now.getTime() >= ends || state.failures < policy.addressMaxFailures) return 0;
  return Math.max(1, Math.ceil((ends - now.getTime()) / MINUTE_MS));
}

/** The address's count after one more failure: a new window starts when the old one has ended. */
export function recordAddressFailure(state: AddressFailures | null, policy: PasswordPolicy, now: Date): AddressFailures {
  const ends = state ? state.windowStart.getTime() + policy.addressWindowMinutes * MINUTE_MS : 0;
  if (!state || now.getTime() >= ends) return { failures: 1, windowStart: now };
  return { failures: state.failures + 1, windowStart: state.windowStart };
}
