import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineerToken, expectRefused, lastLogged, openTestApp, type TestApp } from '../../testing.ts';

/** The FMEA main-view routes (the rules: core/src/services/roles/menu-overrides.test.ts). */
let api: TestApp;
let admin: string;
let engineer: string;
beforeAll(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
  engineer = await engineerToken(api);
});
afterAll(() => api.dispose());

const view = { left: ['review'], right: ['checks'], stepMenu: 'icon' };

describe('the FMEA main view', () => {
  it('is read by every signed-in user and changed only with system_mainView’s edit button', async () => {
    await expectRefused(api, { method: 'GET', path: '/api/fmea/mainView' });
    await expectRefused(api, { method: 'POST', path: '/api/fmea/saveMainView', body: { dfmea: view } }, engineer);
    const read = await api.call('GET', '/api/fmea/mainView', { token: engineer });
    expect(read.body.data.dfmea).toEqual({ left: [], right: ['proposals', 'taskLog'], stepMenu: 'text' });
  });

  it('refuses an unknown panel or mode on its field (400) and changes nothing', async () => {
    const res = await api.call('POST', '/api/fmea/saveMainView', { token: admin, lang: 'en-US', body: { pfmea: { left: ['radar'], right: [], stepMenu: 'pictures' } } });
    expect(res.status).toBe(400);
    expect(res.body.data.issues.map((i: { message: string }) => i.message)).toEqual(['Left workspace (entry 1): there is no panel “radar”', 'Step menu: choose text, icon or both']);
    expect((await api.call('GET', '/api/fmea/mainView', { token: admin })).body.data.pfmea.stepMenu).toBe('text');
  });

  it('saves one side, keeps the other, and logs it', async () => {
    const res = await api.call('POST', '/api/fmea/saveMainView', { token: admin, body: { dfmea: view } });
    expect(res.status).toBe(200);
    expect(res.body.data.dfmea).toEqual({ left: ['review'], right: ['checks', 'proposals', 'taskLog'], stepMenu: 'icon' });
    expect(res.body.data.pfmea.stepMenu).toBe('text');
    expect((await api.call('GET', '/api/fmea/mainView', { token: engineer })).body.data.dfmea.stepMenu).toBe('icon');
    expect(await lastLogged(api, admin, 'settings.main_view')).toMatchObject({ entityId: 'fmeaMainView' });
  });
});
