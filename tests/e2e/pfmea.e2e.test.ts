import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { openArea, startSignedIn } from './support/flows.ts';
import { pathOf, useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();

/** Adds a child under the selected node with the PFMEA's node dialog: a step's number or a work element's 4M type. */
async function addChild(page: Page, name: string, fields: { processNo?: string; fourM?: string } = {}) {
  await page.getByTestId('dfmea-add-child').click();
  if (fields.processNo !== undefined) await page.getByTestId('pfmea-node-process-no').fill(fields.processNo);
  if (fields.fourM !== undefined) await page.getByTestId('pfmea-node-4m').selectOption(fields.fourM);
  await page.getByTestId('dfmea-node-name').fill(name);
  await page.getByTestId('dfmea-node-save').click();
  await page.getByTestId('dfmea-node-save').waitFor({ state: 'detached' });
}

/** The tree item of a node by its name (its label also holds the step number or the 4M type). */
const treeItem = (page: Page, name: string) => page.getByTestId('dfmea-tree').locator('[role="treeitem"] > button.dfmea-tree-label').filter({ hasText: name });

describe('pfmea work area', () => {
  it('creates a PFMEA, builds its process tree with numbered steps and a 4M work element, and opens deep links for members only', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('pfmea-eng'), [{ routeName: 'pfmea_index', buttons: ['add', 'edit', 'del', 'export'] }]));
    const password = 'Pf7#qW2!mK9$zR';
    const engineer = uniqueName('pfmeaeng');
    const outsider = uniqueName('pfmeaout');
    await createReadyUser(env.baseURL, { userName: engineer, realName: 'PFMEA engineer', password, roleIds: [role.id] });
    await createReadyUser(env.baseURL, { userName: outsider, realName: 'PFMEA outsider', password, roleIds: [role.id] });

    const { page } = await env.open({ width: 1400, height: 900 });
    await startSignedIn(page, engineer, password);
    await openArea(page, 'pfmea_index');
    await waitForPath(page, '/main/pfmea');
    await page.getByTestId('dfmea-project-list').waitFor();
    // the list's import makes design projects, so the PFMEA list offers none
    expect(await page.getByTestId('dfmea-import').count()).toBe(0);

    // create a PFMEA: the header block carries the process names of the AIAG-VDA PFMEA form
    const projectName = uniqueName('Gearbox housing ');
    await page.getByTestId('dfmea-new').click();
    await page.getByTestId('dfmea-name').fill(projectName);
    await page.getByTestId('dfmea-save').click();
    await page.getByTestId('dfmea-project').waitFor();
    await waitForPath(page, '/main/pfmea/pfmeaProject');
    const projectId = new URL(page.url()).searchParams.get('projectId');
    expect(projectId).toBeTruthy();
    expect(await page.locator('.dfmea-project-name').innerText()).toBe(projectName);
    expect(await page.getByTestId('dfmea-serial').innerText()).toMatch(/^PF/);

    // structure: two process steps under the item (the first numbered by the server) and a Machine work element under the first
    await page.getByTestId('dfmea-tree').waitFor();
    expect(await page.getByTestId('dfmea-generate-from-bom').count()).toBe(0);
    await addChild(page, 'Deburr housing', { processNo: '' });
    await treeItem(page, 'Deburr housing').waitFor();
    expect(await treeItem(page, 'Deburr housing').getByTestId('pfmea-process-no').innerText()).toBe('10');
    await page.getByTestId('dfmea-tree').locator('[role="treeitem"] > button.dfmea-tree-label').first().click();
    await addChild(page, 'Press bearing', { processNo: 'OP30' });
    expect(await treeItem(page, 'Press bearing').getByTestId('pfmea-process-no').innerText()).toBe('OP30');
    await treeItem(page, 'Deburr housing').click();
    await addChild(page, 'Deburring machine', { fourM: 'machine' });
    await treeItem(page, 'Deburring machine').waitFor();
    expect(await treeItem(page, 'Deburring machine').getByTestId('pfmea-4m').innerText()).toBe('机器');
    // nothing goes below a work element
    await treeItem(page, 'Deburring machine').click();
    expect(await page.getByTestId('dfmea-add-child').isDisabled()).toBe(true);
    // the mind map shows the same nodes with their numbers and types
    const map = page.getByTestId('dfmea-mindmap');
    await map.getByRole('button').filter({ hasText: 'Deburring machine' }).getByTestId('pfmea-4m').waitFor();
    expect(await map.getByRole('button').filter({ hasText: 'Press bearing' }).getByTestId('pfmea-process-no').innerText()).toBe('OP30');
    await screenshot(page, 'pfmea-structure-zh-CN');

    // the planning step names the PFMEA header's fields
    await page.getByTestId('dfmea-tab-planning').click();
    await page.getByTestId('dfmea-panel-planning').getByText('制造地点').waitFor();
    await page.getByTestId('dfmea-panel-planning').getByText('过程职责').waitFor();
    await screenshot(page, 'pfmea-planning-zh-CN');

    // the list shows the project with its review status in the reader's language; its name opens it
    await page.goto('/main/pfmea');
    const listed = page.getByTestId('dfmea-project-list').locator('[data-row-key]').filter({ hasText: projectName });
    const reviewStatus = listed.getByTestId('project-review-status');
    await reviewStatus.waitFor();
    expect(await reviewStatus.innerText()).toBe({ draft: '草稿', in_preparation: '编制中' }[(await reviewStatus.getAttribute('data-status')) ?? '']);
    await listed.getByTestId('project-name-link').click();
    await waitForPath(page, '/main/pfmea/pfmeaProject');
    expect(new URL(page.url()).searchParams.get('projectId')).toBe(projectId);

    // the legacy deep link by projectId opens the project for a member
    await page.goto(`/main/pfmeaProject?type=1&projectId=${projectId}`);
    await page.getByTestId('dfmea-project').waitFor();
    expect(pathOf(page)).toBe('/main/pfmea/pfmeaProject');
    expect(await page.locator('.dfmea-project-name').innerText()).toBe(projectName);

    // a link by pppSerial (a process node) opens the project at that node; leftType 10 (message 1008) opens the optimisation
    const stepId = await page.evaluate(async (id) => {
      const res = await fetch(`/api/fmea/structureTree?projectId=${id}`, { headers: { token: sessionStorage.getItem('token') ?? '' } });
      const root = (await res.json()).data as { children: { id: string; name: string }[] };
      return root.children.find((c) => c.name === 'Press bearing')?.id ?? '';
    }, projectId);
    expect(stepId).not.toBe('');
    await page.goto(`/main/pfmea/pfmeaProject?rightType=2&pppSerial=${stepId}&leftType=-1`);
    await page.getByTestId('dfmea-tree').locator('[role="treeitem"][aria-selected="true"]').filter({ hasText: 'Press bearing' }).first().waitFor();
    await page.goto(`/main/pfmea/pfmeaProject?projectId=${projectId}&rightType=2&leftType=10`);
    await expect.poll(() => page.getByTestId('dfmea-tab-optimization').getAttribute('aria-selected')).toBe('true');

    // the same page in English
    const english = await env.open({ locale: 'en-US', width: 1400, height: 900 });
    await startSignedIn(english.page, engineer, password, `/main/pfmea/pfmeaProject?projectId=${projectId}`);
    await treeItem(english.page, 'Deburring machine').waitFor();
    expect(await treeItem(english.page, 'Deburring machine').getByTestId('pfmea-4m').innerText()).toBe('Machine');
    await screenshot(english.page, 'pfmea-structure-en-US');

    // function analysis: the process item's function names whose it is; a step's characteristic is a product characteristic, CC by its class
    const en = english.page;
    const dialog = en.getByRole('dialog');
    await en.getByTestId('dfmea-tab-function').click();
    await en.getByRole('button', { name: 'Add function' }).click();
    await dialog.getByLabel(/^Function ?\*?$/).fill('Supply deburred housings to assembly');
    await dialog.getByTestId('pfmea-function-scope').selectOption('shipTo');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await en.getByTestId('function-card').getByTestId('pfmea-scope').innerText()).toBe('Ship-to plant');
    await en.getByRole('tree').getByRole('button').filter({ hasText: 'Deburr housing' }).click();
    await en.getByRole('button', { name: 'Add function' }).click();
    // a step's function has no scope
    expect(await dialog.getByTestId('pfmea-function-scope').count()).toBe(0);
    await dialog.getByLabel(/^Function ?\*?$/).fill('Remove burrs from the bore');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await en.getByTestId('function-card').getByRole('button', { name: 'Add characteristic' }).click();
    await dialog.getByTestId('pfmea-characteristic-kind').getByText('Product characteristic').waitFor();
    await dialog.getByLabel(/^Characteristic ?\*?$/).fill('Bore edge radius');
    await dialog.getByLabel(/^Class$/).selectOption({ label: 'CC – critical' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await en.getByTestId('function-card').getByText('(CC – critical)').waitFor();
    await en.getByTestId('function-card').locator('.pfmea-kind', { hasText: 'Product characteristic' }).waitFor();
    await screenshot(en, 'pfmea-function-en-US');
    await english.page.goto('/main/pfmea');
    await english.page.getByTestId('dfmea-project-list').getByText(projectName).waitFor();
    expect(await english.page.getByTestId('dfmea-project-list').locator('[data-row-key]').filter({ hasText: projectName }).getByTestId('project-review-status').innerText()).toMatch(/^(Draft|In preparation)$/);
    await english.page.getByTestId('dfmea-new').click();
    await english.page.getByText('New PFMEA project').waitFor();
    // a process member holds a list of roles
    await english.page.getByRole('dialog').getByRole('button', { name: 'Add member' }).click();
    await english.page.getByTestId('dfmea-member-roles').getByRole('checkbox').first().waitFor();
    await screenshot(english.page, 'pfmea-new-project-en-US');

    // someone outside the team gets 403; a project that does not exist goes to the sign-in (home when signed in)
    const other = await env.open();
    await startSignedIn(other.page, outsider, password, `/main/pfmeaProject?type=1&projectId=${projectId}`);
    await other.page.getByTestId('page-403').waitFor();
    await other.page.goto('/main/pfmeaProject?type=1&projectId=no-such-project');
    await other.page.waitForURL((url) => url.pathname !== '/main/pfmea/pfmeaProject' && url.pathname !== '/main/pfmeaProject');
  });
});
