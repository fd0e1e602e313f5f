import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../testing.ts';

let api: TestApp;
beforeAll(async () => {
  api = await openTestApp();
});
afterAll(() => api.dispose());

/** Every administration route of spec 000 §7 with the access it documents (and enforces). */
const ROUTES: [method: string, path: string, access: unknown][] = [
  ['get', '/api/site/selectSiteList', { route: ['system_site', 'system_user', 'system_concurrency'] }],
  ['post', '/api/site/saveSite', { route: 'system_site', button: ['add', 'edit'] }],
  ['post', '/api/site/deleteSites', { route: 'system_site', button: 'del' }],
  ['get', '/api/site/getSurplusConcurrencyAmount', { route: 'system_site' }],
  ['get', '/api/site/getUserListBySiteId', { route: 'system_site' }],
  ['get', '/api/site/isExceedConcurrency', 'user'],
  ['get', '/api/siteUser/selectSiteUsers/{from}/{pageSize}/{siteId}', { route: 'system_site' }],
  ['get', '/api/siteUser/selectSiteUsers/{from}/{pageSize}/{siteId}/{searchKey}', { route: 'system_site' }],
  ['post', '/api/siteUser/saveSiteUsers', { route: 'system_site', button: 'edit' }],
  ['post', '/api/siteUser/deleteSiteUsers', { route: 'system_site', button: 'edit' }],
  ['get', '/api/siteUser/getUserListBySiteId', { route: 'system_site' }],
  ['get', '/api/siteUser/getSiteUsersByUserId/{id}', 'user'],
  ['get', '/api/department/list', { route: ['system_site', 'system_user'] }],
  ['post', '/api/department/save', { route: 'system_site', button: ['add', 'edit'] }],
  ['post', '/api/department/delete', { route: 'system_site', button: 'del' }],
  ['post', '/api/user/sysUserList', { route: 'system_user' }],
  ['post', '/api/user/getUserInfo', { route: 'system_user' }],
  ['post', '/api/user/saveUser', { route: 'system_user', button: ['add', 'edit'] }],
  ['post', '/api/user/deleteUser', { route: 'system_user', button: 'del' }],
  ['post', '/api/user/checkUserName', { route: 'system_user' }],
  ['post', '/api/user/adminResetPwd', { route: 'system_user', button: 'resetPwd' }],
  ['post', '/api/user/lock', { route: 'system_user', button: 'lock' }],
  ['post', '/api/user/unlock', { route: 'system_user', button: 'lock' }],
  ['post', '/api/user/userImport', { route: 'system_user', button: 'import' }],
  ['get', '/api/user/exportUser', { route: 'system_user', button: 'export' }],
  ['post', '/api/user/updateBasicInfo', 'user'],
  ['post', '/api/user/checkOldPwd', 'user'],
  ['get', '/api/user/list', 'user'],
  ['get', '/api/role/list', { route: ['system_role', 'system_user'] }],
  ['post', '/api/role/save', { route: 'system_role', button: ['add', 'edit'] }],
  ['post', '/api/role/delete', { route: 'system_role', button: 'del' }],
  ['post', '/api/role/savePermissions', { route: 'system_role', button: 'grant' }],
  ['get', '/api/menu/list', { route: 'system_role' }],
];

describe('the OpenAPI document of the administration routes', () => {
  it('describes every route with its access, generated from the same schemas', async () => {
    const res = await api.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, { 'x-access': unknown; security: unknown[] }>> };
    for (const [method, path, access] of ROUTES) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!['x-access'], `${method} ${path}`).toEqual(access);
      expect(operation!.security.length).toBeGreaterThan(0);
    }
    const upload = doc.paths['/api/user/userImport']!.post as unknown as { requestBody: { content: Record<string, { schema: unknown }> } };
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    const download = doc.paths['/api/user/exportUser']!.get as unknown as { responses: Record<string, { content?: Record<string, unknown> }> };
    expect(Object.keys(download.responses['200']!.content!)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
  });
});
