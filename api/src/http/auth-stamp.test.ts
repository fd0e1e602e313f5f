import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAuthStamp, setRolePermissions, setUserLocked } from '@fmea/core';
import { createApp } from '../app.ts';
import { openTestApp, signedInWith, type Person, type TestApp } from '../testing.ts';

/**
 * The API keeps resolved sessions in memory (30 s); a change of access made
 * outside this server (the CLI calls core's services on the same database,
 * another server shares it) must count from the next request (issue #20):
 * the write moves the database's auth stamp, which every request reads.
 */
let api: TestApp;
let engineer: Person;
beforeEach(async () => {
  api = await openTestApp();
  engineer = await signedInWith(api, 'eng', [{ routeName: 'dfmea_index', buttons: ['add'] }]);
});
afterEach(() => api.dispose());

const info = (token: string, app = api.app) => app.request('/api/user/info', { headers: { token } });

describe('the session cache follows the database’s auth stamp', () => {
  it('refuses a user the CLI locked on the very next request, though the session was cached a moment before', async () => {
    expect((await info(engineer.token)).status).toBe(200);
    // as `fmea user lock` does: core's service on the database, not through this server
    await setUserLocked(api.t.ctx, engineer.user.id, true);
    const res = await info(engineer.token);
    expect(res.status).toBe(401);
  });

  it('shows a role change the CLI made on the very next request', async () => {
    const routes = async () => ((await (await info(engineer.token)).json()) as { data: { routers: { routeName: string; buttons: string[] }[] } }).data.routers;
    expect((await routes()).find((r) => r.routeName === 'dfmea_index')?.buttons).toEqual(['add']);
    // as `fmea role grant` does
    await setRolePermissions(api.t.ctx, engineer.role.id, [{ routeName: 'dfmea_index', buttons: ['add', 'edit'] }]);
    expect((await routes()).find((r) => r.routeName === 'dfmea_index')?.buttons).toEqual(['add', 'edit']);
    expect((await api.call('POST', '/api/project/list', { token: engineer.token, body: {} })).status).toBe(200);
    await setRolePermissions(api.t.ctx, engineer.role.id, []);
    expect((await api.call('POST', '/api/project/list', { token: engineer.token, body: {} })).status).toBe(403);
  });

  it('works between two servers on one database: a lock made through one is seen by the other at once', async () => {
    const other = createApp({ database: api.t, filesDir: api.services.filesDir, importLimitBytes: 1024 * 1024 });
    expect((await info(engineer.token, other.app)).status).toBe(200);
    const admin = await api.adminToken();
    const locked = await api.call('POST', '/api/user/lock', { token: admin, body: { id: engineer.user.id } });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect((await info(engineer.token, other.app)).status).toBe(401);
  });

  it('moves only on a change of access: other writes leave the cache alone', async () => {
    const before = await readAuthStamp(api.t);
    const owner = await signedInWith(api, 'owner', [{ routeName: 'dfmea_index', buttons: ['add', 'edit'] }]);
    const afterUser = await readAuthStamp(api.t);
    expect(afterUser).not.toBe(before);
    // a project written: not about access
    const saved = await api.call('POST', '/api/project/save', { token: owner.token, body: { projectType: 'dfmea', name: 'Stamp', projectMembers: [{ userId: owner.user.id, userRole: 0 }] } });
    expect(saved.status).toBe(200);
    expect(await readAuthStamp(api.t)).toBe(afterUser);
  });
});
