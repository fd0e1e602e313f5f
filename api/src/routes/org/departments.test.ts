import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDepartment, createSite, getUser, listOperations, schema, type Site } from '@fmea/core';
import { buildUser } from '@fmea/core/testing';
import { expectInvalid, expectRefused, invalid, openTestApp, plainEngineer, reader, type RouteCall, SCRIPT_TEXT, SQL_TEXT, type TestApp } from '../../testing.ts';

let api: TestApp;
let admin: string;
let hq: Site;
beforeEach(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
  hq = (await api.t.db.select().from(schema.site).get())!;
});
afterEach(() => api.dispose());

const save = (body: unknown): RouteCall => ({ method: 'POST', path: '/api/department/save', body });
const listOf = async (siteId?: string) =>
  (await api.call('GET', `/api/department/list${siteId ? `?siteId=${siteId}` : ''}`, { token: admin })).body.data as { id: string; name: string; number: string }[];

describe('department routes: who may call them', () => {
  it('refuses every call without a token (401) and without the system_site route (403)', async () => {
    const { token } = await plainEngineer(api);
    const calls: RouteCall[] = [
      { method: 'GET', path: '/api/department/list' },
      save({ siteId: 'x', number: 'D', name: 'N' }),
      { method: 'POST', path: '/api/department/delete', body: { id: 'x' } },
    ];
    for (const call of calls) await expectRefused(api, call, token);
  });

  it('lets a reader list but not create, update or delete', async () => {
    const { token } = await reader(api, 'system_site');
    const d = await createDepartment(api.t.ctx, { site: hq.id, number: 'D1', name: 'Quality' });
    expect((await api.call('GET', '/api/department/list', { token })).status).toBe(200);
    expect((await api.call('POST', '/api/department/save', { token, body: { siteId: hq.id, number: 'D2', name: 'R&D' } })).status).toBe(403);
    expect((await api.call('POST', '/api/department/save', { token, body: { id: d.id, number: 'D1', name: 'QA' } })).status).toBe(403);
    expect((await api.call('POST', '/api/department/delete', { token, body: { id: d.id } })).status).toBe(403);
  });
});

describe('GET /api/department/list', () => {
  it('lists the departments of a site, or of all sites', async () => {
    const wuhan = await createSite(api.t.ctx, { name: 'Wuhan' });
    await createDepartment(api.t.ctx, { site: hq.id, number: 'D1', name: 'Quality' });
    await createDepartment(api.t.ctx, { site: wuhan.id, number: 'W1', name: 'Plant' });
    expect((await listOf(wuhan.id)).map((d) => d.name)).toEqual(['Plant']);
    expect((await listOf()).map((d) => d.name).sort()).toEqual(['Plant', 'Quality']);
    expect((await listOf(hq.id))[0]).toMatchObject({ siteId: hq.id, number: 'D1', adminUserId: null });
    expect((await api.call('GET', '/api/department/list?siteId=nope', { token: admin })).status).toBe(404);
  });
});

describe('POST /api/department/save', () => {
  it('creates a department in a site, then updates it by id, logging both', async () => {
    const created = await api.call('POST', '/api/department/save', { token: admin, body: { siteId: hq.id, number: ' D1 ', name: 'Quality' } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ siteId: hq.id, number: 'D1', name: 'Quality' });
    const id = created.body.data.id;
    const updated = await api.call('POST', '/api/department/save', { token: admin, body: { id, number: 'D9', name: 'QA', createTime: 'x' } });
    expect(updated.status).toBe(200);
    expect(await listOf(hq.id)).toEqual([expect.objectContaining({ id, number: 'D9', name: 'QA' })]);
    const log = await listOperations(api.t.ctx, { entity: 'department', entityId: id });
    expect(log.items.map((e) => e.action)).toEqual(['department.update', 'department.create']);
    expect(log.items[0]).toMatchObject({ userName: 'admin', before: { name: 'Quality' }, after: { name: 'QA' } });
  });

  it('stores script- and SQL-like names verbatim', async () => {
    await api.call('POST', '/api/department/save', { token: admin, body: { siteId: hq.id, number: 'D1', name: SCRIPT_TEXT } });
    await api.call('POST', '/api/department/save', { token: admin, body: { siteId: hq.id, number: 'D2', name: SQL_TEXT } });
    expect((await listOf(hq.id)).map((d) => d.name)).toEqual([SCRIPT_TEXT, SQL_TEXT]);
  });

  it('refuses a missing site on create, a number over 20 characters and a missing name', async () => {
    await expectInvalid(api, save({ number: 'D1', name: 'Quality' }), admin, invalid('站点不能为空', 'Site cannot be empty'));
    await expectInvalid(
      api,
      save({ siteId: hq.id, number: 'x'.repeat(21), name: 'Quality' }),
      admin,
      invalid('编号最多 20 个字符', 'Number can be at most 20 characters long'),
    );
    await expectInvalid(api, save({ siteId: hq.id, number: 'D1' }), admin, invalid('名称为必填项', 'Name is required'));
    expect(await listOf(hq.id)).toEqual([]);
  });

  it('refuses a duplicate name or number in the site (409) and unknown sites or departments (404)', async () => {
    await createDepartment(api.t.ctx, { site: hq.id, number: 'D1', name: 'Quality' });
    const name = await api.call('POST', '/api/department/save', { token: admin, body: { siteId: hq.id, number: 'D2', name: 'Quality' }, lang: 'en-US' });
    expect(name.status).toBe(409);
    expect(name.body.meta.message).toBe('A department named "Quality" already exists in this site');
    const number = await api.call('POST', '/api/department/save', { token: admin, body: { siteId: hq.id, number: 'D1', name: 'R&D' } });
    expect(number.status).toBe(409);
    expect(number.body.meta.message).toBe('该站点下部门编号“D1”已存在');
    expect((await api.call('POST', '/api/department/save', { token: admin, body: { siteId: 'nope', number: 'D3', name: 'X' } })).status).toBe(404);
    const unknown = await api.call('POST', '/api/department/save', { token: admin, body: { id: 'nope', number: 'D3', name: 'X' }, lang: 'en-US' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe('Department not found: nope');
  });
});

describe('POST /api/department/delete', () => {
  it('deletes a department; its users keep working without one', async () => {
    const d = await createDepartment(api.t.ctx, { site: hq.id, number: 'D1', name: 'Quality' });
    const member = await buildUser(api.t.ctx, { label: 'member', department: d.id });
    const res = await api.call('POST', '/api/department/delete', { token: admin, body: { id: d.id } });
    expect(res.status).toBe(200);
    expect(await listOf(hq.id)).toEqual([]);
    expect((await getUser(api.t.ctx, member.id)).departmentId).toBeNull();
    expect((await listOperations(api.t.ctx, { action: 'department.delete' })).items[0]).toMatchObject({ entityId: d.id, before: { name: 'Quality' } });
  });

  it('answers 404 for an unknown department and 400 without an id', async () => {
    expect((await api.call('POST', '/api/department/delete', { token: admin, body: { id: 'nope' } })).status).toBe(404);
    await expectInvalid(api, { method: 'POST', path: '/api/department/delete', body: {} }, admin, invalid('ID为必填项', 'ID is required'));
  });
});
