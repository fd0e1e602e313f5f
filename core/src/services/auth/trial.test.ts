import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRole, buildUser, openTestDatabase, TEST_PASSWORD, type TestDatabase } from '../../testing/index.ts';
import { translateError, translateIssue } from '../../i18n/index.ts';
import type { DomainError, InvalidInputError } from '../../errors.ts';
import { DAY_MS } from '../../domain/licence/index.ts';
import { login } from './login.ts';
import { getTrial, setTrial, trialInfo } from './trial.ts';

/** The trial licence on a real database, with the clock injected: the days pass without waiting. */
let clock = new Date('2026-05-04T09:00:00Z');
let t: TestDatabase;
let person: { userName: string };
const days = (n: number) => new Date(clock.getTime() + n * DAY_MS);
const signIn = () => login(t.ctx, { userName: person.userName, password: TEST_PASSWORD, forceLogin: true }, { wait: async () => {} });

beforeEach(async () => {
  clock = new Date('2026-05-04T09:00:00Z');
  t = await openTestDatabase({ now: () => clock });
  const role = await buildRole(t.ctx, { label: 'trial' });
  person = await buildUser(t.ctx, { label: 'trial', roles: [role.id], mustChangePassword: false });
});
afterEach(() => t.dispose());

describe('trial licence', () => {
  it('is absent until an administrator starts one; signing in then moves the run code forward', async () => {
    expect(await trialInfo(t.db, clock)).toBeNull();
    const started = clock;
    expect(await setTrial(t.ctx, { days: 30 })).toMatchObject({ days: 30, daysLeft: 30, state: 'active', startedAt: started.toISOString() });
    clock = days(3);
    expect((await signIn()).status).toBe('ok');
    expect((await getTrial(t.db))!.runCode).toEqual(clock);
    expect(await trialInfo(t.db, clock)).toMatchObject({ daysLeft: 27, state: 'active' });
  });

  it('refuses every sign-in once expired, with the spec’s message in both languages, before looking at the password', async () => {
    await setTrial(t.ctx, { days: 7 });
    clock = days(7);
    const refused = (await signIn().catch((e) => e)) as DomainError;
    expect(refused).toMatchObject({ code: 'not_allowed', messageKey: 'auth.trial_expired' });
    expect(translateError('en-US', refused)).toBe('The trial period has expired, please contact the administrator');
    expect(translateError('zh-CN', refused)).toBe('试用期已过，请联系管理员');
    // an unknown name gets the same answer: the refusal tells nothing about accounts
    await expect(login(t.ctx, { userName: 'nobody-here', password: 'x' }, { wait: async () => {} })).rejects.toMatchObject({ messageKey: 'auth.trial_expired' });
    expect(await trialInfo(t.db, clock)).toMatchObject({ daysLeft: 0, state: 'expired' });
  });

  it('refuses a clock turned back more than a day, not a clock days ahead after a long weekend', async () => {
    await setTrial(t.ctx, { days: 30 });
    clock = days(10);
    expect((await signIn()).status).toBe('ok');
    clock = days(-0.5);
    expect((await signIn()).status).toBe('ok');
    clock = days(-1.5);
    const refused = (await signIn().catch((e) => e)) as DomainError;
    expect(refused.messageKey).toBe('auth.illegal_time');
    expect(translateError('en-US', refused)).toBe('System time is illegal');
    expect(translateError('zh-CN', refused)).toBe('系统时间不合法');
    // the clock set right again: signing in works
    clock = days(1.5 + 4);
    expect((await signIn()).status).toBe('ok');
  });

  it('is ended by an administrator; only administrators change it; the days are checked with the field named', async () => {
    const role = await buildRole(t.ctx, { label: 'plain' });
    const plain = await buildUser(t.ctx, { label: 'plain', roles: [role.id] });
    await expect(setTrial(t.as({ userId: plain.id, userName: plain.userName }), { days: 30 })).rejects.toMatchObject({ code: 'not_allowed' });
    const bad = (await setTrial(t.ctx, { days: 0 }).catch((e) => e)) as InvalidInputError;
    expect(translateIssue('en-US', bad.issues[0]!)).toBe('Trial days must be a whole number of days from 1 to 3650 (got 0)');
    await expect(setTrial(t.ctx, { days: 2.5 })).rejects.toMatchObject({ code: 'invalid_input' });
    await setTrial(t.ctx, { days: 1 });
    clock = days(5);
    await expect(signIn()).rejects.toMatchObject({ messageKey: 'auth.trial_expired' });
    expect(await setTrial(t.ctx, { days: null })).toBeNull();
    expect((await signIn()).status).toBe('ok');
    expect(await trialInfo(t.db, clock)).toBeNull();
  });
});
