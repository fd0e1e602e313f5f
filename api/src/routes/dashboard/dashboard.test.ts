import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineerToken, expectRefused, lastLogged, openTestApp, signInWith, type TestApp } from '../../testing.ts';

/** One app for the file: the routes' gates and answers (the figures themselves: core/src/services/dashboard/dashboard.test.ts). */
let api: TestApp;
let admin: string;
let engineer: string;
beforeAll(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
  engineer = await engineerToken(api);
});
afterAll(() => api.dispose());

const call = (method: 'GET' | 'POST', path: string, token: string | undefined, body?: unknown, lang?: string) => api.call(method, path, { token, body, lang });

describe('dashboard routes: who may call them', () => {
  it('refuses without a session (401), and the settings and an area’s indicator to those not holding its route (403)', async () => {
    await expectRefused(api, { method: 'GET', path: '/api/dashboard/indicators' });
    await expectRefused(api, { method: 'GET', path: '/api/dashboard/myTasks' });
    for (const path of ['/api/dashboard/settings', '/api/dashboard/problemsPastDue', '/api/dashboard/pfmeaOpenH']) await expectRefused(api, { method: 'GET', path }, engineer);
    await expectRefused(api, { method: 'POST', path: '/api/dashboard/saveSettings', body: { indicators: [{ indicator: 'myTasks', enabled: true, sort: 1 }] } }, engineer);
    // seeing the settings page is not changing them
    const viewer = await signInWith(api, 'viewer', [{ routeName: 'system_indicator', buttons: [] }]);
    expect((await call('GET', '/api/dashboard/settings', viewer)).status).toBe(200);
    await expectRefused(api, { method: 'POST', path: '/api/dashboard/saveSettings', body: { indicators: [{ indicator: 'myTasks', enabled: true, sort: 1 }] } }, viewer);
  });

  it('answers the engineer’s indicators (those of the areas they hold) and each one’s figure', async () => {
    expect((await call('GET', '/api/dashboard/indicators', engineer)).body.data.map((i: { id: string }) => i.id)).toEqual(['myTasks', 'reviewsWaiting', 'dfmeaOpenH', 'recentProjects']);
    const figure = await call('GET', '/api/dashboard/dfmeaOpenH?limit=3', engineer);
    expect([figure.status, figure.body.data]).toEqual([200, { total: 0, items: [], more: null }]);
    expect((await call('GET', '/api/dashboard/myTasks', engineer)).body.data).toEqual({ total: 0, items: [], more: '/systemInfo/ownspaceIndex/myTask' });
    expect((await call('GET', '/api/dashboard/myTasks?limit=0', engineer)).status).toBe(400);
  });
});

describe('the administrator’s indicator settings', () => {
  it('refuses wrong settings with each row’s field named in the caller’s language (400) and changes nothing', async () => {
    const body = { indicators: [{ indicator: 'weather', enabled: true, sort: 1 }, { indicator: 'myTasks', enabled: true, sort: 20 }] };
    const en = await call('POST', '/api/dashboard/saveSettings', admin, body, 'en-US');
    expect(en.status).toBe(400);
    expect(en.body.data.issues.map((i: { message: string }) => i.message)).toEqual(['Indicator (row 1): there is no indicator “weather”', 'Sort (row 2) 20 is used more than once']);
    const zh = await call('POST', '/api/dashboard/saveSettings', admin, body);
    expect(zh.body.data.issues.map((i: { message: string }) => i.message)).toEqual(['指标（第 1 行）：没有名为“weather”的指标', '排序（第 2 行） 20 重复']);
    expect((await call('POST', '/api/dashboard/saveSettings', admin, { indicators: [{ indicator: 'myTasks', enabled: 'yes', sort: 1 }] }, 'en-US')).status).toBe(400);
    expect((await call('GET', '/api/dashboard/settings', admin)).body.data.map((i: { sort: number }) => i.sort)).toEqual([10, 20, 30, 30, 40, 45, 60]);
  });

  it('reorders and turns off indicators, which the home page’s list follows, and logs the change', async () => {
    const saved = await call('POST', '/api/dashboard/saveSettings', admin, { indicators: [{ indicator: 'recentProjects', enabled: true, sort: 1 }, { indicator: 'reviewsWaiting', enabled: false, sort: 20 }] });
    expect(saved.status).toBe(200);
    expect((await call('GET', '/api/dashboard/indicators', engineer)).body.data.map((i: { id: string }) => i.id)).toEqual(['recentProjects', 'myTasks', 'dfmeaOpenH']);
    expect(await lastLogged(api, admin, 'settings.dashboard')).toMatchObject({ entityId: 'dashboard', after: expect.arrayContaining([{ id: 'reviewsWaiting', enabled: false, sort: 20 }]) });
  });
});
