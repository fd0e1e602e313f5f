import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { asAdmin, createAdministrator, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { signIn, userMenu } from './support/flows.ts';
import { pathOf, textOf, useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();

describe('lock screen and error pages', () => {
  it('locks the screen from the user menu and unlocks only with the right password, back on the last page', async () => {
    const { page } = await env.open();
    const administrator = await createAdministrator(env.baseURL);
    await signIn(page, administrator.userName, administrator.password);
    await page.goto('/systemInfo/ownspaceIndex/myNotice');
    await page.getByTestId('my-notices-page').waitFor();

    // the circle lives for a moment only: a watcher in the page notes it, however slow the machine
    await page.evaluate(() => {
      const seen = () => document.querySelector('[data-testid="lock-circle"]') !== null;
      const observer = new MutationObserver(() => {
        if (!seen()) return;
        document.documentElement.dataset.lockCircleSeen = 'true';
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await userMenu(page, 'menu-lock');
    await waitForPath(page, '/locking');
    const circle = await page.evaluate(() => document.documentElement.dataset.lockCircleSeen === 'true');
    expect.soft(circle, 'a coloured circle grows over the page before the locking route opens (spec 000 §2.3)').toBe(true);
    await page.getByTestId('locking-page').waitFor();
    await expect.poll(() => textOf(page.locator('.locking-page h2'))).toBe('屏幕已锁定');
    await screenshot(page, 'lock-screen');

    // while locked every route leads back to the lock screen
    await page.goto('/main/homeIndex');
    await page.getByTestId('locking-page').waitFor();
    expect(pathOf(page)).toBe('/locking');

    await page.locator('.locking-page input[type="password"]').fill('Not#The8Password');
    await page.locator('.locking-page button[type="submit"]').click();
    expect(await page.locator('.locking-page [role="alert"]').innerText()).toBe('密码错误，请重新输入');
    expect(pathOf(page)).toBe('/locking');

    await page.locator('.locking-page input[type="password"]').fill(administrator.password);
    await page.locator('.locking-page button[type="submit"]').click();
    await waitForPath(page, '/systemInfo/ownspaceIndex/myNotice');
    await page.getByTestId('my-notices-page').waitFor();
  });

  it('shows 404 for an unknown page and 403 for a page the user’s roles do not grant, with back links', async () => {
    const userName = uniqueName('plain');
    const password = 'Hm3$rT7!xB5#wQ';
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('仅首页'), ['home_index']));
    await createReadyUser(env.baseURL, { userName, realName: '普通用户', password, roleIds: [role.id] });
    const { page } = await env.open();
    await signIn(page, userName, password);

    await page.goto('/main/no-such-page');
    await page.getByTestId('page-404').waitFor();
    await expect.poll(() => textOf(page.locator('[data-testid="page-404"] h1'))).toBe('页面不存在');
    await expect.poll(() => textOf(page.locator('[data-testid="page-404"] .error-links'))).toContain('返回上一页');
    await screenshot(page, 'error-404');

    await page.goto('/main/system/user');
    await page.getByTestId('page-403').waitFor();
    await expect.poll(() => textOf(page.locator('[data-testid="page-403"] h1'))).toBe('没有权限');
    await screenshot(page, 'error-403');

    await page.locator('[data-testid="page-403"] .error-links a', { hasText: '首页' }).click();
    await page.getByTestId('home-page').waitFor();

    await page.goto('/404');
    await page.getByTestId('page-404').waitFor();
  });
});
