import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { asAdmin, createAdministrator, uniqueName } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { textOf, useBrowser } from './support/suite.ts';

const env = useBrowser();
const PAGE = '/main/knowledge/invalidMode';

/** The failure-mode workbook "export all" downloads: its header and the row of the record with this description. */
async function exported(page: Page, description: string): Promise<{ header: string[]; row: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('catalog-export-all').click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  let mine = 0;
  sheet.eachRow((r, n) => (cells(n).includes(description) ? (mine = n) : undefined));
  return { header: cells(1), row: cells(mine) };
}

/** Opens the record's details and answers the text the dialog shows for the field with this label. */
async function detailsValue(page: Page, description: string, label: string): Promise<string> {
  await page.locator('[data-testid="catalog-invalidMode"] [role="row"]', { hasText: description }).getByTestId('catalog-open').click();
  const details = page.getByRole('dialog').getByTestId('catalog-details');
  const value = details.locator('.catalog-value', { has: page.locator('dt', { hasText: label }) }).locator('dd');
  await expect.poll(() => textOf(value)).not.toBe('');
  return textOf(value);
}

/**
 * Issue #26 on catalog records: an administrator adds a custom field to catalogs (System ›
 * Customisation forms), fills it in on a failure mode, sees it in the record's details and in the
 * exported workbook (a column after the record's own), in both languages. The value is cleared and
 * the field deleted at the end: other files share the server.
 */
describe('custom fields on catalog records', () => {
  it('an added catalog field is filled in the record form, shown in the details and exported', { timeout: 240_000 }, async () => {
    const administrator = await createAdministrator(env.baseURL);
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password);
    const systemName = `lot${Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

    // the administrator adds the field to catalogs (Chinese)
    await page.goto('/main/system/customForm');
    const admin = page.getByTestId('system-custom-forms');
    await admin.waitFor();
    await page.getByTestId('custom-field-entity').selectOption('catalog');
    await page.getByTestId('custom-field-add').click();
    await page.getByTestId('custom-field-systemName').fill(systemName);
    await page.getByTestId('custom-field-alias').fill('批次号');
    await page.getByTestId('custom-field-aliasEn').fill('Lot number');
    await page.getByTestId('custom-field-save').click();
    await admin.getByRole('gridcell', { name: systemName }).waitFor();

    // a failure mode with the field filled in
    const description = uniqueName('衬套磨损 ');
    await page.goto(PAGE);
    await page.getByTestId('catalog-invalidMode').waitFor();
    await page.getByTestId('catalog-new').click();
    const form = page.getByRole('dialog');
    await form.getByTestId('catalog-field-invalidmode').fill(description);
    await form.getByTestId(`custom-field-${systemName}`).fill('LOT-7');
    await form.getByTestId('catalog-save').click();
    await form.waitFor({ state: 'hidden' });
    await page.getByTestId('catalog-search').fill(description);
    await page.getByTestId('catalog-search').press('Enter');

    // the details show it under its alias; the export has its column after the record's own
    expect(await detailsValue(page, description, '批次号')).toBe('LOT-7');
    await screenshot(page, 'catalog-custom-field-details-zh-CN');
    await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
    const zh = await exported(page, description);
    expect(zh.header.indexOf('批次号')).toBeGreaterThan(zh.header.indexOf('引用次数'));
    expect(zh.row[zh.header.indexOf('批次号')]).toBe('LOT-7');

    // English: the English alias in the details and the export
    await chooseLanguage(page, 'English');
    await page.goto(PAGE);
    await page.getByTestId('catalog-search').fill(description);
    await page.getByTestId('catalog-search').press('Enter');
    expect(await detailsValue(page, description, 'Lot number')).toBe('LOT-7');
    await screenshot(page, 'catalog-custom-field-details-en-US');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const en = await exported(page, description);
    expect(en.header.indexOf('Lot number')).toBeGreaterThan(en.header.indexOf('Quote count'));
    expect(en.row[en.header.indexOf('Lot number')]).toBe('LOT-7');

    // leave the shared server as found: the value cleared, the field deleted
    await asAdmin(env.baseURL, async (api) => {
      const { items } = await api.post<{ items: { id: string; version: number }[] }>('/api/knowledge/invalidMode/list', { search: description, page: 1, limit: 10 });
      await api.post('/api/knowledge/invalidMode/saveOrUpdate', { id: items[0]!.id, version: items[0]!.version, values: {}, customFields: { [systemName]: '' } });
      const fields = await api.get<{ id: string; systemName: string }[]>('/api/customField/list?entity=catalog');
      await api.post('/api/customField/delete', { id: fields.find((f) => f.systemName === systemName)!.id });
    });
  });
});
