import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineerToken, expectRefused, lastLogged, openTestApp, signInWith, type TestApp } from '../../testing.ts';

/** One app for the file: the routes' gates and answers (the flows obeying the settings: core/src/services/workflow/workflow.test.ts). */
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
const SAVE = '/api/workflow/saveSettings';

describe('workflow settings routes', () => {
  it('refuses without a session (401), without the page (403), and saving without its edit button (403)', async () => {
    await expectRefused(api, { method: 'GET', path: '/api/workflow/settings' });
    await expectRefused(api, { method: 'GET', path: '/api/workflow/settings' }, engineer);
    await expectRefused(api, { method: 'POST', path: SAVE, body: { fmea: [{ kind: 'dfmea', release: 'all' }] } }, engineer);
    const viewer = await signInWith(api, 'viewer', [{ routeName: 'system_workflow', buttons: [] }]);
    expect((await call('GET', '/api/workflow/settings', viewer)).status).toBe(200);
    await expectRefused(api, { method: 'POST', path: SAVE, body: { fmea: [{ kind: 'dfmea', release: 'all' }] } }, viewer);
  });

  it('refuses bad settings in the caller’s language (400) and changes nothing', async () => {
    const body = { fmea: [{ kind: 'nope' }], catalog: [{ type: 'invalidMode', audit: 'no' }] };
    expect((await call('POST', SAVE, admin, body)).status).toBe(400);
    const en = await call('POST', SAVE, admin, { fmea: [{ kind: 'nope' }] }, 'en-US');
    expect([en.status, en.body.data.issues.map((i: { message: string }) => i.message)]).toEqual([400, ['Kind (row 1): there is no FMEA type “nope”']]);
    const zh = await call('POST', SAVE, admin, { fmea: [{ kind: 'nope' }] });
    expect(zh.body.data.issues[0].message).toContain('没有“nope”这种 FMEA 类型');
    const dfmea = (await call('GET', '/api/workflow/settings', admin)).body.data.fmea.find((s: { kind: string }) => s.kind === 'dfmea');
    expect(dfmea).toMatchObject({ release: 'rule', countersign: true, label: { 'en-US': expect.any(String) } });
  });

  it('saves the kinds named, keeps the others, and logs the change', async () => {
    const saved = await call('POST', SAVE, admin, { fmea: [{ kind: 'dfmea', release: 'all', nominees: { membersOnly: true } }], catalog: [{ type: 'invalidMode', audit: false }] });
    expect(saved.status).toBe(200);
    const { fmea, catalog } = saved.body.data;
    expect(fmea.find((s: { kind: string }) => s.kind === 'dfmea')).toMatchObject({ release: 'all', countersign: true, nominees: { membersOnly: true, sameSite: false } });
    expect(fmea.find((s: { kind: string }) => s.kind === 'pfmea')).toMatchObject({ release: 'rule' });
    expect(catalog.find((s: { type: string }) => s.type === 'invalidMode')).toMatchObject({ audit: false });
    expect(await lastLogged(api, admin, 'settings.workflow')).toMatchObject({ entityId: 'workflow' });
  });
});
