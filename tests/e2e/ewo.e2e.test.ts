import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, useDemoServer } from './support/demo.ts';
import { startSignedIn } from './support/flows.ts';
import { waitForPath } from './support/suite.ts';

/**
 * EWO as its users reach it (issue 24): on the demo data, li.engineer opens a change to the window lifter, names
 * what it touches (a DFMEA cause, a BOM part), adds the drawing after the change, starts the follow-up and asks
 * sun.approver to publish it; sun approves from My tasks with an opinion; wang.engineer, the tracker, follows the
 * breakpoint up until the change is in effect and closes it. Screenshots in zh-CN, then the same screens in
 * en-US, at 1366×768.
 */
const demo = useDemoServer();
const dir = mkdtempSync(join(tmpdir(), 'fmea-ewo-e2e-'));
const drawing = join(dir, 'gear-drawing-C.pdf');
writeFileSync(drawing, '%PDF-1.7\nworm gear drawing rev C\n%%EOF\n');
const DESCRIPTION = '蜗杆导程角公差收紧至 ±0.1°，防止反向自锁失效';

async function signedIn(user: string, locale = 'zh-CN'): Promise<Page> {
  const page = await demo.open(locale);
  await startSignedIn(page, user, DEMO_PASSWORD);
  return page;
}

/** Types into a person picker and picks the suggestion with that text. */
async function pickPerson(page: Page, testId: string, name: string) {
  const input = page.getByTestId(testId);
  await input.fill(name);
  await page.getByRole('option').filter({ hasText: name }).first().click();
}

const step = async (page: Page, event: string) => {
  await page.getByTestId(`ewo-step-${event}`).click();
  return page.getByRole('dialog');
};

describe('an engineering change in the workbench', () => {
  let ewoNum = '';

  it('li opens a change, names what it touches and its drawing, starts the follow-up and asks sun to publish it', async () => {
    const page = await signedIn('li.engineer');
    await page.goto('/main/ewo');
    const list = page.getByTestId('ewo-list');
    await list.getByRole('row').filter({ hasText: 'PA66-GF30' }).waitFor();
    await screenshot(page, 'ewo-list-zh-CN');

    await page.getByTestId('ewo-new').click();
    // nothing filled in: each field says what it needs, and nothing is stored
    await page.getByTestId('ewo-save').click();
    await page.getByRole('dialog').getByText('变更描述：请说明变更内容及原因。').waitFor();
    await page.getByTestId('ewo-description').fill(DESCRIPTION);
    await page.getByTestId('ewo-type').selectOption('design');
    await page.getByTestId('ewo-source').selectOption('internal');
    await page.getByTestId('ewo-closing-date').fill('2026-10-31');
    await pickPerson(page, 'ewo-tracker', '王芳');
    await screenshot(page, 'ewo-new-zh-CN');
    await page.getByTestId('ewo-save').click();
    await waitForPath(page, '/main/ewo/ewoDetail');
    ewoNum = await page.getByTestId('ewo-number').innerText();
    expect(ewoNum).toMatch(/^EC\d+$/);
    expect(await page.getByTestId('ewo-status').innerText()).toBe('变更开启');

    // affected items: a DFMEA cause and the worm of the BOM
    await page.getByTestId('ewo-tab-items-button').click();
    await page.getByTestId('ewo-items-add').click();
    await page.getByTestId('ewo-items-project').selectOption({ label: await optionLabel(page, 'ewo-items-project', '前门电动车窗升降器') });
    await page.getByTestId('ewo-items-search').fill('导程角');
    await page.getByTestId('ewo-candidates').getByText('蜗杆导程角过大，无法自锁').click();
    await page.getByTestId('ewo-items-note').fill('导程角公差收紧后重新评估频度');
    await page.getByTestId('ewo-items-save').click();
    await page.getByTestId('ewo-items-fmea').getByText('蜗杆导程角过大，无法自锁').waitFor();
    await page.getByTestId('ewo-items-add').click();
    await page.getByTestId('ewo-items-kind').selectOption('bomPart');
    await page.getByTestId('ewo-items-product').selectOption({ label: await optionLabel(page, 'ewo-items-product', 'WL-FD-2026') });
    await page.getByTestId('ewo-items-search').fill('蜗杆');
    await page.getByTestId('ewo-candidates').getByText('蜗杆', { exact: true }).click();
    await page.getByTestId('ewo-items-save').click();
    await page.getByTestId('ewo-items-bom').getByText('蜗杆', { exact: true }).waitFor();
    await screenshot(page, 'ewo-items-zh-CN');

    // the drawing after the change, at its version
    await page.getByTestId('ewo-tab-documents-button').click();
    await page.getByTestId('ewo-document-add-after').click();
    await page.getByTestId('ewo-document-name').fill('蜗杆零件图');
    await page.getByTestId('ewo-document-version').fill('C');
    await page.getByTestId('ewo-document-file').setInputFiles(drawing);
    await page.getByTestId('ewo-document-save').click();
    await page.getByTestId('ewo-documents-after').getByText('gear-drawing-C.pdf').waitFor();
    await screenshot(page, 'ewo-documents-zh-CN');

    await (await step(page, 'startFollowUp')).getByTestId('ewo-step-confirm').click();
    await page.getByTestId('ewo-status').filter({ hasText: '跟进中' }).waitFor();
    await page.getByTestId('ewo-tab-followUp-button').click();
    await page.getByTestId('ewo-followup-text').fill('供应商已按新公差调整滚齿工艺，首件检验合格');
    await page.getByTestId('ewo-followup-save').click();
    await page.getByTestId('ewo-timeline').getByText('首件检验合格', { exact: false }).waitFor();

    const request = await step(page, 'submit');
    await pickPerson(page, 'ewo-approver', '孙丽');
    await request.getByTestId('ewo-opinion').fill('首件及 5 件样件导程角均在公差内');
    await request.getByTestId('ewo-step-confirm').click();
    await page.getByTestId('ewo-status').filter({ hasText: '待发布审批' }).waitFor();
    // frozen while sun decides: no edit, no adding
    expect(await page.getByTestId('ewo-edit').count()).toBe(0);
    await page.getByTestId('ewo-tab-publish-button').click();
    await page.getByTestId('ewo-publish-waiting').waitFor();
    await screenshot(page, 'ewo-publish-request-zh-CN');
  });

  it('sun approves publishing from My tasks, with an opinion', async () => {
    const page = await signedIn('sun.approver');
    await page.goto('/systemInfo/ownspaceIndex/myTask');
    const task = page.getByTestId('my-tasks-page').getByRole('row').filter({ hasText: ewoNum }).getByTestId('task-open');
    await task.waitFor();
    expect(await task.innerText()).toContain('审批发布');
    await task.click();
    await waitForPath(page, '/main/ewo/ewoDetail');
    const approve = await step(page, 'approve');
    // an opinion is required
    await approve.getByTestId('ewo-step-confirm').click();
    await approve.getByText('意见：请说明决定的理由。').waitFor();
    await approve.getByTestId('ewo-opinion').fill('同意发布，断点按序列号跟进');
    await approve.getByTestId('ewo-step-confirm').click();
    await page.getByTestId('ewo-status').filter({ hasText: '已发布' }).waitFor();
  });

  it('wang follows the breakpoint up until the change is in effect, and closes it', async () => {
    const page = await signedIn('wang.engineer');
    await page.goto(`/main/ewo/ewoDetail?id=${ewoNum}`);
    await page.getByTestId('ewo-tab-breakpoint-button').click();
    await page.getByTestId('ewo-breakpoint-value').fill('WL26-10500');
    await page.getByTestId('ewo-breakpoint-result').selectOption('notEffective');
    await page.getByTestId('ewo-breakpoint-content').fill('10500 前的库存件仍在线边');
    await page.getByTestId('ewo-breakpoint-save').click();
    await page.getByTestId('ewo-breakpoint-history').getByText('尚未生效', { exact: false }).waitFor();
    expect(await page.getByTestId('ewo-step-close').count()).toBe(0);
    await page.getByTestId('ewo-breakpoint-value').fill('WL26-10620');
    await page.getByTestId('ewo-breakpoint-result').selectOption('effective');
    await page.getByTestId('ewo-breakpoint-content').fill('序列号 10620 起全部装配新公差蜗杆，抽检 20 件合格');
    await page.getByTestId('ewo-breakpoint-save').click();
    await page.getByTestId('ewo-status').filter({ hasText: '断点已确认' }).waitFor();
    await screenshot(page, 'ewo-breakpoint-zh-CN');
    await (await step(page, 'close')).getByTestId('ewo-step-confirm').click();
    await page.getByTestId('ewo-status').filter({ hasText: '变更关闭' }).waitFor();
    await page.getByTestId('ewo-tab-followUp-button').click();
    expect(await page.getByTestId('ewo-timeline').getByTestId('ewo-entry').count()).toBe(7);
    await screenshot(page, 'ewo-closed-zh-CN');
  });

  it('shows the same screens in English', async () => {
    const page = await signedIn('li.engineer', 'en-US');
    await page.goto('/main/ewo');
    await page.getByTestId('ewo-list').getByRole('row').filter({ hasText: ewoNum }).waitFor();
    await screenshot(page, 'ewo-list-en-US');
    await page.getByTestId('ewo-new').click();
    await page.getByTestId('ewo-save').click();
    await page.getByRole('dialog').getByText('Description: say what changes and why.').waitFor();
    await screenshot(page, 'ewo-new-en-US');
    await page.keyboard.press('Escape');
    await page.goto(`/main/ewo/ewoDetail?id=${ewoNum}`);
    expect(await page.getByTestId('ewo-status').innerText()).toBe('Change closed');
    await screenshot(page, 'ewo-detail-en-US');
    await page.getByTestId('ewo-tab-items-button').click();
    await page.getByTestId('ewo-items-fmea').getByRole('row').nth(1).waitFor();
    await screenshot(page, 'ewo-items-en-US');
    await page.getByTestId('ewo-tab-publish-button').click();
    await screenshot(page, 'ewo-publish-en-US');
    await page.getByTestId('ewo-tab-breakpoint-button').click();
    await screenshot(page, 'ewo-breakpoint-en-US');
  });
});

/** The label of the first option of a select that contains `text`. */
async function optionLabel(page: Page, testId: string, text: string): Promise<string> {
  const select = page.getByTestId(testId);
  await select.locator('option', { hasText: text }).first().waitFor({ state: 'attached' });
  return (await select.locator('option', { hasText: text }).first().innerText()).trim();
}
