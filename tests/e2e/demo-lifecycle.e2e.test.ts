import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, useDemoServer } from './support/demo.ts';
import { startSignedIn } from './support/flows.ts';
import { waitForPath } from './support/suite.ts';

/**
 * The demo data as a new user meets it (issue #14, "tried as a new user
 * would"): a fresh database seeded with `fmea db seed --fixtures demo`, its
 * own server, the demo users signing in. The reviewer finds the gearbox
 * DFMEA waiting in My tasks; the owner follows the reviewer's mention to the
 * commented row of the released window-lifter DFMEA and compares BL1 with BL2.
 */
const demo = useDemoServer();
const open = (locale: string) => demo.open(locale, { width: 1400, height: 900 });

describe('the demo lifecycle in the workbench', () => {
  it('zhao.reviewer finds the gearbox DFMEA waiting for his opinion in My tasks and opens it', async () => {
    const page = await open('zh-CN');
    await startSignedIn(page, 'zhao.reviewer', DEMO_PASSWORD, '/systemInfo/ownspaceIndex/myTask');
    // the task names the step and role; its row names the project
    const row = page.getByTestId('my-tasks-page').getByRole('row').filter({ hasText: '蜗轮蜗杆减速器（后门升降器）' });
    const task = row.getByTestId('task-open');
    await task.waitFor();
    expect(await task.innerText()).toContain('质量');
    await screenshot(page, 'demo-my-tasks-zh-CN');
    await task.click();
    await waitForPath(page, '/main/dfmea/dfmeaProject');
    await page.getByTestId('dfmea-project').waitFor();
    expect(await page.locator('.dfmea-project-name').innerText()).toBe('蜗轮蜗杆减速器（后门升降器）');
  });

  it('li.engineer follows the mention to the commented row, then compares BL1 with BL2 of the released DFMEA', async () => {
    const page = await open('zh-CN');
    await startSignedIn(page, 'li.engineer', DEMO_PASSWORD, '/systemInfo/ownspaceIndex/myMessage');
    const message = page.getByTestId('my-messages-page').getByTestId('message-open').filter({ hasText: '提到了您' });
    await message.first().waitFor();
    await message.first().click();
    await waitForPath(page, '/main/dfmea/dfmeaProject');
    const thread = page.getByTestId('row-panel');
    await thread.waitFor();
    await thread.getByTestId('row-comment').filter({ hasText: '过载试验只在常温下做' }).waitFor();
    expect(await thread.getByTestId('row-comment').count()).toBe(2);
    await screenshot(page, 'demo-comment-thread-zh-CN');
    await page.keyboard.press('Escape');
    expect(await page.locator('.dfmea-project-name').innerText()).toBe('前门电动车窗升降器');

    await page.getByTestId('baselines-open').click();
    await page.getByTestId('baseline-row-BL2').waitFor();
    await page.getByTestId('baseline-row-BL1').waitFor();
    await page.getByTestId('baseline-from').selectOption({ label: 'BL1 (A1/1)' });
    await page.getByTestId('baseline-to').selectOption({ label: 'BL2 (A2/2)' });
    await page.getByTestId('baseline-compare').click();
    const diff = page.getByTestId('baseline-diff');
    await diff.waitFor();
    const action = diff.getByTestId('baseline-diff-item').filter({ hasText: '蜗轮材料由 PA66 改为 PA66-GF30' });
    await action.waitFor();
    expect(await action.locator('[data-field="raOccurrence"] ins').innerText()).toBe('2');
    await screenshot(page, 'demo-baseline-diff-zh-CN');
  });
});
