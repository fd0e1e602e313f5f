import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, useDemoServer } from './support/demo.ts';
import { openArea, startSignedIn } from './support/flows.ts';
import { waitForPath } from './support/suite.ts';

/**
 * Programs and tasks in the workbench (issue 24), on the demo data: li.engineer, responsible for the
 * window-lifter DFMEA, leads its program: he creates it, adds the DFMEA, plans two tasks on its nodes for
 * wang.engineer with a finish-to-start dependency (the node below the root is refused until the root has
 * its task), drags a bar (refused before its predecessor ends; moved later, its dependant follows), sees the
 * critical path and saves a baseline. wang.engineer opens his task from the task list, works it on the
 * DFMEA's mind map (the node shows its progress, and li's open map follows live), li approves, and the
 * node shows the task done on both; a sheet of tasks with a wrong row is refused, the row named. Screenshots
 * of the program page, the mind map and the task list in both languages. The program's stages are edited in
 * their dialog (a server refusal under its row's field; the demo's stage that tasks are in removed, its tasks kept).
 */
const demo = useDemoServer();

const dialog = (page: Page) => page.getByRole('dialog');
/** The FMEA's root node, in the task dialog's node select (its first node). */
const ROOT = '(root)';
const bar = (page: Page, name: string): Locator => page.locator('[data-testid="program-gantt"] .wx-bar').filter({ hasText: name });
/** The chart's grid cell of a task's row (the SVAR grid: a row per task, cells by column). */
const startCell = (page: Page, name: string) => page.locator('[data-testid="program-gantt"] .wx-row').filter({ hasText: name }).locator('.wx-cell').nth(2);

async function selectByText(select: Locator, text: string): Promise<void> {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  await select.selectOption(value!);
}

/** Drags a bar sideways by whole days (24 px each) as a mouse does (from its middle: its ends resize it), once the notices over the chart are gone. */
async function dragBar(page: Page, name: string, days: number): Promise<void> {
  await page.locator('.toast').first().waitFor({ state: 'detached' });
  const box = (await bar(page, name).boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (days * 24) / 2, y, { steps: 4 });
  await page.mouse.move(x + days * 24, y, { steps: 4 });
  await page.mouse.up();
}

async function addTask(page: Page, fields: { name: string; start: string; end: string; node: string; after?: string }): Promise<void> {
  await page.getByTestId('program-add-task').click();
  await page.getByTestId('task-add-name').fill(fields.name);
  await page.getByTestId('task-add-start').fill(fields.start);
  await page.getByTestId('task-add-end').fill(fields.end);
  await selectByText(page.getByTestId('task-add-handler'), '王芳');
  await selectByText(page.getByTestId('task-add-project'), '前门电动车窗升降器');
  // the node select lists the FMEA's structure once it is read: the root first
  await page.locator('[data-testid="task-add-node"] option', { hasText: '控制模块' }).first().waitFor({ state: 'attached' });
  if (fields.node === ROOT) await page.getByTestId('task-add-node').selectOption({ index: 1 });
  else await selectByText(page.getByTestId('task-add-node'), fields.node);
  if (fields.after) await selectByText(page.getByTestId('task-add-predecessor'), fields.after);
  await page.getByTestId('task-add-save').click();
}

describe('programs and tasks in the workbench', () => {
  it('a team leader plans a program and assigns tasks; an engineer works one from the mind map and it completes', async () => {
    const li = await demo.open('zh-CN');
    await startSignedIn(li, 'li.engineer', DEMO_PASSWORD);
    await openArea(li, 'program_index');
    await waitForPath(li, '/main/program');

    // a new program, its bilingual name and dates
    await li.getByTestId('program-new').click();
    await li.getByTestId('program-name').fill('前门车窗升降器项目');
    await li.getByTestId('program-name-en').fill('Front door window lifter program');
    await li.getByTestId('program-start').fill('2027-01-04');
    await li.getByTestId('program-end').fill('2027-06-30');
    await li.getByTestId('program-save').click();
    await waitForPath(li, '/main/program/programDetail');
    await li.getByTestId('program-detail').waitFor();

    // the DFMEA joins the program
    await li.getByTestId('program-add-fmea').click();
    await li.getByTestId('program-link-fmea').fill('前门');
    await li.getByRole('option').filter({ hasText: '前门电动车窗升降器' }).first().click();
    await li.getByTestId('program-link-fmea-save').click();
    await dialog(li).waitFor({ state: 'hidden' });
    await expect.poll(() => li.getByTestId('program-dfmea-count').innerText()).toBe('1');

    // a task on a node below the root first: its superior part has no task yet, and nothing is saved
    await addTask(li, { name: '系统结构分析', start: '2027-01-04', end: '2027-01-08', node: '控制模块' });
    await expect.poll(() => dialog(li).innerText()).toContain('必须先创建上级零件任务');
    // the same dialog on the root: saved
    await li.getByTestId('task-add-node').selectOption({ index: 1 });
    await li.getByTestId('task-add-save').click();
    await dialog(li).waitFor({ state: 'hidden' });

    // the control module's task after it (finish-to-start)
    await addTask(li, { name: '控制模块功能分析', start: '2027-01-09', end: '2027-01-13', node: '控制模块', after: '系统结构分析' });
    await dialog(li).waitFor({ state: 'hidden' });
    await bar(li, '控制模块功能分析').waitFor();
    await screenshot(li, 'program-detail-planned-zh-CN');
    // a chain of two, back to back: both on the critical path, no slack
    await expect.poll(() => li.locator('[data-testid="program-gantt"] .wx-bar.critical').count()).toBe(2);

    // dragged to start before its predecessor ends: the server refuses, the chart keeps the plan
    const before = await startCell(li, '控制模块功能分析').innerText();
    await dragBar(li, '控制模块功能分析', -4);
    await screenshot(li, 'program-detail-dragged-zh-CN');
    await li.getByTestId('program-plan-refusal').waitFor();
    expect(await li.getByTestId('program-plan-refusal').innerText()).toMatch(/PR/);
    await expect.poll(() => startCell(li, '控制模块功能分析').innerText()).toBe(before);

    // the root's task moved two days later: its dependant follows (the server's cascade)
    await dragBar(li, '系统结构分析', 2);
    await expect.poll(() => startCell(li, '控制模块功能分析').innerText()).not.toBe(before);
    await expect.poll(() => li.getByTestId('program-plan-refusal').count()).toBe(0);

    // a baseline of the plan: drawn under the bars
    await li.getByTestId('program-save-baseline').click();
    await expect.poll(() => li.getByTestId('gantt-baseline').count()).toBeGreaterThanOrEqual(2);
    await screenshot(li, 'program-detail-zh-CN');

    // its stages, edited in one dialog: three added with both names and dates; the one ending before it
    // starts is refused by the server, said under that row's end; corrected, moved up one, saved in that order
    await li.getByTestId('program-edit-stages').click();
    const stageRow = (page: Page, n: number) => dialog(page).getByTestId('program-stage-row').nth(n);
    const stages = [
      ['概念', 'Concept', '2027-01-04', '2027-01-31'],
      ['验证', 'Validation', '2027-05-01', '2027-04-01'],
      ['设计', 'Design', '2027-02-01', '2027-04-30'],
    ];
    for (const [n, [zh, en, start, end]] of stages.entries()) {
      await li.getByTestId('program-stage-add').click();
      await stageRow(li, n).getByTestId('program-stage-name').fill(zh!);
      await stageRow(li, n).getByTestId('program-stage-name-en').fill(en!);
      await stageRow(li, n).getByTestId('program-stage-start').fill(start!);
      await stageRow(li, n).getByTestId('program-stage-end').fill(end!);
    }
    await li.getByTestId('program-stages-save').click();
    await expect.poll(() => stageRow(li, 1).locator('.field-error').innerText()).toContain('结束日期（第 2 行）早于开始日期');
    await screenshot(li, 'program-stages-refused-zh-CN');
    await stageRow(li, 1).getByTestId('program-stage-end').fill('2027-06-30');
    await stageRow(li, 2).getByTestId('program-stage-up').click();
    await li.getByTestId('program-stages-save').click();
    await dialog(li).waitFor({ state: 'hidden' });
    const stageNames = async (page: Page) => (await page.locator('.program-stages li').allInnerTexts()).map((x) => x.split(' · ')[0]);
    await expect.poll(() => stageNames(li)).toEqual(['概念', '设计', '验证']);

    // the engineer's to-do list holds the two tasks; the root's opens at its node in the DFMEA
    const wang = await demo.open('zh-CN');
    await startSignedIn(wang, 'wang.engineer', DEMO_PASSWORD, '/main/taskIndex/todoList');
    const row = wang.locator('[data-row-key]').filter({ hasText: '系统结构分析' });
    await row.waitFor();
    expect(await wang.locator('[data-row-key]').filter({ hasText: '控制模块功能分析' }).count()).toBe(1);
    await screenshot(wang, 'task-list-zh-CN');
    const num = (await row.locator('[data-column-id="taskNum"]').innerText()).trim();
    await row.getByTestId('task-open-fmea').click();
    await waitForPath(wang, '/main/dfmea/dfmeaProject');
    // on the map, under the root's box: our task among the node's tasks (the demo program has one there too)
    const mapTask = (page: Page, status: string) => page.getByTestId('dfmea-mindmap').locator(`[data-testid="node-task"][data-task="${num}"][data-status="${status}"]`);
    const rootProgress = wang.getByTestId('dfmea-mindmap').getByTestId('node-progress').filter({ has: wang.locator(`[data-task="${num}"]`) });
    await mapTask(wang, '0').waitFor();
    const percentBefore = Number(await rootProgress.getAttribute('data-percent'));
    // the node's task, with what wang may do to it, above the map
    const wangRow = wang.locator(`[data-testid="node-task-row"][data-task="${num}"]`);

    // the leader watches the same map
    await li.goto(await wang.evaluate(() => location.pathname + location.search));
    await mapTask(li, '0').waitFor();
    for (const page of [li, wang]) await page.locator('html[data-realtime="connected"]').waitFor({ state: 'attached' });

    // worked from the mind map: started, then submitted; the leader's map follows without a reload
    await wangRow.getByTestId('node-task-start').click();
    await mapTask(li, '1').waitFor();
    await wangRow.getByTestId('node-task-submit').click();
    await mapTask(li, '2').waitFor();

    // the leader approves it where it was worked; the engineer's node shows it done and its progress up
    await li.locator(`[data-testid="node-task-row"][data-task="${num}"]`).getByTestId('node-task-approve').click();
    await mapTask(wang, '3').waitFor();
    await expect.poll(async () => Number(await rootProgress.getAttribute('data-percent'))).toBeGreaterThan(percentBefore);
    await screenshot(wang, 'fmea-mindmap-tasks-zh-CN');

    // the project's task log says who did what
    await wang.getByTestId('task-log-open').click();
    const log = wang.getByTestId('task-log-panel');
    // newest first: the leader's approval, then the engineer's submission, of our task
    const entries = log.locator('[data-row-key]').filter({ hasText: num });
    await expect.poll(() => entries.nth(0).innerText()).toMatch(/李伟[\s\S]*已批准/);
    expect(await entries.nth(1).innerText()).toMatch(/王芳[\s\S]*已提交审批/);

    // in English: the program page and the task list, as the leader sees them in another browser
    const admin = await demo.open('en-US');
    await startSignedIn(admin, 'li.engineer', DEMO_PASSWORD);
    await openArea(admin, 'program_index');
    await admin.getByTestId('program-list').getByText('Front door window lifter program').click();
    await bar(admin, '控制模块功能分析').waitFor();
    await screenshot(admin, 'program-detail-en-US');
    // the demo's program: stages, milestones, slack and a baseline it has slipped from
    await admin.getByRole('button', { name: 'All programs' }).click();
    await admin.getByTestId('program-list').getByText('Front door power window lifter, MY2027').click();
    await admin.locator('[data-testid="program-gantt"] .wx-bar').first().waitFor();
    await admin.getByTestId('program-gantt').scrollIntoViewIfNeeded();
    await screenshot(admin, 'program-demo-en-US');
    // a stage that tasks are in, removed: the dialog says how many, and the server keeps them in the plan without a stage
    const bars = await admin.locator('[data-testid="program-gantt"] .wx-bar').count();
    await admin.getByTestId('program-edit-stages').click();
    const design = dialog(admin).getByTestId('program-stage-row').filter({ has: admin.locator('input[value="Design"]') });
    expect(await design.getByTestId('program-stage-tasks').innerText()).toMatch(/^\d+ tasks$/);
    await design.getByTestId('program-stage-remove').click();
    await dialog(admin).getByTestId('program-stages-unstaged').waitFor();
    await screenshot(admin, 'program-stages-en-US');
    await admin.getByTestId('program-stages-save').click();
    await dialog(admin).waitFor({ state: 'hidden' });
    await expect.poll(() => stageNames(admin)).toEqual(['Concept', 'Process development', 'Launch']);
    expect(await admin.locator('[data-testid="program-gantt"] .wx-bar').count()).toBe(bars);
    await admin.goto('/main/taskIndex/all');
    await admin.locator('[data-row-key]').filter({ hasText: '系统结构分析' }).waitFor();
    // the status filter: completed ones only, ours among them, the control module's (not started) gone
    await admin.getByTestId('task-status-filter').selectOption('3');
    await expect.poll(() => admin.locator('[data-row-key]').filter({ hasText: '控制模块功能分析' }).count()).toBe(0);
    await admin.locator('[data-row-key]').filter({ hasText: num }).waitFor();
    const statuses = await admin.locator('[data-row-key] [data-column-id="taskStatus"]').allInnerTexts();
    expect(new Set(statuses)).toEqual(new Set(['Completed']));
    await screenshot(admin, 'task-list-en-US');

    // a sheet of tasks with one wrong row: refused whole, the row named, nothing imported
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('tasks');
    sheet.addRow(['taskName', 'taskType', 'handlerName', 'plannedStart', 'plannedEnd']);
    sheet.addRow(['图纸评审', 'Review', '王芳', '2027-02-01', '2027-02-05']);
    sheet.addRow(['供应商评审', 'Inspection', '王芳', '2027-02-08', '2027-02-12']);
    const file = join(mkdtempSync(join(tmpdir(), 'task-import-')), 'tasks.xlsx');
    await workbook.xlsx.writeFile(file);
    await admin.getByTestId('task-import').click();
    const [chooser] = await Promise.all([admin.waitForEvent('filechooser'), dialog(admin).getByRole('button', { name: 'Choose file' }).click()]);
    await chooser.setFiles(file);
    await dialog(admin).getByTestId('task-import-run').click();
    const rows = dialog(admin).getByTestId('task-import-rows');
    await rows.waitFor();
    expect(await rows.innerText()).toMatch(/3[\s\S]*Inspection/);
    await dialog(admin).getByRole('button', { name: 'Cancel' }).click();
    await admin.getByTestId('task-status-filter').selectOption('');
    await admin.getByRole('search').getByRole('textbox').fill('图纸评审');
    await admin.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => admin.locator('[data-row-key]').count()).toBe(0);
  });
});
