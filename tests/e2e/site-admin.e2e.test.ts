import { describe, expect, it } from 'vitest';
import { asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Site#Adm1n9vQz';

describe('a site administrator in the browser', () => {
  it('sees only the own site, and is offered actions only on users below the own rank', async () => {
    const siteName = uniqueName('另一工厂');
    const { siteId, roleId, engineerRoleId } = await asAdmin(env.baseURL, async (admin) => {
      const site = await admin.post<{ id: string }>('/api/site/saveSite', { siteName, siteNameEn: `${siteName} (en)` });
      const all = ['add', 'edit', 'del', 'export', 'resetPwd', 'lock'];
      const role = await createRole(
        admin,
        uniqueName('站点管理员'),
        ['system_index', { routeName: 'system_user', buttons: all }, { routeName: 'system_site', buttons: ['add', 'edit', 'del'] }],
        '1',
      );
      const engineer = await createRole(admin, uniqueName('工程师'), ['dfmea_index']);
      return { siteId: site.id, roleId: role.id, engineerRoleId: engineer.id };
    });
    const siteAdmin = uniqueName('site.admin');
    const engineer = uniqueName('engineer');
    const stranger = uniqueName('stranger');
    await createReadyUser(env.baseURL, { userName: siteAdmin, realName: '站点管理员', password: PASSWORD, roleIds: [roleId] });
    await createReadyUser(env.baseURL, { userName: engineer, realName: '本站工程师', password: PASSWORD, roleIds: [engineerRoleId] });
    await createReadyUser(env.baseURL, { userName: stranger, realName: '外站工程师', password: PASSWORD, roleIds: [engineerRoleId], siteId });

    const { page } = await env.open();
    await startSignedIn(page, siteAdmin, PASSWORD, '/main/system/user');
    const users = page.getByTestId('system-users');
    // the shared test server holds many users: search, so paging cannot hide a row
    const search = async (text: string) => {
      await users.getByLabel('按用户名、姓名或工号搜索').fill(text);
      await users.getByRole('button', { name: '搜索', exact: true }).click();
    };
    await search(engineer);
    const engineerRow = users.locator('[role="row"]', { hasText: engineer });
    await engineerRow.waitFor();
    // the own site's engineer can be edited, reset, locked and deleted
    for (const action of ['编辑', '重置密码', '锁定', '删除']) await engineerRow.getByRole('button', { name: action, exact: true }).waitFor();
    // the default administrator is listed (same site) but offers nothing
    await search('系统管理员');
    const adminRow = users.locator('[role="row"]', { hasText: '系统管理员' });
    await adminRow.waitFor();
    expect(await adminRow.getByRole('button').count()).toBe(0);
    // the other site's users are not listed at all
    await search(stranger);
    await users.getByText('没有符合搜索条件的用户').waitFor();
    expect(await users.locator('[role="row"]', { hasText: stranger }).count()).toBe(0);
    await screenshot(page, 'site-admin-users');

    await page.goto('/main/system/site');
    const sites = page.getByTestId('system-sites');
    await sites.locator('[role="row"]').first().waitFor();
    expect(await sites.locator('[role="row"]', { hasText: siteName }).count()).toBe(0);
    // the site list is a super-administrator setting: no new site, no site edits; departments of the own site are editable
    expect(await page.locator('[data-testid="system-sites"] > .page-header .btn-primary').count()).toBe(0);
    await screenshot(page, 'site-admin-sites');
  });
});
