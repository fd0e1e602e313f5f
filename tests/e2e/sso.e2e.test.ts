/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { join } from 'node:path';
import { openDatabase, TRIAL_SETTING_KEY, writeSetting } from '@fmea/core';
import { startTestOidcProvider, type TestOidcProvider } from '@fmea/core/testing/oidc-provider';
import { runCli } from './support/cli.ts';
import { launchBrowser, openTab, screenshot, type Tab } from './support/browser.ts';
import { apiLogin } from './support/api.ts';
import { dragSlider, fillCredentials, loginOutcome, submitLogin, userMenu } from './support/flows.ts';
import { ADMIN_PASSWORD, ADMIN_USER, startServer, type RunningServer } from './support/server.ts';
import { pathOf, textOf, waitForPath } from './support/suite.ts';

/**
 * Single sign-on in Chromium against a real OpenID Connect provider on loopback. Switching SSO on
 * sends every visitor of the login page to the provider, so this file runs its own server (its own
 * database) instead of the run's shared one, which the other files sign in to with passwords. The trial
 * licence, which refuses every sign-in once expired, is tried here for the same reason.
 */
let server: RunningServer;
let provider: TestOidcProvider;
let browser: Browser;
const tabs: Tab[] = [];

beforeAll(async () => {
  server = await startServer();
  provider = await startTestOidcProvider({
    redirectUris: [`${server.baseURL}/api/sso/callback`],
    postLogoutRedirectUris: [`${server.baseURL}/?signedOut=1`],
    backchannelLogoutUri: `${server.baseURL}/api/sso/backchannelLogout`,
  });
  const admin = await apiLogin(server.baseURL, ADMIN_USER, ADMIN_PASSWORD);
  await admin.post('/api/security/saveSso', { enabled: true, issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, userNameClaim: 'preferred_username' });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await Promise.all(tabs.map((t) => t.context.close().catch(() => undefined)));
  await browser?.close();
  await provider?.close();
  await server?.stop();
});

async function open(locale = 'zh-CN') {
  const tab = await openTab(browser, server.baseURL, { locale });
  tabs.push(tab);
  return tab.page;
}

/** At the provider's development login form: any password, the login name is the account. */
async function signInAtProvider(page: Tab['page'], login: string) {
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
}

describe('single sign-on (OpenID Connect)', () => {
  it('sends a visitor of the workbench to the provider and back signed in, on the redirect target; a stranger gets the spec’s message', async () => {
    const page = await open('zh-CN');
    await page.goto('/loginRedirect?type=dfmea');
    await signInAtProvider(page, ADMIN_USER);
    await page.waitForURL((url) => url.pathname.startsWith('/main/dfmea'));
    await page.locator('nav.top-menu a.top-menu-item').first().waitFor();
    expect(pathOf(page).startsWith('/main/dfmea')).toBe(true);

    // the security page holds the SSO settings, the secret never shown
    await page.goto('/main/system/security');
    await page.getByTestId('system-sso').waitFor();
    expect(await page.locator('[data-testid="system-sso"] input[name="clientSecret"]').inputValue()).toBe('');
    await expect.poll(() => textOf(page.getByTestId('sso-callback'))).toBe(`请在身份提供方登记此回调地址：${server.baseURL}/api/sso/callback`);
    await screenshot(page, 'sso-settings-zh');

    // signing out ends the provider's session too: its "sign out?" page, then back to the login page, which stays
    await userMenu(page, 'menu-logout');
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('button[name="logout"]').click();
    await page.waitForURL((url) => url.origin === server.baseURL && url.searchParams.get('signedOut') === '1');
    await page.getByTestId('sso-button').waitFor();

    // someone the provider knows and the product does not
    const stranger = await open('en-US');
    await stranger.goto('/');
    await signInAtProvider(stranger, 'somebody.else');
    await waitForPath(stranger, '/');
    await expect.poll(() => textOf(stranger.getByTestId('sso-outcome'))).toBe('Current user not found in the product, please contact the administrator');
    await stranger.getByTestId('sso-button').waitFor();
    await screenshot(stranger, 'sso-not-found-en');
  });

  it('keeps the password sign-in on /login2', async () => {
    const page = await open('en-US');
    await page.goto('/login2');
    await fillCredentials(page, ADMIN_USER, ADMIN_PASSWORD);
    await dragSlider(page);
    await submitLogin(page);
    // the account may still be signed in through SSO by the first test: confirm taking it over
    if ((await loginOutcome(page)) === 'force') await page.locator('.login-choice[role="alertdialog"] .btn-primary').click();
    await page.getByTestId('home-page').waitFor();
    expect(new URL(page.url()).origin).toBe(server.baseURL);
  });

  it('refuses the password sign-in once the trial has expired, saying so on the login page in both languages; the CLI ends the trial', async () => {
    // an installation whose 30-day trial began 40 days ago (the server's clock is the real one)
    const day = 86_400_000;
    const database = await openDatabase(`file:${join(server.dir, 'e2e.db')}`);
    try {
      const started = new Date(Date.now() - 40 * day).toISOString();
      await writeSetting(database.db, TRIAL_SETTING_KEY, { startedAt: started, days: 30, runCode: new Date(Date.now() - 35 * day).toISOString() });
    } finally {
      await database.close();
    }
    try {
      for (const [locale, message] of [
        ['zh-CN', '试用期已过，请联系管理员'],
        ['en-US', 'The trial period has expired, please contact the administrator'],
      ] as const) {
        const page = await open(locale);
        await page.goto('/login2');
        await expect.poll(() => textOf(page.getByTestId('trial-info'))).toBe(message);
        await fillCredentials(page, ADMIN_USER, ADMIN_PASSWORD);
        await dragSlider(page);
        await submitLogin(page);
        expect(await loginOutcome(page)).toBe('error');
        await expect.poll(() => textOf(page.getByTestId('login-error'))).toBe(message);
        await screenshot(page, `trial-expired-${locale === 'zh-CN' ? 'zh' : 'en'}`);
      }
    } finally {
      const ended = await runCli(server.dir, ['licence', 'trial', '--off']);
      expect(ended.code, ended.stderr).toBe(0);
    }
    const page = await open('en-US');
    await page.goto('/login2');
    await page.getByTestId('licence-info').waitFor();
    expect(await page.getByTestId('trial-info').count()).toBe(0);
  });
});
