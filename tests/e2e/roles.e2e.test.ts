import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { createAdministrator, uniqueName } from './support/api.ts';
import { dragSlider, fillCredentials, loginOutcome, openArea, signIn, signOut, submitLogin } from './support/flows.ts';
import { pathOf, textOf, useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();

/** System → Roles: a new role granting exactly these routes (the tree ticks parents by itself). */
async function createRoleInBrowser(page: Page, name: string, routes: string[]): Promise<void> {
  await page.goto('/main/system/role');
  const roles = page.getByTestId('system-roles');
  await roles.waitFor();
  await page.locator('[data-testid="system-roles"] > .page-header .btn-primary').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="name"]').fill(name);
  await dialog.locator('input[name="nameEn"]').fill(`${name} (en)`);
  await dialog.locator('button[form="sys-role-form"]').click();
  await dialog.waitFor({ state: 'hidden' });

  await roles.locator('[role="row"]', { hasText: name }).click();
  const tree = page.getByTestId('permission-tree');
  await tree.locator('h3', { hasText: name }).waitFor();
  for (const route of routes) await tree.locator(`input[data-route="${route}"]`).check();
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/role/savePermissions');
  await tree.locator('.page-actions .btn-primary').click();
  expect((await answered).status()).toBe(200);
}

/** System → Users: a new user with that role; answers the generated first password shown once. */
async function createUserInBrowser(page: Page, userName: string, realName: string, roleName: string): Promise<string> {
  await page.goto('/main/system/user');
  const users = page.getByTestId('system-users');
  await users.waitFor();
  await page.locator('[data-testid="system-users"] > .page-header .btn-primary').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="userName"]').fill(userName);
  await dialog.locator('input[name="realName"]').fill(realName);
  await dialog.locator('label', { hasText: roleName }).locator('input[type="checkbox"]').check();
  await dialog.locator('button[form="sys-user-form"]').click();
  const secret = page.getByTestId('secret-value');
  await secret.waitFor();
  const password = await textOf(secret);
  await screenshot(page, 'system-user-created-secret');
  await page.getByRole('dialog').locator('.dialog-actions .btn-primary').click();
  return password;
}

describe('roles and menus', () => {
  it('an administrator creates a limited role and a user in the browser; the user changes the first password, sees only those menus and gets 403 elsewhere', async () => {
    const roleName = uniqueName('公告管理员');
    const userName = uniqueName('quality');
    const chosen = 'Mine#8vRt5Kq!3';

    const admin = await env.open();
    const administrator = await createAdministrator(env.baseURL);
    await signIn(admin.page, administrator.userName, administrator.password);
    await createRoleInBrowser(admin.page, roleName, ['system_notice', 'system_log']);
    const initial = await createUserInBrowser(admin.page, userName, '质量工程师', roleName);
    expect(initial.length).toBeGreaterThanOrEqual(12);
    await signOut(admin.page);

    const { page } = await env.open();
    await page.goto('/');
    await fillCredentials(page, userName, initial);
    await dragSlider(page);
    await submitLogin(page);
    expect(await loginOutcome(page)).toBe('changePassword');
    await expect.poll(() => textOf(page.locator('.login-form .alert-warning'))).toBe('首次登录前请先设置您自己的密码。');
    await page.getByTestId('password-policy').waitFor();
    await screenshot(page, 'login-first-change-password');

    const inputs = page.locator('input[autocomplete="new-password"]');
    await inputs.nth(0).fill(chosen);
    await inputs.nth(1).fill(chosen);
    await page.locator('.login-form button[type="submit"]').click();
    await page.locator('input[name="username"]').waitFor();
    await expect.poll(() => textOf(page.locator('.toast-success'))).toBe('密码已修改，请使用新密码登录。');

    await signIn(page, userName, chosen);
    await expect.poll(() => page.locator('nav.top-menu a.top-menu-item').evaluateAll((links) => links.map((a) => a.getAttribute('data-route')))).toEqual(['home_index', 'system_index']);

    await openArea(page, 'system_index');
    await waitForPath(page, '/main/system/notice');
    await expect.poll(() => page.locator('[data-testid="system-root"] nav a[data-page]').evaluateAll((links) => links.map((a) => a.getAttribute('data-page')))).toEqual(['notice', 'log']);
    await screenshot(page, 'limited-user-system');

    for (const path of ['/main/system/user', '/main/system/role', '/main/system/security']) {
      await page.goto(path);
      await page.getByTestId('page-403').waitFor();
      expect(pathOf(page)).toBe(path);
    }
    await page.goto('/main/system/log');
    await page.locator('[data-testid="system-root"][data-page="log"]').waitFor();
    expect(await page.getByTestId('page-403').count()).toBe(0);
  });
});
