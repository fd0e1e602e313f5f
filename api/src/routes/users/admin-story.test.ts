import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALWAYS_PERMITTED_ROUTES, listOperations } from '@fmea/core';
import { openTestApp, TEST_PASSWORD, type TestApp } from '../../testing.ts';

let api: TestApp;
beforeEach(async () => {
  api = await openTestApp();
});
afterEach(() => api.dispose());

describe('an integrator sets up a plant from scratch', () => {
  it('signs in as admin, creates a site, a department, a role and a user; the user signs in and sees only what was granted', async () => {
    const signIn = await api.call('POST', '/api/login', { body: { username: 'admin', password: TEST_PASSWORD } });
    expect(signIn.body.data.flag).toBe(1);
    const admin = signIn.body.data.token as string;
    const as = (path: string, body: unknown) => api.call('POST', path, { token: admin, body });

    const site = (await as('/api/site/saveSite', { siteName: '武汉工厂', siteNameEn: 'Wuhan plant', licenceCount: 10 })).body.data;
    const department = (await as('/api/department/save', { siteId: site.id, number: 'QA01', name: '质量部' })).body.data;
    const role = (await as('/api/role/save', { name: 'DFMEA 工程师', nameEn: 'DFMEA engineer', roleType: '2' })).body.data;
    const granted = await as('/api/role/savePermissions', { id: role.id, permissions: [{ routeName: 'dfmea_index', buttons: ['add', 'edit'] }] });
    expect(granted.status).toBe(200);
    const created = await as('/api/user/saveUser', {
      userName: 'wang.wu',
      realName: '王五',
      siteId: site.id,
      departmentId: department.id,
      roleIdList: [role.id],
      email: 'wang.wu@example.com',
    });
    expect(created.status).toBe(200);
    const { user, initialPassword } = created.body.data;
    expect(user).toMatchObject({ siteName: '武汉工厂', departmentName: '质量部', roleNames: ['DFMEA 工程师'] });

    // first sign-in asks for a new password, changed with that sign-in's ticket before any session exists
    const first = await api.call('POST', '/api/login', { body: { username: 'wang.wu', password: initialPassword } });
    expect(first.body.data).toEqual({ flag: 4, reason: 'firstLogin', userId: user.id, changeToken: expect.any(String) });
    const newPassword = 'Nw8$tR4!kP6@qZ';
    const changed = await api.call('POST', '/api/user/resetPwd', { body: { changeToken: first.body.data.changeToken, oldPassword: initialPassword, newPassword, confirmPassword: newPassword } });
    expect(changed.status).toBe(200);
    const token = await api.login('wang.wu', newPassword);

    const info = (await api.call('GET', '/api/user/info', { token })).body.data;
    expect(info).toMatchObject({ userName: 'wang.wu', realName: '王五', siteId: site.id, siteName: '武汉工厂', departmentName: '质量部', isAdmin: false });
    const routers = info.routers as { routeName: string; buttons: string[] }[];
    expect(routers.find((r) => r.routeName === 'dfmea_index')!.buttons.sort()).toEqual(['add', 'edit']);
    expect(routers.map((r) => r.routeName).sort()).toEqual(['dfmea_index', ...ALWAYS_PERMITTED_ROUTES].sort());
    expect((await api.call('POST', '/api/user/sysUserList', { token, body: {} })).status).toBe(403);

    // who did what, in order
    const log = await listOperations(api.t.ctx, { limit: 50 });
    const who = new Map([[signIn.body.data.userId as string, 'admin'], [user.id as string, 'wang.wu']]);
    const story = log.items
      .filter((e) => e.userId !== null)
      .map((e) => `${who.get(e.userId!) ?? e.userId} ${e.action}`)
      .reverse();
    expect(story).toEqual([
      'admin auth.login',
      'admin site.create',
      'admin department.create',
      'admin role.create',
      'admin role.permissions',
      'admin user.create',
      'wang.wu user.change_password',
      'wang.wu auth.login',
    ]);
    const userCreate = log.items.find((e) => e.action === 'user.create')!;
    expect(userCreate).toMatchObject({ entityId: user.id, after: { userName: 'wang.wu', roleNames: ['DFMEA 工程师'] } });
    expect(JSON.stringify(log.items)).not.toContain(initialPassword);
    expect(JSON.stringify(log.items)).not.toContain(newPassword);
  });
});
