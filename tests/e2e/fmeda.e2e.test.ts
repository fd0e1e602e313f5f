import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, useDemoServer } from './support/demo.ts';
import { chooseLanguage, openArea, startSignedIn } from './support/flows.ts';
import { waitForPath } from './support/suite.ts';

/**
 * FMEDA in the workbench (issue 23), as a safety engineer of the demo company meets it: a fresh database
 * seeded with the demo data (`fmea db seed --fixtures demo`: the window-lifter DFMEA and the motor driver's
 * FMEDA), li.engineer builds a new FMEDA from the DFMEA's control module, gives one mode a failure rate and
 * types diagnostic coverages, and the ASIL verdicts change as he types, before anything is saved.
 */
const demo = useDemoServer();
const open = (locale: string) => demo.open(locale);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const firstRowCell = (page: Page, column: string) => page.locator(`[data-testid="fmeda-worksheet"] [data-row-key] [data-column-id="${column}"]`).first();
const met = (page: Page, asil: string, metric: string) => page.getByTestId(`fmeda-verdict-${asil}-${metric}`).getAttribute('data-met');

/** Picks the option of a select whose text holds `text`. */
async function selectByText(page: Page, testId: string, text: string): Promise<void> {
  const select = page.getByTestId(testId);
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  await select.selectOption(value!);
}

describe('the FMEDA in the workbench', () => {
  it('li.engineer builds an FMEDA from the window-lifter DFMEA and sees the ASIL verdicts change as he types DC values', async () => {
    const page = await open('zh-CN');
    await startSignedIn(page, 'li.engineer', DEMO_PASSWORD);
    // the area is in the top menu for the demo's engineers
    await openArea(page, 'fmeda_index');
    await waitForPath(page, '/main/fmeda');
    // the demo's motor driver FMEDA is listed
    await page.getByTestId('dfmea-project-list').getByText('车窗升降器电机驱动 FMEDA').waitFor();

    // a new FMEDA generated from the DFMEA's control module
    await page.getByTestId('dfmea-new').click();
    await page.getByTestId('fmeda-name').fill('控制模块 FMEDA（防夹）');
    await selectByText(page, 'fmeda-source-dfmea', '前门电动车窗升降器');
    await page.locator('[data-testid="fmeda-source-node"] option', { hasText: '控制模块' }).first().waitFor({ state: 'attached' });
    await selectByText(page, 'fmeda-source-node', '控制模块');
    await screenshot(page, 'fmeda-new-zh-CN');
    await page.getByTestId('fmeda-create').click();
    await waitForPath(page, '/main/fmeda/fmedaProject');
    const sheet = page.getByTestId('fmeda-worksheet');
    await sheet.waitFor();
    // each failure of the control module's components is a row; no failure rate yet, so no metric
    expect(await sheet.locator('[data-row-key]').count()).toBeGreaterThan(3);
    expect(await page.getByTestId('fmeda-spfm').innerText()).toBe('–');
    expect(await firstRowCell(page, 'faultClass').innerText()).toBe('单点');

    // 100 FIT on the first mode, single-point without a mechanism: SPFM 0, no ASIL met
    await firstRowCell(page, 'elementFit').dblclick();
    await firstRowCell(page, 'elementFit').locator('input').fill('100');
    await firstRowCell(page, 'elementFit').locator('input').press('Enter');
    await expect.poll(() => page.getByTestId('fmeda-spfm').innerText()).toBe('0.00 %');
    expect(await met(page, 'B', 'spfm')).toBe('false');

    // typing a DC of 95 % (not committed yet): SPFM 95 %, ASIL B met, C not
    await firstRowCell(page, 'dcResidualPct').dblclick();
    const dc = firstRowCell(page, 'dcResidualPct').locator('input');
    await dc.fill('95');
    await expect.poll(() => met(page, 'B', 'spfm')).toBe('true');
    expect(await page.getByTestId('fmeda-spfm').innerText()).toBe('95.00 %');
    expect(await met(page, 'C', 'spfm')).toBe('false');
    // 99.5 %: D's 99 % too
    await dc.fill('99.5');
    await expect.poll(() => met(page, 'D', 'spfm')).toBe('true');
    await dc.press('Enter');
    await screenshot(page, 'fmeda-worksheet-zh-CN');

    // saved: a reload shows the same rows and verdicts
    await page.reload();
    await page.getByTestId('fmeda-worksheet').waitFor();
    await expect.poll(() => page.getByTestId('fmeda-spfm').innerText()).toBe('99.50 %');
    expect(await met(page, 'D', 'spfm')).toBe('true');

    // a new element filled from the hardware catalog: the relay's λ and its modes' shares
    await page.getByTestId('fmeda-fill-catalog').click();
    const fill = page.getByRole('dialog');
    await fill.getByTestId('fmeda-fill-resource').pressSequentially('继电器');
    await page.getByRole('option').filter({ hasText: '汽车继电器 12 V 25 A' }).click();
    await fill.getByTestId('fmeda-fill-element').selectOption('');
    await fill.getByTestId('fmeda-fill-save').click();
    await fill.waitFor({ state: 'hidden' });
    const relay = sheet.locator('[data-row-key]').filter({ hasText: '汽车继电器 12 V 25 A' });
    await expect.poll(() => relay.count()).toBe(3);
    expect(await relay.filter({ hasText: '触点粘连' }).locator('[data-column-id="elementFit"]').innerText()).toBe('20');
    expect(await relay.filter({ hasText: '触点粘连' }).locator('[data-column-id="distributionPct"]').innerText()).toBe('30');
    // 20 FIT more, all single-point without a mechanism: SPFM falls below B's target
    await expect.poll(() => met(page, 'B', 'spfm')).toBe('false');

    // a DC above 100 % is refused in the cell, in the user's language, and nothing changes
    await firstRowCell(page, 'dcResidualPct').dblclick();
    await firstRowCell(page, 'dcResidualPct').locator('input').fill('140');
    await firstRowCell(page, 'dcResidualPct').locator('input').press('Enter');
    await page.getByText('请输入 0 到 100 之间的数。').first().waitFor();
    await page.keyboard.press('Escape');

    // judged by IEC 61508 instead: SIL 3 for a type B element at HFT 1 asks for an SFF of 90 %
    await page.getByTestId('fmeda-settings').click();
    const settings = page.getByRole('dialog');
    await settings.getByTestId('fmeda-standard').selectOption('iec61508');
    await settings.getByLabel('目标 SIL').selectOption('3');
    await settings.getByLabel('硬件故障裕度').selectOption('1');
    await settings.getByTestId('fmeda-settings-save').click();
    await settings.waitFor({ state: 'hidden' });
    await page.getByTestId('fmeda-sil-claim').waitFor();
    expect(await page.getByTestId('fmeda-settings-summary').innerText()).toContain('IEC 61508-2');
    expect(await page.getByTestId('fmeda-sil-claim').innerText()).toMatch(/^不能声明 SIL 3：最高为 SIL [0-2]。$/);

    // the same page in English
    await chooseLanguage(page, 'English');
    await expect.poll(() => firstRowCell(page, 'faultClass').innerText()).toBe('single-point');
    expect(await page.getByTestId('fmeda-metrics').innerText()).toContain('Targets per ASIL');
    await screenshot(page, 'fmeda-worksheet-en-US');
  });

  it('wang.engineer imports an FMEDA worksheet: a wrong row and an unplaced column are refused together, the corrected file makes a new FMEDA', async () => {
    const page = await open('en-US');
    await startSignedIn(page, 'wang.engineer', DEMO_PASSWORD);
    await chooseLanguage(page, 'English');
    await page.goto('/main/fmeda');
    const workbook = async (fit: string, extra: boolean) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('FMEDA');
      sheet.addRow(['Element', 'Element failure rate (FIT)', 'Failure mode', 'Distribution (%)', 'Fault class', 'Safety mechanism (residual)', 'DC residual (%)', ...(extra ? ['Remark'] : [])]);
      sheet.addRow(['Gate driver', fit, 'Stuck on', 60, 'single-point', 'Current monitor', 90, ...(extra ? ['check'] : [])]);
      sheet.addRow(['Gate driver', 8, 'Stuck off', 40, 'safe']);
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    await page.getByTestId('dfmea-import').click();
    await page.getByTestId('fmeda-import-file').setInputFiles({ name: 'gate-driver.xlsx', mimeType: XLSX, buffer: await workbook('eight', true) });
    await page.getByTestId('fmeda-import-run').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('Element failure rate (FIT): “eight” is not a number of 0 or more');
    expect(await dialog.innerText()).toContain('Remark');
    // the column is named, never the field's key
    expect(await dialog.innerText()).not.toContain('elementFit');
    expect(await dialog.innerText()).toContain('The worksheet was not imported: 2 problems listed below');
    await screenshot(page, 'fmeda-import-refused-en-US');
    await page.getByTestId('fmeda-import-file').setInputFiles({ name: 'gate-driver.xlsx', mimeType: XLSX, buffer: await workbook('8', false) });
    await page.getByTestId('fmeda-import-run').click();
    await page.getByTestId('fmeda-import-done').waitFor();
    expect(await page.getByTestId('fmeda-import-done').innerText()).toMatch(/^FMEDA FM\d{10} created with 2 rows\.$/);
  });
});
