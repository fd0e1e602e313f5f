import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSheet } from '@fmea/core';
import { expectRefused, openTestApp, plainEngineer, reader, type TestApp } from '../../testing.ts';
import { XLSX_TYPE } from '../users/user-xlsx.ts';

let api: TestApp;
let admin: string;
beforeEach(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
});
afterEach(() => api.dispose());

const exportOf = (query: string, token = admin, lang?: string) => api.app.request(`/api/operationLog/export?${query}`, { headers: { token, ...(lang ? { lang } : {}) } });
const USER_COLUMN = [{ key: 'user', headers: ['User'] }, { key: 'code', headers: ['Action code'] }, { key: 'entity', headers: ['Record type'] }] as const;

describe('the operation log’s export and kinds: who may call them', () => {
  it('refuses without a token (401), without the log page (403) and the export without its button (403)', async () => {
    const { token } = await plainEngineer(api);
    await expectRefused(api, { method: 'GET', path: '/api/operationLog/export' }, token);
    await expectRefused(api, { method: 'GET', path: '/api/operationLog/kinds' }, token);
    const { token: pageOnly } = await reader(api, 'system_log');
    expect((await exportOf('', pageOnly)).status).toBe(403);
    expect((await api.call('GET', '/api/operationLog/kinds', { token: pageOnly })).status).toBe(200);
  });
});

describe('GET /api/operationLog/export', () => {
  it('answers a workbook of the entries the filters match, as the list finds them', async () => {
    const eng = await plainEngineer(api);
    // the engineer's sign-in is logged under their name; the administrator's under admin
    const res = await exportOf(`userName=${eng.user.userName}&action=auth.&entity=session&from=2000-01-01&timestamp=1`, admin, 'en-US');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="operation-log-\d{8}\.xlsx"$/);
    const { rows } = await readSheet(new Uint8Array(await res.arrayBuffer()), USER_COLUMN, undefined, { acceptUnmapped: true });
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.values.user))).toEqual(new Set([eng.user.userName]));
    expect(rows.every((r) => r.values.code.startsWith('auth.') && r.values.entity === 'Session')).toBe(true);
    const list = await api.call('POST', '/api/operationLog/list', { token: admin, body: { userName: eng.user.userName, action: 'auth.', entity: 'session', limit: 500 } });
    expect(rows.length).toBe(list.body.data.total);
  });

  it('refuses a date it cannot read and an over-long filter (400, nothing exported)', async () => {
    const bad = await exportOf('from=yesterday', admin, 'en-US');
    expect(bad.status).toBe(400);
    expect((await bad.json()).meta.message).not.toMatch(/^[a-z]+(\.[a-z_]+)+$/);
    expect((await exportOf(`entity=${'x'.repeat(51)}`)).status).toBe(400);
  });
});

describe('GET /api/operationLog/kinds', () => {
  it('names every action and record type in the caller’s language', async () => {
    const en = await api.call('GET', '/api/operationLog/kinds', { token: admin, lang: 'en-US' });
    expect(en.status).toBe(200);
    expect(en.body.data.entities).toContainEqual({ code: 'user', label: 'User' });
    const zh = await api.call('GET', '/api/operationLog/kinds', { token: admin });
    expect(zh.body.data.entities.find((e: { code: string }) => e.code === 'user').label).toMatch(/[\u4e00-\u9fff]/);
    expect(zh.body.data.actions.length).toBeGreaterThan(10);
  });
});
