/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, useDemoServer } from './support/demo.ts';
import { startSignedIn } from './support/flows.ts';
import { textOf } from './support/suite.ts';

/**
 * The FTA links on the FMEA side (issue 23: "show in the FMEA which cut sets a cause belongs to … a change on
 * one side marks the other for review"), on the demo data: the window-lifter DFMEA and its fault tree "the
 * window closes on an obstacle" (fixtures/src/demo-fta), generated from effect VE3 and refined (an AND with the
 * obstacle; the Hall signal's loss at 200 FIT over 8,760 h). li.engineer reads in the risk step which cut sets
 * the Hall cause is in, changes its occurrence and sees the review mark with his name; a user without the FTA
 * route sees none of it; "Generate fault tree" opens the new tree.
 */
const DFMEA_NAME = '前门电动车窗升降器';
const HALL = '霍尔信号缺失或不稳定';
const OBSTACLE = '关窗时乘员手指、手臂或颈部位于窗口';
let projectId: string;
// the demo DFMEA is released; its responsible engineer revokes the release so it can be changed again
const demo = useDemoServer(async (baseURL) => {
  const li = await apiLogin(baseURL, 'li.engineer', DEMO_PASSWORD);
  const list = await li.post<{ items: { id: string; name: string }[] }>('/api/project/list', { tab: 'all', projectType: 'dfmea', page: 1, limit: 50 });
  projectId = list.items.find((p) => p.name === DFMEA_NAME)!.id;
  await li.post('/api/project/review/revoke', { projectId });
  await li.logout();
});
const open = (locale: string) => demo.open(locale, { width: 1366, height: 768 });

const riskStep = (page: Page) => page.goto(`/main/dfmea/dfmeaProject?projectId=${projectId}&rightType=risk`);

/** The first grid row whose cause is `cause`, scrolled to (the grid renders only the rows in view). */
async function rowOf(page: Page, cause: string) {
  const rows = page.locator('.dfmea-risk [role="row"][data-row-key]');
  await rows.first().waitFor();
  const row = rows.filter({ has: page.locator('[data-column-id="cause"]', { hasText: cause }) }).first();
  for (let i = 0; i < 60 && (await row.count()) === 0; i++) await page.locator('.dfmea-risk .fmea-grid__scroll').evaluate((el) => el.scrollBy(0, 300));
  await row.waitFor();
  return row;
}

describe('fault trees in the DFMEA', () => {
  it('li.engineer sees which cut sets the Hall cause is in, and a review mark with his name once he changes its occurrence', async () => {
    const page = await open('zh-CN');
    await startSignedIn(page, 'li.engineer', DEMO_PASSWORD);
    await riskStep(page);
    const badge = page.getByTestId('fta-review-badge');
    await badge.waitFor();
    expect([await textOf(badge), await badge.getAttribute('data-review')]).toEqual(['FTA：1 个故障树', '0']);

    const row = await rowOf(page, HALL);
    const marker = row.locator('[data-column-id="cause"] [data-testid^="fta-marker-"]');
    expect(await marker.getAttribute('data-review')).toBe('0');
    await marker.click();
    const panel = page.getByTestId('fta-links-panel');
    const tree = panel.locator('[data-testid^="fta-tree-FT"]');
    await tree.waitFor();
    const treeLink = tree.getByTestId('fta-tree-open');
    const ftaNum = await textOf(treeLink);
    expect(ftaNum).toMatch(/^FT\d{10}$/);
    expect(await treeLink.getAttribute('href')).toBe(`/main/ftaIndex/ftaTree?id=${ftaNum}`);
    expect(await textOf(tree.locator('h3'))).toBe(`${ftaNum} 关窗时夹伤乘员（防夹功能失效）`);
    // the refined tree: the injury needs the obstacle AND the Hall signal's loss (1 − e^(−2e-7·8760) ≈ 1.75e-3);
    // a cut set's events in the order of their names in the tree (FC1, OBSTACLE), as the engine lists them
    const sets = tree.getByTestId('fta-cut-set');
    expect(await sets.count()).toBe(1);
    expect((await sets.first().locator('td').allInnerTexts()).map((s) => s.trim())).toEqual([`${HALL} · ${OBSTACLE}`, '2', '1.75e-5']);
    expect(await textOf(tree.getByTestId('fta-event-probability'))).toBe('0.00175');
    expect(await tree.getByTestId('fta-review-mark').count()).toBe(0);
    await screenshot(page, 'fta-links-cut-sets-zh-CN');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // the FMEA side changes: O of the Hall cause, typed in the grid
    const occurrence = row.locator('[data-column-id="occurrence"]');
    const before = (await textOf(occurrence)) || '3';
    await occurrence.dblclick();
    await occurrence.locator('input').fill(before === '5' ? '6' : '5');
    await occurrence.locator('input').press('Enter');
    await expect.poll(() => marker.getAttribute('data-review'), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => badge.getAttribute('data-review')).toBe('1');
    expect(await textOf(badge)).toBe('FTA：1 个条目待评审');
    await marker.scrollIntoViewIfNeeded();
    await screenshot(page, 'fta-links-marker-zh-CN');

    await marker.click();
    const mark = panel.getByTestId('fta-review-mark');
    await mark.waitFor();
    expect(await mark.locator('[data-reason]').getAttribute('data-reason')).toBe('fmeaChanged');
    expect(await textOf(mark)).toMatch(/^需要评审： 已由 李伟 于 .+ 在 FMEA 中修改。/);
    // the cut sets stay readable beside the mark
    expect(await panel.getByTestId('fta-cut-set').count()).toBe(1);
    await screenshot(page, 'fta-links-review-zh-CN');
  });

  it('reads the same in English, and Generate fault tree opens the new tree', async () => {
    const page = await open('en-US');
    await startSignedIn(page, 'li.engineer', DEMO_PASSWORD);
    await riskStep(page);
    const badge = page.getByTestId('fta-review-badge');
    await badge.waitFor();
    expect(await textOf(badge)).toBe('FTA: 1 item to review');
    const row = await rowOf(page, HALL);
    await row.locator('[data-column-id="cause"] [data-testid^="fta-marker-"]').click();
    const panel = page.getByTestId('fta-links-panel');
    await panel.getByTestId('fta-review-mark').waitFor();
    expect(await textOf(panel.getByTestId('fta-review-mark'))).toMatch(/^Review needed: Changed in the FMEA by 李伟 at .+\. Whoever holds the tree’s edit button marks it reviewed on the tree page\.$/);
    expect(await textOf(panel.locator('.fta-cut-sets th'))).toBe('Minimal cut set');
    await screenshot(page, 'fta-links-review-en-US');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    // the chain's effect is the tree's top event: its marker says so
    await row.locator('[data-column-id="effect"] [data-testid^="fta-marker-"]').click();
    expect(await textOf(panel.locator('.fta-note'))).toBe('The top event of this tree: its cut sets are all of the tree’s (open the tree to read them).');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    await page.getByTestId('fta-generate').click();
    const effect = page.getByTestId('fta-generate-effect');
    await effect.waitFor();
    // VE4, an effect no tree is generated from yet
    const option = effect.locator('option', { hasText: '无障碍物时车窗自动重新打开' });
    await option.waitFor({ state: 'attached' });
    await effect.selectOption((await option.getAttribute('value'))!);
    await screenshot(page, 'fta-generate-en-US');
    await page.getByTestId('fta-generate-run').click();
    await page.waitForURL((url) => url.pathname === '/main/ftaIndex/ftaTree');
    expect(new URL(page.url()).searchParams.get('id')).toMatch(/^FT\d{10}$/);
  });

  it('shows nothing of the fault trees to an approver without the FTA route', async () => {
    const page = await open('zh-CN');
    await startSignedIn(page, 'sun.approver', DEMO_PASSWORD);
    await riskStep(page);
    await rowOf(page, HALL);
    expect(await page.getByTestId('fta-review-badge').count()).toBe(0);
    expect(await page.locator('[data-testid^="fta-marker-"]').count()).toBe(0);
    expect(await page.getByTestId('fta-generate').count()).toBe(0);
  });
});
