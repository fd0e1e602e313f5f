import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { asAdmin, createAdministrator, uniqueName } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { startSignedIn } from './support/flows.ts';
import { textOf, useBrowser } from './support/suite.ts';

const env = useBrowser();
const PAGE = '/main/knowledge/invalidMode';

/** Records of the failure-mode catalog whose number or description holds `search`, as the server has them. */
const written = (search: string) => asAdmin(env.baseURL, (admin) => admin.post<{ total: number }>('/api/knowledge/invalidMode/list', { search, page: 1, limit: 50 })).then((r) => r.total);

/** The sheet's rows under its header row, as text by header (blank cells left out). */
async function sheetRows(file: string): Promise<Record<string, string>[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, column) => (headers[column] = String(cell.value ?? '').trim()));
  const rows: Record<string, string>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values: Record<string, string> = {};
    row.eachCell((cell, column) => {
      if (headers[column]) values[headers[column]] = String(cell.value ?? '');
    });
    rows.push(values);
  });
  return rows;
}

/** Clicks a button that downloads a file and saves it; answers the saved path. */
async function download(page: Page, testId: string, dir: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return path;
}

/**
 * Importing and exporting a knowledge catalog in the browser (spec 001 §7):
 * the administrator downloads the blank template, fills it in with one wrong
 * row and a column of notes, imports it; the unmapped column and the wrong
 * row (by its row number) are shown together and nothing is written; one more
 * run leaves both out and writes the rest, and "export this page" gives them
 * back.
 */
describe('importing a knowledge catalog', () => {
  it('shows the unmapped column and the numbered wrong row on one screen writing nothing, imports the good rows without the column, and exports the page with the same rows', async () => {
    const admin = await createAdministrator(env.baseURL);
    const tag = uniqueName('imp');
    const dir = mkdtempSync(join(tmpdir(), 'catalog-import-e2e-'));
    const { page } = await env.open({ width: 1440, height: 900 });
    await startSignedIn(page, admin.userName, admin.password, PAGE);
    const list = page.getByTestId('catalog-invalidMode');
    await list.waitFor();

    // the blank template, filled in as a user would: three good rows, one with a severity of 11, and a notes column the type has no field for
    const template = await download(page, 'catalog-template', dir);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template);
    const sheet = workbook.worksheets[0]!;
    const column: Record<string, number> = {};
    sheet.getRow(1).eachCell((cell, index) => (column[String(cell.value).trim()] = index));
    for (const header of ['失效编号', '失效描述', '英文失效描述', '严重度']) expect(column[header], header).toBeGreaterThan(0);
    const notes = sheet.getRow(1).cellCount + 1;
    sheet.getRow(1).getCell(notes).value = '备注';
    const rows = [
      { text: `密封圈老化 ${tag}`, en: `Seal ageing ${tag}`, severity: 7 },
      { text: `线束磨损短路 ${tag}`, en: `Harness chafing short ${tag}`, severity: 11 },
      { text: `轴承异响 ${tag}`, en: `Bearing noise ${tag}`, severity: 4 },
      { text: `卡扣断裂 ${tag}`, en: `Clip breaks ${tag}`, severity: 6 },
    ];
    // under the header and the template's description row: sheet rows 3 to 6, the wrong one on row 4
    rows.forEach((r, i) => {
      const row = sheet.getRow(3 + i);
      row.getCell(column['失效描述']!).value = r.text;
      row.getCell(column['英文失效描述']!).value = r.en;
      row.getCell(column['严重度']!).value = r.severity;
      row.getCell(notes).value = `供应商确认 ${i + 1}`;
    });
    const filled = join(dir, `failure-modes-${tag}.xlsx`);
    await workbook.xlsx.writeFile(filled);

    // the file is chosen through the dialog's own button, in the page's language
    await page.getByTestId('catalog-import').click();
    const dialog = page.getByRole('dialog');
    expect(await textOf(dialog.getByTestId('catalog-import-file'))).toBe('未选择文件');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: '选择文件' }).click()]);
    await chooser.setFiles(filled);
    await expect.poll(() => textOf(dialog.getByTestId('catalog-import-file'))).toBe(`failure-modes-${tag}.xlsx`);

    // one run names the notes column and the wrong row (by its number and field) together, and writes nothing
    await dialog.getByTestId('catalog-import-run').click();
    const refusal = dialog.getByTestId('catalog-import-refusal');
    await refusal.waitFor();
    const columns = refusal.getByTestId('catalog-import-columns');
    expect(await textOf(columns.locator('caption'))).toBe('不会导入的列');
    expect(await textOf(columns.locator('tbody'))).toContain('备注');
    const problems = refusal.getByTestId('catalog-import-rows').locator('tbody tr');
    expect(await textOf(refusal.getByTestId('catalog-import-rows').locator('caption'))).toBe('有问题的行');
    expect(await problems.count()).toBe(1);
    expect(await textOf(problems.first().locator('td').nth(0))).toBe('4');
    // the field by its header, as the sheet names it, not by its key
    expect(await textOf(problems.first().locator('td').nth(1))).toBe('严重度');
    expect(await textOf(problems.first().locator('td').nth(2))).toContain('严重度');
    // "nothing was written" said once, by the server's headline
    expect((await textOf(refusal)).split('未写入任何数据')).toHaveLength(2);
    expect(await textOf(dialog.getByTestId('catalog-import-run'))).toBe('忽略这些列并只导入正确的行');
    await screenshot(page, 'catalog-import-refusal-zh-CN');
    expect(await written(tag)).toBe(0);

    // the good rows: three created, the wrong row and the column reported as left out
    await dialog.getByTestId('catalog-import-run').click();
    const report = dialog.getByTestId('catalog-import-report');
    await report.waitFor();
    expect(await textOf(report.locator('p').first())).toBe('新增 3 条，修改 0 条，新版本 0 条，已存在而跳过 0 条。');
    expect(await textOf(report)).toContain('未导入的行');
    expect(await textOf(report)).toContain('未导入的列');
    await screenshot(page, 'catalog-import-report-zh-CN');
    await dialog.getByTestId('catalog-import-close').click();
    await dialog.waitFor({ state: 'hidden' });

    // the list shows the three, in editing
    await page.getByTestId('catalog-search').fill(tag);
    await page.getByTestId('catalog-search').press('Enter');
    const gridRows = list.locator('[role="row"][data-row-key]');
    await expect.poll(() => gridRows.count()).toBe(3);
    const shown = await gridRows.evaluateAll((els) =>
      els.map((el) => ({
        serial: el.querySelector('[data-column-id="serialNum"]')?.textContent?.trim() ?? '',
        text: el.querySelector('[data-column-id="invalidmode"]')?.textContent?.trim() ?? '',
        status: el.querySelector('[data-column-id="status"]')?.textContent?.trim() ?? '',
      })),
    );
    expect(shown.map((r) => r.text).sort()).toEqual([rows[0]!.text, rows[2]!.text, rows[3]!.text].sort());
    expect(new Set(shown.map((r) => r.status))).toEqual(new Set(['编辑中']));
    await screenshot(page, 'catalog-import-list-zh-CN');

    // export this page: the same rows, headers in the reader's language
    const exported = await sheetRows(await download(page, 'catalog-export-page', dir));
    expect(exported.map((r) => [r['失效编号'], r['失效描述']]).sort()).toEqual(shown.map((r) => [r.serial, r.text]).sort());
    expect(exported.map((r) => r['英文失效描述']).sort()).toEqual([rows[0]!.en, rows[2]!.en, rows[3]!.en].sort());
    expect(exported.map((r) => Number(r['严重度'])).sort()).toEqual([4, 6, 7]);
    expect(exported.every((r) => r['备注'] === undefined)).toBe(true);
  });
});
