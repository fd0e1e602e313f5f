/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminRoleId, asAdmin, createReadyUser, createRole, createUser, uniqueName } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';
import { findLayoutProblems } from './screens/layout-checks.ts';

/**
 * The layout defects of issue 10 at the smaller of the two screens checked
 * (1366×768, Chinese): long names, one-character-per-line buttons, the
 * online-users button and the toasts covering controls, column widths. The
 * full sweep of every screen at both sizes in both languages is
 * `npm run screens` (tests/e2e/screens/sweep.ts).
 */
const env = useBrowser();
const LONG_NAME = `长名字${'很'.repeat(27)}${'x'.repeat(20)}`; // 50 characters, the longest a real name may be
const LONG_NODE = `Sensor bracket ${'with a very long designation '.repeat(7)}`.slice(0, 200);

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not on screen`);
  return found;
}

/** How many lines the element's text takes. */
const lines = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });

/** Nothing on the screen is cut off without a way to read it, wraps a button's label, or lies under a fixed element. */
async function expectClean(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await screenshot(page, `layout-${name}`);
  expect(await findLayoutProblems(page, 'zh-CN'), name).toEqual([]);
}

/** The administrator who signs in is the project's responsible person: the list offers them every action. */
async function setup(baseURL: string, responsibleId: string) {
  return asAdmin(baseURL, async (admin) => {
    const me = await admin.get<{ userId: string }>('/api/user/info');
    const role = await createRole(admin, uniqueName('layout-role'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit'] }]);
    const long = await createUser(admin, { userName: uniqueName('long'), realName: LONG_NAME, password: 'Lg7#qW2!mK9$zR', roleIds: [role.id] });
    const project = await admin.post<{ id: string; pptSerial: string }>('/api/project/save', {
      projectType: 'dfmea',
      name: uniqueName('版面 '),
      projectMembers: [
        { userId: responsibleId, userRole: 0 },
        { userId: me.userId, userRole: 1 },
        { userId: long.id, userRole: 1 },
      ],
    });
    const node = await admin.post<{ id: string }>('/api/fmea/addNode', { parentId: project.pptSerial, name: LONG_NODE });
    const child = await admin.post<{ id: string }>('/api/fmea/addNode', { parentId: node.id, name: '齿轮' });
    const top = await admin.post<{ id: string }>('/api/fmea/addFunction', { nodeId: project.pptSerial, description: '关闭车窗' });
    const middle = await admin.post<{ id: string }>('/api/fmea/addFunction', { nodeId: node.id, description: '传递扭矩' });
    const low = await admin.post<{ id: string }>('/api/fmea/addFunction', { nodeId: child.id, description: '与蜗杆啮合' });
    const effect = await admin.post<{ id: string }>('/api/fmea/addFailure', { functionId: top.id, kind: 'FE', description: '车窗无法关闭', severity: 8 });
    const mode = await admin.post<{ id: string }>('/api/fmea/addFailure', { functionId: middle.id, kind: 'FM', description: '无扭矩输出' });
    const cause = await admin.post<{ id: string }>('/api/fmea/addFailure', { functionId: low.id, kind: 'FC', description: '齿面磨损', occurrence: 5, det: 4 });
    await admin.post('/api/fmea/linkFailures', { higherFailureId: effect.id, lowerFailureId: mode.id });
    await admin.post('/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });
    return { projectId: project.id };
  });
}

describe('layout at 1366×768', () => {
  it('keeps long names, buttons, the online-users button and toasts readable and out of each other’s way, and remembers column widths', async () => {
    const administrator = { userName: uniqueName('e2e.admin'), password: 'Adm1n#e2E7wQz!' };
    const adminRole = await asAdmin(env.baseURL, adminRoleId);
    const { id: administratorId } = await createReadyUser(env.baseURL, { ...administrator, realName: 'E2E 管理员', roleIds: [adminRole] });
    const { projectId } = await setup(env.baseURL, administratorId);
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password);
    const project = (step: string) => `/main/dfmea/dfmeaProject?projectId=${projectId}&rightType=${step}`;
    const fab = page.getByTestId('online-button');

    // the project list: a 50-character user name does not stretch the responsible-person filter
    await page.goto('/main/dfmea');
    await page.getByTestId('dfmea-project-list').locator('[data-row-key]').first().waitFor();
    expect((await box(page.getByTestId('dfmea-filter-responsible'))).width).toBeLessThanOrEqual(240);
    await expectClean(page, 'dfmea-list');

    // planning: the team's "移除" stays on one line; the "project saved" toast leaves Import and Export free
    await page.goto(project('planning'));
    const panel = page.getByTestId('dfmea-panel-planning');
    const remove = panel.getByRole('button', { name: '移除', exact: true }).first();
    await remove.waitFor();
    expect(await lines(remove)).toBe(1);
    await panel.getByTestId('dfmea-name').fill(uniqueName('版面 已改 '));
    await panel.getByRole('button', { name: '保存', exact: true }).click();
    const toast = page.locator('.toast-success');
    await toast.waitFor();
    for (const id of ['dfmea-import', 'dfmea-export']) expect(overlap(await box(toast), await box(page.getByTestId(id))), id).toBe(false);
    await expectClean(page, 'dfmea-planning');

    // structure: the 200-character node wraps inside the mind map instead of running off it
    await page.goto(project('structure'));
    const node = page.getByTestId('dfmea-mindmap').getByRole('button', { name: LONG_NODE });
    await node.waitFor();
    const map = await box(page.locator('.dfmea-map-panel'));
    const nodeBox = await box(node);
    expect(nodeBox.x + nodeBox.width).toBeLessThanOrEqual(map.x + map.width);
    expect(await lines(node)).toBeGreaterThan(1);
    await expectClean(page, 'dfmea-structure');

    // function analysis: "链接" stays on one line beside its select
    await page.goto(project('function'));
    const link = page.getByTestId('function-analysis').getByRole('button', { name: '链接', exact: true }).first();
    await link.waitFor();
    expect(await lines(link)).toBe(1);
    await expectClean(page, 'dfmea-function');

    // risk analysis: headers wrap instead of being cut; a dragged column width survives a reload
    await page.goto(project('risk'));
    await page.locator('.dfmea-risk [data-row-key]').first().waitFor();
    const header = page.locator('.dfmea-risk [role="columnheader"][data-column-id="function"]');
    const before = (await box(header)).width;
    const handle = page.getByRole('separator', { name: '列宽：关注功能' });
    const edge = await box(handle);
    await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
    await page.mouse.down();
    await page.mouse.move(edge.x + edge.width / 2 + 60, edge.y + edge.height / 2, { steps: 4 });
    await page.mouse.move(edge.x + edge.width / 2 + 120, edge.y + edge.height / 2, { steps: 4 });
    await page.mouse.up();
    const after = (await box(header)).width;
    expect(Math.abs(after - before - 120)).toBeLessThanOrEqual(2);
    await page.reload();
    await page.locator('.dfmea-risk [data-row-key]').first().waitFor();
    expect(Math.abs((await box(header)).width - after)).toBeLessThanOrEqual(1);
    // the online-users button covers none of the grid's controls, the page-size select included
    expect(overlap(await box(fab), await box(page.locator('.dfmea-risk .fmea-grid__page-size')))).toBe(false);
    await expectClean(page, 'dfmea-risk');

    // system pages with pagers at the bottom of the window
    for (const name of ['site', 'log']) {
      await page.goto(`/main/system/${name}`);
      await page.locator(`[data-testid="system-root"][data-page="${name}"] .fmea-grid__page-size`).first().waitFor();
      for (const select of await page.locator('.fmea-grid__page-size').all()) expect(overlap(await box(fab), await box(select)), name).toBe(false);
      await expectClean(page, `system-${name}`);
    }

    // English (issue #20): the project list with every action of its responsible person, "Delete" whole, and the
    // review status whole; the header's name of the built-in administrator's kind shortened by room, not to 4 letters
    await chooseLanguage(page, 'English');
    await page.goto('/main/dfmea');
    const mine = page.getByTestId('dfmea-project-list').locator(`[data-row-key="${projectId}"]`);
    await mine.getByRole('button', { name: 'Delete', exact: true }).waitFor();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await screenshot(page, 'layout-dfmea-list-en');
    expect(await findLayoutProblems(page, 'en-US'), 'dfmea-list-en').toEqual([]);
  });
});
