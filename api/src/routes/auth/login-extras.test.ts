import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema, setPasswordPolicy, setTrial } from '@fmea/core';
import { buildRole, buildUser, TEST_PASSWORD } from '@fmea/core/testing';
import { openTestApp } from '../../testing.ts';

/** The login page's extras (spec 000 §2.1, §9): licences, the idle sign-out minutes and the password-expiry warning the workbench shows. */
let clock = new Date('2026-12-01T08:00:00Z');
const api = await openTestApp({ now: () => clock });
afterAll(() => api.dispose());

describe('GET /api/getLicenseInfo', () => {
  it('answers no limit while every site is unlimited, then the limited sites’ licences and what is left', async () => {
    const before = await api.call('GET', '/api/getLicenseInfo');
    expect(before.body.data).toEqual({ licensed: null, online: 0, remaining: null, unlimitedSites: 1, trial: null });
    await api.t.db.update(schema.site).set({ licenceCount: 3 });
    await api.adminToken();
    const after = await api.call('GET', '/api/getLicenseInfo');
    expect(after.body.data).toEqual({ licensed: 3, online: 1, remaining: 2, unlimitedSites: 0, trial: null });
  });
});

describe('GET /api/user/info, sign-in extras', () => {
  it('answers the idle sign-out minutes and, within the warning days, the days left of the password', async () => {
    await setPasswordPolicy(api.t.ctx, { idleLogoutMinutes: 15, expiryDays: 90, expiryWarningDays: 10 });
    const admin = (await api.t.db.select().from(schema.user).where(eq(schema.user.userName, 'admin')).get())!;
    // changed 85 days ago: 5 days left, inside the 10 warning days
    await api.t.db.update(schema.user).set({ passwordChangedAt: new Date(clock.getTime() - 85 * 86_400_000) }).where(eq(schema.user.id, admin.id));
    const info = await api.call('GET', '/api/user/info', { token: await api.login('admin', undefined, { forceLogin: true }) });
    expect(info.body.data.idleLogoutMinutes).toBe(15);
    expect(info.body.data.passwordState).toEqual({ state: 'expiring', daysLeft: 5 });
  });
});

describe('the trial licence over the API', () => {
  it('is set by an administrator only, shown by getLicenseInfo with its days left, refuses sign-ins once expired in the caller’s language, and is ended', async () => {
    const admin = await api.login('admin', undefined, { forceLogin: true });
    const role = await buildRole(api.t.ctx, { label: 'trial' });
    const plain = await buildUser(api.t.ctx, { label: 'trial', roles: [role.id], mustChangePassword: false });
    const plainToken = await api.login(plain.userName);
    expect((await api.call('POST', '/api/licence/setTrial', { token: plainToken, body: { trialDays: 30 } })).status).toBe(403);
    const set = await api.call('POST', '/api/licence/setTrial', { token: admin, body: { trialDays: 30 } });
    expect(set.body.data).toMatchObject({ days: 30, daysLeft: 30, state: 'active' });
    expect((await api.call('GET', '/api/getLicenseInfo')).body.data.trial).toMatchObject({ days: 30, daysLeft: 30, state: 'active' });
    const bad = await api.call('POST', '/api/licence/setTrial', { token: admin, body: { trialDays: 0 }, headers: { 'accept-language': 'en-US' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.issues[0].message).toBe('Trial days must be a whole number of days from 1 to 3650 (got 0)');

    clock = new Date(clock.getTime() + 31 * 86_400_000);
    expect((await api.call('GET', '/api/getLicenseInfo')).body.data.trial).toMatchObject({ daysLeft: 0, state: 'expired' });
    const refused = await api.call('POST', '/api/login', { body: { username: plain.userName, password: TEST_PASSWORD }, headers: { 'accept-language': 'en-US' } });
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toBe('The trial period has expired, please contact the administrator');
    const zh = await api.call('POST', '/api/login', { body: { username: 'nobody', password: 'x' } });
    expect(zh.body.meta.message).toBe('试用期已过，请联系管理员');

    // nobody signs in now, administrators neither (their sessions idled out): the CLI, with the database, ends it
    await setTrial(api.t.ctx, { days: null });
    expect((await api.call('GET', '/api/getLicenseInfo')).body.data.trial).toBeNull();
    expect((await api.call('POST', '/api/login', { body: { username: plain.userName, password: TEST_PASSWORD, forceLogin: true } })).body.data.flag).toBe(1);
  });
});
