import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readSheet } from '@fmea/core';
import { screenshot } from './support/browser.ts';
import { createAdministrator } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

const env = useBrowser();

/** The record types in the grid's record-type column. */
const entityCells = (page: Page) => page.getByRole('grid', { name: /Operation log|操作日志/ }).locator('[data-row-key] [data-column-id="entity"]').allInnerTexts();

async function exported(page: Page, header: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('system-log').getByRole('button', { name: /^(Export|导出)$/ }).click()]);
  const path = await download.path();
  const { rows } = await readSheet(new Uint8Array(readFileSync(path!)), [{ key: 'entity', headers: [header] }], undefined, { acceptUnmapped: true });
  return rows.map((r) => r.values.entity);
}

/** The operation log filtered by record type and exported as the filters say, in both languages. */
describe('operation log', () => {
  it('filters by record type and exports the filtered entries', { timeout: 180_000 }, async () => {
    const administrator = await createAdministrator(env.baseURL);
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password, '/main/system/log');
    const log = page.getByTestId('system-log');

    // Chinese: sign-ins are logged as 会话 (session) records
    await log.getByRole('search').getByLabel('记录类型').selectOption('session');
    await log.getByRole('button', { name: '查询' }).click();
    await expect.poll(async () => new Set(await entityCells(page))).toEqual(new Set(['会话']));
    await screenshot(page, 'operation-log-filter-zh');
    const zhRows = await exported(page, '记录类型');
    expect(zhRows.length).toBeGreaterThan(0);
    expect(new Set(zhRows)).toEqual(new Set(['会话']));

    await chooseLanguage(page, 'English');
    await page.goto('/main/system/log');
    await log.getByRole('search').getByLabel('Record type').selectOption('user');
    await log.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(async () => new Set(await entityCells(page))).toEqual(new Set(['User']));
    await screenshot(page, 'operation-log-filter-en');
    expect(new Set(await exported(page, 'Record type'))).toEqual(new Set(['User']));
  });
});
