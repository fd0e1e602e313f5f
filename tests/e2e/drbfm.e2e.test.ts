import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type ApiSession } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, useDemoServer } from './support/demo.ts';
import { chooseLanguage, openArea, startSignedIn } from './support/flows.ts';
import { waitForPath } from './support/suite.ts';

/**
 * DRBFM in the workbench (issue 25), on the demo data: li.engineer reviews the worm gear's material change of the
 * demo EWO as a DRBFM made from it, raises a concern, sends it to a gearbox DFMEA he is responsible for, accepts it
 * there (the DFMEA row then names the DRBFM), follows the marker back to the DRBFM (which shows where its concern
 * went) and exports the DRBFM sheet. Looked at in both languages at 1366×768.
 */
type Row = { id: string; version: number };
const DFMEA_NAME = 'DRBFM 评审用减速器 DFMEA';
const MODE = '蜗轮蜗杆卡滞';
let mode: Row;

const demo = useDemoServer(async (baseURL) => {
  // a DFMEA li is responsible for, still in editing (the demo's window-lifter DFMEA is released): gearbox → worm gear
  const li: ApiSession = await apiLogin(baseURL, 'li.engineer', DEMO_PASSWORD);
  const me = await li.get<{ userId: string }>('/api/user/info');
  const project = await li.post<{ id: string; pptSerial: string }>('/api/project/save', { projectType: 'dfmea', name: DFMEA_NAME, projectMembers: [{ userId: me.userId, userRole: 0 }] });
  const gearbox = await li.post<Row>('/api/fmea/addNode', { parentId: project.pptSerial, name: '减速器' });
  const gear = await li.post<Row>('/api/fmea/addNode', { parentId: gearbox.id, name: '蜗轮' });
  const torque = await li.post<Row>('/api/fmea/addFunction', { nodeId: gearbox.id, description: '传递扭矩' });
  await li.post<Row>('/api/fmea/addFunction', { nodeId: gear.id, description: '与蜗杆啮合' });
  mode = await li.post<Row>('/api/fmea/addFailure', { functionId: torque.id, kind: 'FM', description: MODE });
  await li.logout();
});

async function selectByText(page: Page, testId: string, text: string): Promise<void> {
  const select = page.getByTestId(testId);
  await select.locator('option', { hasText: text }).first().waitFor({ state: 'attached' });
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  await select.selectOption(value!);
}

describe('the DRBFM in the workbench', () => {
  it('li.engineer reviews the EWO’s change as a DRBFM, sends a concern to the DFMEA, accepts it there and exports the sheet', async () => {
    const page = await demo.open('zh-CN');
    await startSignedIn(page, 'li.engineer', DEMO_PASSWORD);
    await openArea(page, 'drbfm_index');
    await waitForPath(page, '/main/drbfm');
    // the demo's DRBFM is listed
    await page.getByTestId('dfmea-project-list').getByText('蜗轮材料变更 DRBFM').first().waitFor();

    // a new DRBFM from the demo EWO: its description is the change point, what it touches the changed parts
    await page.getByTestId('dfmea-new').click();
    await page.getByTestId('drbfm-name').fill('蜗轮材料变更复核');
    await selectByText(page, 'drbfm-from-ewo', 'PA66-GF30');
    await page.getByTestId('drbfm-create').click();
    await waitForPath(page, '/main/drbfm/drbfmProject');
    const sheet = page.getByTestId('drbfm-worksheet');
    await sheet.waitFor();
    expect(await page.getByTestId('drbfm-change-point-view').innerText()).toContain('PA66-GF30');
    expect(await page.getByTestId('drbfm-ewo').innerText()).toMatch(/^来自 EWO EC/);
    await sheet.locator('[data-row-key]').filter({ hasText: '蜗轮' }).first().waitFor();

    // a concern on the worm gear
    await page.getByTestId('drbfm-add-concern').click();
    await selectByText(page, 'drbfm-concern-part', '蜗轮');
    await page.getByTestId('drbfm-concern-function').fill('与蜗杆啮合');
    await page.getByTestId('drbfm-concern-text').fill('高湿下吸湿膨胀，啮合侧隙减小');
    await page.getByTestId('drbfm-concern-influence').fill('电机电流升高');
    await page.getByTestId('drbfm-concern-cause').fill('PA66-GF30 吸湿膨胀导致侧隙不足');
    await page.getByTestId('drbfm-concern-save').click();
    // the concerns' grid comes before the actions', whose rows name their concern too
    const concern = sheet.locator('[data-row-key]').filter({ hasText: '高湿下吸湿膨胀' }).first();
    await concern.waitFor();

    // an evaluation action on it, for li by a due date
    await page.getByTestId('drbfm-add-action').click();
    await page.getByTestId('drbfm-action-kind').selectOption('evaluation');
    await page.getByTestId('drbfm-action-description').fill('85 °C / 85 %RH 吸湿后耐久试验');
    await selectByText(page, 'drbfm-action-responsible', '李伟');
    await page.getByTestId('drbfm-action-due').fill('2026-10-31');
    await page.getByTestId('drbfm-action-save').click();
    await sheet.locator('[data-row-key]').filter({ hasText: '吸湿后耐久试验' }).filter({ hasText: '2026-10-31' }).waitFor();

    // sent to the DFMEA as a missing cause under its mode
    await concern.locator('[data-testid^="drbfm-send-"]').click();
    await selectByText(page, 'drbfm-send-dfmea', DFMEA_NAME);
    await selectByText(page, 'drbfm-send-target', MODE);
    expect(await page.getByTestId('drbfm-send-description').inputValue()).toBe('PA66-GF30 吸湿膨胀导致侧隙不足');
    await page.getByTestId('drbfm-send-save').click();
    const trace = concern.locator('[data-testid^="drbfm-trace-"]');
    await expect.poll(() => trace.innerText()).toContain('未处理');
    expect(await trace.innerText()).toContain(MODE);
    await concern.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'drbfm-worksheet-zh-CN');

    // in the DFMEA: its inbox, the concern accepted as a cause with an optimisation action
    await trace.click();
    await waitForPath(page, '/main/dfmea/dfmeaProject');
    const inbox = page.getByTestId('loop-inbox');
    await inbox.waitFor();
    await expect.poll(() => inbox.innerText()).toContain('DRBFM DR');
    await inbox.locator('[data-testid^="loop-proposal-"]').first().getByTestId('loop-accept').click();
    await page.getByTestId('loop-accept-save').click();
    await inbox.locator('[data-testid^="loop-proposal-"]').first().getByTestId('loop-became-action').waitFor();
    await page.keyboard.press('Escape');
    // the DFMEA row names the DRBFM it came from, and opens it
    await page.getByTestId('dfmea-tab-risk').click();
    const marker = page.getByTestId(`loop-marker-${mode.id}`).first();
    await marker.waitFor();
    expect(await marker.innerText()).toMatch(/^DR\d{10}$/);
    await marker.click();
    await waitForPath(page, '/main/drbfm/drbfmProject');
    await expect.poll(() => page.getByTestId('drbfm-worksheet').locator('[data-testid^="drbfm-trace-"]').first().innerText()).toContain('已采纳');

    // the DRBFM sheet as a workbook
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('dfmea-export').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const rows = (book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    expect(rows.find((r) => r.includes('变更点') && r.includes('担心点'))).toEqual(['变更点', '功能', '担心点', '提出人', '对其他零件的影响', '原因 / 失效模式', '重要度', '设计措施', '评价措施', '负责人', '期限', '结果', '已提交至 FMEA']);
    expect(rows.at(-1)).toContain('高湿下吸湿膨胀，啮合侧隙减小');

    // the same worksheet in English
    await chooseLanguage(page, 'English');
    const traced = page.getByTestId('drbfm-worksheet').locator('[data-testid^="drbfm-trace-"]').first();
    await expect.poll(() => traced.innerText()).toContain('Accepted');
    await traced.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'drbfm-worksheet-en-US');
  });
});
