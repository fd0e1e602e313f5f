import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { openArea, startSignedIn } from './support/flows.ts';
import { textOf, useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Pf7#qW2!mK9$zR';

const dialog = (page: Page) => page.getByRole('dialog');
/** The open dialog's field by its label (a required field's label ends in "*"). */
const field = (page: Page, label: string) => dialog(page).getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')} ?\\*?$`));
async function saveDialog(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) await field(page, label).fill(value);
  await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
  await dialog(page).waitFor({ state: 'hidden' });
}

/** A node of the structure tree by its name (its label also holds the step number or the 4M type). */
const treeItem = (page: Page, name: string) => page.getByRole('tree').getByRole('button').filter({ hasText: name }).first();

/** Adds a child under the selected node with the PFMEA's node dialog. */
async function addChild(page: Page, name: string, fields: { processNo?: string; fourM?: string } = {}) {
  await page.getByTestId('dfmea-add-child').click();
  if (fields.processNo !== undefined) await page.getByTestId('pfmea-node-process-no').fill(fields.processNo);
  if (fields.fourM !== undefined) await page.getByTestId('pfmea-node-4m').selectOption(fields.fourM);
  await page.getByTestId('dfmea-node-name').fill(name);
  await page.getByTestId('dfmea-node-save').click();
  await page.getByTestId('dfmea-node-save').waitFor({ state: 'detached' });
  await treeItem(page, name).waitFor();
}

/** A cell of the risk grid's one chain row. */
const riskCell = (page: Page, column: string): Locator => page.locator(`.dfmea-risk [data-row-key] [data-column-id="${column}"]`).first();
async function typeInRiskGrid(page: Page, column: string, value: string): Promise<void> {
  await riskCell(page, column).dblclick();
  const input = riskCell(page, column).locator('input');
  await input.fill(value);
  // the cell shows the value at once; the save's answer is what the next step (the control plan) reads
  const saved = page.waitForResponse((r) => r.request().method() !== 'GET' && r.url().includes('/api/'));
  await input.press('Enter');
  await saved;
  await expect.poll(() => riskCell(page, column).innerText()).toBe(value);
}

/** The control plan grid's cell of a line (the first, unless said). */
const cpCell = (page: Page, column: string, row = 0): Locator => page.locator(`.cp-lines [data-row-key] [data-column-id="${column}"]`).nth(row);

/** Clicks a button that downloads a file; answers its name and bytes after checking it is a workbook with content. */
async function downloadWorkbook(page: Page, button: Locator): Promise<{ name: string; workbook: ExcelJS.Workbook }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  expect(path).toBeTruthy();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path!);
  expect(workbook.worksheets.length).toBeGreaterThan(0);
  expect(workbook.worksheets.some((sheet) => sheet.actualRowCount > 1)).toBe(true);
  return { name: download.suggestedFilename(), workbook };
}

/** Every cell text of a workbook, for a look whether a value is in it. */
function texts(workbook: ExcelJS.Workbook): string {
  const out: string[] = [];
  // a merged cell's other cells hold no value of their own
  for (const sheet of workbook.worksheets) sheet.eachRow((row) => row.eachCell((cell) => cell.type !== ExcelJS.ValueType.Merge && out.push(cell.text)));
  return out.join('\n');
}

describe('PFMEA, flow chart and control plan in the browser', () => {
  it('builds a PFMEA from nothing, sees the flow chart follow, generates the control plan, changes a detection control, reviews the suspect line and exports all three', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('pfstory'), [{ routeName: 'pfmea_index', buttons: ['add', 'edit', 'del', 'import', 'export'] }]));
    const userName = uniqueName('pfstory');
    await createReadyUser(env.baseURL, { userName, realName: 'Process engineer', password: PASSWORD, roleIds: [role.id] });
    const { page, errors } = await env.open({ locale: 'en-US', width: 1600, height: 1000 });
    await startSignedIn(page, userName, PASSWORD);

    // 1 a new PFMEA
    await openArea(page, 'pfmea_index');
    await waitForPath(page, '/main/pfmea');
    const projectName = uniqueName('Gearbox housing ');
    await page.getByTestId('dfmea-new').click();
    await page.getByTestId('dfmea-name').fill(projectName);
    await page.getByTestId('dfmea-save').click();
    await waitForPath(page, '/main/pfmea/pfmeaProject');
    const projectId = new URL(page.url()).searchParams.get('projectId')!;
    await page.getByTestId('dfmea-tree').waitFor();

    // 2 structure: two numbered process steps, the first with a Machine and a Man work element
    await addChild(page, 'Deburr bore', { processNo: '10' });
    await treeItem(page, projectName).click();
    await addChild(page, 'Press bearing', { processNo: '20' });
    await treeItem(page, 'Deburr bore').click();
    await addChild(page, 'Brush deburring machine', { fourM: 'machine' });
    await treeItem(page, 'Deburr bore').click();
    await addChild(page, 'Machine operator', { fourM: 'man' });

    // 3 functions: the item's, the step's with a CC product characteristic, the machine's
    await page.getByTestId('dfmea-tab-function').click();
    await treeItem(page, projectName).click();
    await page.getByRole('button', { name: 'Add function' }).click();
    await saveDialog(page, { Function: 'Deliver leak-tight housings to assembly' });
    await treeItem(page, 'Deburr bore').click();
    await page.getByRole('button', { name: 'Add function' }).click();
    await saveDialog(page, { Function: 'Remove burrs from the bore edge' });
    await page.getByTestId('function-card').getByRole('button', { name: 'Add characteristic' }).click();
    await field(page, 'Characteristic').fill('Bore edge free of burrs');
    await dialog(page).getByLabel(/^Class$/).selectOption({ label: 'CC – critical' });
    await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    await page.getByTestId('function-card').getByText('(CC – critical)').waitFor();
    await treeItem(page, 'Brush deburring machine').click();
    await page.getByRole('button', { name: 'Add function' }).click();
    await saveDialog(page, { Function: 'Brush the bore edge at set speed' });

    // 4 the failure chain FE–FM–FC around the step's function; the cause rated O 4, D 7
    await page.getByTestId('dfmea-tab-failure').click();
    await treeItem(page, 'Deburr bore').click();
    const focus = page.getByTestId('focus-function');
    await focus.getByRole('button', { name: 'Add effect' }).click();
    await saveDialog(page, { Description: 'Seal damaged at assembly, housing leaks' });
    await focus.getByRole('button', { name: 'Add mode' }).click();
    await saveDialog(page, { Description: 'Burr left on the bore edge' });
    await focus.getByRole('button', { name: 'Add cause' }).click();
    await saveDialog(page, { Description: 'Brush worn', 'Occurrence (O)': '4', 'Detection (D)': '7' });
    const chains = focus.getByTestId('mode-chains');
    await chains.getByLabel('Effect on a higher-level function').selectOption({ label: `${projectName} › Deliver leak-tight housings to assembly: Seal damaged at assembly, housing leaks` });
    await chains.getByRole('button', { name: 'Link effect' }).click();
    await chains.getByText('Effect: Seal damaged at assembly, housing leaks').waitFor();
    await chains.getByLabel('Cause on a lower-level function').selectOption({ label: 'Brush deburring machine › Brush the bore edge at set speed: Brush worn' });
    await chains.getByRole('button', { name: 'Link cause' }).click();
    await chains.getByText('Cause: Brush worn').waitFor();

    // 5 risk analysis: S of the effect and the cause's detection control
    await page.getByTestId('dfmea-tab-risk').click();
    await riskCell(page, 'mode').getByText('Burr left on the bore edge').waitFor();
    await typeInRiskGrid(page, 'severity', '8');
    await typeInRiskGrid(page, 'detection', 'Visual check of the bore edge');
    expect(await riskCell(page, 'det').innerText()).toBe('7');

    // 6 the flow chart draws the two steps
    await page.getByTestId('dfmea-tab-flow').click();
    const picture = page.getByTestId('pfd-picture');
    await picture.locator('svg').waitFor();
    for (const text of ['10 Deburr bore', '20 Press bearing', 'Bore edge free of burrs']) await picture.locator('text').filter({ hasText: text }).first().waitFor();

    // 7 the control plan: generated from the PFMEA, one line for the CC characteristic with the PFMEA's detection control
    await page.getByTestId('dfmea-tab-controlPlan').click();
    const plan = page.getByTestId('pfmea-control-plan');
    await plan.getByTestId('cp-header').waitFor();
    await plan.getByTestId('cp-phase-production').waitFor();
    expect(await plan.getByTestId('cp-phase-production').getAttribute('aria-pressed')).toBe('true');
    // before generation the checks miss the CC characteristic's line; the finding opens its step in the function analysis
    const missing = plan.getByTestId('cp-check-missing').filter({ hasText: 'Bore edge free of burrs' });
    await missing.getByRole('button', { name: 'Show in the PFMEA' }).click();
    await expect.poll(() => page.getByTestId('dfmea-tab-function').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('function-card').getByText('Bore edge free of burrs').waitFor();
    await page.getByTestId('dfmea-tab-controlPlan').click();
    await missing.waitFor();
    await plan.getByTestId('cp-generate').click();
    await expect.poll(() => plan.getByTestId('cp-generated').innerText()).toBe('1 line was added from the PFMEA.');
    await expect.poll(() => cpCell(page, 'productCharacteristic').innerText()).toBe('Bore edge free of burrs');
    expect(await cpCell(page, 'processNo').innerText()).toBe('10');
    expect(await cpCell(page, 'processName').innerText()).toBe('Deburr bore');
    expect(await cpCell(page, 'machine').innerText()).toBe('Brush deburring machine');
    expect(await cpCell(page, 'specialClass').innerText()).toBe('CC');
    expect(await cpCell(page, 'evaluationTechnique').innerText()).toBe('Visual check of the bore edge');
    expect(await plan.getByTestId('cp-check-missing').count()).toBe(0);
    // D 7 on a CC characteristic: the check names it and jumps to its line
    await plan.getByTestId('cp-check-weak').filter({ hasText: 'rated D 7' }).getByRole('button', { name: 'Show the line' }).click();
    await page.getByTestId('cp-panel').getByText('Bore edge free of burrs').waitFor();
    // the plan's own columns are edited in place
    for (const [column, value] of [
      ['specification', 'No burr > 0.1 mm'],
      ['sampleSize', '5 pcs'],
      ['sampleFrequency', 'Every 2 h'],
      ['reactionPlan', 'Stop, sort since last check, change brush'],
    ] as const) {
      await cpCell(page, column).dblclick();
      await cpCell(page, column).locator('input').fill(value);
      await cpCell(page, column).locator('input').press('Enter');
      await expect.poll(() => cpCell(page, column).innerText()).toBe(value);
    }
    expect(await plan.getByTestId('cp-suspect').count()).toBe(0);
    // a control method of the plan's own contradicts the PFMEA (it has no prevention control): marked here and on the characteristic
    await cpCell(page, 'controlMethod').dblclick();
    await cpCell(page, 'controlMethod').locator('input').fill('SPC chart of the brush wear');
    await cpCell(page, 'controlMethod').locator('input').press('Enter');
    await plan.getByTestId('cp-contradiction').waitFor();
    await page.getByTestId('dfmea-tab-function').click();
    await treeItem(page, 'Deburr bore').click();
    const mark = page.getByTestId('function-card').getByTestId('cp-pfmea-mark');
    expect(await mark.getAttribute('title')).toContain('SPC chart of the brush wear');
    await screenshot(page, 'pfmea-function-control-plan-mark-en-US');
    // cleared, the line follows the PFMEA again and the mark goes
    await page.getByTestId('dfmea-tab-controlPlan').click();
    await plan.getByTestId('cp-contradiction').waitFor();
    await cpCell(page, 'controlMethod').dblclick();
    await cpCell(page, 'controlMethod').locator('input').fill('');
    await cpCell(page, 'controlMethod').locator('input').press('Enter');
    await plan.getByTestId('cp-contradiction').waitFor({ state: 'detached' });

    // 8 a better detection in the PFMEA: control changed, D re-rated
    await page.getByTestId('dfmea-tab-risk').click();
    await riskCell(page, 'mode').getByText('Burr left on the bore edge').waitFor();
    await typeInRiskGrid(page, 'detection', 'Go/no-go gauge on every part');
    await typeInRiskGrid(page, 'det', '3');

    // 9 the control plan line is suspect, with the reasons, who and when; reviewed, the mark goes
    await page.getByTestId('dfmea-tab-controlPlan').click();
    await plan.getByTestId('cp-suspect').waitFor();
    expect(await plan.getByTestId('cp-counts').innerText()).toBe('Lines: 1 · suspect: 1 · contradicting the PFMEA: 0');
    expect(await cpCell(page, 'evaluationTechnique').innerText()).toBe('Go/no-go gauge on every part');
    // the plan's own columns stay as the team wrote them
    expect(await cpCell(page, 'specification').innerText()).toBe('No burr > 0.1 mm');
    expect(await cpCell(page, 'reactionPlan').innerText()).toBe('Stop, sort since last check, change brush');
    expect(await plan.getByTestId('cp-suspect').getAttribute('title')).toContain('Detection control “Visual check of the bore edge” was changed to “Go/no-go gauge on every part”');
    await cpCell(page, 'productCharacteristic').click();
    const panel = page.getByTestId('cp-panel');
    const reasons = panel.getByTestId('cp-reason');
    await reasons.filter({ hasText: 'Detection control “Visual check of the bore edge” was changed to “Go/no-go gauge on every part”' }).getByText('Process engineer').waitFor();
    await reasons.filter({ hasText: 'The worst detection rating D changed from 7 to 3' }).waitFor();
    // D 3 now: no weak detection left
    expect(await plan.getByTestId('cp-check-weak').count()).toBe(0);
    await screenshot(page, 'pfmea-control-plan-suspect-en-US');
    await panel.getByTestId('cp-review').click();
    await plan.getByTestId('cp-suspect').waitFor({ state: 'detached' });
    await panel.getByTestId('cp-reviewed').getByText('Process engineer').waitFor();
    expect(await plan.getByTestId('cp-counts').innerText()).toBe('Lines: 1 · suspect: 0 · contradicting the PFMEA: 0');
    await screenshot(page, 'pfmea-control-plan-en-US');

    // 10 exports: the PFMEA workbook, the flow chart workbook and the control plan
    const pfmea = await downloadWorkbook(page, page.getByTestId('dfmea-export'));
    expect(pfmea.name).toMatch(/\.xlsx$/);
    expect(texts(pfmea.workbook)).toContain('Go/no-go gauge on every part');
    await page.getByTestId('dfmea-tab-flow').click();
    const flow = await downloadWorkbook(page, page.getByTestId('pfd-download-xlsx'));
    expect(flow.name).toMatch(/^PFD.*\.xlsx$/);
    expect(texts(flow.workbook)).toContain('Press bearing');
    await page.getByTestId('dfmea-tab-controlPlan').click();
    const controlPlan = await downloadWorkbook(page, plan.getByTestId('cp-export'));
    expect(controlPlan.name).toMatch(/^CP-PF.*\.xlsx$/);
    const cpTexts = texts(controlPlan.workbook);
    for (const text of ['Bore edge free of burrs', 'Go/no-go gauge on every part', 'No burr > 0.1 mm', 'Stop, sort since last check, change brush']) expect(cpTexts).toContain(text);
    expect(errors).toEqual([]);

    // the same plan in Chinese
    const chinese = await env.open({ locale: 'zh-CN', width: 1600, height: 1000 });
    await startSignedIn(chinese.page, userName, PASSWORD, `/main/pfmea/pfmeaProject?projectId=${projectId}&rightType=8`);
    const zhPlan = chinese.page.getByTestId('pfmea-control-plan');
    await zhPlan.getByTestId('cp-header').waitFor();
    await expect.poll(() => cpCell(chinese.page, 'productCharacteristic').innerText()).toBe('Bore edge free of burrs');
    await chinese.page.getByRole('columnheader', { name: '评价/测量技术' }).waitFor();
    await zhPlan.getByTestId('cp-phase-production').getByText('生产').waitFor();
    await cpCell(chinese.page, 'productCharacteristic').click();
    await chinese.page.getByTestId('cp-panel').waitFor();
    await screenshot(chinese.page, 'pfmea-control-plan-zh-CN');
    expect(chinese.errors).toEqual([]);
  });
  it('keeps the plan’s own header and lines: header form, a line by hand, a customer’s workbook refused by row then its good rows imported, delete with confirm (zh-CN)', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('pfcp'), [{ routeName: 'pfmea_index', buttons: ['add', 'edit', 'del', 'import', 'export'] }]));
    const userName = uniqueName('pfcp');
    const user = await createReadyUser(env.baseURL, { userName, realName: '过程工程师', password: PASSWORD, roleIds: [role.id] });
    // the PFMEA over the API (the story above builds one in the browser): a numbered step with an SC product characteristic
    const api = await apiLogin(env.baseURL, userName, PASSWORD);
    const project = await api.post<{ id: string; serialNum: string; pptSerial: string }>('/api/project/save', {
      projectType: 'pfmea',
      name: uniqueName('齿轮箱壳体 '),
      projectMembers: [{ userId: user.id, roles: [0] }],
    });
    const step = await api.post<{ id: string }>('/api/fmea/addNode', { parentId: project.pptSerial, name: '压装轴承', processNo: '20' });
    const fn = await api.post<{ id: string }>('/api/fmea/addFunction', { nodeId: step.id, description: '将轴承压装到位' });
    await api.post('/api/fmea/addCharacteristic', { functionId: fn.id, name: '压装力', characteristicClass: 'significant', special: true });
    await api.logout();

    const { page, errors } = await env.open({ width: 1600, height: 1000 });
    await startSignedIn(page, userName, PASSWORD, `/main/pfmea/pfmeaProject?projectId=${project.id}&rightType=8`);
    const plan = page.getByTestId('pfmea-control-plan');
    await plan.getByTestId('cp-header').waitFor();
    await plan.getByTestId('cp-check-missing').filter({ hasText: '压装力' }).waitFor();

    // the header block of the AIAG form
    await plan.getByTestId('cp-edit-header').click();
    const form = dialog(page);
    await form.getByTestId('cp-header-input-partNumber').fill('GH-4711');
    await form.getByTestId('cp-header-input-keyContactPhone').fill('+86 21 5555 0101');
    await form.getByTestId('cp-header-input-revisionDate').fill('2026-12-01');
    await screenshot(page, 'pfmea-control-plan-header-zh-CN');
    await form.getByTestId('cp-header-save').click();
    await form.waitFor({ state: 'hidden' });
    await expect.poll(() => textOf(plan.getByTestId('cp-header-partNumber'))).toBe('GH-4711');
    expect(await textOf(plan.getByTestId('cp-header-revisionDate'))).toBe('2026-12-01');
    expect(await textOf(plan.getByTestId('cp-header-controlPlanNumber'))).toBe(`CP-${project.serialNum}-P`);

    // a line by hand needs a characteristic; with one it is the plan's own (not linked) and the checks say so
    await plan.getByTestId('cp-add-line').click();
    await dialog(page).getByTestId('cp-line-input-processName').fill('终检');
    await dialog(page).getByTestId('cp-line-save').click();
    await dialog(page).getByText('该行没有特性').waitFor();
    await dialog(page).getByTestId('cp-line-input-productCharacteristic').fill('标签齐全');
    await dialog(page).getByTestId('cp-line-input-reactionPlan').fill('隔离并补贴标签');
    await dialog(page).getByTestId('cp-line-save').click();
    await dialog(page).waitFor({ state: 'hidden' });
    await expect.poll(() => cpCell(page, 'productCharacteristic').innerText()).toBe('标签齐全');
    await plan.getByTestId('cp-unlinked').waitFor();
    await plan.getByTestId('cp-check-untraced').waitFor();

    // a customer's workbook: one good row (linked by step number and characteristic), one without a characteristic
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Control Plan');
    sheet.addRow(['Part/Process Number', 'Process Name/Operation Description', 'Product Characteristic', 'Process Characteristic', 'Specification/Tolerance', 'Sample Size', 'Sample Frequency', 'Reaction Plan']);
    sheet.addRow(['20', '压装轴承', '压装力', '', '8–10 kN', '1', '每件', '停机，调整压机']);
    sheet.addRow(['30', '清洗', '', '', '无油污', '5', '每班', '重新清洗']);
    const file = join(mkdtempSync(join(tmpdir(), 'cp-e2e-')), 'customer-control-plan.xlsx');
    await workbook.xlsx.writeFile(file);
    await plan.getByTestId('cp-import').click();
    const importing = dialog(page);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), importing.getByRole('button', { name: '选择文件' }).click()]);
    await chooser.setFiles(file);
    await importing.getByTestId('cp-import-run').click();
    const rows = importing.getByTestId('cp-import-rows');
    await rows.waitFor();
    expect(await textOf(rows.locator('tbody tr').first().locator('td').first())).toBe('3');
    expect(await textOf(rows.locator('tbody'))).toContain('该行没有特性');
    await screenshot(page, 'pfmea-control-plan-import-refusal-zh-CN');
    // nothing was written: still one line
    expect(await page.locator('.cp-lines [data-row-key]').count()).toBe(1);
    await importing.getByTestId('cp-import-partial').click();
    const report = importing.getByTestId('cp-import-report');
    await report.waitFor();
    expect(await textOf(report)).toContain('导入 1 行（其中 1 行与 PFMEA 关联）');
    await importing.getByTestId('cp-import-close').click();
    await expect.poll(() => page.locator('.cp-lines [data-row-key]').count()).toBe(2);
    await expect.poll(() => textOf(plan.locator('.cp-lines [data-column-id="specification"]').filter({ hasText: '8–10 kN' }))).toBe('8–10 kN');
    // the imported line is the SC characteristic's line: nothing is missing any more
    expect(await plan.getByTestId('cp-check-missing').count()).toBe(0);

    // the hand-written line goes, after a confirmation
    await page.locator('.cp-lines [data-row-key]').filter({ hasText: '标签齐全' }).getByTestId('cp-row-delete').click();
    await page.getByTestId('confirm-dialog').locator('.dialog-actions button').last().click();
    await expect.poll(() => page.locator('.cp-lines [data-row-key]').count()).toBe(1);
    expect(await plan.getByTestId('cp-check-untraced').count()).toBe(0);

    // another phase has its own plan
    await plan.getByTestId('cp-phase-prototype').click();
    await plan.getByText('还没有行：从 PFMEA 生成，或手工添加。').waitFor();
    expect(await textOf(plan.getByTestId('cp-header-controlPlanNumber'))).toBe(`CP-${project.serialNum}-PT`);
    // the two refusals above (the line without a characteristic, the workbook's bad row) are the browser's only 400s
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });
});
