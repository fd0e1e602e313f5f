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
