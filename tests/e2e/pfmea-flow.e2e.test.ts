import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

const env = useBrowser();

interface Node {
  id: string;
  version: number;
}

describe('pfmea flow chart', () => {
  it('draws the PFMEA’s steps, edits a symbol, moves a step, adds a rework and downloads the picture, and the PFMEA follows', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('pfd-eng'), [{ routeName: 'pfmea_index', buttons: ['add', 'edit', 'del', 'export'] }]));
    const password = 'Pf7#qW2!mK9$zR';
    const userName = uniqueName('pfdeng');
    const user = await createReadyUser(env.baseURL, { userName, realName: 'Flow engineer', password, roleIds: [role.id] });

    // the PFMEA, built over the API: three numbered steps, a CC product characteristic on the first
    const api = await apiLogin(env.baseURL, userName, password);
    const project = await api.post<{ id: string; serialNum: string; pptSerial: string }>('/api/project/save', {
      projectType: 'pfmea',
      name: uniqueName('齿轮箱壳体 '),
      projectMembers: [{ userId: user.id, roles: [0] }],
    });
    const [turn, wash, inspect] = [
      await api.post<Node>('/api/fmea/addNode', { parentId: project.pptSerial, name: '车削内孔', processNo: '10' }),
      await api.post<Node>('/api/fmea/addNode', { parentId: project.pptSerial, name: '清洗', processNo: '20' }),
      await api.post<Node>('/api/fmea/addNode', { parentId: project.pptSerial, name: '终检', processNo: '30' }),
    ];
    const fn = await api.post<Node>('/api/fmea/addFunction', { nodeId: turn.id, description: '车削内孔至尺寸' });
    await api.post('/api/fmea/addCharacteristic', { functionId: fn.id, name: '内孔直径 Ø12 H7', characteristicClass: 'critical', special: true });
    await api.logout();

    const { page, errors } = await env.open({ width: 1500, height: 950 });
    await startSignedIn(page, userName, password, `${env.baseURL}/main/pfmea/pfmeaProject?projectId=${project.id}`);
    await page.getByTestId('dfmea-tab-flow').click();
    const picture = page.getByTestId('pfd-picture');
    await picture.locator('svg').waitFor();
    for (const text of ['10 车削内孔', '20 清洗', '30 终检', '内孔直径 Ø12 H7', 'CC']) await picture.locator('text').filter({ hasText: text }).first().waitFor();
    // the picture fits its box: no sideways scrolling (issue #20)
    expect(await picture.evaluate((box) => box.scrollWidth <= box.clientWidth + 1)).toBe(true);

    // a click on the step in the picture opens it; the symbol becomes an inspection square
    await picture.locator(`[data-step-id="${inspect.id}"] text`).first().click();
    const editor = page.getByTestId('pfd-step-editor');
    await editor.getByLabel('符号').selectOption('inspection');
    await editor.getByLabel('输入', { exact: true }).fill('清洗后的壳体');
    await page.getByTestId('pfd-save-step').click();
    await picture.locator(`[data-step-id="${inspect.id}"] rect`).waitFor();
    await picture.locator('text').filter({ hasText: '输入: 清洗后的壳体' }).waitFor();

    // move the inspection above the washing: the list, the picture and the PFMEA's tree follow;
    // the numbers no longer follow the flow, so renumbering is offered (declined here)
    await page.getByRole('button', { name: '上移 30 终检' }).click();
    const ask = page.getByTestId('confirm-dialog');
    await ask.waitFor();
    expect(await ask.innerText()).toContain('10, 30, 20');
    await ask.locator('.btn:not(.btn-primary)').click();
    await page.locator('.pfd-steps tbody tr').nth(1).filter({ hasText: '30 终检' }).waitFor();
    const stepYs = await picture.locator('[data-step-id] > :first-child').evaluateAll((shapes) => shapes.map((s) => s.getBoundingClientRect().y));
    expect(stepYs).toEqual([...stepYs].sort((a, b) => a - b));
    expect(await picture.locator('[data-step-id]').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-step-id')))).toEqual([turn.id, inspect.id, wash.id]);
    // the offer stays beside the list; taken, every step is numbered 10, 20, 30 in the new order
    await page.getByTestId('pfd-renumber').click();
    await ask.locator('.btn-primary').click();
    await expect.poll(() => page.locator('.pfd-steps tbody tr td:first-child').allInnerTexts()).toEqual(['10 车削内孔', '20 终检', '30 清洗']);
    await page.getByTestId('pfd-out-of-order').waitFor({ state: 'detached' });

    // a rework from the inspection back to the turning, with its label
    await editor.getByLabel('分支').selectOption('rework');
    await editor.getByLabel('返回到工序').selectOption(turn.id);
    await editor.getByLabel('标注').fill('尺寸超差');
    await page.getByTestId('pfd-add-branch').click();
    await picture.locator('[data-kind="rework"]').waitFor();
    await picture.locator('text').filter({ hasText: '尺寸超差' }).waitFor();
    await screenshot(page, 'pfmea-flow-zh-CN');

    // the PNG is drawn here, the SVG and the workbook come from the server
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pfd-download-png').click()]);
    expect(png.suggestedFilename()).toBe(`${project.serialNum.replace(/^PF/, 'PFD')}.png`);
    const bytes = await readFile((await png.path())!);
    expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect(bytes.byteLength).toBeGreaterThan(5000);
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pfd-download-svg').click()]);
    expect(svg.suggestedFilename()).toMatch(/^PFD.*\.svg$/);
    expect(await readFile((await svg.path())!, 'utf8')).toContain('尺寸超差');

    // the PFMEA's structure shows the new order
    await page.getByTestId('dfmea-tab-structure').click();
    const tree = page.getByTestId('dfmea-tree').locator('[role="treeitem"] > button.dfmea-tree-label');
    await tree.filter({ hasText: '终检' }).waitFor();
    const names = await tree.allInnerTexts();
    expect(names.findIndex((n) => n.includes('终检'))).toBeLessThan(names.findIndex((n) => n.includes('清洗')));
    expect(errors).toEqual([]);
  });
});
