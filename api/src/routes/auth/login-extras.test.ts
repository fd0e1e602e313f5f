import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema, setPasswordPolicy } from '@fmea/core';
import { openTestApp } from '../../testing.ts';

/** The login page's extras (spec 000 §2.1, §9): licences, the idle sign-out minutes and the password-expiry warning the workbench shows. */
let clock = new Date('2026-12-01T08:00:00Z');
const api = await openTestApp({ now: () => clock });
afterAll(() => api.dispose());

describe('GET /api/getLicenseInfo', () => {
  it('answers no limit while every site is unlimited, then the limited sites’ licences and what is left', async () => {
    const before = await api.call('GET', '/api/getLicenseInfo');
    expect(before.body.data).toEqual({ licensed: null, online: 0, remaining: null, unlimitedSites: 1 });
    await api.t.db.update(schema.site).set({ licenceCount: 3 });
    await api.adminToken();
    const after = await api.call('GET', '/api/getLicenseInfo');
    expect(after.body.data).toEqual({ licensed: 3, online: 1, remaining: 2, unlimitedSites: 0 });
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
