import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { asAdmin, createAdministrator, uniqueName } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

const env = useBrowser();

/** The custom-field sheet of a project's workbook exported from the list: its header and value rows. */
async function exportedSheet(page: Page, projectName: string, sheetName: string) {
  const row = page.getByTestId('dfmea-project-list').locator('[data-row-key]').filter({ hasText: projectName });
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^(导出|Export)$/ }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName)!;
  return [sheet.getCell('A1').value, sheet.getCell('A2').value];
}

/**
 * Issue #26's done-when: an administrator adds a custom field to the DFMEA header (System ›
 * Customisation forms) and sees it in the form, the grid, the export and the API, in both languages.
 * The field is not required and is deleted at the end: other files share the server.
 */
describe('custom fields on the DFMEA header', () => {
  it('an added field shows in the header form, the project grid, the exported workbook and the API', { timeout: 240_000 }, async () => {
    const administrator = await createAdministrator(env.baseURL);
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password);
    // English letters only, unique per run: the time in base 36 with its digits as letters
    const systemName = `plant${Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    const column = `[data-column-id="custom-${systemName}"]`;

    // the administrator adds the field (Chinese)
    await page.goto('/main/system/customForm');
    const admin = page.getByTestId('system-custom-forms');
    await admin.waitFor();
    await page.getByTestId('custom-field-add').click();
    await page.getByTestId('custom-field-systemName').fill('plant_code');
    await page.getByTestId('custom-field-alias').fill('工厂代码');
    await page.getByTestId('custom-field-aliasEn').fill('Plant code');
    await page.getByTestId('custom-field-save').click();
    // letters only: refused under the field, in Chinese
    await expect.poll(() => page.locator('.field-error').first().innerText()).toContain('系统名称只能包含英文字母');
    await page.getByTestId('custom-field-systemName').fill(systemName);
    await page.locator('input[name="placeholder"]').fill('例如 WH-3');
    await page.getByTestId('custom-field-save').click();
    await admin.getByRole('gridcell', { name: systemName }).waitFor();
    await screenshot(page, 'custom-forms-zh');

    // the header form takes a value; the grid shows it in the field's column
    const projectName = uniqueName('Seat rail ');
    await page.goto('/main/dfmea');
    await page.getByTestId('dfmea-new').click();
    await page.getByTestId('dfmea-name').fill(projectName);
    await page.getByTestId(`custom-field-${systemName}`).fill('WH-3');
    await page.getByTestId('dfmea-save').click();
    await page.getByTestId('dfmea-project').waitFor();
    const projectId = new URL(page.url()).searchParams.get('projectId')!;
    await page.goto('/main/dfmea');
    const list = page.getByTestId('dfmea-project-list');
    await expect.poll(() => list.locator(`[data-row-key] ${column}`).first().innerText()).toBe('WH-3');
    expect(await list.getByRole('columnheader', { name: '工厂代码' }).count()).toBe(1);
    expect(await exportedSheet(page, projectName, '自定义字段')).toEqual(['工厂代码', 'WH-3']);
    // the API answers it with the project
    const view = await asAdmin(env.baseURL, (a) => a.get<{ customFields: Record<string, string> }>(`/api/project/selectProjectById?projectId=${projectId}`));
    expect(view.customFields).toEqual({ [systemName]: 'WH-3' });

    // English: the field's English alias in the form, the grid and the export
    await chooseLanguage(page, 'English');
    await page.goto('/main/dfmea');
    await list.getByRole('columnheader', { name: 'Plant code' }).waitFor();
    expect(await exportedSheet(page, projectName, 'Custom fields')).toEqual(['Plant code', 'WH-3']);
    await list.locator('[data-row-key]').filter({ hasText: projectName }).getByRole('button', { name: 'Edit', exact: true }).click();
    const input = page.getByRole('dialog').getByRole('textbox', { name: 'Plant code' });
    await expect.poll(() => input.inputValue()).toBe('WH-3');
    await screenshot(page, 'custom-field-form-en');
    await input.fill('');
    await page.getByTestId('dfmea-save').click();
    await page.getByTestId('dfmea-save').waitFor({ state: 'detached' });
    await page.goto('/main/system/customForm');
    await admin.getByRole('gridcell', { name: systemName }).waitFor();
    await screenshot(page, 'custom-forms-en');
    // no value left: the field can be deleted
    await admin.locator('[data-row-key]').filter({ hasText: systemName }).getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm' }).click();
    await admin.getByRole('gridcell', { name: systemName }).waitFor({ state: 'detached' });
  });
});
