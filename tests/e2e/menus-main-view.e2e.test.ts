import { afterAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createAdministrator, uniqueName } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

const env = useBrowser();

/** The installation's menus and main view as they were: put back at once (the server is shared by every e2e file). */
async function restore() {
  await asAdmin(env.baseURL, async (admin) => {
    for (const routeName of ['system_scoreStandard', 'system_userScore']) await admin.post('/api/menu/saveOverride', { routeName, title: null, titleEn: null, icon: null, hidden: null, sort: null });
    const plain = { left: [], right: ['proposals', 'taskLog'], stepMenu: 'text' };
    await admin.post('/api/fmea/saveMainView', { dfmea: plain, pfmea: plain });
  });
}
afterAll(restore);

describe('menus and resources, and the FMEA main view', () => {
  it('renames, moves and hides a menu, which the shell follows; shows a button’s resources; docks the review and shows step icons', { timeout: 180_000 }, async () => {
    const administrator = await createAdministrator(env.baseURL);
    const session = await apiLogin(env.baseURL, administrator.userName, administrator.password);
    const me = await session.get<{ userId: string }>('/api/user/info');
    const project = await session.post<{ id: string }>('/api/project/save', { projectType: 'dfmea', name: uniqueName('Main view '), projectMembers: [{ userId: me.userId, userRole: 0 }] });
    await session.logout();
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password);

    // Chinese: the log page's export button needs GET /api/operationLog/export
    await page.goto('/main/system/menus');
    const menus = page.getByTestId('system-menus');
    await page.getByTestId('menu-resources-system_log').click();
    await expect.poll(() => page.getByTestId('menu-resources-of-system_log').locator('[data-button="export"]').innerText()).toContain('GET /api/operationLog/export');

    // a refused title names the field; then the score standards become 积分规则, first in the navigation, and user scores hidden
    await page.getByTestId('menu-edit-system_scoreStandard').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^标题/).fill(' ');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('标题不能为空').waitFor();
    await dialog.getByLabel(/^标题/).fill('积分规则');
    await dialog.getByLabel('排序', { exact: true }).fill('0');
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.getByText('菜单已保存').waitFor();
    await page.getByTestId('menu-edit-system_userScore').click();
    await dialog.getByLabel('菜单中').selectOption('hidden');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => menus.locator('[data-route="system_userScore"] td').nth(4).innerText()).toBe('隐藏');
    const nav = page.locator('a[data-page]');
    await expect.poll(() => nav.first().innerText()).toBe('积分规则');
    expect(await page.locator('a[data-page="userScore"]').count()).toBe(0);
    await screenshot(page, 'system-menus-zh-CN');

    // the main view: the design side's review docked on the left, the steps with icons and text
    await page.goto('/main/system/mainView');
    const view = page.getByTestId('system-main-view');
    await view.locator('#main-view-dfmea-review').selectOption('left');
    await view.locator('#main-view-dfmea-stepMenu').selectOption('both');
    await view.getByRole('button', { name: '保存' }).click();
    await page.getByText('FMEA 主视图配置已保存').waitFor();
    await screenshot(page, 'system-main-view-zh-CN');
    await page.goto(`/main/dfmea/dfmeaProject?projectId=${project.id}`);
    await page.getByTestId('dfmea-tab-structure').locator('svg.dfmea-step-icon').waitFor();
    await screenshot(page, 'fmea-step-icons-zh-CN');
    await page.getByTestId('review-open').click();
    await page.locator('.dialog.dialog-dock-left [data-testid="review-panel"][aria-busy="false"]').waitFor();
    await screenshot(page, 'fmea-main-view-zh-CN');
    await page.keyboard.press('Escape');

    // English: the same pages, the English titles
    await chooseLanguage(page, 'English');
    await page.goto('/main/system/menus');
    await page.getByTestId('menu-resources-system_menus').click();
    await expect.poll(() => page.getByTestId('menu-resources-of-system_menus').locator('[data-button="edit"]').innerText()).toContain('POST /api/menu/saveOverride');
    await expect.poll(() => menus.locator('[data-route="system_userScore"] td').nth(4).innerText()).toBe('Hidden');
    await screenshot(page, 'system-menus-en-US');
    await page.goto('/main/system/mainView');
    await expect.poll(() => view.locator('#main-view-dfmea-review').inputValue()).toBe('left');
    await screenshot(page, 'system-main-view-en-US');
    await restore();
  });
});
