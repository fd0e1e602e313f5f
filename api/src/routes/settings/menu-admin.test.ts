import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineerToken, expectRefused, lastLogged, openTestApp, signInWith, type TestApp } from '../../testing.ts';

/** The menus-and-resources routes (the rules themselves: core/src/services/roles/menu-overrides.test.ts). */
let api: TestApp;
let admin: string;
let engineer: string;
beforeAll(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
  engineer = await engineerToken(api);
});
afterAll(() => api.dispose());

const save = { method: 'POST' as const, path: '/api/menu/saveOverride', body: { routeName: 'system_log', titleEn: 'Log' } };

describe('menus and resources', () => {
  it('refuses without a session (401), and the tree and a change to those without the page or its edit button (403)', async () => {
    await expectRefused(api, { method: 'GET', path: '/api/menu/tree' }, engineer);
    await expectRefused(api, save, engineer);
    const viewer = await signInWith(api, 'menuViewer', [{ routeName: 'system_menus', buttons: [] }]);
    expect((await api.call('GET', '/api/menu/tree', { token: viewer })).status).toBe(200);
    await expectRefused(api, save, viewer);
  });

  it('shows each button’s resources: the calls whose x-access names the route and the button', async () => {
    const tree = (await api.call('GET', '/api/menu/tree', { token: admin })).body.data as { routeName: string; resources: { route: { path: string }[]; buttons: Record<string, { method: string; path: string }[]> } }[];
    const log = tree.find((m) => m.routeName === 'system_log')!;
    expect(log.resources.buttons.export).toContainEqual(expect.objectContaining({ method: 'GET', path: '/api/operationLog/export' }));
    const menus = tree.find((m) => m.routeName === 'system_menus')!;
    expect(menus.resources.route.map((r) => r.path)).toContain('/api/menu/tree');
    expect(menus.resources.buttons.edit!.map((r) => r.path)).toEqual(['/api/menu/saveOverride']);
  });

  it('refuses a bad title with the field named in the caller’s language (400) and changes nothing', async () => {
    const en = await api.call('POST', '/api/menu/saveOverride', { token: admin, lang: 'en-US', body: { routeName: 'system_log', titleEn: '', sort: 10000 } });
    expect(en.status).toBe(400);
    expect(en.body.data.issues.map((i: { message: string }) => i.message)).toEqual(['English title cannot be empty', 'Sort: give a whole number from 0 to 9999']);
    const zh = await api.call('POST', '/api/menu/saveOverride', { token: admin, body: { routeName: 'system_index', hidden: true } });
    expect(zh.body.data.issues.map((i: { message: string }) => i.message)).toEqual(['隐藏：此菜单是返回菜单设置的入口，不能隐藏']);
    expect((await api.call('POST', '/api/menu/saveOverride', { token: admin, body: { routeName: 'nowhere', title: 'x' } })).status).toBe(404);
  });

  it('changes a menu, which the signed-in users’ routers follow at once, and logs it', async () => {
    const res = await api.call('POST', '/api/menu/saveOverride', { token: admin, body: { routeName: 'dfmea_index', titleEn: 'Design FMEA', sort: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ titleEn: 'Design FMEA', sort: 5, overridden: ['titleEn', 'sort'], defaults: { titleEn: 'DFMEA' } });
    const routers = (await api.call('GET', '/api/user/info', { token: engineer })).body.data.routers as { routeName: string; titleEn: string; sort: number }[];
    expect(routers.find((r) => r.routeName === 'dfmea_index')).toMatchObject({ titleEn: 'Design FMEA', sort: 5 });
    expect(await lastLogged(api, admin, 'settings.menu')).toMatchObject({ entityId: 'dfmea_index', after: { titleEn: 'Design FMEA', sort: 5 } });
  });
});
