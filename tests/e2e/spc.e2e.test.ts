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
 * SPC as its users reach it (issue 25): on the demo data, wang.engineer (the housing PFMEA's owner) opens the
 * drifting worm-bore study: the X̄ and R charts with the rule violations marked, Cpk below 1; enters five
 * values, imports a file (a wrong row is named and nothing added, then the good file), freezes the limits
 * (phase II), proposes the occurrence the capability maps to for a cause on the characteristic, and opens an
 * 8D from the signal. Then the capable study in English, and its Cpk beside the causes in the PFMEA's risk grid. One screenshot per language, at 1366×768.
 */
const demo = useDemoServer();
const dir = mkdtempSync(join(tmpdir(), 'fmea-spc-e2e-'));
const badCsv = join(dir, 'bore-bad.csv');
writeFileSync(badCsv, 'subgroup,value\n102,10.004\n102,abc\n');
const goodCsv = join(dir, 'bore.csv');
writeFileSync(goodCsv, ['subgroup,value', '102,10.0051', '102,10.0043', '102,10.0060', '102,10.0038', '102,10.0049'].join('\n'));

async function signedIn(user: string, locale = 'zh-CN'): Promise<Page> {
  const page = await demo.open(locale);
  await startSignedIn(page, user, DEMO_PASSWORD);
  return page;
}

const figure = async (page: Page, key: string) => (await page.getByTestId(`spc-figure-${key}`).locator('dd').innerText()).trim();

describe('an SPC study in the workbench', () => {
  it('wang reads the drifting study, adds and imports data, freezes the limits, proposes O and opens an 8D', async () => {
    const page = await signedIn('wang.engineer');
    await page.goto('/main/spc');
    const list = page.getByTestId('spc-list');
    await list.getByRole('row').filter({ hasText: '蜗杆轴孔直径' }).click();
    await waitForPath(page, '/main/spc/spcStudy');
    const primary = page.getByTestId('spc-chart-primary');
    await primary.locator('canvas').waitFor();
    // every point is in the figures; the rule violations are marked on the chart and listed
    expect(await primary.getAttribute('data-points')).toBe('100');
    expect(Number(await primary.getAttribute('data-violations'))).toBeGreaterThan(0);
    await page.getByTestId('spc-chart-secondary').locator('canvas').waitFor();
    expect(Number(await figure(page, 'cpk'))).toBeLessThan(1);
    expect(await page.getByTestId('spc-violations').innerText()).toContain('连续 9 点落在中心线同一侧');
    await page.getByTestId('spc-histogram').waitFor();
    await screenshot(page, 'spc-study-zh-CN');

    // five values typed in, one subgroup
    await page.getByTestId('spc-enter').click();
    await page.getByTestId('spc-entry-lines').fill(['101, 10.0052', '101, 10.0047', '101, 10.0055', '101, 10.0041', '101, 10.0050'].join('\n'));
    await page.getByTestId('spc-entry-save').click();
    await expect.poll(() => figure(page, 'subgroups')).toBe('101');

    // a file with a wrong row: named, nothing added; then the good file
    await page.getByTestId('spc-import').click();
    await page.getByTestId('spc-import-file').setInputFiles(badCsv);
    await page.getByTestId('spc-import-run').click();
    await page.getByRole('dialog').getByText('第 3 行').waitFor();
    await page.getByTestId('spc-import-file').setInputFiles(goodCsv);
    await page.getByTestId('spc-import-run').click();
    await expect.poll(() => figure(page, 'subgroups')).toBe('102');

    // phase I ends: the limits are frozen from the 102 subgroups
    await page.getByTestId('spc-freeze').click();
    await expect.poll(() => page.getByTestId('spc-phase').innerText()).toContain('第二阶段');

    // the capability proposes a higher O for the insert-wear cause: a proposal to the PFMEA's owner
    const cause = page.getByTestId('spc-cause').filter({ hasText: '精镗刀片磨损' });
    await cause.getByTestId('spc-propose').click();
    await page.getByText('已向 PFMEA 负责人建议 O 5').waitFor();

    // the signal opens an 8D, prefilled from the study, and the study links it
    await page.getByTestId('spc-open-problem').click();
    expect(await page.getByTestId('spc-problem-brief').inputValue()).toContain('蜗杆轴孔直径');
    await page.getByTestId('spc-problem-save').click();
    await page.getByTestId('spc-problem-link').waitFor();
    expect(await page.getByTestId('spc-problem-link').innerText()).toMatch(/RS\d+/);
  });

  it('the capable study reads the same in English, proposing O 2', async () => {
    const page = await signedIn('li.engineer', 'en-US');
    await page.goto('/main/spc');
    await page.getByTestId('spc-list').getByRole('row').filter({ hasText: '蜗杆轴孔与蜗轮轴孔中心距' }).click();
    await waitForPath(page, '/main/spc/spcStudy');
    await page.getByTestId('spc-chart-primary').locator('canvas').waitFor();
    expect(await page.getByTestId('spc-phase').innerText()).toBe('Phase II: judged against frozen limits');
    expect(Number(await figure(page, 'cpk'))).toBeGreaterThan(1.67);
    expect(await figure(page, 'o')).toBe('2');
    await page.getByTestId('spc-histogram').waitFor();
    await screenshot(page, 'spc-study-en-US');

    // the PFMEA's risk grid shows the measured capability beside the causes on the characteristic
    await page.getByTestId('spc-pfmea-link').click();
    const badge = page.getByTestId('spc-badge').filter({ hasText: 'Cpk 1.80 · O 2' }).first();
    await badge.waitFor();
    expect(await badge.getAttribute('title')).toContain('蜗杆轴孔与蜗轮轴孔中心距');
  });
});
