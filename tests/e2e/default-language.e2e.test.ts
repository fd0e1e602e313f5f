/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { adminRoleId, apiLogin, createReadyUser, uniqueName, type ApiSession } from './support/api.ts';
import { startSignedIn } from './support/flows.ts';
import { ADMIN_PASSWORD, ADMIN_USER, startServer, type RunningServer } from './support/server.ts';
import { useBrowser } from './support/suite.ts';

/**
 * The app manager's user setting: the language the workbench opens in for a user who never chose one. It is
 * every such user's language, and the other files' users are such users who read Chinese: so this file runs
 * its own server (its own database), as sso.e2e.test.ts does, in the worker's browser.
 */
const env = useBrowser();
let server: RunningServer;
let setup: ApiSession;
const PASSWORD = 'Lg7#qW2!mK9$zR';

beforeAll(async () => {
  server = await startServer();
  setup = await apiLogin(server.baseURL, ADMIN_USER, ADMIN_PASSWORD);
}, 240_000);
afterAll(async () => {
  await server?.stop();
});

/** A new user of the admin role who has never chosen a language. */
async function newUser(): Promise<string> {
  const userName = uniqueName('lang');
  await createReadyUser(server.baseURL, { userName, realName: 'Language reader', password: PASSWORD, roleIds: [await adminRoleId(setup)] }, setup);
  return userName;
}

const languageOf = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('the default language (App manager → User setting)', () => {
  it('an administrator sets English: a new user who never chose a language signs in to English; set back to Chinese, a new user with an English browser gets Chinese', { timeout: 240_000 }, async () => {
    const admin = await env.open({ width: 1366, height: 768, server: server.baseURL });
    const administrator = await newUser();
    await startSignedIn(admin.page, administrator, PASSWORD, '/main/system/app');
    const panel = admin.page.getByTestId('user-settings');
    await panel.waitFor();
    await screenshot(admin.page, 'default-language-zh-CN');
    const saved = admin.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/replaceLogo/saveUserSettings' && r.ok());
    await panel.getByLabel('默认语言').selectOption('en-US');
    await saved;
    // the administrator never chose a language either: the workbench turns to English at once
    await admin.page.waitForFunction(() => document.documentElement.lang === 'en-US');
    await admin.page.getByText('User setting saved').last().waitFor();
    expect(await panel.getByLabel('Default language').inputValue()).toBe('en-US');
    await screenshot(admin.page, 'default-language-en-US');

    // a Chinese browser, a user who never chose: English
    const first = await env.open({ width: 1366, height: 768, locale: 'zh-CN', server: server.baseURL });
    await startSignedIn(first.page, await newUser(), PASSWORD);
    await first.page.waitForFunction(() => document.documentElement.lang === 'en-US');
    await expect.poll(() => first.page.getByTestId('indicator-myTasks').locator('h3').innerText()).toContain('My tasks');
    await screenshot(first.page, 'default-language-new-user-en-US');

    // back to Chinese (the installation's default language)
    const back = admin.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/replaceLogo/saveUserSettings' && r.ok());
    await panel.getByLabel('Default language').selectOption('zh-CN');
    await back;
    await admin.page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    expect((await setup.post<{ defaultLocale: string | null }>('/api/replaceLogo/getInfoByClient')).defaultLocale).toBe('zh-CN');
    const second = await env.open({ width: 1366, height: 768, locale: 'en-US', server: server.baseURL });
    await startSignedIn(second.page, await newUser(), PASSWORD);
    await second.page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    expect(await languageOf(second.page)).toBe('zh-CN');
    await expect.poll(() => second.page.getByTestId('indicator-myTasks').locator('h3').innerText()).toContain('我的任务');
    await screenshot(second.page, 'default-language-new-user-zh-CN');
  });
});
