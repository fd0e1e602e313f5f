import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { openArea, startSignedIn } from './support/flows.ts';
import { textOf, useBrowser, waitForPath } from './support/suite.ts';
import { findLayoutProblems } from './screens/layout-checks.ts';

const env = useBrowser();
const PASSWORD = 'Prob#e2E7wQz!';

/** Chooses a step in the stepper and waits for its panel. */
async function choose(page: Page, step: string): Promise<void> {
  await page.getByTestId(`step-${step}`).click();
  await page.locator(`[data-testid="step-panel"][data-step="${step}"]`).waitFor();
}

/** Starts the chosen step and waits until the stepper shows it in progress. */
async function start(page: Page, step: string): Promise<void> {
  await choose(page, step);
  await page.getByTestId('step-start').click();
  await expect.poll(() => page.getByTestId(`step-${step}`).getAttribute('data-state')).toBe('inProgress');
}

async function save(page: Page): Promise<void> {
  await page.getByTestId('step-save').click();
  await expect.poll(() => page.getByTestId('step-save').isDisabled()).toBe(true);
}

async function finish(page: Page, step: string): Promise<void> {
  await page.getByTestId('step-finish').click();
  await expect.poll(() => page.getByTestId(`step-${step}`).getAttribute('data-state')).toBe('done');
}

/** Adds one action to the open step's action table. */
async function addAction(page: Page, step: string, words: string): Promise<void> {
  await page.getByTestId(`actions-${step}-add`).click();
  await page.getByTestId(`actions-${step}-description`).last().fill(words);
}

async function layoutProblems(page: Page, locale: 'zh-CN' | 'en-US') {
  await expect.poll(() => page.locator('.toast').count(), { timeout: 20_000 }).toBe(0);
  return findLayoutProblems(page, locale);
}

/**
 * A quality engineer runs an 8D in the browser (issue 24): creates the problem, works the disciplines in
 * order (a later step waits for an unfinished earlier one and says so), builds the Ishikawa board and a
 * 5-why chain in D4 and marks the verified root causes, submits the 8D report to the quality manager, who
 * releases it; the problem page and the board are looked at in both languages at 1366×768.
 */
describe('problem handling (8D) in the workbench', () => {
  it('runs a problem through D0–D7B in order, with 5-why and Ishikawa, and gets its 8D report released', async () => {
    const engineerName = uniqueName('qe-');
    const managerName = uniqueName('qm-');
    const { engineerRole, managerRole } = await asAdmin(env.baseURL, async (admin) => ({
      engineerRole: await createRole(admin, uniqueName('Quality engineer '), [{ routeName: 'problem_index', buttons: ['add', 'edit', 'del', 'export'] }]),
      managerRole: await createRole(admin, uniqueName('Quality manager '), [{ routeName: 'problem_index', buttons: ['edit', 'export', 'audit'] }]),
    }));
    await createReadyUser(env.baseURL, { userName: engineerName, realName: 'Engineer Lin', password: PASSWORD, roleIds: [engineerRole.id] });
    await createReadyUser(env.baseURL, { userName: managerName, realName: 'Manager Zhao', password: PASSWORD, roleIds: [managerRole.id] });

    const { page } = await env.open({ locale: 'en-US', width: 1366, height: 768 });
    await startSignedIn(page, engineerName, PASSWORD);
    await openArea(page, 'problem_index');
    await page.getByTestId('problem-list').waitFor();
    const brief = uniqueName('Window lifter stalls at low temperature ');
    await page.getByTestId('problem-new').click();
    // saved empty: the form says what is missing, and nothing is created
    await page.getByTestId('problem-save').click();
    await expect.poll(() => page.locator('.field-error').count()).toBe(3);
    await page.getByTestId('problem-brief').fill(brief);
    await page.getByTestId('problem-type').selectOption('designProblem');
    await page.getByTestId('problem-source').selectOption('field');
    await page.getByTestId('problem-part').fill('WL-2291');
    // the responsible person leads the team and owns the steps
    await page.getByTestId('problem-responsible').selectOption({ label: `Engineer Lin (${engineerName})` });
    await page.getByTestId('problem-save').click();
    await waitForPath(page, '/main/problem/problemDetail');
    await page.getByTestId('problem-page').waitFor();
    expect(await textOf(page.getByTestId('problem-status'))).toBe('Open');

    // D0: emergency response
    await start(page, 'D0');
    await addAction(page, 'D0', 'Stop shipping lot 2291 and inform the customer');
    await save(page);
    await finish(page, 'D0');

    // D2 waits for D1: the stepper and the panel say so, and the step cannot start
    await choose(page, 'D2');
    expect(await page.getByTestId('step-D2').getAttribute('data-blocked')).toBe('true');
    expect(await textOf(page.getByTestId('step-blocked'))).toBe('D2 cannot start or finish yet: D1 is not done. Unfinished earlier steps block an operation.');
    expect(await page.getByTestId('step-start').isDisabled()).toBe(true);

    // D1: the team
    await start(page, 'D1');
    const rows = page.getByTestId('team-row');
    const before = await rows.count();
    await page.getByTestId('team-add').click();
    await page.getByTestId('team-user').last().selectOption({ label: `Manager Zhao (${managerName})` });
    await page.getByTestId('team-role').last().selectOption('champion');
    await page.getByTestId('team-duty').last().fill('Quality');
    await save(page);
    await expect.poll(() => rows.count()).toBe(before + 1);
    await finish(page, 'D1');

    // D2: is / is not
    await start(page, 'D2');
    await page.getByTestId('is-what').fill('Window stalls half-way when closing');
    await page.getByTestId('is-not-what').fill('Opening works; no noise');
    await page.getByTestId('is-when').fill('Below −10 °C');
    await page.getByTestId('is-not-when').fill('At room temperature');
    await save(page);
    await finish(page, 'D2');

    // D3: containment
    await start(page, 'D3');
    await addAction(page, 'D3', 'Sort stock at the plant and the customer, 100 % cold test');
    await save(page);
    await finish(page, 'D3');

    // D4: the Ishikawa board (mouse for one cause, keyboard for the other) and a 5-why chain
    await start(page, 'D4');
    const board = page.getByTestId('fishbone');
    await board.locator('[data-focus-id="machine"]').click();
    await page.getByTestId('fishbone-text').fill('Motor torque margin too low when cold');
    await page.getByTestId('fishbone-save').click();
    await board.locator('[data-focus-id="material"]').click();
    await page.getByTestId('fishbone-text').fill('Grease viscosity rises below −10 °C');
    await page.keyboard.press('Enter');
    await board.locator('[data-focus-id="method"]').click();
    await page.getByTestId('fishbone-text').fill('Cold test not in the validation plan');
    await page.getByTestId('fishbone-save').click();
    // the keyboard: from the material bone's label down to its cause, R marks it as the verified root cause
    await board.locator('[data-focus-id="material"]').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('r');
    await expect.poll(() => board.locator('[data-root]').getAttribute('data-cause')).toBe('Grease viscosity rises below −10 °C');
    await page.getByTestId('five-why-new-chain').click();
    const answers = page.getByTestId('five-why-answer');
    await answers.last().fill('The motor cannot overcome the friction');
    await page.getByTestId('five-why-add').click();
    await answers.last().fill('The grease stiffens in the cold');
    await page.getByTestId('five-why-add').click();
    await answers.last().fill('The grease was chosen without a low-temperature requirement');
    await page.getByTestId('five-why-root').click();
    await save(page);
    // saved and read back: the root cause is still marked
    await expect.poll(() => board.locator('[data-root]').count()).toBe(1);
    expect(await page.getByTestId('five-why-root-tag').count()).toBe(1);
    await board.scrollIntoViewIfNeeded();
    const boardEn = await layoutProblems(page, 'en-US');
    await board.screenshot({ path: await screenshot(page, 'problem-ishikawa-en-US') });
    expect(boardEn).toEqual([]);
    await finish(page, 'D4');

    // D5 to D7B
    await start(page, 'D5');
    await addAction(page, 'D5', 'Change to a low-temperature grease');
    await save(page);
    await finish(page, 'D5');
    await start(page, 'D6');
    await addAction(page, 'D6', 'Cold chamber test of 30 lifters at −30 °C');
    await save(page);
    await finish(page, 'D6');
    await start(page, 'D7A');
    await addAction(page, 'D7A', 'Add the cold requirement to the grease specification and the DFMEA');
    await save(page);
    await start(page, 'D7B');
    await addAction(page, 'D7B', 'Check the seat adjuster, which uses the same grease');
    await save(page);
    await finish(page, 'D7B');
    await choose(page, 'D7A');
    await finish(page, 'D7A');

    await page.evaluate(() => window.scrollTo(0, 0));
    const pageEn = await layoutProblems(page, 'en-US');
    await screenshot(page, 'problem-detail-en-US');
    expect(pageEn).toEqual([]);

    // the report goes to the quality manager
    await page.getByTestId('problem-submit').click();
    await page.getByTestId('problem-approver').selectOption({ label: `Manager Zhao (${managerName})` });
    await page.getByTestId('problem-review-confirm').click();
    await expect.poll(() => textOf(page.getByTestId('problem-status'))).toBe('Under review');
    const problemUrl = page.url();

    // the manager reads it in Chinese and releases it; a rejection would need an opinion
    const { page: manager } = await env.open({ locale: 'zh-CN', width: 1366, height: 768 });
    await startSignedIn(manager, managerName, PASSWORD);
    await manager.goto(problemUrl);
    await manager.getByTestId('problem-page').waitFor();
    await manager.getByTestId('problem-reject').click();
    await manager.getByTestId('problem-review-confirm').click();
    await expect.poll(() => manager.locator('.field-error').count()).toBe(1);
    await manager.keyboard.press('Escape');
    await manager.getByTestId('problem-approve').click();
    await manager.getByTestId('problem-opinion').fill('根因已验证，同意发布');
    await manager.getByTestId('problem-review-confirm').click();
    await expect.poll(() => textOf(manager.getByTestId('problem-status'))).toBe('已发布');
    await choose(manager, 'D4');
    const pageZh = await layoutProblems(manager, 'zh-CN');
    await screenshot(manager, 'problem-detail-zh-CN');
    expect(pageZh).toEqual([]);
    const boardZh = manager.getByTestId('fishbone');
    await boardZh.scrollIntoViewIfNeeded();
    await boardZh.screenshot({ path: await screenshot(manager, 'problem-ishikawa-zh-CN') });

    // D8: closing waits 30 days after D6, and says until when; the closed-loop decision needs a reason to change
    await choose(manager, 'D8');
    expect(await textOf(manager.getByTestId('closure-wait'))).toMatch(/^D6 完成 30 天后才允许关闭：自 \d{4}-\d{2}-\d{2} 起，还有 30 天。$/);
    await manager.getByTestId('closed-loop-yes').click();
    await manager.getByTestId('closed-loop-save').click();
    await expect.poll(() => textOf(manager.getByTestId('problem-closed-loop'))).toBe('闭环');
    await manager.getByTestId('closed-loop-no').click();
    await manager.getByTestId('closed-loop-save').click();
    expect(await textOf(manager.getByTestId('close-panel').getByTestId('form-error'))).toBe('原因：请说明更改闭环决定的理由。');
    await manager.getByTestId('closed-loop-reason').fill('控制计划尚未更新');
    await manager.getByTestId('closed-loop-save').click();
    await expect.poll(() => textOf(manager.getByTestId('problem-closed-loop'))).toBe('未闭环');

    // the printable report
    await manager.getByTestId('problem-report').click();
    await manager.getByTestId('problem-report-page').waitFor();
    expect(await manager.locator('.report-step').count()).toBe(10);
    await manager.emulateMedia({ media: 'print' });
    await screenshot(manager, 'problem-report-print-zh-CN');
    await manager.emulateMedia({ media: 'screen' });

    // another engineer with the delete button, but neither its creator nor an audit holder: the server refuses, in its words
    const otherName = uniqueName('qe-');
    await createReadyUser(env.baseURL, { userName: otherName, realName: 'Engineer Sun', password: PASSWORD, roleIds: [engineerRole.id] });
    const { page: other } = await env.open({ locale: 'en-US', width: 1366, height: 768 });
    await startSignedIn(other, otherName, PASSWORD);
    await openArea(other, 'problem_index');
    await other.getByTestId('problem-list').waitFor();
    const row = other.getByRole('row').filter({ hasText: brief });
    await row.getByTestId('problem-delete').click();
    await other.getByTestId('confirm-dialog').locator('.btn-danger').click();
    await expect.poll(() => textOf(other.locator('.toast').first())).toContain('Insufficient authority to open, modify or delete a problem');
    expect(await other.getByRole('row').filter({ hasText: brief }).count()).toBe(1);
  });
});
