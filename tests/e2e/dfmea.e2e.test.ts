import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { startSignedIn } from './support/flows.ts';
import { pathOf, useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();

describe('dfmea work area', () => {
  it('creates a project, builds its structure, exports it, and opens legacy deep links for members only', async () => {
    const role = await asAdmin(env.baseURL, (admin) =>
      createRole(admin, uniqueName('dfmea-eng'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del', 'export', 'import'] }]),
    );
    const password = 'Df7#qW2!mK9$zR';
    const engineer = uniqueName('dfmeaeng');
    const outsider = uniqueName('dfmeaout');
    await createReadyUser(env.baseURL, { userName: engineer, realName: 'DFMEA engineer', password, roleIds: [role.id] });
    await createReadyUser(env.baseURL, { userName: outsider, realName: 'DFMEA outsider', password, roleIds: [role.id] });

    const { page } = await env.open({ width: 1400, height: 900 });
    await startSignedIn(page, engineer, password, '/main/dfmea');
    await page.getByTestId('dfmea-project-list').waitFor();

    // create a project in the browser: the engineer is the responsible person by default
    const projectName = uniqueName('Brake caliper ');
    await page.getByTestId('dfmea-new').click();
    await page.getByTestId('dfmea-name').fill(projectName);
    await page.getByTestId('dfmea-save').click();
    await page.getByTestId('dfmea-project').waitFor();
    await waitForPath(page, '/main/dfmea/dfmeaProject');
    const projectId = new URL(page.url()).searchParams.get('projectId');
    expect(projectId).toBeTruthy();
    expect(await page.locator('.dfmea-project-name').innerText()).toBe(projectName);
    expect(await page.getByTestId('dfmea-readonly').count()).toBe(0);

    // structure analysis (the first tab opened): two children under the product
    const tree = page.getByTestId('dfmea-tree');
    await tree.waitFor();
    for (const name of ['Housing', 'Piston']) {
      await page.getByTestId('dfmea-add-child').click();
      await page.getByTestId('dfmea-node-name').fill(name);
      await page.getByTestId('dfmea-node-save').click();
      await tree.getByRole('button', { name, exact: true }).waitFor();
    }
    await page.getByTestId('dfmea-mindmap').getByRole('button', { name: 'Piston', exact: true }).waitFor();
    await page.getByTestId('dfmea-zoom-in').click();
    await expect.poll(() => page.getByTestId('dfmea-zoom-level').inputValue()).toBe('120');
    await screenshot(page, 'dfmea-structure');

    // delete a node after confirming
    await page.getByTestId('dfmea-add-child').click();
    await page.getByTestId('dfmea-node-name').fill('Seal');
    await page.getByTestId('dfmea-node-save').click();
    await tree.getByRole('button', { name: 'Seal', exact: true }).click();
    await page.getByTestId('dfmea-delete-node').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.locator('.dialog-actions button').last().click();
    await tree.getByRole('button', { name: 'Seal', exact: true }).waitFor({ state: 'detached' });

    // block diagram: an interface between the two elements is drawn as a line of its type
    await page.getByTestId('dfmea-tab-interfaces').click();
    const panel = page.getByTestId('dfmea-panel-interfaces');
    await panel.getByRole('combobox').nth(0).selectOption({ label: 'Housing' });
    await panel.getByRole('combobox').nth(1).selectOption({ label: 'Piston' });
    await panel.getByRole('combobox').nth(2).selectOption({ index: 1 });
    await panel.locator('.dfmea-toolbar button').click();
    await panel.locator('[data-testid="block-diagram"] line[data-interface="2"]').waitFor({ state: 'attached' });
    expect(await panel.locator('[data-testid="block-diagram"] [data-node-id]').count()).toBe(2);
    await screenshot(page, 'dfmea-block-diagram');

    // planning: unsaved header edits hold the edit guard when switching steps
    await page.getByTestId('dfmea-tab-planning').click();
    await page.getByTestId('dfmea-panel-planning').getByTestId('dfmea-name').fill(`${projectName} (draft)`);
    await page.getByTestId('dfmea-tab-structure').click();
    await dialog.waitFor();
    await dialog.locator('.dialog-actions button').first().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('dfmea-tab-planning').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('dfmea-discard').click();

    // the risk analysis tab opens whatever it holds
    await page.getByTestId('dfmea-tab-risk').click();
    await page.getByTestId('dfmea-panel-risk').waitFor();

    // export the workbook
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('dfmea-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    // the list shows the project
    await page.goto('/main/dfmea');
    await page.getByTestId('dfmea-project-list').getByText(projectName).waitFor();
    await screenshot(page, 'dfmea-project-list');
    // filters: the project has no SOP date, so an SOP range hides it; clearing the filters shows it again
    await page.getByTestId('dfmea-filter-sop-from').fill('2030-01-01');
    await page.getByTestId('dfmea-project-list').getByText(projectName).waitFor({ state: 'detached' });
    await page.getByTestId('dfmea-filter-clear').click();
    await page.getByTestId('dfmea-project-list').getByText(projectName).waitFor();
    // the engineer is the responsible person: filtering by them keeps the project
    await page.getByTestId('dfmea-filter-responsible').selectOption({ label: 'DFMEA engineer (' + engineer + ')' });
    await page.getByTestId('dfmea-project-list').getByText(projectName).waitFor();

    // the legacy deep link lands on the project for a member …
    await page.goto(`/main/dfmeaProject?type=1&projectId=${projectId}`);
    await page.getByTestId('dfmea-project').waitFor();
    expect(pathOf(page)).toBe('/main/dfmea/dfmeaProject');
    expect(await page.locator('.dfmea-project-name').innerText()).toBe(projectName);

    // a link by pptSerial (a structure node id) opens the project at that node
    const pistonId = await page.evaluate(async (id) => {
      const res = await fetch(`/api/fmea/structureTree?projectId=${id}`, { headers: { token: sessionStorage.getItem('token') ?? '' } });
      const root = (await res.json()).data as { children: { id: string; name: string }[] };
      return root.children.find((c) => c.name === 'Piston')?.id ?? '';
    }, projectId);
    expect(pistonId).not.toBe('');
    await page.goto(`/main/dfmea/dfmeaProject?rightType=2&pptSerial=${pistonId}`);
    await page.getByTestId('dfmea-tree').locator('[role="treeitem"][aria-selected="true"]').filter({ hasText: 'Piston' }).first().waitFor();
    expect(await page.locator('.dfmea-project-name').innerText()).toBe(projectName);

    // … and on 403 for someone outside the team
    const other = await env.open();
    await startSignedIn(other.page, outsider, password, `/main/dfmeaProject?type=1&projectId=${projectId}`);
    await other.page.getByTestId('page-403').waitFor();
  });
});
