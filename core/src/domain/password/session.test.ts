import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from './policy.ts';
import { addressDelayMs, failuresInWindow, growingDelayMs, isIdleExpired, pairDelayMs, passwordState, recordAddressFailure, shouldLock } from './session.ts';

const policy = DEFAULT_PASSWORD_POLICY;
const DAY = 86_400_000;
const now = new Date('2025-06-30T08:00:00Z');
const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY - extraMs);
const changed = (at: Date | null) => ({ passwordChangedAt: at, mustChangePassword: false });

describe('passwordState', () => {
  it('demands a change on first login when the policy forces it', () => {
    expect(passwordState(policy, changed(null), now)).toEqual({ state: 'must_change', daysLeft: null });
  });

  it('lets a first login through when the policy does not force a change', () => {
    expect(passwordState({ ...policy, forceChangeOnFirstLogin: false }, changed(null), now)).toEqual({
      state: 'ok',
      daysLeft: null,
    });
  });

  it('demands a change when the account is flagged, whatever the policy says', () => {
    const account = { passwordChangedAt: daysAgo(1), mustChangePassword: true };
    expect(passwordState({ ...policy, forceChangeOnFirstLogin: false }, account, now).state).toBe('must_change');
  });

  it('prefers a forced change over expiry', () => {
    const account = { passwordChangedAt: daysAgo(200), mustChangePassword: true };
    expect(passwordState(policy, account, now).state).toBe('must_change');
  });

  it('is ok with the days left on a fresh password', () => {
    expect(passwordState(policy, changed(now), now)).toEqual({ state: 'ok', daysLeft: 90 });
  });

  it('is ok with eight days left', () => {
    expect(passwordState(policy, changed(daysAgo(82)), now)).toEqual({ state: 'ok', daysLeft: 8 });
  });

  it('warns exactly seven days before expiry', () => {
    expect(passwordState(policy, changed(daysAgo(83)), now)).toEqual({ state: 'expiring', daysLeft: 7 });
  });

  it('rounds part of a day up', () => {
    expect(passwordState(policy, changed(daysAgo(89, 1)), now)).toEqual({ state: 'expiring', daysLeft: 1 });
  });

  it('has expired exactly 90 days after the change', () => {
    expect(passwordState(policy, changed(daysAgo(90)), now)).toEqual({ state: 'expired', daysLeft: 0 });
  });

  it('has expired long after the change', () => {
    expect(passwordState(policy, changed(daysAgo(400)), now).state).toBe('expired');
  });

  it('never expires when expiryDays is 0', () => {
    expect(passwordState({ ...policy, expiryDays: 0 }, changed(daysAgo(4000)), now)).toEqual({
      state: 'ok',
      daysLeft: null,
    });
  });

  it('never warns when the warning period is 0', () => {
    expect(passwordState({ ...policy, expiryWarningDays: 0 }, changed(daysAgo(89, 1)), now)).toEqual({
      state: 'ok',
      daysLeft: 1,
    });
  });

  it('treats a change date in the future (clock skew) as fresh', () => {
    const future = new Date(now.getTime() + DAY);
    expect(passwordState(policy, changed(future), now)).toEqual({ state: 'ok', daysLeft: 91 });
  });
});

describe('shouldLock', () => {
  it('does not lock after four failures', () => {
    expect(shouldLock(4, policy)).toBe(false);
  });

  it('locks on the fifth failure', () => {
    expect(shouldLock(5, policy)).toBe(true);
  });

  it('stays locked beyond the limit', () => {
    expect(shouldLock(9, policy)).toBe(true);
  });

  it('does not lock without failures', () => {
    expect(shouldLock(0, policy)).toBe(false);
  });

  it('follows a stricter policy', () => {
    expect(shouldLock(1, { ...policy, maxWrongAttempts: 1 })).toBe(true);
  });
});

describe('isIdleExpired', () => {
  const MINUTE = 60_000;
  const idleFor = (minutes: number, extraMs = 0) => new Date(now.getTime() - minutes * MINUTE - extraMs);

  it('keeps a session idle for 29 minutes and 59 seconds', () => {
    expect(isIdleExpired(idleFor(29, 59_000), now, policy)).toBe(false);
  });

  it('ends a session idle for exactly 30 minutes', () => {
    expect(isIdleExpired(idleFor(30), now, policy)).toBe(true);
  });

  it('never ends a session when idle logout is 0', () => {
    expect(isIdleExpired(idleFor(100_000), now, { ...policy, idleLogoutMinutes: 0 })).toBe(false);
  });

  it('keeps a session seen just now', () => {
    expect(isIdleExpired(now, now, policy)).toBe(false);
  });
});

describe('the sign-in throttle (issue #20: it slows guessing, it refuses nobody)', () => {
  const policy = { ...DEFAULT_PASSWORD_POLICY, addressMaxFailures: 20, addressWindowMinutes: 15 };
  const start = new Date('2026-06-01T08:00:00Z');
  const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
  const failures = (count: number) => ({ failures: count, windowStart: start });

  it('grows a delay from one second, doubling, to at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 100].map(growingDelayMs)).toEqual([0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(growingDelayMs(-3)).toBe(0);
  });

  it('holds an address and user name back by their own failures in the window', () => {
    expect(pairDelayMs(null, policy, start)).toBe(0);
    expect(pairDelayMs(failures(1), policy, minutes(1))).toBe(1000);
    expect(pairDelayMs(failures(3), policy, minutes(14))).toBe(4000);
    // the window has ended: no wait
    expect(pairDelayMs(failures(3), policy, minutes(15))).toBe(0);
  });

  it('answers an address’s failures slowly from its limit on', () => {
    expect(addressDelayMs(failures(19), policy, minutes(1))).toBe(0);
    expect(addressDelayMs(failures(20), policy, minutes(1))).toBe(1000);
    expect(addressDelayMs(failures(22), policy, minutes(1))).toBe(4000);
    expect(addressDelayMs(failures(22), policy, minutes(16))).toBe(0);
  });

  it('is off when the policy sets no limit', () => {
    const off = { ...policy, addressMaxFailures: 0 };
    expect(pairDelayMs(failures(5), off, minutes(1))).toBe(0);
    expect(addressDelayMs(failures(50), off, minutes(1))).toBe(0);
  });

  it('counts failures in a window that starts afresh once it has ended', () => {
    expect(recordAddressFailure(null, policy, start)).toEqual({ failures: 1, windowStart: start });
    expect(recordAddressFailure(failures(4), policy, minutes(3))).toEqual({ failures: 5, windowStart: start });
    expect(recordAddressFailure(failures(4), policy, minutes(15))).toEqual({ failures: 1, windowStart: minutes(15) });
    expect(failuresInWindow(failures(4), policy, minutes(15))).toBe(0);
  });
});
