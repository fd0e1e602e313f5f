import { createAdministrator } from './support/api.ts';
import { describe, expect, it } from 'vitest';
import { expandingWorkbook } from '@fmea/core/testing';
import { screenshot } from './support/browser.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { textOf, useBrowser } from './support/suite.ts';

const env = useBrowser();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Issue 9 §3: what the import dialogs say about files that are no workbook or that expand past the limits. */
describe('spreadsheet import refusals in the browser', () => {
  it('names a text file renamed .xlsx and a workbook expanding past the limits in the user’s language', async () => {
    const { page } = await env.open();
    const administrator = await createAdministrator(env.baseURL);
    await startSignedIn(page, administrator.userName, administrator.password);
    const dialog = page.getByRole('dialog');

    // users, in Chinese (the default): a CSV saved under an .xlsx name
    await page.goto('/main/system/user');
    await page.locator('[data-testid="system-root"][data-page="user"]').waitFor();
    await page.getByRole('button', { name: '导入', exact: true }).click();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'users.xlsx', mimeType: XLSX, buffer: Buffer.from('userName,realName\nzhang,张\n') });
    await page.getByTestId('import-run').click();
    await expect.poll(() => textOf(dialog.getByRole('alert'))).toContain('该文件不是 Excel 工作簿（.xlsx）');
    expect(await textOf(dialog.getByRole('alert'))).not.toMatch(/central directory|zip/i);
    await screenshot(page, 'import-not-xlsx-zh');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // DFMEA, in English: a 760 KB sheet of rows inflating to 250 MB
    await chooseLanguage(page, 'English');
    await page.goto('/main/dfmea');
    await page.getByTestId('dfmea-import').click();
    await page.getByTestId('dfmea-import-file').setInputFiles({ name: 'chains.xlsx', mimeType: XLSX, buffer: Buffer.from(expandingWorkbook({ honestSizes: false })) });
    await page.getByTestId('dfmea-import-run').click();
    await expect.poll(() => textOf(dialog)).toContain('The workbook has more than 50,000 rows, the most this import reads');
    await screenshot(page, 'import-too-many-rows-en');
  });
});
