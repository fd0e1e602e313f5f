import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDepartment, createSite, listOperations, schema, type Site } from '@fmea/core';
import { buildSite } from '@fmea/core/testing';
import { expectInvalid, expectRefused, invalid, openTestApp, plainEngineer, reader, type RouteCall, SCRIPT_TEXT, signedInWith, SQL_TEXT, type TestApp } from '../../testing.ts';

let api: TestApp;
let admin: string;
let hq: Site;
beforeEach(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
  hq = (await api.t.db.select().from(schema.site).get())!;
});
afterEach(() => api.dispose());

const save = (body: unknown): RouteCall => ({ method: 'POST', path: '/api/site/saveSite', body });
const remove = (ids: unknown): RouteCall => ({ method: 'POST', path: '/api/site/deleteSites', body: { ids } });
const list = async () => (await api.call('GET', '/api/site/selectSiteList', { token: admin })).body.data as { id: string; siteName: string }[];

describe('site routes: who may call them', () => {
  const calls: RouteCall[] = [
    { method: 'GET', path: '/api/site/selectSiteList' },
    save({ siteName: 'X' }),
    remove(['x']),
    { method: 'GET', path: '/api/site/getSurplusConcurrencyAmount?siteId=x' },
    { method: 'GET', path: '/api/site/getUserListBySiteId?siteId=x' },
  ];

  it('refuses every call without a token (401) and without the system_site route (403)', async () => {
    const { token } = await plainEngineer(api);
    for (const call of calls) await expectRefused(api, call, token);
  });

  it('lets a reader of the page list but not create, update or delete without the buttons', async () => {
    const { token } = await reader(api, 'system_site');
    expect((await api.call('GET', '/api/site/selectSiteList', { token })).status).toBe(200);
    expect((await api.call('POST', '/api/site/saveSite', { token, body: { siteName: 'New' } })).status).toBe(403);
    expect((await api.call('POST', '/api/site/saveSite', { token, body: { id: hq.id, siteName: 'Renamed' } })).status).toBe(403);
    expect((await api.call('POST', '/api/site/deleteSites', { token, body: { ids: [hq.id] } })).status).toBe(403);
  });

  it('takes the button from the payload: edit may update but not create', async () => {
    // the site list is a super-administrator setting: a super role without the admin role's blanket rights
    const { token } = await signedInWith(api, 'editor', [{ routeName: 'system_site', buttons: ['edit'] }], {}, '0');
    expect((await api.call('POST', '/api/site/saveSite', { token, body: { siteName: 'New' } })).status).toBe(403);
    expect((await api.call('POST', '/api/site/saveSite', { token, body: { id: hq.id, siteName: 'Renamed' } })).status).toBe(200);
  });

  it('answers isExceedConcurrency to any signed-in user (group change), never to a stranger', async () => {
    const { token } = await plainEngineer(api);
    const call = { method: 'GET', path: `/api/site/isExceedConcurrency?siteId=${hq.id}` } as const;
    expect((await api.call(call.method, call.path)).status).toBe(401);
    expect((await api.call(call.method, call.path, { token })).body).toMatchObject({ meta: { success: true }, data: { isExceedConcurrency: false } });
  });
});

describe('GET /api/site/selectSiteList', () => {
  it('lists the sites with licences, member and online counts', async () => {
    await createSite(api.t.ctx, { name: 'Wuhan', nameEn: 'Wuhan EN', licenceCount: 3 });
    const res = await api.call('GET', '/api/site/selectSiteList?timestamp=1', { token: admin });
    expect(res.status).toBe(200);
    const byName = new Map(res.body.data.map((s: { siteName: string }) => [s.siteName, s]));
    expect(byName.get('总部')).toMatchObject({ id: hq.id, userCount: 1, onlineCount: 1, licenceCount: 0 });
    expect(byName.get('Wuhan')).toMatchObject({ siteNameEn: 'Wuhan EN', licenceCount: 3, userCount: 0, onlineCount: 0, adminUserId: null });
    expect(byName.get('Wuhan')).toHaveProperty('createTime');
  });
});

describe('POST /api/site/saveSite', () => {
  it('creates a site without an id, ignoring the keys the client sends back', async () => {
    const res = await api.call('POST', '/api/site/saveSite', {
      token: admin,
      body: { siteName: ' Wuhan ', siteNameEn: 'Wuhan', licenceCount: 5, createTime: 'x', updateTime: 1, siteUserList: [{ userId: 'u' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ siteName: 'Wuhan', siteNameEn: 'Wuhan', licenceCount: 5 });
    expect((await list()).find((s) => s.id === res.body.data.id)).toMatchObject({ siteName: 'Wuhan' });
  });

  it('updates a site by id and logs the change with before and after', async () => {
    const site = await createSite(api.t.ctx, { name: 'Old' });
    const res = await api.call('POST', '/api/site/saveSite', { token: admin, body: { id: site.id, siteName: 'New', licenceCount: 2 } });
    expect(res.status).toBe(200);
    expect((await list()).find((s) => s.id === site.id)).toMatchObject({ siteName: 'New', licenceCount: 2 });
    const log = await listOperations(api.t.ctx, { action: 'site.update', entityId: site.id });
    expect(log.items[0]).toMatchObject({ userName: 'admin', before: { name: 'Old' }, after: { name: 'New', licenceCount: 2 } });
  });

  it('stores script- and SQL-like names verbatim', async () => {
    for (const name of [SCRIPT_TEXT, SQL_TEXT]) {
      const res = await api.call('POST', '/api/site/saveSite', { token: admin, body: { siteName: name } });
      expect(res.body.data.siteName).toBe(name);
    }
    expect((await list()).map((s) => s.siteName)).toEqual(expect.arrayContaining([SCRIPT_TEXT, SQL_TEXT]));
  });

  it('refuses a missing or over-long name and a negative licence count', async () => {
    await expectInvalid(api, save({}), admin, invalid('站点名称为必填项', 'Site name is required'));
    await expectInvalid(api, save({ siteName: '   ' }), admin, invalid('站点名称不能为空', 'Site name cannot be empty'));
    await expectInvalid(
      api,
      save({ siteName: 'x'.repeat(201) }),
      admin,
      invalid('站点名称最多 200 个字符', 'Site name can be at most 200 characters long'),
    );
    await expectInvalid(
      api,
      save({ siteName: 'A', licenceCount: -1 }),
      admin,
      invalid('许可数量不能小于 0', 'Licence count must be at least 0'),
    );
  });

  it('refuses a duplicate name (409) and an unknown id (404)', async () => {
    const dup = await api.call('POST', '/api/site/saveSite', { token: admin, body: { siteName: '总部' }, lang: 'en-US' });
    expect(dup.status).toBe(409);
    expect(dup.body.meta.message).toBe('A site named "总部" already exists');
    const zh = await api.call('POST', '/api/site/saveSite', { token: admin, body: { siteName: '总部' } });
    expect(zh.body.meta.message).toBe('站点名称“总部”已存在');
    const unknown = await api.call('POST', '/api/site/saveSite', { token: admin, body: { id: 'nope', siteName: 'X' }, lang: 'en-US' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe('Site not found: nope');
  });
});

describe('POST /api/site/deleteSites', () => {
  it('deletes one site', async () => {
    const site = await createSite(api.t.ctx, { name: 'Gone' });
    const res = await api.call('POST', '/api/site/deleteSites', { token: admin, body: { ids: [site.id] } });
    expect(res.status).toBe(200);
    expect((await list()).map((s) => s.id)).not.toContain(site.id);
    expect((await listOperations(api.t.ctx, { action: 'site.delete' })).items[0]).toMatchObject({ entityId: site.id, before: { name: 'Gone' } });
  });

  it('refuses a multi-select delete and an empty selection, deleting nothing', async () => {
    const a = await createSite(api.t.ctx, { name: 'A' });
    const b = await createSite(api.t.ctx, { name: 'B' });
    await expectInvalid(api, remove([a.id, b.id]), admin, { zh: '不支持多选删除，请一次删除一条', en: 'Multi-select delete is not supported: delete one at a time' });
    await expectInvalid(api, remove([]), admin, { zh: '选择的数据为空', en: 'The selected data is empty' });
    await expectInvalid(api, remove('x'), admin, invalid('所选项必须是列表', 'Selected items must be a list'));
    expect((await list()).map((s) => s.siteName)).toEqual(expect.arrayContaining(['A', 'B']));
  });

  it('keeps a site that still has users or departments (409) and answers 404 for an unknown one', async () => {
    const busy = await createSite(api.t.ctx, { name: 'Busy' });
    await createDepartment(api.t.ctx, { site: 'Busy', number: 'D1', name: 'Quality' });
    const res = await api.call('POST', '/api/site/deleteSites', { token: admin, body: { ids: [busy.id] }, lang: 'en-US' });
    expect(res.status).toBe(409);
    expect(res.body.meta.message).toBe('The site still has users or departments and cannot be deleted');
    expect((await api.call('POST', '/api/site/deleteSites', { token: admin, body: { ids: ['nope'] } })).status).toBe(404);
  });
});

describe('site concurrency', () => {
  it('answers the licences left, who is online, and whether the site is full', async () => {
    const small = await buildSite(api.t.ctx, { licenceCount: 1 });
    const { token, user } = await signedInWith(api, 'worker', [{ routeName: 'dfmea_index', buttons: [] }], { site: small.id });
    const surplus = await api.call('GET', `/api/site/getSurplusConcurrencyAmount?siteId=${small.id}&timestamp=1`, { token: admin });
    expect(surplus.body.data).toEqual({ siteId: small.id, licenceCount: 1, online: 1, surplus: 0, isExceedConcurrency: true });
    const online = await api.call('GET', `/api/site/getUserListBySiteId?siteId=${small.id}`, { token: admin });
    expect(online.body.data).toEqual([expect.objectContaining({ userName: user.userName, siteId: small.id, siteName: small.name })]);
    expect(online.body.data[0]).not.toHaveProperty('sessionId');
    expect((await api.call('GET', `/api/site/isExceedConcurrency?siteId=${small.id}`, { token })).body.data).toEqual({ isExceedConcurrency: true });
    const unlimited = await api.call('GET', `/api/site/getSurplusConcurrencyAmount?siteId=${hq.id}`, { token: admin });
    expect(unlimited.body.data).toMatchObject({ surplus: null, isExceedConcurrency: false });
  });

  it('lists the sites with licences and online counts on the concurrency page (system_concurrency alone), the site rules still apply', async () => {
    const small = await buildSite(api.t.ctx, { licenceCount: 1 });
    await signedInWith(api, 'worker', [{ routeName: 'dfmea_index', buttons: [] }], { site: small.id });
    const { token } = await signedInWith(api, 'watcher', [{ routeName: 'system_concurrency', buttons: [] }]);
    const res = await api.call('GET', '/api/site/selectSiteList', { token });
    expect(res.status).toBe(200);
    // below super a reader sees the own site only (docs/domain/administration.md, rule 7)
    expect(res.body.data.map((s: { id: string }) => s.id)).toEqual([hq.id]);
    const all = (await api.call('GET', '/api/site/selectSiteList', { token: admin })).body.data;
    expect(all.find((s: { id: string }) => s.id === small.id)).toMatchObject({ licenceCount: 1, onlineCount: 1 });
  });

  it('refuses a missing siteId (400) and an unknown site (404)', async () => {
    for (const path of ['/api/site/getSurplusConcurrencyAmount', '/api/site/getUserListBySiteId', '/api/site/isExceedConcurrency']) {
      await expectInvalid(api, { method: 'GET', path }, admin, invalid('站点为必填项', 'Site is required'));
      const unknown = await api.call('GET', `${path}?siteId=nope`, { token: admin, lang: 'en-US' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.meta.message).toBe('Site not found: nope');
    }
  });
});
