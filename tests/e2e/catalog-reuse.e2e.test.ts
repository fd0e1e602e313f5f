import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName, type ApiSession } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { textOf, useBrowser } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Re7#uSe2!kB9$q';

interface CatalogRow {
  id: string;
  version: number;
  serialNum: string;
  versionNo: number;
}

/** A failure-mode record (use type: mode) written and taken through audit and approval to release by the setup administrator. */
async function releasedFailureMode(admin: ApiSession, text: string, enText: string): Promise<CatalogRow> {
  const base = '/api/knowledge/invalidMode';
  const draft = await admin.post<CatalogRow>(`${base}/saveOrUpdate`, { values: { invalidmode: text, enInvalidMode: enText, invalidUseType: ['invalidmode'] } });
  const applied = await admin.post<CatalogRow>(`${base}/apply`, { id: draft.id, version: draft.version });
  const audited = await admin.post<CatalogRow>(`${base}/audit`, { id: draft.id, version: applied.version, opinion: 'e2e setup' });
  return admin.post<CatalogRow>(`${base}/approve`, { id: draft.id, version: audited.version });
}

const dialog = (page: Page) => page.getByRole('dialog');
/** The failure-mode block of the focus function whose mode reads `text`. */
const modeBlock = (page: Page, text: string) => page.getByTestId('mode-chains').filter({ has: page.locator('strong', { hasText: text }) });

/**
 * Reuse of the knowledge base inside a DFMEA (spec 001 §1, docs/domain/catalog.md
 * "Reuse inside the FMEA"): a released failure mode is suggested first in the
 * failure analysis, marked with its number and version; picking it links the
 * item and the knowledge base counts the quote. A hand-written mode pushed to
 * knowledge waits for review under the reviewer's My approvals.
 */
describe('the knowledge base inside a DFMEA', () => {
  it('suggests a released failure mode with its number and version, links the picked item and counts the quote; a pushed mode reaches the reviewer', async () => {
    const tag = uniqueName('e2e');
    const catalogText = `电机堵转无扭矩 ${tag}`;
    const handText = `齿轮打滑 ${uniqueName('hw')}`;
    const functionText = '将电流转换为扭矩';
    const engineerName = uniqueName('reuse.engineer');
    const reviewerName = uniqueName('reuse.reviewer');

    const { record, engineerRole, reviewerRole } = await asAdmin(env.baseURL, async (admin) => ({
      record: await releasedFailureMode(admin, catalogText, `Motor stalls without torque ${tag}`),
      engineerRole: await createRole(admin, uniqueName('reuse-engineer'), [
        { routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] },
        'knowledge_index',
        // pushing proposes a record: the engineer needs add and edit on the failure-mode catalog
        { routeName: 'invalid_index', buttons: ['add', 'edit'] },
      ]),
      reviewerRole: await createRole(admin, uniqueName('reuse-reviewer'), [{ routeName: 'invalid_index', buttons: ['audit', 'approve'] }]),
    }));
    expect(record.versionNo).toBe(1);
    const engineer = await createReadyUser(env.baseURL, { userName: engineerName, realName: '赵工程师', password: PASSWORD, roleIds: [engineerRole.id] });
    await createReadyUser(env.baseURL, { userName: reviewerName, realName: 'Reviewer Qian', password: PASSWORD, roleIds: [reviewerRole.id] });

    // the engineer's own project with one function on its product (the analysis before the failures is not under test)
    const session = await apiLogin(env.baseURL, engineerName, PASSWORD);
    const project = await session.post<{ id: string; pptSerial: string }>('/api/project/save', {
      projectType: 'dfmea',
      name: uniqueName('车窗升降器 '),
      projectMembers: [{ userId: engineer.id, userRole: 0 }],
    });
    await session.post('/api/fmea/addFunction', { nodeId: project.pptSerial, description: functionText });
    await session.logout();

    // in Chinese: the failure analysis; typing part of the wording suggests the released record first, marked with its number and version
    const { page } = await env.open({ width: 1440, height: 900 });
    await startSignedIn(page, engineerName, PASSWORD, `/main/dfmea/dfmeaProject?projectId=${project.id}&rightType=failure`);
    const focus = page.getByTestId('focus-function');
    await focus.getByRole('heading', { name: functionText }).waitFor();
    await focus.getByRole('button', { name: '添加失效模式' }).click();
    const description = dialog(page).getByRole('combobox');
    await description.pressSequentially(tag);
    const option = page.getByRole('option').filter({ hasText: catalogText });
    await option.waitFor();
    expect(await textOf(option.locator('[data-suggestion-source]'))).toBe(`知识库 ${record.serialNum} V1`);
    expect(await textOf(page.getByRole('option').first())).toContain(catalogText);
    await screenshot(page, 'catalog-reuse-suggestion-zh-CN');
    await option.click();
    expect(await description.inputValue()).toBe(catalogText);
    await dialog(page).getByRole('button', { name: '保存', exact: true }).click();
    await dialog(page).waitFor({ state: 'hidden' });

    // the mode is saved citing the record: the mark beside it, and the item's link on the server
    const picked = modeBlock(page, catalogText);
    await expect.poll(() => textOf(picked.getByTestId('catalog-mark'))).toBe(`[知识库 ${record.serialNum} V1]`);
    await screenshot(page, 'catalog-reuse-picked-zh-CN');
    const analysis = await asAdmin(env.baseURL, (admin) =>
      admin.get<{ failures: { description: string; kind: string; catalogRecordId: string | null }[] }>(`/api/fmea/analysis?projectId=${project.id}`),
    );
    expect(analysis.failures.find((f) => f.description === catalogText)).toMatchObject({ kind: 'FM', catalogRecordId: record.id });

    // the knowledge base counts the quote
    await page.goto('/main/knowledge/invalidMode');
    const list = page.getByTestId('catalog-invalidMode');
    await list.waitFor();
    await page.getByTestId('catalog-search').fill(tag);
    await page.getByTestId('catalog-search').press('Enter');
    const row = list.locator('[role="row"]', { hasText: record.serialNum });
    await expect.poll(() => textOf(row.locator('[data-column-id="quoteCount"]'))).toBe('1');
    expect(await list.locator('[role="row"][data-row-key]').count()).toBe(1);
    // the count sits right of the rating columns: scrolled into view as a reader would
    await row.locator('[data-column-id="quoteCount"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'catalog-reuse-quoted-zh-CN');

    // in English: the same suggestion reads "Catalog … v1"; a hand-written mode is pushed to knowledge
    await chooseLanguage(page, 'English');
    await page.goto(`/main/dfmea/dfmeaProject?projectId=${project.id}&rightType=failure`);
    await focus.getByRole('heading', { name: functionText }).waitFor();
    await focus.getByRole('button', { name: 'Add mode' }).click();
    await description.pressSequentially(tag);
    await option.waitFor();
    expect(await textOf(option.locator('[data-suggestion-source]'))).toBe(`Catalog ${record.serialNum} v1`);
    await screenshot(page, 'catalog-reuse-suggestion-en-US');
    await description.fill(handText);
    await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    const hand = modeBlock(page, handText);
    await hand.waitFor();
    expect(await hand.getByTestId('catalog-mark').count()).toBe(0);
    await hand.getByRole('button', { name: 'Push to knowledge' }).click();
    const confirmDialog = page.getByTestId('confirm-dialog');
    expect(await textOf(confirmDialog)).toContain(handText);
    await confirmDialog.locator('.dialog-actions button').last().click();
    await expect.poll(() => textOf(hand.getByTestId('catalog-mark'))).toMatch(/^\[Catalog FA\d+ v1 · under review\]$/);
    // the pushed item cites its proposal, so it offers no second push
    expect(await hand.getByRole('button', { name: 'Push to knowledge' }).count()).toBe(0);
    const pushedSerial = /FA\d+/.exec(await textOf(hand.getByTestId('catalog-mark')))![0];
    await screenshot(page, 'catalog-reuse-pushed-en-US');

    // the reviewer finds the proposal under My approvals, audits and approves it there
    const second = await env.open({ locale: 'en-US', width: 1440, height: 900 });
    await startSignedIn(second.page, reviewerName, PASSWORD, '/systemInfo/ownspaceIndex/myAudit');
    const approvals = second.page.getByTestId('my-approvals-page');
    const pending = approvals.locator('[data-row-key]').filter({ has: second.page.getByTestId('review-open').getByText(pushedSerial, { exact: true }) });
    await pending.waitFor();
    expect(await textOf(pending)).toContain(handText);
    expect(await pending.locator('[data-status]').getAttribute('data-status')).toBe('1');
    await screenshot(second.page, 'catalog-reuse-my-approvals-en-US');
    await pending.getByTestId('review-audit').click();
    await second.page.getByTestId('review-opinion').fill('A real failure of the gear train');
    await second.page.getByTestId('review-submit').click();
    await expect.poll(() => pending.locator('[data-status]').getAttribute('data-status').catch(() => null)).toBe('3');
    await pending.getByTestId('review-approve').click();
    await second.page.getByTestId('review-submit').click();
    await expect.poll(() => pending.count()).toBe(0);

    // released: the engineer's item no longer says "under review"
    await page.reload();
    await expect.poll(() => textOf(hand.getByTestId('catalog-mark'))).toBe(`[Catalog ${pushedSerial} v1]`);
  });
});
