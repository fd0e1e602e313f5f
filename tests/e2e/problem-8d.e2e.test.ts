import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, uniqueName } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, useDemoServer } from './support/demo.ts';
import { openArea, startSignedIn } from './support/flows.ts';
import { textOf, waitForPath } from './support/suite.ts';
import { findLayoutProblems } from './screens/layout-checks.ts';

/** The demo's closed 8D (fixtures/src/demo-problem): winter false reversal of the window lifter, closed 35 days ago. */
const CLOSED_BRIEF = '冬季无障碍物时车窗自动反转（误防夹）';
let closedId: string;
const demo = useDemoServer(async (baseURL) => {
  const li = await apiLogin(baseURL, 'li.engineer', DEMO_PASSWORD);
  const list = await li.post<{ items: { id: string; brief: string }[] }>('/api/problem/list', { page: 1, limit: 50, status: ['closed'] });
  closedId = list.items.find((p) => p.brief === CLOSED_BRIEF)!.id;
  await li.logout();
});
/** A tab at 1366×768 (the page and its tab, as the browser tests name them). */
const env = {
  get baseURL() {
    return demo.baseURL;
  },
  open: async ({ locale }: { locale: string; width?: number; height?: number }) => ({ page: await demo.open(locale, { width: 1366, height: 768 }) }),
};

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
    const { page } = await env.open({ locale: 'en-US', width: 1366, height: 768 });
    await startSignedIn(page, 'li.engineer', DEMO_PASSWORD);
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
    await page.getByTestId('problem-responsible').selectOption({ label: '李伟 (li.engineer)' });
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
    await page.getByTestId('team-user').last().selectOption({ label: '赵强 (zhao.reviewer)' });
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
    // the keyboard: from the material bone's label down to its cause, R marks it as the verified root cause.
    // Each key waits for the board to have moved the focus (it does so on the next frame, after a re-render).
    const focused = (target: ReturnType<typeof board.locator>) => expect.poll(() => target.evaluate((el) => el === document.activeElement)).toBe(true);
    await board.locator('[data-cause="Cold test not in the validation plan"]').waitFor();
    const materialBone = board.locator('[data-focus-id="material"]');
    await materialBone.focus();
    await focused(materialBone);
    await page.keyboard.press('ArrowDown');
    await focused(board.locator('[data-cause="Grease viscosity rises below −10 °C"]'));
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

    // the 8D workbook, laid out as a customer's 8D form
    const [workbook] = await Promise.all([page.waitForEvent('download'), page.getByTestId('problem-export').click()]);
    expect(workbook.suggestedFilename()).toMatch(/^RS\d+-8D\.xlsx$/);

    // the report goes to the quality manager
    await page.getByTestId('problem-submit').click();
    await page.getByTestId('problem-approver').selectOption({ label: '赵强 (zhao.reviewer)' });
    await page.getByTestId('problem-review-confirm').click();
    await expect.poll(() => textOf(page.getByTestId('problem-status'))).toBe('Under review');
    const problemUrl = page.url();

    // the manager reads it in Chinese and releases it; a rejection would need an opinion
    const { page: manager } = await env.open({ locale: 'zh-CN', width: 1366, height: 768 });
    await startSignedIn(manager, 'zhao.reviewer', DEMO_PASSWORD, problemUrl);
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
    // the whole D4 panel: both tools, the 5-why chain, the FMEA change proposals under them
    await manager.getByTestId('step-panel').screenshot({ path: await screenshot(manager, 'problem-d4-zh-CN') });

    // the printable report
    await manager.getByTestId('problem-report').click();
    await manager.getByTestId('problem-report-page').waitFor();
    expect(await manager.locator('.report-step').count()).toBe(10);
    // people by their real names (who released it, who finished the steps), never their logins
    const report = await manager.getByTestId('problem-report-page').innerText();
    expect(report).toContain('赵强');
    expect(report).not.toMatch(/zhao\.reviewer|li\.engineer/);
    await manager.emulateMedia({ media: 'print' });
    await screenshot(manager, 'problem-report-print-zh-CN');
    await manager.emulateMedia({ media: 'screen' });

    // D8, back with the engineer: closing waits 30 days after D6 and says until when; the closed-loop decision needs a reason to change
    await page.reload();
    await page.getByTestId('problem-page').waitFor();
    expect(await textOf(page.getByTestId('problem-status'))).toBe('Released');
    await choose(page, 'D8');
    expect(await textOf(page.getByTestId('closure-wait'))).toMatch(/^Closing is allowed 30 days after D6: from \d{4}-\d{2}-\d{2}, 30 days from now\.$/);
    expect(await page.getByTestId('problem-close').isDisabled()).toBe(true);
    await page.getByTestId('closed-loop-yes').click();
    await page.getByTestId('closed-loop-save').click();
    await expect.poll(() => textOf(page.getByTestId('problem-closed-loop'))).toBe('Closed loop');
    await page.getByTestId('closed-loop-no').click();
    await page.getByTestId('closed-loop-save').click();
    expect(await textOf(page.getByTestId('close-panel').getByTestId('form-error'))).toBe('Reason: say why the closed-loop decision changes.');
    await page.getByTestId('closed-loop-reason').fill('The control plan is not updated yet');
    await page.getByTestId('closed-loop-save').click();
    await expect.poll(() => textOf(page.getByTestId('problem-closed-loop'))).toBe('Not closed loop');

    // another engineer with the delete button, but neither its creator nor an audit holder: the server refuses, in its words
    const { page: other } = await env.open({ locale: 'en-US' });
    await startSignedIn(other, 'wang.engineer', DEMO_PASSWORD);
    await openArea(other, 'problem_index');
    await other.getByTestId('problem-list').waitFor();
    await other.getByRole('row').filter({ hasText: brief }).waitFor();
    const listEn = await layoutProblems(other, 'en-US');
    await screenshot(other, 'problem-list-en-US');
    expect(listEn).toEqual([]);
    const row = other.getByRole('row').filter({ hasText: brief });
    await row.getByTestId('problem-delete').click();
    await other.getByTestId('confirm-dialog').locator('.btn-danger').click();
    await expect.poll(() => textOf(other.locator('.toast').first())).toContain('Insufficient authority to open, modify or delete a problem');
    expect(await other.getByRole('row').filter({ hasText: brief }).count()).toBe(1);

    // the customer problems: the same list over customer problems only, a new one names its customer
    await other.locator('nav.sub-nav').getByText('Customer problems').click();
    await other.getByTestId('customer-problem-list').waitFor();
    expect(await other.getByRole('row').filter({ hasText: brief }).count()).toBe(0);
    await other.getByTestId('problem-new').click();
    await other.getByTestId('problem-brief').fill(uniqueName('Door seal squeaks '));
    await other.getByTestId('problem-type').selectOption('produceProblem');
    await other.getByTestId('problem-save').click();
    await expect.poll(() => textOf(other.locator('.field-error .field-message'))).toBe('Customer: name the customer who reported the problem.');
    await other.getByTestId('problem-customer').fill('FAW-VW');
    await other.getByTestId('problem-save').click();
    await waitForPath(other, '/main/problem/problemDetail');
    await expect.poll(() => textOf(other.locator('.problem-meta'))).toContain('Customer problem: FAW-VW');
  });

  it('pushes the lesson of the demo’s closed 8D to the experience library, and shows its board and report in Chinese', async () => {
    const { page } = await env.open({ locale: 'zh-CN' });
    await startSignedIn(page, 'li.engineer', DEMO_PASSWORD, `/main/problem/problemDetail?id=${closedId}`);
    await page.getByTestId('problem-page').waitFor();
    expect(await textOf(page.getByTestId('problem-status'))).toBe('已关闭');
    // every step done; the page opens at D8 with the closing
    expect(await page.locator('[data-testid^="step-D"][data-state="done"]').count()).toBe(10);
    expect(await textOf(page.getByTestId('closed-note'))).toMatch(/^已于 \d{4}-\d{2}-\d{2} 由 .+ 关闭。$/);
    await choose(page, 'D4');
    const board = page.getByTestId('fishbone');
    expect(await board.locator('[data-root]').count()).toBe(1);
    const problems = await layoutProblems(page, 'zh-CN');
    await board.scrollIntoViewIfNeeded();
    await board.screenshot({ path: await screenshot(page, 'problem-demo-ishikawa-zh-CN') });
    expect(problems).toEqual([]);
    await page.getByTestId('rca-track-detection').click();
    expect(await board.locator('[data-root]').getAttribute('data-cause')).toBe('冬季道路试验只在 −20 °C 以上进行，未覆盖结冰工况');

    // the lesson, drafted from the 8D, goes to the experience library's review
    await page.getByTestId('problem-experience').click();
    expect(await page.getByTestId('lesson-failure').inputValue()).toBe(CLOSED_BRIEF);
    expect(await page.getByTestId('lesson-cause').inputValue()).toContain('密封条结冰使关窗摩擦力升高');
    await page.getByTestId('experience-push').click();
    await expect.poll(() => textOf(page.locator('.toast').first())).toMatch(/^经验教训 EX\d+ 已提交经验库审核$/);
    await page.getByTestId('problem-experience').waitFor({ state: 'detached' });

    await page.getByTestId('problem-report').click();
    await page.getByTestId('problem-report-page').waitFor();
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'problem-demo-report-print-zh-CN');
  });
});
