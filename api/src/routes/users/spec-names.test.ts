import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectRefused, openTestApp, plainEngineer, reader, signedInWith, TEST_PASSWORD, type RouteCall, type TestApp } from '../../testing.ts';

let api: TestApp;
let admin: string;
beforeEach(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
});
afterEach(() => api.dispose());

const get = (path: string, token = admin) => api.call('GET', path, { token });
const post = (path: string, body: unknown, token = admin) => api.call('POST', path, { token, body });
const names = (items: { userName: string }[]) => items.map((u) => u.userName);
const VALIDATION = /^请求参数校验失败\n/;

describe('the spec’s user calls answer under their names (spec 000 §7)', () => {
  it('refuses each administration call without a token (401) and without the user page or its export button (403)', async () => {
    const { token } = await plainEngineer(api);
    const calls: RouteCall[] = [
      { method: 'POST', path: '/api/user/adminCheckOldPwd', body: { oldPassword: 'x' } },
      { method: 'POST', path: '/api/user/getUserInfoList', body: { userIds: ['x'] } },
      { method: 'GET', path: '/api/user/getUserInfoByUserIdAndSiteId?userId=x&siteId=y' },
      { method: 'GET', path: '/api/user/getAppExportUserList' },
      { method: 'GET', path: '/api/user/getAppExportLibraryUserList' },
      { method: 'GET', path: '/api/user/getAppExportPfmeaUserList' },
    ];
    for (const call of calls) await expectRefused(api, call, token);
    // the user page without its export button lists nobody for export
    const { token: pageOnly } = await reader(api, 'system_user');
    expect((await get('/api/user/getAppExportUserList', pageOnly)).status).toBe(403);
    expect((await post('/api/user/getUserInfoList', { userIds: ['x'] }, pageOnly)).status).toBe(200);
  });

  it('refuses the signed-in user’s calls without a token (401)', async () => {
    for (const call of [
      { method: 'POST', path: '/api/user/fmeaUserList', body: {} },
      { method: 'POST', path: '/api/user/checkAdmin' },
      { method: 'GET', path: '/api/user/getUserRelationInfo' },
    ] as RouteCall[])
      await expectRefused(api, call);
  });

  it('are in the OpenAPI document with their access', async () => {
    const doc = (await api.call('GET', '/api/openapi.json')).body as unknown as { paths: Record<string, Record<string, { 'x-access': unknown }>> };
    expect(doc.paths['/api/user/checkAdmin']?.post?.['x-access']).toBe('user');
    expect(doc.paths['/api/user/adminCheckOldPwd']?.post?.['x-access']).toEqual({ route: 'system_user' });
    expect(doc.paths['/api/user/getAppExportPfmeaUserList']?.get?.['x-access']).toEqual({ route: 'system_user', button: 'export' });
    for (const path of ['/api/user/fmeaUserList', '/api/user/getUserInfoList', '/api/user/getUserRelationInfo', '/api/user/getUserInfoByUserIdAndSiteId', '/api/user/getAppExportUserList', '/api/user/getAppExportLibraryUserList'])
      expect(doc.paths[path], path).toBeDefined();
  });
});

describe('POST /api/user/fmeaUserList', () => {
  it('answers the picker list for any signed-in user, filtered as GET /api/user/list is', async () => {
    const eng = await plainEngineer(api);
    const res = await post('/api/user/fmeaUserList', { searchKey: eng.user.userName }, eng.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: eng.user.id, userName: eng.user.userName, realName: eng.user.realName }]);
    expect(res.body.data).toEqual((await get(`/api/user/list?searchKey=${eng.user.userName}`, eng.token)).body.data);
    const bad = await post('/api/user/fmeaUserList', { limit: 0 }, eng.token);
    expect(bad.status).toBe(400);
    expect(bad.body.meta.message).toMatch(VALIDATION);
  });
});

describe('POST /api/user/checkAdmin', () => {
  it('says whether the caller is an administrator and of which rank', async () => {
    expect((await post('/api/user/checkAdmin', undefined)).body.data).toEqual({ isAdmin: true, adminRank: 'super' });
    const site = await signedInWith(api, 'siteadm', [{ routeName: 'system_user', buttons: [] }], {}, '1');
    expect((await post('/api/user/checkAdmin', undefined, site.token)).body.data).toEqual({ isAdmin: false, adminRank: 'site' });
    const eng = await plainEngineer(api);
    expect((await post('/api/user/checkAdmin', undefined, eng.token)).body.data).toEqual({ isAdmin: false, adminRank: 'none' });
  });
});

describe('POST /api/user/adminCheckOldPwd', () => {
  it('checks the administrator’s own password, and wrong answers slow the next check as sign-ins are slowed', async () => {
    const check = (oldPassword: string) => api.call('POST', '/api/user/adminCheckOldPwd', { token: admin, body: { oldPassword }, remoteAddress: '10.9.8.7' });
    expect((await check(TEST_PASSWORD)).body.data).toEqual({ correct: true });
    const before = api.waits.length;
    expect((await check('wrong-password-1')).body.data).toEqual({ correct: false });
    expect((await check('wrong-password-2')).body.data).toEqual({ correct: false });
    // the second wrong check waited for the first one's failure
    expect(api.waits.slice(before).some((ms) => ms > 0)).toBe(true);
    const bad = await post('/api/user/adminCheckOldPwd', {});
    expect(bad.status).toBe(400);
    expect(bad.body.meta.message).toMatch(VALIDATION);
  });
});

describe('POST /api/user/getUserInfoList and GET /api/user/getUserInfoByUserIdAndSiteId', () => {
  it('answers the users of the ids asked for, as sysUserList does', async () => {
    const a = await plainEngineer(api);
    const b = await plainEngineer(api);
    await plainEngineer(api);
    const res = await post('/api/user/getUserInfoList', { userIds: [a.user.id, b.user.id, 'nobody'] });
    expect(res.status).toBe(200);
    expect(names(res.body.data.items).sort()).toEqual([a.user.userName, b.user.userName].sort());
    expect(res.body.data.total).toBe(2);
    expect((await post('/api/user/getUserInfoList', { userIds: [] })).status).toBe(400);
  });

  it('answers one user as a member of a site, 404 when they are not one', async () => {
    const eng = await plainEngineer(api);
    const siteId = eng.user.siteId!;
    const res = await get(`/api/user/getUserInfoByUserIdAndSiteId?userId=${eng.user.id}&siteId=${siteId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: eng.user.id, userName: eng.user.userName, siteId });
    const other = await post('/api/site/saveSite', { siteName: 'Elsewhere', siteNameEn: 'Elsewhere' });
    const otherId = other.body.data?.id ?? other.body.data?.site?.id;
    expect(otherId, JSON.stringify(other.body)).toEqual(expect.any(String));
    expect((await get(`/api/user/getUserInfoByUserIdAndSiteId?userId=${eng.user.id}&siteId=${otherId}`)).status).toBe(404);
    expect((await get(`/api/user/getUserInfoByUserIdAndSiteId?userId=${eng.user.id}`)).status).toBe(400);
  });
});

describe('the export lists: who may export from the DFMEA area, the knowledge base and the PFMEA area', () => {
  it('lists the holders of each area’s export button and the administrators, nobody else', async () => {
    const dfmea = await signedInWith(api, 'dexp', [{ routeName: 'dfmea_index', buttons: ['export'] }]);
    const library = await signedInWith(api, 'kexp', [{ routeName: 'knowledge_index', buttons: [] }, { routeName: 'invalid_index', buttons: ['export'] }]);
    const pfmea = await signedInWith(api, 'pexp', [{ routeName: 'pfmea_index', buttons: ['export'] }]);
    const noExport = await signedInWith(api, 'dread', [{ routeName: 'dfmea_index', buttons: ['add'] }]);
    const listed = async (path: string) => {
      const res = await get(`${path}?limit=500&timestamp=1`);
      expect(res.status).toBe(200);
      return names(res.body.data.items);
    };
    const app = await listed('/api/user/getAppExportUserList');
    expect(app).toContain(dfmea.user.userName);
    expect(app).toContain('admin');
    expect(app).not.toContain(library.user.userName);
    expect(app).not.toContain(noExport.user.userName);
    const lib = await listed('/api/user/getAppExportLibraryUserList');
    expect(lib).toContain(library.user.userName);
    expect(lib).not.toContain(dfmea.user.userName);
    const pf = await listed('/api/user/getAppExportPfmeaUserList');
    expect(pf).toEqual(expect.arrayContaining(['admin', pfmea.user.userName]));
    expect(pf).not.toContain(dfmea.user.userName);
    expect((await get('/api/user/getAppExportUserList?limit=0')).status).toBe(400);
  });
});

describe('GET /api/user/getUserRelationInfo', () => {
  it('answers one’s own reporting line; another user’s only to the user page', async () => {
    const boss = await plainEngineer(api);
    const eng = await plainEngineer(api);
    const saved = await post('/api/user/saveUser', { id: eng.user.id, userName: eng.user.userName, superiorId: boss.user.id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const own = await get('/api/user/getUserRelationInfo', eng.token);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ user: { id: eng.user.id }, superior: { id: boss.user.id, userName: boss.user.userName }, subordinates: [] });
    const bosses = await get('/api/user/getUserRelationInfo', boss.token);
    expect(bosses.body.data.subordinates.map((p: { id: string }) => p.id)).toEqual([eng.user.id]);
    expect((await get(`/api/user/getUserRelationInfo?userId=${boss.user.id}`, eng.token)).status).toBe(403);
    expect((await get(`/api/user/getUserRelationInfo?userId=${eng.user.id}`)).body.data.superior.id).toBe(boss.user.id);
    expect((await get(`/api/user/getUserRelationInfo?userId=${'x'.repeat(65)}`)).status).toBe(400);
  });
});

describe('GET /api/user/list?projectId&reviewRole', () => {
  it('lists for a review role only the readers the FMEA type’s review requirements allow (the submit’s rule); a role it does not know is refused', async () => {
    const adminId = (await get('/api/user/list?searchKey=admin')).body.data[0].id as string;
    const created = await post('/api/project/save', { projectType: 'dfmea', name: 'Nominee picker', projectMembers: [{ userId: adminId, roles: [0] }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const project = created.body.data as { id: string };
    const saved = await post('/api/workflow/saveSettings', { fmea: [{ kind: 'dfmea', nominees: { approverRoleTypes: ['3'] } }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const listed = async (reviewRole: string) => names((await get(`/api/user/list?limit=500&projectId=${project.id}&reviewRole=${reviewRole}`)).body.data);
    // the administrator reads the project and holds the super rank, not the approver rank the releasers need
    expect(await listed('professional')).toContain('admin');
    expect(await listed('technical')).not.toContain('admin');
    const bad = await get(`/api/user/list?projectId=${project.id}&reviewRole=director`);
    expect(bad.status).toBe(400);
    expect(bad.body.meta.message).toMatch(VALIDATION);
  });
});
