import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { startSignedIn } from './support/flows.ts';
import { textOf, useBrowser } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Kn0w#Base7qZ';
const PAGE = '/main/knowledge/invalidMode';

/** The grid row of the record with this description. */
const rowOf = (page: Page, description: string) => page.locator('[data-testid="catalog-invalidMode"] [role="row"]', { hasText: description });

/** Scrolls the grid back to its first columns (acting on a row scrolls its buttons into view), for the picture. */
const scrollGridHome = (page: Page) => page.locator('.fmea-grid__scroll').evaluate((el) => el.scrollTo({ left: 0 }));

/** Opens a row's review action, writes the opinion (if any) and submits; waits for the dialog to close. */
async function review(page: Page, description: string, action: 'apply' | 'audit' | 'approve', opinion: string): Promise<void> {
  await rowOf(page, description).getByTestId(`catalog-${action}`).click();
  const dialog = page.getByRole('dialog');
  if (opinion) await dialog.getByTestId('review-opinion').fill(opinion);
  await dialog.getByTestId('review-submit').click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * The knowledge base in the browser (spec 001 §4): an engineer writes a
 * failure mode and applies for its release; a reviewer holding audit and
 * approve audits it (an opinion is required) and approves it; the record is
 * released as version 1, its versions and knowledge log tell who did what.
 */
describe('the knowledge base', () => {
  it('takes a failure mode from an engineer through audit and approval to release, version 1', async () => {
    const engineerName = uniqueName('kb.engineer');
    const reviewerName = uniqueName('kb.reviewer');
    const description = uniqueName('密封圈老化导致泄漏 ');
    await asAdmin(env.baseURL, async (admin) => {
      const writer = await createRole(admin, uniqueName('知识编写'), ['knowledge_index', { routeName: 'invalid_index', buttons: ['add', 'edit', 'del'] }]);
      const checker = await createRole(admin, uniqueName('知识审批'), ['knowledge_index', { routeName: 'invalid_index', buttons: ['audit', 'approve'] }]);
      return { writer, checker };
    }).then(async ({ writer, checker }) => {
      await createReadyUser(env.baseURL, { userName: engineerName, realName: '王工程师', password: PASSWORD, roleIds: [writer.id] });
      await createReadyUser(env.baseURL, { userName: reviewerName, realName: 'Reviewer Li', password: PASSWORD, roleIds: [checker.id] });
    });

    // the engineer, in Chinese: writes the record and applies
    const engineer = await env.open({ width: 1440, height: 900 });
    await startSignedIn(engineer.page, engineerName, PASSWORD, PAGE);
    const list = engineer.page.getByTestId('catalog-invalidMode');
    await list.waitFor();
    expect(await textOf(list.locator('.page-header h2'))).toBe('失效模式');
    await engineer.page.getByTestId('catalog-new').click();
    const form = engineer.page.getByRole('dialog');
    // the description is required: saving without it names the field
    await form.getByTestId('catalog-save').click();
    await expect.poll(() => textOf(form.locator('.field-message'))).toBe('失效描述不能为空');
    await form.getByTestId('catalog-field-invalidmode').fill(description);
    await form.getByTestId('catalog-field-enInvalidMode').fill('Seal ageing causes leakage');
    await form.getByTestId('catalog-field-severity').fill('7');
    await screenshot(engineer.page, 'catalog-knowledge-form-zh-CN');
    await form.getByTestId('catalog-save').click();
    await form.waitFor({ state: 'hidden' });
    const row = rowOf(engineer.page, description);
    await expect.poll(() => textOf(row.locator('.catalog-status'))).toBe('编辑中');
    expect(await textOf(row.getByTestId('catalog-open'))).toMatch(/^FA\d{10}$/);
    // the red stripe of one's own row is explained under the grid (issue 20: it had no legend)
    expect(await row.getAttribute('data-marker')).toBe('mycompiled');
    expect(await textOf(engineer.page.getByTestId('grid-marker-legend').locator('[data-marker="mycompiled"]'))).toBe('您创建的：可编辑');
    // the engineer holds no review buttons: the row offers applying, not auditing
    expect(await row.getByTestId('catalog-audit').count()).toBe(0);
    await review(engineer.page, description, 'apply', '请审核');
    await expect.poll(() => textOf(row.locator('.catalog-status'))).toBe('待审核');
    expect(await row.getByTestId('catalog-edit').count()).toBe(0);
    await scrollGridHome(engineer.page);
    await screenshot(engineer.page, 'catalog-knowledge-zh-CN');

    // the reviewer, in English: audits (an opinion is required) and approves
    const reviewer = await env.open({ locale: 'en-US', width: 1440, height: 900 });
    await startSignedIn(reviewer.page, reviewerName, PASSWORD, PAGE);
    const reviewed = rowOf(reviewer.page, description);
    await expect.poll(() => textOf(reviewed.locator('.catalog-status'))).toBe('To be audited');
    expect(await textOf(reviewer.page.getByTestId('grid-marker-legend').locator('[data-marker="myreadable"]'))).toBe('Created by another user: read only for you');
    await reviewed.getByTestId('catalog-audit').click();
    const audit = reviewer.page.getByRole('dialog');
    await audit.getByTestId('review-submit').click();
    await expect.poll(() => textOf(audit.locator('.field-message'))).toBe('Audit opinion cannot be empty');
    await audit.getByTestId('review-opinion').fill('Matches the field data');
    await audit.getByTestId('review-submit').click();
    await audit.waitFor({ state: 'hidden' });
    await expect.poll(() => textOf(reviewed.locator('.catalog-status'))).toBe('To be approved');
    await review(reviewer.page, description, 'approve', '');
    await expect.poll(() => textOf(reviewed.locator('.catalog-status'))).toBe('Released');
    expect(await textOf(reviewed.locator('[role="gridcell"]', { hasText: /^V\d+$/ }))).toBe('V1');
    await scrollGridHome(reviewer.page);
    await screenshot(reviewer.page, 'catalog-knowledge-en-US');

    // the details: the record released as version 1, and who did what in the knowledge log
    await reviewed.getByTestId('catalog-open').click();
    const details = reviewer.page.getByRole('dialog');
    await expect.poll(() => textOf(details.getByTestId('catalog-version'))).toBe('V1');
    expect(await textOf(details.getByTestId('catalog-details'))).toContain('Matches the field data');
    await screenshot(reviewer.page, 'catalog-knowledge-details-en-US');
    await details.getByRole('tab', { name: 'Knowledge log' }).click();
    const log = details.getByTestId('catalog-log');
    await expect.poll(() => log.locator('tbody tr').count()).toBeGreaterThanOrEqual(4);
    expect(await textOf(log)).toContain('Matches the field data');
    // people by real name, the login beside it
    expect(await textOf(log)).toContain(`王工程师 (${engineerName})`);
    await screenshot(reviewer.page, 'catalog-knowledge-log-en-US');
  });
});
