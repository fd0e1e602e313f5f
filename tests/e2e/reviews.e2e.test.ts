import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Rv7#qW2!mK9$zR';

interface Row {
  id: string;
  version: number;
  serialNum: string;
}

describe('reviews in the personal centre', () => {
  it('lists an applied failure mode under My approvals for an auditor, who audits it there; the author sees it pending approval under My applications', async () => {
    const { authorRole, auditorRole } = await asAdmin(env.baseURL, async (admin) => ({
      authorRole: await createRole(admin, uniqueName('rv-author'), ['knowledge_index', { routeName: 'invalid_index', buttons: ['add', 'edit'] }]),
      auditorRole: await createRole(admin, uniqueName('rv-auditor'), [{ routeName: 'invalid_index', buttons: ['audit'] }]),
    }));
    const author = uniqueName('rvauthor');
    const auditor = uniqueName('rvauditor');
    await createReadyUser(env.baseURL, { userName: author, realName: 'Review author', password: PASSWORD, roleIds: [authorRole.id] });
    await createReadyUser(env.baseURL, { userName: auditor, realName: 'Review auditor', password: PASSWORD, roleIds: [auditorRole.id] });

    const session = await apiLogin(env.baseURL, author, PASSWORD);
    const text = uniqueName('Seal leaks ');
    const draft = await session.post<Row>('/api/knowledge/invalidMode/saveOrUpdate', { values: { invalidmode: text } });
    const applied = await session.post<Row>('/api/knowledge/invalidMode/apply', { id: draft.id, version: draft.version, opinion: 'Please check' });
    await session.logout();

    const { page } = await env.open({ width: 1400, height: 900 });
    await startSignedIn(page, auditor, PASSWORD);
    // the approvals badge counts what waits for the auditor and opens the list it counts
    await expect.poll(() => page.getByTestId('approval-badge').innerText()).toBe('1');
    await page.getByTestId('approval-badge').click();
    const approvals = page.getByTestId('my-approvals-page');
    const row = approvals.locator(`[data-row-key="${applied.id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('review-open').innerText()).toBe(applied.serialNum);
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('1');
    await screenshot(page, 'reviews-my-approvals');

    // the audit needs an opinion
    await row.getByTestId('review-audit').click();
    await page.getByTestId('review-submit').click();
    await page.locator('.field-error').waitFor();
    await page.getByTestId('review-opinion').fill('Looks right');
    await page.getByTestId('review-submit').click();
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(() => page.getByTestId('approval-badge').locator('.badge').count()).toBe(0);

    // processed: the auditor's own decision
    await approvals.getByTestId('tab-processed').click();
    const done = approvals.locator('[data-row-key]').first();
    await done.waitFor();
    expect(await done.innerText()).toContain('Looks right');
    expect(await done.locator('[data-status]').getAttribute('data-status')).toBe('3');

    // the author's My applications shows it pending approval, with the opinion
    const second = await env.open({ width: 1400, height: 900 });
    await startSignedIn(second.page, author, PASSWORD, '/systemInfo/ownspaceIndex/myApply');
    const mine = second.page.getByTestId('my-applications-page').locator(`[data-row-key="${applied.id}"]`);
    await mine.waitFor();
    expect(await mine.locator('[data-status]').getAttribute('data-status')).toBe('3');
    expect(await mine.innerText()).toContain('Looks right');
    await screenshot(second.page, 'reviews-my-applications');

    // the number opens the record's catalog page, searched for it
    await mine.getByTestId('review-open').click();
    const list = second.page.getByTestId('catalog-invalidMode');
    await list.waitFor();
    expect(await list.getByTestId('catalog-search').inputValue()).toBe(applied.serialNum);
    await expect.poll(() => list.getByTestId('catalog-open').allInnerTexts()).toEqual([applied.serialNum]);
  });
});
