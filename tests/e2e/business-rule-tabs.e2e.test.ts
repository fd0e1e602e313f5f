import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { createAdministrator } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

const env = useBrowser();

const tabNames = (page: Page) => page.getByTestId('system-rules').getByRole('tab').allInnerTexts();

/**
 * Issue 26: the business rules' fourteen tabs (copy, tree, English-required, KCDS and numbering among them),
 * each saying what it decides, and the QFD and part-risk scoring rules on the score standards page.
 */
describe('business-rule tabs and scoring rules', () => {
  it('shows the spec’s tabs with their rules and numbering, and edits the scoring rules, in both languages', { timeout: 240_000 }, async () => {
    const administrator = await createAdministrator(env.baseURL);
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password);
    const rules = page.getByTestId('system-rules');

    // Chinese: the copy flag sits under its own tab, switched and saved there
    await page.goto('/main/system/rules');
    await expect.poll(async () => (await tabNames(page)).length).toBe(14);
    await page.getByTestId('rule-tab-copy').click();
    await expect.poll(() => rules.getByTestId('rule-tab-description').innerText()).toContain('谁可以复制结构节点');
    const copy = rules.locator('[data-rule="treeCopyHeadOnly"]');
    await expect.poll(() => copy.getByTestId('rule-description').innerText()).toContain('只有 FMEA 负责人可以复制结构节点');
    await copy.getByRole('switch').click();
    await expect.poll(() => copy.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('rule-tab-kcds').click();
    await expect.poll(() => rules.locator('[data-rule="kcdsCriticalSeverity"] select').inputValue()).toBe('9');
    // numbering is the numbering page itself
    await page.getByTestId('rule-tab-numbering').click();
    await expect.poll(() => rules.getByRole('grid').count()).toBe(1);
    await page.getByTestId('rule-tab-copy').click();
    await screenshot(page, 'business-rule-tabs-zh');

    // the scoring rules: a band that cannot be reached is refused under its field, a good change is saved
    await page.goto('/main/system/scoreStandard');
    const scoring = page.getByTestId('system-scoring-rules');
    await scoring.getByLabel('严重度权重').fill('1');
    await scoring.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => scoring.innerText()).toContain('极高风险起始分无法达到');
    await scoring.getByLabel('严重度权重').fill('6');
    await scoring.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => scoring.getByRole('button', { name: '保存' }).isDisabled()).toBe(true);
    await screenshot(page, 'scoring-rules-zh');

    await chooseLanguage(page, 'English');
    await page.goto('/main/system/rules');
    await expect.poll(async () => (await tabNames(page)).length).toBe(14);
    await page.getByTestId('rule-tab-tree').click();
    await expect.poll(() => rules.getByTestId('rule-tab-description').innerText()).toBe('Who may delete nodes of the structure tree.');
    await expect.poll(() => rules.locator('[data-rule="treeDeleteHeadOnly"] label').innerText()).toContain('Only the head may delete structure-tree nodes');
    await expect.poll(() => tabNames(page)).toContain('English-required rule');
    await page.getByTestId('rule-tab-copy').click();
    // the value saved in Chinese is still on
    await expect.poll(() => rules.locator('[data-rule="treeCopyHeadOnly"]').getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'business-rule-tabs-en');
    await page.goto('/main/system/scoreStandard');
    await expect.poll(() => scoring.getByLabel('Weight of severity').inputValue()).toBe('6');
    await screenshot(page, 'scoring-rules-en');
  });
});
