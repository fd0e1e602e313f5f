import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName, type ApiSession } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { chooseLanguage, openArea, startSignedIn } from './support/flows.ts';
import { textOf, useBrowser, waitForPath } from './support/suite.ts';
import { findLayoutProblems } from './screens/layout-checks.ts';

const env = useBrowser();
const PASSWORD = 'Fta#e2E7wQz!';

/** A drawn node by its place (`TOP`, `<gate>/<input index>`): its description box, where a click selects it. */
const box = (page: Page, key: string) => page.locator(`[data-key="${key}"] > rect`).first();

/** The editor at the top of the window (toolbar, palette, diagram, side panel), or the analysis below it. */
const showTop = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => el.scrollIntoView({ block: 'start' }));

/** The layout checks once the toasts ("saved") have gone: they cover what is below them while they show. */
async function layoutProblems(page: Page, locale: 'zh-CN' | 'en-US') {
  await expect.poll(() => page.locator('.toast').count(), { timeout: 20_000 }).toBe(0);
  return findLayoutProblems(page, locale);
}

/** Drags with the mouse from one element's centre to another's, in steps, as a person does. */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 20, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

async function setProbability(page: Page, key: string, value: string): Promise<void> {
  await box(page, key).click();
  await page.getByTestId('fta-probability').fill(value);
  await page.getByTestId('fta-apply').click();
  // SVG text has no innerText
  await expect.poll(() => page.locator(`[data-key="${key}"] [data-probability]`).textContent()).toBe(value);
}

/** The diagram's gates and their inputs in order, as drawn: "TOP: G1 G2" (a gate drawn twice is listed once). */
const drawnTree = (page: Page) =>
  page.locator('[data-testid="fta-diagram"] [data-gate]').evaluateAll((gates) => {
    const names = [...new Set(gates.map((g) => g.getAttribute('data-name')!))];
    return names.map((name) => {
      const inputs = [...document.querySelectorAll(`[data-testid="fta-diagram"] [data-key^="${name}/"]`)]
        .sort((a, b) => Number(a.getAttribute('data-key')!.split('/').pop()) - Number(b.getAttribute('data-key')!.split('/').pop()))
        .map((n) => n.getAttribute('data-name'));
      return `${name}: ${inputs.join(' ')}`.trim();
    });
  });

/**
 * A safety engineer builds a small fault tree in the browser (issue 23, "builds a fault tree and reads its
 * cut sets"): the top OR of two AND gates, one event shared by both; drags a gate from the palette and an
 * event onto another gate, adds the rest with the palette and the side panel, types the probabilities,
 * saves, runs the analysis and reads the exact probability, the approximations and the cut sets, one of
 * which marks its events in the diagram.
 */
describe('the fault-tree editor', () => {
  it('builds TOP = (E1 and E2) or (E3 and E2), saves it and reads its cut sets and probability', async () => {
    const engineer = uniqueName('safety-');
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('Safety engineer '), [{ routeName: 'fta_index', buttons: ['add', 'edit', 'del', 'import', 'export'] }]));
    await createReadyUser(env.baseURL, { userName: engineer, realName: 'Safety Engineer Sun', password: PASSWORD, roleIds: [role.id] });

    const { page } = await env.open({ locale: 'en-US', width: 1366, height: 768 });
    await startSignedIn(page, engineer, PASSWORD);
    await openArea(page, 'fta_index');
    await page.getByTestId('fta-list').waitFor();
    const treeName = uniqueName('Window closes on an obstacle ');
    await page.getByTestId('fta-new').click();
    await page.getByTestId('fta-create-name').fill(treeName);
    await page.getByTestId('fta-create-save').click();
    await waitForPath(page, '/main/ftaIndex/ftaTree');
    await box(page, 'TOP').waitFor();
    expect(await drawnTree(page)).toEqual(['TOP: E1']);

    // an AND gate dragged from the palette onto the top gate; the starter event dragged onto it
    await drag(page, page.getByTestId('fta-palette-and'), box(page, 'TOP'));
    await expect.poll(() => drawnTree(page)).toEqual(['TOP: E1 G1', 'G1:']);
    // an AND gate without inputs: counted above the diagram, and a save is refused with the gate named
    expect(await textOf(page.getByTestId('fta-problems'))).toBe('1 problem to correct before saving');
    await page.getByTestId('fta-save').click();
    await expect.poll(() => textOf(page.getByTestId('form-error'))).toBe('The fault tree has problems; nothing was saved\nGate G1 has no inputs');
    await drag(page, box(page, 'TOP/0'), page.locator('[data-key="TOP/1"] path').first());
    await expect.poll(() => drawnTree(page)).toEqual(['TOP: G1', 'G1: E1']);
    expect(await page.getByTestId('fta-problems').count()).toBe(0);
    // the rest with the palette's buttons under the selected gate, and E2 shared through the side panel
    await box(page, 'TOP/0').click();
    await page.getByTestId('fta-palette-basic').click();
    await box(page, 'TOP').click();
    await page.getByTestId('fta-palette-and').click();
    await page.getByTestId('fta-palette-basic').click();
    await box(page, 'TOP/1').click();
    await page.getByTestId('fta-share').selectOption('E2');
    await page.getByTestId('fta-share-add').click();
    await expect.poll(() => drawnTree(page)).toEqual(['TOP: G1 G2', 'G1: E1 E2', 'G2: E3 E2']);
    // E2 is drawn under both gates, marked as used twice
    expect(await page.locator('[data-name="E2"]').count()).toBe(2);
    await setProbability(page, 'G1/0', '0.0100');
    await setProbability(page, 'G1/1', '0.0200');
    await setProbability(page, 'G2/0', '0.0300');
    await box(page, 'G1/0').click();
    await page.getByTestId('fta-label').fill('Obstacle sensor fails');
    await page.getByTestId('fta-apply').click();
    const labelOfE1 = () => page.locator('[data-key="G1/0"] text').first().textContent();
    await expect.poll(labelOfE1).toBe('Obstacle sensor');
    // undone and redone from the page's buttons, and with the keyboard on the diagram
    await page.getByTestId('fta-undo').click();
    await expect.poll(labelOfE1).toBe('E1');
    await page.getByTestId('fta-redo').click();
    await expect.poll(labelOfE1).toBe('Obstacle sensor');
    await page.getByTestId('fta-diagram').focus();
    await page.keyboard.press('Control+z');
    await expect.poll(labelOfE1).toBe('E1');
    await page.keyboard.press('Control+y');
    await expect.poll(labelOfE1).toBe('Obstacle sensor');
    await expect.poll(() => textOf(page.getByTestId('fta-unsaved'))).toBe('Unsaved changes');

    await page.getByTestId('fta-save').click();
    await page.getByTestId('fta-unsaved').waitFor({ state: 'detached' });
    expect(await page.getByTestId('form-error').count()).toBe(0);
    await page.getByTestId('fta-run').click();
    const analysis = page.getByTestId('fta-analysis');
    // P = p1·p2 + p2·p3 − p1·p2·p3, the shared E2 counted once
    await expect.poll(() => textOf(page.getByTestId('fta-p-exact'))).toBe('0.000794000');
    expect(await textOf(page.getByTestId('fta-p-rare'))).toBe('0.000800000');
    expect(await textOf(page.getByTestId('fta-p-mcub'))).toBe('0.000799880');
    expect(await textOf(page.getByTestId('fta-cut-count'))).toBe('2');
    const cutSets = analysis.getByRole('grid', { name: 'Minimal cut sets' }).getByRole('row');
    await expect.poll(() => cutSets.count()).toBe(3);
    const rows = await cutSets.evaluateAll((rs) => rs.slice(1).map((r) => [...r.querySelectorAll('[role="gridcell"]')].map((c) => c.textContent?.trim())));
    // each row: No., basic events, order, probability (the events in the engine's order, so compared as sets)
    const shown = rows.map(([, events, order, probability]) => [events!.split(' · ').sort().join(' '), order, probability]).sort();
    expect(shown).toEqual([
      ['E1 E2', '2', '2.00e-4'],
      ['E2 E3', '2', '6.00e-4'],
    ]);
    await cutSets.nth(1).click();
    const lit = () => page.locator('[data-lit]').evaluateAll((ns) => [...new Set(ns.map((n) => n.getAttribute('data-name')))].sort().join(' '));
    await expect.poll(lit).toBe(rows[0]![1]!.split(' · ').sort().join(' '));
    await showTop(page, 'fta-editor');
    const editorEn = await layoutProblems(page, 'en-US');
    await screenshot(page, 'fta-editor-en-US');
    expect(editorEn).toEqual([]);
    await showTop(page, 'fta-analysis');
    const analysisEn = await layoutProblems(page, 'en-US');
    await screenshot(page, 'fta-analysis-en-US');
    expect(analysisEn).toEqual([]);

    await chooseLanguage(page, '中文');
    await expect.poll(() => textOf(page.getByTestId('fta-run'))).toBe('运行分析');
    await page.getByTestId('fta-run').click();
    await expect.poll(() => textOf(page.getByTestId('fta-run'))).toBe('运行分析');
    expect(await textOf(page.getByTestId('fta-p-exact'))).toBe('0.000794000');
    await showTop(page, 'fta-editor');
    const editorZh = await layoutProblems(page, 'zh-CN');
    await screenshot(page, 'fta-editor-zh-CN');
    expect(editorZh).toEqual([]);
    await showTop(page, 'fta-analysis');
    const analysisZh = await layoutProblems(page, 'zh-CN');
    await screenshot(page, 'fta-analysis-zh-CN');
    expect(analysisZh).toEqual([]);
    await page.goto('/main/ftaIndex');
    await page.getByTestId('fta-list').getByText(treeName).waitFor();
    const listZh = await layoutProblems(page, 'zh-CN');
    await screenshot(page, 'fta-list-zh-CN');
    expect(listZh).toEqual([]);
    // deleted from the list, after the question
    const row = page.getByTestId('fta-list').getByRole('row').filter({ hasText: treeName });
    const num = (await textOf(row.getByRole('gridcell').first())).trim();
    await row.getByTestId('fta-delete-tree').click();
    const question = page.getByTestId('confirm-dialog');
    await expect.poll(() => textOf(question)).toContain(`删除故障树 ${num} ${treeName}？它与 FMEA 的关联将一并删除。`);
    await question.locator('.dialog-actions button').last().click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('generates a tree from a DFMEA failure net, marks a changed FMEA item for review, refuses a stale save and exports MEF', async () => {
    const engineer = uniqueName('safety-');
    const role = await asAdmin(env.baseURL, (admin) =>
      createRole(admin, uniqueName('Safety engineer '), [
        { routeName: 'dfmea_index', buttons: ['add', 'edit'] },
        { routeName: 'fta_index', buttons: ['add', 'edit', 'del', 'import', 'export'] },
      ]),
    );
    const user = await createReadyUser(env.baseURL, { userName: engineer, realName: 'Safety Engineer Li', password: PASSWORD, roleIds: [role.id] });
    const projectName = uniqueName('Window lifter DFMEA ');
    // the DFMEA with one chain: effect ← mode ← cause (occurrence 6), the engineer responsible, the administrator a member
    const chain = await asAdmin(env.baseURL, async (admin: ApiSession) => {
      const me = await admin.get<{ userId: string }>('/api/user/info');
      const project = await admin.post<{ id: string; pptSerial: string }>('/api/project/save', {
        projectType: 'dfmea',
        name: projectName,
        projectMembers: [
          { userId: user.id, userRole: 0 },
          { userId: me.userId, userRole: 1 },
        ],
      });
      const gearbox = await admin.post<{ id: string }>('/api/fmea/addNode', { parentId: project.pptSerial, name: 'Gearbox' });
      const clutch = await admin.post<{ id: string }>('/api/fmea/addNode', { parentId: gearbox.id, name: 'Slip clutch' });
      const close = await admin.post<{ id: string }>('/api/fmea/addFunction', { nodeId: project.pptSerial, description: 'Close the window' });
      const slip = await admin.post<{ id: string }>('/api/fmea/addFunction', { nodeId: clutch.id, description: 'Slip above 8 Nm' });
      const torque = await admin.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gearbox.id, description: 'Transmit torque' });
      const effect = await admin.post<{ id: string }>('/api/fmea/addFailure', { functionId: close.id, kind: 'FE', description: 'Window does not stop on an obstacle', severity: 10 });
      const mode = await admin.post<{ id: string }>('/api/fmea/addFailure', { functionId: torque.id, kind: 'FM', description: 'Torque not limited' });
      const cause = await admin.post<{ id: string; version: number }>('/api/fmea/addFailure', { functionId: slip.id, kind: 'FC', description: 'Clutch worn', occurrence: 6, det: 5 });
      await admin.post('/api/fmea/linkFailures', { higherFailureId: effect.id, lowerFailureId: mode.id });
      await admin.post('/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });
      return { projectId: project.id, cause };
    });

    const { page } = await env.open({ locale: 'en-US', width: 1366, height: 768 });
    await startSignedIn(page, engineer, PASSWORD, '/main/ftaIndex');
    await page.getByTestId('fta-generate').click();
    const dialog = page.getByRole('dialog');
    const projectPick = dialog.getByTestId('fta-generate-project');
    await projectPick.locator('option', { hasText: projectName }).waitFor({ state: 'attached' });
    await projectPick.selectOption((await projectPick.locator('option', { hasText: projectName }).getAttribute('value'))!);
    await expect.poll(() => dialog.getByTestId('fta-generate-effect').locator('option').count()).toBe(2);
    await dialog.getByTestId('fta-generate-effect').selectOption({ label: 'Window does not stop on an obstacle' });
    await dialog.getByTestId('fta-generate-run').click();
    await waitForPath(page, '/main/ftaIndex/ftaTree');
    // the effect is the top event, the mode a gate, the cause a basic event; each linked to its FMEA item
    await box(page, 'FE1').waitFor();
    expect(await drawnTree(page)).toEqual(['FE1: FM1', 'FM1: FC1']);
    const links = page.getByTestId('fta-links');
    await expect.poll(() => links.getByRole('row').count()).toBe(4);
    expect(await links.getByText('Up to date').count()).toBe(3);
    await expect.poll(() => textOf(page.locator('.fta-meta'))).toContain('Linked FMEA');

    // the cause changes in the FMEA: its link asks for review, until the engineer marks it reviewed
    await asAdmin(env.baseURL, (admin) => admin.post('/api/fmea/updateFailure', { id: chain.cause.id, version: chain.cause.version, description: 'Clutch worn out early' }));
    await page.reload();
    await expect.poll(() => textOf(links.getByTestId('fta-review-needed'))).toBe('Review needed: The FMEA item changed');
    expect(await textOf(links.getByRole('row').filter({ hasText: 'Clutch worn out early' }))).toContain('Review needed');
    const reviewProblems = await layoutProblems(page, 'en-US');
    await links.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'fta-links-en-US');
    expect(reviewProblems).toEqual([]);
    await links.getByRole('button', { name: 'Mark reviewed' }).click();
    await expect.poll(() => links.getByTestId('fta-review-needed').count()).toBe(0);

    // someone else saves the tree meanwhile: the engineer's save is refused and says why
    const treeId = new URL(page.url()).searchParams.get('id')!;
    await asAdmin(env.baseURL, async (admin) => {
      const tree = await admin.get<{ version: number; document: { missionTime: number } }>(`/api/fta/get?id=${treeId}`);
      await admin.post('/api/fta/save', { id: treeId, version: tree.version, document: { ...tree.document, missionTime: 5000 } });
    });
    await page.getByTestId('fta-mission-time').fill('2000');
    await page.getByTestId('fta-save').click();
    await expect.poll(() => textOf(page.getByTestId('fta-conflict'))).toContain('Someone else saved this fault tree after you opened it');
    await page.getByTestId('fta-conflict').getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByTestId('fta-mission-time').inputValue()).toBe('5000');

    // MEF export: the stored tree as Open-PSA XML
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('fta-export-mef').click()]);
    expect(download.suggestedFilename()).toMatch(/^FT\d+\.xml$/);
    const xml = readFileSync((await download.path())!, 'utf8');
    expect(xml).toContain('<define-fault-tree');
    expect(xml).toContain('label>Clutch worn<');
  });

  it('imports an Open-PSA MEF file from the list and opens the tree it holds', async () => {
    const engineer = uniqueName('safety-');
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('Safety engineer '), [{ routeName: 'fta_index', buttons: ['add', 'edit', 'import'] }]));
    await createReadyUser(env.baseURL, { userName: engineer, realName: 'Safety Engineer Wu', password: PASSWORD, roleIds: [role.id] });
    const file = join(mkdtempSync(join(tmpdir(), 'fta-e2e-')), 'pump.xml');
    writeFileSync(
      file,
      `<?xml version="1.0"?>
<opsa-mef>
  <define-fault-tree name="Pumps">
    <define-gate name="TOP"><label>No flow</label><atleast min="2"><basic-event name="P1"/><basic-event name="P2"/><basic-event name="P3"/></atleast></define-gate>
    <define-basic-event name="P1"><float value="0.1"/></define-basic-event>
    <define-basic-event name="P2"><float value="0.1"/></define-basic-event>
    <define-basic-event name="P3"><float value="0.1"/></define-basic-event>
  </define-fault-tree>
</opsa-mef>`,
    );
    const { page } = await env.open({ locale: 'en-US', width: 1366, height: 768 });
    await startSignedIn(page, engineer, PASSWORD, '/main/ftaIndex');
    await page.getByTestId('fta-import').click();
    const dialog = page.getByRole('dialog');
    // a model naming an event it does not define is refused with the gate and the event named, and nothing is stored
    const broken = join(mkdtempSync(join(tmpdir(), 'fta-e2e-')), 'broken.xml');
    writeFileSync(broken, '<opsa-mef><define-fault-tree name="Broken"><define-gate name="TOP"><or><basic-event name="X"/><basic-event name="Y"/></or></define-gate><define-basic-event name="X"><float value="0.1"/></define-basic-event></define-fault-tree></opsa-mef>');
    await dialog.getByTestId('fta-import-file').setInputFiles(broken);
    await dialog.getByTestId('fta-import-run').click();
    await expect.poll(() => textOf(dialog.getByTestId('form-error'))).toContain('In broken.xml, TOP uses Y, which is defined nowhere');
    await dialog.getByTestId('fta-import-file').setInputFiles(file);
    await dialog.getByText('pump.xml').waitFor();
    await dialog.getByTestId('fta-import-run').click();
    await waitForPath(page, '/main/ftaIndex/ftaTree');
    await box(page, 'TOP').waitFor();
    expect(await drawnTree(page)).toEqual(['TOP: P1 P2 P3']);
    // the voting gate's symbol carries k/n, under its label
    expect(await page.locator('[data-key="TOP"] text').allTextContents()).toEqual(['No flow', 'TOP', '2/3']);
    await page.getByTestId('fta-run').click();
    // 2 of 3 at 0.1: 3·0.01·0.9 + 0.001
    await expect.poll(() => textOf(page.getByTestId('fta-p-exact'))).toBe('0.0280000');
    await page.goto('/main/ftaIndex');
    await page.getByTestId('fta-list').getByText('Pumps').waitFor();
    expect(await page.getByTestId('fta-list').getByText('Broken').count()).toBe(0);
    // delete is not among the role's buttons: not offered
    expect(await page.getByTestId('fta-delete-tree').count()).toBe(0);
  });
  it('submits a tree to a second user, who approves it: released, read-only, its release opened read-only', async () => {
    const [author, approver] = [uniqueName('safety-'), uniqueName('approver-')];
    const [authorRole, approverRole] = await asAdmin(env.baseURL, async (admin) => [
      await createRole(admin, uniqueName('Safety engineer '), [{ routeName: 'fta_index', buttons: ['add', 'edit', 'del'] }]),
      await createRole(admin, uniqueName('Safety approver '), [{ routeName: 'fta_index', buttons: [] }]),
    ]);
    await createReadyUser(env.baseURL, { userName: author, realName: 'Safety Engineer Li', password: PASSWORD, roleIds: [authorRole.id] });
    const approverUser = await createReadyUser(env.baseURL, { userName: approver, realName: 'Approver Zhao', password: PASSWORD, roleIds: [approverRole.id] });
    const session = await apiLogin(env.baseURL, author, PASSWORD);
    const tree = await session.post<{ ftaNum: string }>('/api/fta/create', {
      name: uniqueName('Window closes on an obstacle '),
      document: { name: 'x', missionTime: 1000, top: 'TOP', gates: [{ name: 'TOP', operator: 'or', inputs: ['E1', 'E2'] }], basicEvents: [{ name: 'E1', model: { kind: 'probability', probability: 0.01 } }, { name: 'E2', model: { kind: 'probability', probability: 0.02 } }], houseEvents: [], transfers: [] },
    });
    const path = `/main/ftaIndex/ftaTree?id=${tree.ftaNum}`;

    // the author submits, naming the approver; the tree is then frozen for them
    const { page } = await env.open({ locale: 'en-US', width: 1366, height: 768 });
    await startSignedIn(page, author, PASSWORD, path);
    await expect.poll(() => textOf(page.getByTestId('fta-status'))).toBe('Draft');
    await page.getByTestId('fta-submit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('fta-approver').selectOption(approverUser.id);
    await screenshot(page, 'fta-submit-en-US');
    await dialog.getByTestId('fta-review-confirm').click();
    await expect.poll(() => textOf(page.getByTestId('fta-status'))).toBe('Under review');
    expect(await textOf(page.getByTestId('fta-approver-name'))).toBe('Approver: Approver Zhao');
    expect(await page.getByTestId('fta-save').count()).toBe(0);
    expect(await page.getByTestId('fta-approve').count()).toBe(0);

    // the approver, in Chinese, approves with an opinion: released, the release listed and opened read-only
    const second = await env.open({ locale: 'zh-CN', width: 1366, height: 768 });
    await startSignedIn(second.page, approver, PASSWORD);
    await chooseLanguage(second.page, '中文');
    await second.page.goto(path);
    await expect.poll(() => textOf(second.page.getByTestId('fta-status'))).toBe('审批中');
    await second.page.getByTestId('fta-approve').click();
    await second.page.getByRole('dialog').getByTestId('fta-opinion').fill('割集已核对');
    await second.page.getByRole('dialog').getByTestId('fta-review-confirm').click();
    await expect.poll(() => textOf(second.page.getByTestId('fta-status'))).toBe('已发布');
    await second.page.getByTestId('fta-open-release-1').click();
    await expect.poll(() => textOf(second.page.getByTestId('fta-release-banner'))).toContain('第 1 次发布（只读）');
    // the frozen figures come with the release's read, after the banner shows
    await expect.poll(() => textOf(second.page.getByTestId('fta-release-banner'))).toContain('0.0298000');
    expect(await second.page.getByTestId('fta-palette-and').count()).toBe(0);
    const zhProblems = await layoutProblems(second.page, 'zh-CN');
    await screenshot(second.page, 'fta-release-zh-CN');

    // the author sees it released: no editing, the revoke offered (they created it), the release in the list
    await page.reload();
    await expect.poll(() => textOf(page.getByTestId('fta-status'))).toBe('Released');
    expect(await page.getByTestId('fta-save').count()).toBe(0);
    expect(await page.getByTestId('fta-submit').count()).toBe(0);
    await page.getByTestId('fta-revoke').waitFor();
    await page.getByTestId('fta-open-release-1').click();
    await page.getByTestId('fta-release-banner').waitFor();
    const enProblems = await layoutProblems(page, 'en-US');
    await screenshot(page, 'fta-release-en-US');
    expect(zhProblems).toEqual([]);
    expect(enProblems).toEqual([]);
  });
});
