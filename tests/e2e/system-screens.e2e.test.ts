import { createAdministrator } from './support/api.ts';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { chooseLanguage, openArea, signIn } from './support/flows.ts';
import { useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();
const PAGES = ['user', 'role', 'site', 'dictionary', 'notice', 'log', 'numbering', 'rules', 'security', 'app'];

describe('system administration screens', () => {
  it('opens every system page for the administrator in both languages (screenshots for review)', async () => {
    const { page } = await env.open();
    const administrator = await createAdministrator(env.baseURL);
    await signIn(page, administrator.userName, administrator.password);
    await openArea(page, 'system_index');
    await waitForPath(page, '/main/system/user');
    for (const locale of ['zh-CN', 'en-US'] as const) {
      if (locale === 'en-US') {
        await chooseLanguage(page, 'English');
        await page.locator('nav.top-menu a[data-route="home_index"]', { hasText: 'Home' }).waitFor();
      }
      for (const name of PAGES) {
        await page.goto(`/main/system/${name}`);
        await page.locator(`[data-testid="system-root"][data-page="${name}"]`).waitFor();
        // let the page's own data arrive: nothing on it is still loading (aria-busy)
        await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
        expect(await page.getByTestId('page-403').count()).toBe(0);
        await screenshot(page, `system-${name}-${locale === 'zh-CN' ? 'zh' : 'en'}`);
      }
    }
  });
});
