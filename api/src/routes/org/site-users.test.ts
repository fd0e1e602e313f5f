import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSite, createUser, listOperations, schema, type Site } from '@fmea/core';
import { buildUser } from '@fmea/core/testing';
import { expectInvalid, expectRefused, invalid, openTestApp, plainEngineer, reader, type RouteCall, TEST_PASSWORD, type TestApp } from '../../testing.ts';

let api: TestApp;
let admin: string;
let hq: Site;
let wuhan: Site;
beforeEach(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
  hq = (await api.t.db.select().from(schema.site).get())!;
  wuhan = await createSite(api.t.ctx, { name: 'Wuhan' });
});
afterEach(() => api.dispose());

const members = async (siteId: string) =>
  ((await api.call('GET', `/api/siteUser/getUserListBySiteId?siteId=${siteId}`, { token: admin })).body.data.siteUsers as { userName: string }[]).map((u) => u.userName);

describe('site-user routes: who may call them', () => {
  it('refuses every call without a token (401) and without the system_site route (403)', async () => {
    const { token } = await plainEngineer(api);
    const calls: RouteCall[] = [
      { method: 'GET', path: '/api/siteUser/selectSiteUsers/0/10/x' },
      { method: 'GET', path: '/api/siteUser/selectSiteUsers/0/10/x/key' },
      { method: 'POST', path: '/api/siteUser/saveSiteUsers', body: { siteId: 'x', userIds: ['y'] } },
      { method: 'POST', path: '/api/siteUser/deleteSiteUsers', body: { siteId: 'x', userIds: ['y'] } },
      { method: 'GET', path: '/api/siteUser/getUserListBySiteId?siteId=x' },
      { method: 'GET', path: '/api/siteUser/getSiteUsersByUserId/someone-else' },
    ];
    for (const call of calls) await expectRefused(api, call, token);
  });

  it('lets a reader list members but not change them without the edit button', async () => {
    const { token } = await reader(api, 'system_site');
    const user = await buildUser(api.t.ctx, { label: 'guest' });
    expect((await api.call('GET', `/api/siteUser/selectSiteUsers/0/10/${hq.id}`, { token })).status).toBe(200);
    expect((await api.call('POST', '/api/siteUser/saveSiteUsers', { token, body: { siteId: wuhan.id, userIds: [user.id] } })).status).toBe(403);
    expect((await api.call('POST', '/api/siteUser/deleteSiteUsers', { token, body: { siteId: wuhan.id, userIds: [user.id] } })).status).toBe(403);
  });
});

describe('GET /api/siteUser/selectSiteUsers', () => {
  beforeEach(async () => {
    for (const name of ['wa', 'wb', 'wc']) await createUser(api.t.ctx, { userName: name, realName: `Real ${name}`, password: TEST_PASSWORD, site: 'Wuhan' });
  });

  it('pages the members by 0-based offset', async () => {
    const res = await api.call('GET', `/api/siteUser/selectSiteUsers/1/2/${wuhan.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 3, from: 1, pageSize: 2 });
    expect(res.body.data.items.map((u: { userName: string }) => u.userName)).toEqual(['wb', 'wc']);
    expect(res.body.data.items[0]).toMatchObject({ realName: 'Real wb', homeSite: true, locked: false });
  });

  it('searches by user name or real name, taking wildcards literally', async () => {
    const res = await api.call('GET', `/api/siteUser/selectSiteUsers/0/10/${wuhan.id}/${encodeURIComponent('Real wc')}`, { token: admin });
    expect(res.body.data.items.map((u: { userName: string }) => u.userName)).toEqual(['wc']);
    const wildcard = await api.call('GET', `/api/siteUser/selectSiteUsers/0/10/${wuhan.id}/${encodeURIComponent('%')}`, { token: admin });
    expect(wildcard.body.data).toMatchObject({ total: 0, items: [] });
  });

  it('refuses a negative offset, a zero page size or text where a number belongs, and an unknown site', async () => {
    await expectInvalid(api, { method: 'GET', path: `/api/siteUser/selectSiteUsers/-1/10/${wuhan.id}` }, admin, invalid('起始不能小于 0', 'Start must be at least 0'));
    await expectInvalid(api, { method: 'GET', path: `/api/siteUser/selectSiteUsers/0/0/${wuhan.id}` }, admin, invalid('每页条数不能小于 1', 'Rows per page must be at least 1'));
    await expectInvalid(api, { method: 'GET', path: `/api/siteUser/selectSiteUsers/a/10/${wuhan.id}` }, admin, invalid('起始必须是数字', 'Start must be a number'));
    const unknown = await api.call('GET', '/api/siteUser/selectSiteUsers/0/10/nope', { token: admin, lang: 'en-US' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe('Site not found: nope');
  });
});

describe('POST /api/siteUser/saveSiteUsers and deleteSiteUsers', () => {
  it('adds users to a site, and they can then choose it at sign-in', async () => {
    const user = await buildUser(api.t.ctx, { label: 'guest' });
    const res = await api.call('POST', '/api/siteUser/saveSiteUsers', { token: admin, body: { siteId: wuhan.id, userIds: [user.id] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ siteId: wuhan.id, userIds: [user.id] });
    expect(await members(wuhan.id)).toEqual([user.userName]);
    const sites = await api.call('GET', `/api/siteUser/getSiteUsersByUserId/${user.id}`, { token: admin });
    expect(sites.body.data.map((s: { siteName: string }) => s.siteName).sort()).toEqual(['Wuhan', '总部']);
    expect((await listOperations(api.t.ctx, { action: 'site.users_add' })).items[0]).toMatchObject({ userName: 'admin', after: { userIds: [user.id] } });
  });

  it('removes users and ends the sessions they hold on that site at once', async () => {
    const user = await buildUser(api.t.ctx, { label: 'visitor', site: 'Wuhan', sites: [hq.id], mustChangePassword: false });
    const hqToken = await api.login(user.userName, TEST_PASSWORD, { siteId: hq.id });
    const res = await api.call('POST', '/api/siteUser/deleteSiteUsers', { token: admin, body: { siteId: hq.id, userIds: [user.id] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ siteId: hq.id, userIds: [user.id] });
    expect(await members(hq.id)).not.toContain(user.userName);
    expect((await api.call('GET', '/api/user/info', { token: hqToken })).status).toBe(401);
    // signing in to the home site still works
    expect(await api.login(user.userName, TEST_PASSWORD, { siteId: wuhan.id })).toBeTruthy();
  });

  it('keeps a user in the home site (409), refuses an empty list (400) and unknown users or sites (404)', async () => {
    const user = await buildUser(api.t.ctx, { label: 'home', site: 'Wuhan' });
    const home = await api.call('POST', '/api/siteUser/deleteSiteUsers', { token: admin, body: { siteId: wuhan.id, userIds: [user.id] }, lang: 'en-US' });
    expect(home.status).toBe(409);
    expect(home.body.meta.message).toBe(`This is the home site of "${user.userName}" and cannot be removed from it; change the user's site first`);
    const zh = await api.call('POST', '/api/siteUser/deleteSiteUsers', { token: admin, body: { siteId: wuhan.id, userIds: [user.id] } });
    expect(zh.body.meta.message).toBe(`“${user.userName}”的所属站点就是该站点，不能移出；请先修改该用户的站点`);
    for (const path of ['/api/siteUser/saveSiteUsers', '/api/siteUser/deleteSiteUsers']) {
      await expectInvalid(api, { method: 'POST', path, body: { siteId: wuhan.id, userIds: [] } }, admin, invalid('用户不能为空', 'Users cannot be empty'));
      await expectInvalid(api, { method: 'POST', path, body: { userIds: [user.id] } }, admin, invalid('站点为必填项', 'Site is required'));
      expect((await api.call('POST', path, { token: admin, body: { siteId: wuhan.id, userIds: ['nobody'] } })).status).toBe(404);
      expect((await api.call('POST', path, { token: admin, body: { siteId: 'nowhere', userIds: [user.id] } })).status).toBe(404);
    }
    expect(await members(wuhan.id)).toEqual([user.userName]);
  });
});

describe('GET /api/siteUser/getSiteUsersByUserId/{id}', () => {
  it('answers one’s own sites to anyone signed in, and 404 for an unknown user', async () => {
    const { user, token } = await plainEngineer(api);
    const own = await api.call('GET', `/api/siteUser/getSiteUsersByUserId/${user.id}`, { token });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual([{ siteId: hq.id, siteName: '总部', siteNameEn: expect.any(String) }]);
    expect((await api.call('GET', '/api/siteUser/getSiteUsersByUserId/nobody', { token: admin })).status).toBe(404);
  });
});
