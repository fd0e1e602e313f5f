import { createAdministrator } from './support/api.ts';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { chooseLanguage, openArea, startSignedIn } from './support/flows.ts';
import { useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();
const PAGES = ['user', 'role', 'site', 'dictionary', 'notice', 'log', 'numbering', 'rules', 'security', 'app'];

describe('system administration screens', () => {
  it('opens every system page for the administrator in both languages (screenshots for review)', async () => {
    const { page } = await env.open();
    const administrator = await createAdministrator(env.baseURL);
    await startSignedIn(page, administrator.userName, administrator.password);
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
        const zh = locale === 'zh-CN';
        if (name === 'rules') {
          // a rule says what it does, in the reader's language (issue #20: keys alone said nothing)
          await page.getByTestId('rule-tab-dataCreator').click();
          const described = page.locator('[data-rule="xmcjzRule"] [data-testid="rule-description"]');
          expect(await described.innerText()).toContain(zh ? '只有项目创建者' : "only a project's creator");
        }
        if (name === 'role') {
          // every button has a label and a description, "approve" included
          await page.getByTestId('system-roles').locator('[role="row"][data-row-key]').first().click();
          const approve = page.getByTestId('permission-tree').locator('label', { has: page.locator('input[data-button$=".approve"]') }).first();
          expect(await approve.innerText()).toBe(zh ? '批准' : 'Approve');
          expect(await approve.getAttribute('title')).toBe(zh ? '批准已审核的记录，批准即发布。' : 'Approve audited records, which releases them.');
        }
        await screenshot(page, `system-${name}-${zh ? 'zh' : 'en'}`);
      }
    }
  });
});
