/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { createReadyUser, uniqueName } from './support/api.ts';
import { chooseLanguage, dragSlider, fillCredentials, signIn, submitLogin } from './support/flows.ts';
import { ADMIN_PASSWORD, ADMIN_USER } from './support/server.ts';
import { pathOf, textOf, useBrowser } from './support/suite.ts';

const env = useBrowser();

describe('sign-in', () => {
  it('signs in in Chinese by default, and only after the slider was dragged', async () => {
    const { page, errors } = await env.open({ locale: 'zh-CN' });
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect.poll(() => textOf(page.locator('.login-card h2'))).toBe('欢迎登录');
    await expect.poll(() => textOf(page.locator('.slider-text'))).toBe('请按住滑块拖动到最右边');
    await screenshot(page, 'login-zh');

    await fillCredentials(page, ADMIN_USER, ADMIN_PASSWORD);
    await submitLogin(page);
    await expect.poll(() => textOf(page.getByTestId('login-error'))).toBe('请先拖动滑块完成验证');

    await dragSlider(page);
    await expect.poll(() => textOf(page.locator('.slider-text'))).toBe('验证通过');
    const submitted = Date.now();
    await submitLogin(page);
    await page.getByTestId('home-page').waitFor();
    await page.locator('nav.top-menu a.top-menu-item').first().waitFor();
    expect(pathOf(page)).toBe('/main/homeIndex');
    await expect.poll(() => textOf(page.locator('nav.top-menu a[data-route="home_index"]'))).toBe('首页');
    await expect.poll(() => textOf(page.locator('.home-page h2'))).toBe('欢迎，系统管理员');
    console.log(`[e2e] shell interactive ${Date.now() - submitted} ms after submitting the login`);
    await screenshot(page, 'home-zh');
    expect(errors).toEqual([]);
  });

  it('switches the language on the login page and in the shell, and keeps it across reloads', async () => {
    const { page } = await env.open({ locale: 'zh-CN' });
    await page.goto('/');
    await page.getByTestId('language-switch').selectOption('en-US');
    await page.locator('.login-card h2', { hasText: 'Welcome to sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('fmea.locale'))).toBe('en-US');
    await screenshot(page, 'login-en');

    await page.reload();
    await expect.poll(() => textOf(page.locator('.login-card h2'))).toBe('Welcome to sign in');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');

    await signIn(page, ADMIN_USER, ADMIN_PASSWORD);
    await expect.poll(() => textOf(page.locator('nav.top-menu a[data-route="home_index"]'))).toBe('Home');
    await screenshot(page, 'home-en');

    // back to Chinese through the user menu's language entry
    await chooseLanguage(page, '中文');
    await page.locator('nav.top-menu a[data-route="home_index"]', { hasText: '首页' }).waitFor();
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    await expect.poll(() => textOf(page.locator('nav.top-menu a[data-route="home_index"]'))).toBe('首页');
    expect(await page.evaluate(() => localStorage.getItem('fmea.locale'))).toBe('zh-CN');
  });

  it('locks the account after five wrong passwords, with the translated message', async () => {
    const userName = uniqueName('lockout');
    const password = 'Tq8#vN4!pW6$kZ';
    await createReadyUser(env.baseURL, { userName, realName: '锁定测试', password, roleIds: [] });
    const { page } = await env.open({ locale: 'zh-CN' });
    await page.goto('/');
    await fillCredentials(page, userName, 'Wrong#Pass9word');
    await dragSlider(page);

    const attempt = async () => {
      const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/login');
      await submitLogin(page);
      await answered;
      await page.locator('.login-form button[type="submit"]:not([disabled])').waitFor();
      return textOf(page.getByTestId('login-error'));
    };
    for (let i = 1; i <= 4; i++) expect(await attempt()).toBe('用户名或密码错误（连续 5 次错误将锁定账号）');
    expect(await attempt()).toBe('密码连续错误 5 次，账号已锁定 30 分钟；也可联系管理员解锁');
    await screenshot(page, 'login-account-locked');

    // the right password no longer helps
    await page.locator('input[name="password"]').fill(password);
    expect(await attempt()).toBe('账号因密码错误次数过多已被锁定，请 30 分钟后再试或联系管理员');
    expect(pathOf(page)).toBe('/');
  });
});
