import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { compileApTable, DEFAULT_AP_SELECTION, type ApLookup, type ApRule } from '@fmea/core/domain';
import { abbreviatedSheet } from '@fmea/core/testing';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Df7#qW2!mK9$zR';

/** The server's DFMEA Action Priority table, as the grid must apply it. */
async function serverApTable(baseURL: string): Promise<ApLookup> {
  const set = await asAdmin(baseURL, (admin) => admin.get<{ selection: string; rules: ApRule[] }>('/api/apRule/list?table=dfmea'));
  return compileApTable(set.rules, set.selection || DEFAULT_AP_SELECTION);
}

async function engineer(baseURL: string, label: string): Promise<string> {
  return (await engineerWithId(baseURL, label)).userName;
}

async function engineerWithId(baseURL: string, label: string): Promise<{ userName: string; id: string }> {
  const role = await asAdmin(baseURL, (admin) =>
    createRole(admin, uniqueName(`${label}-role`), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del', 'export', 'import'] }]),
  );
  const userName = uniqueName(label);
  const user = await createReadyUser(baseURL, { userName, realName: `Engineer ${label}`, password: PASSWORD, roleIds: [role.id] });
  return { userName, id: user.id };
}

const dialog = (page: Page) => page.getByRole('dialog');
const treeItem = (page: Page, name: string) => page.getByRole('tree').getByRole('button', { name: new RegExp(`^${name}`) });

/** The open dialog's field by its label (a required field's label ends in "*"). */
const field = (page: Page, label: string) => dialog(page).getByLabel(new RegExp(`^${label} ?\\*?$`));

/** Fills the open dialog's labelled field and saves it; waits until the dialog is gone. */
async function saveDialog(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) await field(page, label).fill(value);
  await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
  await dialog(page).waitFor({ state: 'hidden' });
}

/** The risk grid's cell of the one chain row. */
const riskCell = (page: Page, column: string): Locator => page.locator(`.dfmea-risk [data-row-key] [data-column-id="${column}"]`).first();

async function typeRating(page: Page, column: string, value: string, commit = true): Promise<void> {
  await riskCell(page, column).dblclick();
  const input = riskCell(page, column).locator('input');
  await input.fill(value);
  if (commit) await input.press('Enter');
}

describe('DFMEA analysis in the browser', () => {
  it('builds a DFMEA from nothing, rates it with live AP, closes an action with re-rating, exports and re-imports it', async () => {
    const userName = await engineer(env.baseURL, 'dfan');
    const ap = await serverApTable(env.baseURL);
    const { page } = await env.open({ width: 1500, height: 950 });
    await startSignedIn(page, userName, PASSWORD);
    await chooseLanguage(page, 'English');

    // 1 planning: a new project; the structure tab opens with the product as its root
    const projectName = uniqueName('Window lifter ');
    await page.goto('/main/dfmea');
    await page.getByTestId('dfmea-new').click();
    await page.getByTestId('dfmea-name').fill(projectName);
    await page.getByTestId('dfmea-save').click();
    await waitForPath(page, '/main/dfmea/dfmeaProject');
    const tree = page.getByTestId('dfmea-tree');
    await tree.waitFor();

    // 2 structure: product → motor → brush (three levels)
    for (const name of ['Motor', 'Brush']) {
      await page.getByTestId('dfmea-add-child').click();
      await page.getByTestId('dfmea-node-name').fill(name);
      await page.getByTestId('dfmea-node-save').click();
      await tree.getByRole('button', { name, exact: true }).click();
    }

    // copy the motor subtree onto the product, rename the copy, then delete it (with its child) after confirming
    const toolbar = page.getByRole('toolbar', { name: 'Structure actions' });
    await tree.getByRole('button', { name: 'Motor', exact: true }).click();
    await toolbar.getByRole('button', { name: 'Copy', exact: true }).click();
    await tree.getByRole('button', { name: projectName, exact: true }).click();
    await toolbar.getByRole('button', { name: 'Paste', exact: true }).click();
    await expect.poll(() => tree.getByRole('button', { name: 'Brush', exact: true }).count()).toBe(2);
    await tree.getByRole('button', { name: 'Motor', exact: true }).nth(1).click();
    await toolbar.getByRole('button', { name: 'Rename', exact: true }).click();
    await page.getByTestId('dfmea-node-name').fill('Spare motor');
    await page.getByTestId('dfmea-node-save').click();
    await tree.getByRole('button', { name: 'Spare motor', exact: true }).click();
    await page.getByTestId('dfmea-delete-node').click();
    const confirmDialog = page.getByTestId('confirm-dialog');
    const spareMotor = tree.getByRole('button', { name: 'Spare motor', exact: true });
    // "delete?" and, when the server counts nodes that use it, "used by N nodes": confirm each question
    // asked until the node is gone (waiting for one outcome or the other, never for a while)
    const outcome = async () => ((await confirmDialog.isVisible()) ? 'asked' : (await spareMotor.count()) === 0 ? 'gone' : 'waiting');
    let questions = 0;
    for (;;) {
      await expect.poll(outcome).not.toBe('waiting');
      if ((await outcome()) === 'gone') break;
      expect(++questions).toBeLessThanOrEqual(2);
      await confirmDialog.locator('.dialog-actions button').last().click();
      await confirmDialog.waitFor({ state: 'hidden' });
    }
    expect(questions).toBeGreaterThanOrEqual(1);
    expect(await tree.getByRole('button', { name: 'Brush', exact: true }).count()).toBe(1);

    // 3 functions on each level
    await page.getByTestId('dfmea-tab-function').click();
    const functions: [string, string][] = [
      [projectName, 'Raise and lower the window'],
      ['Motor', 'Convert current into torque'],
      ['Brush', 'Conduct current to the commutator'],
    ];
    for (const [element, fn] of functions) {
      await treeItem(page, element).click();
      await page.getByRole('button', { name: 'Add function' }).click();
      await saveDialog(page, { Function: fn });
      await page.getByTestId('function-card').getByText(fn, { exact: true }).first().waitFor();
    }

    // 4 failures around the motor's function: FE on the product's function, FM on the motor's, FC on the brush's, linked into a chain
    await page.getByTestId('dfmea-tab-failure').click();
    await treeItem(page, 'Motor').click();
    const focus = page.getByTestId('focus-function');
    await focus.getByRole('button', { name: 'Add effect' }).click();
    await saveDialog(page, { Description: 'Window does not move' });
    await focus.getByRole('button', { name: 'Add mode' }).click();
    await saveDialog(page, { Description: 'No torque' });
    await focus.getByRole('button', { name: 'Add cause' }).click();
    await saveDialog(page, { Description: 'Brush worn out' });
    const chains = focus.getByTestId('mode-chains');
    await chains.getByLabel('Effect on a higher-level function').selectOption({ label: `${projectName} › Raise and lower the window: Window does not move` });
    await chains.getByRole('button', { name: 'Link effect' }).click();
    await chains.getByText('Effect: Window does not move').waitFor();
    await chains.getByLabel('Cause on a lower-level function').selectOption({ label: 'Brush › Conduct current to the commutator: Brush worn out' });
    await chains.getByRole('button', { name: 'Link cause' }).click();
    await chains.getByText('Cause: Brush worn out').waitFor();
    await screenshot(page, 'dfmea-failure-net');

    // 5 risk analysis: one chain; AP follows the ratings while they are typed
    await page.getByTestId('dfmea-tab-risk').click();
    await riskCell(page, 'mode').getByText('No torque').waitFor();
    expect(await riskCell(page, 'effect').innerText()).toBe('Window does not move');
    expect(await riskCell(page, 'cause').innerText()).toBe('Brush worn out');
    expect(await riskCell(page, 'ap').innerText()).toBe('');
    await typeRating(page, 'severity', '8');
    await typeRating(page, 'occurrence', '5');
    const [lowD, highD] = [2, 9];
    expect(ap(8, 5, lowD)).not.toBe(ap(8, 5, highD)); // the chosen ratings must move AP
    await typeRating(page, 'det', String(highD), false);
    await expect.poll(() => riskCell(page, 'ap').innerText()).toBe(ap(8, 5, highD));
    expect(await riskCell(page, 'rpn').innerText()).toBe(String(8 * 5 * highD));
    await riskCell(page, 'det').locator('input').fill(String(lowD));
    await expect.poll(() => riskCell(page, 'ap').innerText()).toBe(ap(8, 5, lowD));
    await riskCell(page, 'det').locator('input').fill(String(highD));
    // the rating is saved before the next cell is edited: on a loaded machine the two saves could cross
    await Promise.all([
      page.waitForResponse((res) => new URL(res.url()).pathname === '/api/fmea/rateCause'),
      riskCell(page, 'det').locator('input').press('Enter'),
    ]);
    await riskCell(page, 'prevention').dblclick();
    await riskCell(page, 'prevention').locator('input').fill('Brush material spec BM-12; Wear test 500 h');
    await riskCell(page, 'prevention').locator('input').press('Enter');
    await expect.poll(() => riskCell(page, 'prevention').innerText()).toBe('Brush material spec BM-12; Wear test 500 h');
    await screenshot(page, 'dfmea-risk-grid');
    // saved on the server: a reload reads the same
    await Promise.all([
      page.waitForResponse((res) => new URL(res.url()).pathname === '/api/fmea/riskGrid'),
      page.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await expect.poll(() => riskCell(page, 'det').innerText()).toBe(String(highD));
    await expect.poll(() => riskCell(page, 'ap').innerText()).toBe(ap(8, 5, highD));
    expect(await riskCell(page, 'severity').innerText()).toBe('8');
    expect(await riskCell(page, 'occurrence').innerText()).toBe('5');
    expect(await riskCell(page, 'ap').innerText()).toBe(ap(8, 5, highD));
    expect(await riskCell(page, 'prevention').innerText()).toBe('Brush material spec BM-12; Wear test 500 h');

    // 6 optimisation: an action with a re-rated O, taken through decision and implementation to completed
    await page.getByTestId('dfmea-tab-optimization').click();
    await page.getByRole('button', { name: 'Add action' }).click();
    await field(page, 'Action').fill('Carbon-copper brush with wear indicator');
    await dialog(page).getByLabel('Target date').fill('2027-03-31');
    await dialog(page).getByLabel('O (re-rated)').fill('2');
    await expect.poll(() => dialog(page).getByText('AP (re-rated)').innerText()).toContain(ap(8, 2, highD));
    await dialog(page).getByRole('button', { name: 'Save', exact: true }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    const actions = page.getByRole('grid', { name: 'Optimisation actions' });
    const actionCell = (column: string) => actions.locator(`[data-row-key] [data-column-id="${column}"]`).first();
    await expect.poll(() => actionCell('status').innerText()).toBe('Open');
    for (const [event, status] of [
      ['Submit for decision', 'Decision pending'],
      ['Decide (implementation pending)', 'Implementation pending'],
      ['Complete', 'Completed'],
    ] as const) {
      await actionCell('operations').getByRole('button', { name: 'Change status' }).click();
      await field(page, 'Change').selectOption({ label: event });
      if (event === 'Complete') {
        await field(page, 'Action taken').fill('Brush changed to CuC-40, wear test passed');
        await dialog(page).getByLabel('Evidence').fill('Test report TR-2027-014');
      }
      await dialog(page).getByRole('button', { name: 'Apply' }).click();
      await dialog(page).waitFor({ state: 'hidden' });
      await expect.poll(() => actionCell('status').innerText()).toBe(status);
    }
    expect(await actionCell('raAp').innerText()).toBe(ap(8, 2, highD));
    expect(await actionCell('completionDate').innerText()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // 7 the form workbook: downloaded, then imported as a new project that holds the same chain
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('dfmea-export').click()]);
    const file = join(mkdtempSync(join(tmpdir(), 'dfmea-e2e-')), download.suggestedFilename());
    await download.saveAs(file);

    // a workbook with a bad rating is refused whole, with the row number, and nothing is written
    const broken = join(tmpdir(), `broken-${Date.now()}.xlsx`);
    await breakFirstSeverity(file, broken);
    await page.goto('/main/dfmea');
    const list = page.getByTestId('dfmea-project-list');
    await list.getByText(projectName, { exact: true }).waitFor();
    const before = await list.getByText(projectName, { exact: true }).count();
    await page.getByTestId('dfmea-import').click();
    await page.getByTestId('dfmea-import-file').setInputFiles(broken);
    await page.getByTestId('dfmea-import-run').click();
    const problems = page.getByTestId('dfmea-import-errors');
    await problems.waitFor();
    expect(await problems.locator('tbody tr').first().locator('td').first().innerText()).toMatch(/^\d+$/);
    await screenshot(page, 'dfmea-import-errors');
    // its only row is wrong: there are no good rows to import
    expect(await page.getByTestId('dfmea-import-partial').isDisabled()).toBe(true);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // the exported workbook imports cleanly
    await page.getByTestId('dfmea-import').click();
    await page.getByTestId('dfmea-import-file').setInputFiles(file);
    await page.getByTestId('dfmea-import-run').click();
    const report = page.getByTestId('dfmea-import-report');
    await report.waitFor();
    const imported = /imported into (\S+)\./.exec(await report.innerText());
    expect(await report.innerText()).toContain('1 of 1 rows imported');
    await page.getByTestId('dfmea-import-close').click();
    await expect.poll(() => list.getByText(projectName, { exact: true }).count()).toBeGreaterThan(before);

    // the copy has the same chain, ratings, AP and control
    const copyNumber = imported?.[1];
    expect(copyNumber).toBeTruthy();
    await list.getByRole('button', { name: copyNumber!, exact: true }).click();
    await page.getByTestId('dfmea-tab-risk').click();
    await riskCell(page, 'mode').getByText('No torque').waitFor();
    expect(await riskCell(page, 'severity').innerText()).toBe('8');
    expect(await riskCell(page, 'occurrence').innerText()).toBe('5');
    expect(await riskCell(page, 'det').innerText()).toBe(String(highD));
    expect(await riskCell(page, 'ap').innerText()).toBe(ap(8, 5, highD));
    expect(await riskCell(page, 'prevention').innerText()).toBe('Brush material spec BM-12; Wear test 500 h');

    // re-importing into the copy (de-duplicate) changes nothing: still one chain
    await page.getByTestId('dfmea-import').click();
    await page.getByTestId('dfmea-import-file').setInputFiles(file);
    await page.getByTestId('dfmea-import-run').click();
    await page.getByTestId('dfmea-import-report').waitFor();
    await page.getByTestId('dfmea-import-close').click();
    await page.getByTestId('dfmea-tab-risk').click();
    await riskCell(page, 'mode').getByText('No torque').waitFor();
    expect(await page.locator('.dfmea-risk [data-row-key]').count()).toBe(1);

    // 8 a legacy AIAG 4th-edition sheet with a "Notes" column: recognised by its headers, the column listed
    // and nothing written until the user agrees to leave it out; the result counts what was created
    const legacy = join(mkdtempSync(join(tmpdir(), 'dfmea-e2e-')), 'legacy.xlsx');
    writeFileSync(legacy, await abbreviatedSheet({ header: 'Notes', value: (i) => (i === 0 ? 'ask supplier' : null) }));
    await page.goto('/main/dfmea');
    await list.getByText(projectName, { exact: true }).first().waitFor();
    await page.getByTestId('dfmea-import').click();
    await page.getByTestId('dfmea-import-file').setInputFiles(legacy);
    await page.getByTestId('dfmea-import-run').click();
    const unmapped = page.getByTestId('dfmea-import-unmapped');
    await unmapped.waitFor();
    expect(await unmapped.innerText()).toContain('column V “Notes”');
    await screenshot(page, 'dfmea-import-unmapped');
    await page.getByTestId('dfmea-import-accept').click();
    const created = page.getByTestId('dfmea-import-created');
    await created.waitFor();
    expect(await created.getByRole('row', { name: /Failure causes/ }).innerText()).toMatch(/Failure causes\s+5/);
    expect(await created.getByRole('row', { name: /Controls/ }).innerText()).toMatch(/Controls\s+11/);
    expect(await page.getByTestId('dfmea-import-report').innerText()).toContain('Sheet “Sheet1”, column V “Notes”');
    await page.getByTestId('dfmea-import-close').click();
  });
});

describe('DFMEA views of two team members', () => {
  it('shows one member the other member’s changes without a reload, and keeps unsaved header edits', async () => {
    const owner = await engineerWithId(env.baseURL, 'dfown');
    const member = await engineerWithId(env.baseURL, 'dfmem');
    const session = await apiLogin(env.baseURL, owner.userName, PASSWORD);
    const projectName = uniqueName('Seat rail ');
    const project = await session.post<{ id: string }>('/api/project/save', {
      projectType: 'dfmea',
      name: projectName,
      projectMembers: [
        { userId: owner.id, userRole: 0 },
        { userId: member.id, userRole: 1 },
      ],
    });
    await session.logout();

    const a = (await env.open({ width: 1400, height: 900 })).page;
    const b = (await env.open({ width: 1400, height: 900 })).page;
    for (const [page, user] of [[a, owner], [b, member]] as const) {
      await startSignedIn(page, user.userName, PASSWORD);
      await chooseLanguage(page, 'English');
      await page.goto(`/main/dfmea/dfmeaProject?projectId=${project.id}&rightType=function`);
      await page.getByTestId('function-analysis').waitFor();
    }
    // live updates start a few seconds after the page loads (spec 000 §7); a socket that is open is
    // already bound to its user by the session cookie (api/src/realtime/socket.test.ts)
    for (const page of [a, b]) await page.locator('html[data-realtime="connected"]').waitFor({ state: 'attached' });

    // A adds a function; B's open function analysis shows it without any click
    await a.getByRole('button', { name: 'Add function' }).click();
    await saveDialog(a, { Function: 'Lock the seat position' });
    await b.getByTestId('function-card').getByText('Lock the seat position', { exact: true }).first().waitFor();
    expect(await b.getByTestId('dfmea-changed').count()).toBe(0);

    // wording already used is suggested while typing; Escape closes the list, not the dialog
    await b.getByRole('button', { name: 'Add function' }).click();
    await field(b, 'Function').pressSequentially('lock the');
    await b.getByRole('option', { name: 'Lock the seat position' }).waitFor();
    await field(b, 'Function').press('Escape');
    await b.getByRole('listbox').waitFor({ state: 'hidden' });
    expect(await dialog(b).isVisible()).toBe(true);
    await field(b, 'Function').press('ArrowDown');
    await b.getByRole('option', { name: 'Lock the seat position' }).click();
    expect(await field(b, 'Function').inputValue()).toBe('Lock the seat position');
    // the form is changed: Cancel asks before the text is dropped
    await dialog(b).getByRole('button', { name: 'Cancel' }).click();
    const discard = b.getByTestId('confirm-dialog');
    await discard.getByRole('button', { name: 'Confirm' }).click();
    await dialog(b).waitFor({ state: 'hidden' });

    // B is editing the header: A's change of it does not overwrite B's draft; B is told instead
    await b.getByTestId('dfmea-tab-planning').click();
    await b.getByTestId('dfmea-panel-planning').getByTestId('dfmea-name').fill(`${projectName} (B's draft)`);
    await a.getByTestId('dfmea-tab-planning').click();
    await a.getByTestId('dfmea-panel-planning').getByTestId('dfmea-name').fill(`${projectName} rev. A`);
    await a.getByTestId('dfmea-panel-planning').getByRole('button', { name: 'Save' }).click();
    await b.getByTestId('dfmea-changed').waitFor();
    expect(await b.getByTestId('dfmea-panel-planning').getByTestId('dfmea-name').inputValue()).toBe(`${projectName} (B's draft)`);
    await screenshot(b, 'dfmea-changed-banner');
    // refreshing drops B's draft and shows A's header
    await b.getByTestId('dfmea-refresh').click();
    await expect.poll(() => b.getByTestId('dfmea-panel-planning').getByTestId('dfmea-name').inputValue()).toBe(`${projectName} rev. A`);
    await expect.poll(() => b.locator('.dfmea-project-name').innerText()).toBe(`${projectName} rev. A`);
  });
});

/** A copy of the workbook whose chain sheet has S = 11 on its first data row. */
async function breakFirstSeverity(from: string, to: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(from);
  const sheet = workbook.worksheets[1]!;
  const header = sheet.getRow(1);
  let severityColumn = 0;
  header.eachCell((cell, column) => {
    if (/^S$|severity/i.test(String(cell.value ?? '').trim()) && severityColumn === 0) severityColumn = column;
  });
  if (severityColumn === 0) throw new Error(`no severity column in ${sheet.name}: ${JSON.stringify(header.values)}`);
  sheet.getRow(2).getCell(severityColumn).value = 11;
  await workbook.xlsx.writeFile(to);
}
