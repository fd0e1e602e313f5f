import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { createReadyUser, uniqueName } from './support/api.ts';
import { startSignedIn } from './support/flows.ts';
import { pathOf, textOf, useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();

describe('edit guard', () => {
  it('asks before leaving a page with unsaved edits: cancel stays, confirm leaves', async () => {
    const userName = uniqueName('editor');
    const password = 'Ed5#kW9!mP3$vR';
    await createReadyUser(env.baseURL, { userName, realName: '编辑者', password, roleIds: [] });
    const { page } = await env.open();
    await startSignedIn(page, userName, password, '/systemInfo/ownspaceIndex/userInfo');
    await page.getByTestId('user-info-page').waitFor();

    // untouched: menus leave without asking
    await page.locator('nav.top-menu a[data-route="home_index"]').click();
    await page.getByTestId('home-page').waitFor();
    await page.goBack();
    await page.getByTestId('user-info-page').waitFor();

    await page.locator('input[name="realName"]').fill('编辑中的名字');
    await page.locator('nav.top-menu a[data-route="home_index"]').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    await expect.poll(() => textOf(dialog.locator('.dialog-title'))).toBe('提示');
    await expect.poll(() => textOf(dialog.locator('.dialog-body'))).toBe('有数据正在编辑，确定要跳转吗？');
    await screenshot(page, 'edit-guard-dialog');

    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/systemInfo/ownspaceIndex/userInfo');
    expect(await page.locator('input[name="realName"]').inputValue()).toBe('编辑中的名字');

    // the personal centre's own sub-menu is guarded too
    await page.locator('[data-testid="personal-root"] .area-side-menu a[data-page="myTask"]').click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    expect(pathOf(page)).toBe('/systemInfo/ownspaceIndex/userInfo');

    await page.locator('nav.top-menu a[data-route="home_index"]').click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    await waitForPath(page, '/main/homeIndex');
    await page.getByTestId('home-page').waitFor();

    // leaving cleared the flag: the next navigation does not ask
    await page.goto('/systemInfo/ownspaceIndex/myTask');
    await page.getByTestId('my-tasks-page').waitFor();
    await page.locator('nav.top-menu a[data-route="home_index"]').click();
    await page.getByTestId('home-page').waitFor();
  });

  it('makes the browser refuse to unload a page with unsaved edits', async () => {
    const userName = uniqueName('unload');
    const password = 'Ul4#nB8!qS2$zT';
    await createReadyUser(env.baseURL, { userName, realName: '离开测试', password, roleIds: [] });
    const { page } = await env.open();
    await startSignedIn(page, userName, password, '/systemInfo/ownspaceIndex/userInfo');
    await page.locator('input[name="realName"]').fill('未保存');
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.type()), void d.dismiss())));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
  });
});
