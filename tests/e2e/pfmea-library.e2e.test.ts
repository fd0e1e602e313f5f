import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName, type ApiSession } from './support/api.ts';
import { startSignedIn } from './support/flows.ts';
import { textOf, useBrowser } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Pl7#qW2!mK9$zR';

interface CatalogRow {
  id: string;
  version: number;
  serialNum: string;
}

interface Node {
  id: string;
  version: number;
}

/** A knowledge record written and taken through audit and approval to release by the setup administrator. */
async function released(admin: ApiSession, entity: string, values: Record<string, unknown>): Promise<CatalogRow> {
  const base = `/api/knowledge/${entity}`;
  const draft = await admin.post<CatalogRow>(`${base}/saveOrUpdate`, { values });
  const applied = await admin.post<CatalogRow>(`${base}/apply`, { id: draft.id, version: draft.version });
  const audited = await admin.post<CatalogRow>(`${base}/audit`, { id: draft.id, version: applied.version, opinion: 'e2e setup' });
  return admin.post<CatalogRow>(`${base}/approve`, { id: draft.id, version: audited.version });
}

/** The tree item of a node by its name (its label also holds the step number, symbol or 4M type). */
const treeItem = (page: Page, name: string) => page.getByTestId('dfmea-tree').locator('[role="treeitem"] > button.dfmea-tree-label').filter({ hasText: name });

/** Clicks a button that downloads a file and saves it; answers the saved path. */
async function download(page: Page, testId: string, dir: string): Promise<{ path: string; name: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return { path, name: file.suggestedFilename() };
}

/** Chooses a file through the import dialog's own button. */
async function chooseFile(page: Page, path: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('dialog').getByRole('button', { name: '选择文件' }).click()]);
  await chooser.setFiles(path);
}

/**
 * Issue 13 in the PFMEA's own steps: a process step with its 4M work elements
 * from the process library (released catalog records, only on the process
 * item), and the product characteristic list exported and imported back
 * (a wrong row refused by its sheet row, nothing written; the corrected file
 * goes in and the function analysis shows it).
 */
describe('the PFMEA and the process library', () => {
  it('adds a step from the library with its work elements, exports the product characteristics and imports them back with a wrong row named by number', async () => {
    const tag = uniqueName('lib');
    const procedureName = `OP15 激光焊接 ${tag}`;
    const { role } = await asAdmin(env.baseURL, async (admin) => {
      await released(admin, 'processProcedure', { procedureName, enProcedureName: `OP15 Laser welding ${tag}`, procedureDesc: '焊缝熔深在线监控' });
      await released(admin, 'procedureElement', { elementName: `激光焊接机 ${tag}`, enElementName: `Laser welder ${tag}`, elementType: 'machine' });
      await released(admin, 'procedureElement', { elementName: `焊缝检测仪 ${tag}`, enElementName: `Weld seam gauge ${tag}`, elementType: 'measurement' });
      await released(admin, 'procedureElement', { elementName: `焊接操作工 ${tag}`, enElementName: `Welding operator ${tag}`, elementType: 'man' });
      await released(admin, 'procedureElement', { elementName: `焊接作业指导 ${tag}`, enElementName: `Welding instruction ${tag}`, elementType: 'method' });
      return { role: await createRole(admin, uniqueName('pfmea-lib'), [{ routeName: 'pfmea_index', buttons: ['add', 'edit', 'del', 'export', 'import'] }]) };
    });
    const userName = uniqueName('pfmealib');
    const user = await createReadyUser(env.baseURL, { userName, realName: 'Library engineer', password: PASSWORD, roleIds: [role.id] });

    // the PFMEA over the API: one numbered step with a product characteristic
    const api = await apiLogin(env.baseURL, userName, PASSWORD);
    const project = await api.post<{ id: string; serialNum: string; pptSerial: string }>('/api/project/save', {
      projectType: 'pfmea',
      name: uniqueName('壳体焊接 '),
      projectMembers: [{ userId: user.id, roles: [0] }],
    });
    const wash = await api.post<Node>('/api/fmea/addNode', { parentId: project.pptSerial, name: '清洗', processNo: '10' });
    const washFn = await api.post<Node>('/api/fmea/addFunction', { nodeId: wash.id, description: '清除切屑和油污' });
    await api.post('/api/fmea/addCharacteristic', { functionId: washFn.id, name: `残留颗粒 ${tag}`, characteristicClass: 'significant', special: true });
    await api.logout();

    const { page, errors } = await env.open({ width: 1440, height: 950 });
    await startSignedIn(page, userName, PASSWORD, `/main/pfmea/pfmeaProject?projectId=${project.id}`);
    await page.getByTestId('dfmea-tab-structure').click();
    await treeItem(page, '清洗').waitFor();

    // only the process item takes a step from the library
    await treeItem(page, '清洗').click();
    expect(await page.getByTestId('pfmea-add-from-library').isDisabled()).toBe(true);
    await page.getByTestId('dfmea-tree').locator('[role="treeitem"] > button.dfmea-tree-label').first().click();
    await page.getByTestId('pfmea-add-from-library').click();
    const dialog = page.getByRole('dialog');

    // the released procedure is found by part of its name, with its number and version
    await dialog.getByTestId('pfmea-procedure-name').pressSequentially(tag);
    const option = page.getByRole('option').filter({ hasText: procedureName });
    await option.waitFor();
    expect(await textOf(option)).toMatch(/PP\d+ V1/i);
    await option.click();
    await dialog.getByTestId('pfmea-procedure-picked').waitFor();

    // the elements: every released one but the method, ticked in the order the step takes them
    await dialog.getByTestId('pfmea-procedure-element-search').fill(tag);
    const checks = dialog.locator('.pfmea-library-elements label.check');
    await expect.poll(() => checks.count()).toBe(3);
    expect(await textOf(dialog.locator('.pfmea-library-elements'))).not.toContain('焊接作业指导');
    expect(await textOf(checks.filter({ hasText: '焊缝检测仪' }))).toContain('机器（测量）');
    for (const name of ['焊接操作工', '激光焊接机', '焊缝检测仪']) await checks.filter({ hasText: name }).locator('input').check();
    await screenshot(page, 'pfmea-library-dialog-zh-CN');
    await dialog.getByTestId('pfmea-procedure-save').click();
    await dialog.waitFor({ state: 'detached' });

    // the new step: numbered after 10, selected, with its work elements and their 4M types in the order ticked
    const step = treeItem(page, procedureName);
    await step.waitFor();
    expect(await textOf(step.getByTestId('pfmea-process-no'))).toBe('20');
    await page.getByTestId('dfmea-tree').locator('[role="treeitem"][aria-selected="true"]').filter({ hasText: procedureName }).first().waitFor();
    // the tree lists nodes depth first: the step's three children follow it
    const labels = await page.getByTestId('dfmea-tree').locator('[role="treeitem"] > button.dfmea-tree-label').allInnerTexts();
    const at = labels.findIndex((l) => l.includes(procedureName));
    expect(labels.slice(at + 1, at + 4).map((l) => l.replace(/\s+/g, ' '))).toEqual([`人员 焊接操作工 ${tag}`, `机器 激光焊接机 ${tag}`, `机器 焊缝检测仪 ${tag}`]);
    await screenshot(page, 'pfmea-library-step-zh-CN');

    // the flow chart edits the same node: the symbol chosen there stands beside the step in the tree
    await page.getByTestId('dfmea-tab-flow').click();
    await page.locator('.pfd-steps tbody tr').filter({ hasText: procedureName }).getByRole('button').first().click();
    await page.getByTestId('pfd-step-editor').getByLabel('符号').selectOption('inspection');
    await page.getByTestId('pfd-save-step').click();
    await page.locator('.pfd-steps tbody tr').filter({ hasText: procedureName }).getByText('检验').waitFor();
    await page.getByTestId('dfmea-tab-structure').click();
    expect(await step.getByTestId('pfmea-flow-symbol').getAttribute('title')).toBe('检验');
    expect(await treeItem(page, '清洗').getByTestId('pfmea-flow-symbol').count()).toBe(0);

    // the product characteristic list: exported in the reader's language, one row per product characteristic
    await page.getByTestId('dfmea-tab-function').click();
    const dir = mkdtempSync(join(tmpdir(), 'pfmea-library-e2e-'));
    const exported = await download(page, 'pfmea-features-export', dir);
    expect(exported.name).toBe(`${project.serialNum}-产品特性.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(exported.path);
    const sheet = book.worksheets[0]!;
    const column: Record<string, number> = {};
    sheet.getRow(1).eachCell((cell, index) => (column[String(cell.value).trim()] = index));
    for (const header of ['过程编号', '过程步骤', '过程步骤功能', '产品特性', '特性分级', '特殊特性']) expect(column[header], header).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(column['产品特性']!).value).toBe(`残留颗粒 ${tag}`);

    // two rows added to it: one on the library's step (row 3), one naming a step number nobody has, without its name (row 4)
    const add = (rowNumber: number, values: Record<string, string>) => {
      const row = sheet.getRow(rowNumber);
      for (const [header, value] of Object.entries(values)) row.getCell(column[header]!).value = value;
    };
    const weld = { 过程编号: '20', 过程步骤: procedureName, 过程步骤功能: '焊接壳体与端盖', 产品特性: `焊缝熔深 ${tag}`, 特性分级: String(sheet.getRow(2).getCell(column['特性分级']!).value), 特殊特性: '是' };
    add(3, weld);
    add(4, { 过程编号: '99', 过程步骤功能: '打标', 产品特性: `标记清晰 ${tag}` });
    const wrong = join(dir, `features-wrong-${tag}.xlsx`);
    await book.xlsx.writeFile(wrong);

    // the import names the wrong row by its number and column and writes nothing
    await page.getByTestId('pfmea-features-import').click();
    await chooseFile(page, wrong);
    await dialog.getByTestId('pfmea-features-import-run').click();
    const refusal = dialog.getByTestId('pfmea-features-import-refusal');
    await refusal.waitFor();
    const problems = refusal.getByTestId('pfmea-features-import-rows').locator('tbody tr');
    expect(await problems.count()).toBe(1);
    expect(await textOf(problems.first().locator('td').nth(0))).toBe('4');
    expect(await textOf(problems.first().locator('td').nth(1))).toBe('过程编号');
    expect(await textOf(problems.first().locator('td').nth(2))).toContain('99');
    // nothing to run again until a corrected file is chosen
    expect(await dialog.getByTestId('pfmea-features-import-run').isDisabled()).toBe(true);
    await screenshot(page, 'pfmea-features-refusal-zh-CN');

    // the corrected file goes in: the new characteristic on the library's step, the exported one left as it is
    sheet.spliceRows(4, 1);
    const corrected = join(dir, `features-${tag}.xlsx`);
    await book.xlsx.writeFile(corrected);
    await chooseFile(page, corrected);
    await expect.poll(() => textOf(dialog.getByTestId('pfmea-features-import-file'))).toBe(`features-${tag}.xlsx`);
    await dialog.getByTestId('pfmea-features-import-run').click();
    const report = dialog.getByTestId('pfmea-features-import-report');
    await report.waitFor();
    expect(await textOf(report.locator('p').first())).toBe('新增 1 个特性，修改 0 个，已存在而跳过 1 个；新增 0 个过程步骤和 1 个步骤功能。');
    await dialog.getByTestId('pfmea-features-import-close').click();
    await dialog.waitFor({ state: 'detached' });

    // the function analysis reads it at once: the step's function with its product characteristic
    await page.getByRole('tree').getByRole('button').filter({ hasText: procedureName }).click();
    const card = page.getByTestId('function-card').filter({ hasText: '焊接壳体与端盖' });
    await card.getByText(`焊缝熔深 ${tag}`).waitFor();
    await screenshot(page, 'pfmea-features-imported-zh-CN');
    // the refused import's answer is the one failed request the browser reports
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });
});
