import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createAdministrator, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { chooseLanguage, signOut, startSignedIn } from './support/flows.ts';
import { useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Df7#qW2!mK9$zR';
type Setting = { id: string; enabled: boolean; sort: number };

/** The installation's settings before this file changed them: put back afterwards (the server is shared by every e2e file). */
let before: Setting[] | undefined;
afterAll(async () => {
  if (before) await asAdmin(env.baseURL, (admin) => admin.post('/api/dashboard/saveSettings', { indicators: before!.map((s) => ({ indicator: s.id, enabled: s.enabled, sort: s.sort })) }));
});

/** A design engineer (the DFMEA area only) with a project whose AP H chain has an open action, opened once (so it is recent). */
async function engineerWithOpenH() {
  const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('dash'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit'] }]));
  const userName = uniqueName('dash');
  const user = await createReadyUser(env.baseURL, { userName, realName: 'Dashboard engineer', password: PASSWORD, roleIds: [role.id] });
  const session = await apiLogin(env.baseURL, userName, PASSWORD);
  const name = uniqueName('Seat rail ');
  const project = await session.post<{ id: string; serialNum: string; pptSerial: string }>('/api/project/save', { projectType: 'dfmea', name, projectMembers: [{ userId: user.id, userRole: 0 }] });
  const rail = await session.post<{ id: string }>('/api/fmea/addNode', { parentId: project.pptSerial, name: 'Rail' });
  const hold = await session.post<{ id: string }>('/api/fmea/addFunction', { nodeId: project.pptSerial, description: 'Hold the seat' });
  const profile = await session.post<{ id: string }>('/api/fmea/addNode', { parentId: rail.id, name: 'Profile' });
  const slide = await session.post<{ id: string }>('/api/fmea/addFunction', { nodeId: rail.id, description: 'Slide smoothly' });
  const stiff = await session.post<{ id: string }>('/api/fmea/addFunction', { nodeId: profile.id, description: 'Stay straight' });
  const effect = await session.post<{ id: string }>('/api/fmea/addFailure', { functionId: hold.id, kind: 'FE', description: 'Seat comes loose', severity: 10 });
  const mode = await session.post<{ id: string }>('/api/fmea/addFailure', { functionId: slide.id, kind: 'FM', description: 'Rail jams' });
  const cause = await session.post<{ id: string }>('/api/fmea/addFailure', { functionId: stiff.id, kind: 'FC', description: 'Rail bent', occurrence: 6, det: 6 });
  await session.post('/api/fmea/linkFailures', { higherFailureId: effect.id, lowerFailureId: mode.id });
  await session.post('/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });
  await session.post('/api/fmea/addAction', { causeId: cause.id, kind: 'prevention', description: 'Thicker rail profile', targetDate: '2026-01-15' });
  await session.get(`/api/project/selectProjectById?projectId=${project.id}`);
  await session.logout();
  return { userName, project: { ...project, name } };
}

describe('the home page’s dashboard', () => {
  it('follows the order and choice the administrator sets, and shows a user only the indicators of the areas they hold', async () => {
    before = await asAdmin(env.baseURL, (admin) => admin.get<Setting[]>('/api/dashboard/settings'));
    const { userName, project } = await engineerWithOpenH();
    const administrator = await createAdministrator(env.baseURL);
    const { page } = await env.open({ width: 1366, height: 768 });

    // the administrator: Recent projects first, Reviews waiting for me off; a sort shared outside a group is refused on its row
    await startSignedIn(page, administrator.userName, administrator.password, '/main/system/indicator');
    const settings = page.getByTestId('system-indicators');
    await settings.waitFor();
    const row = (id: string) => settings.locator(`[data-indicator="${id}"]`);
    await row('recentProjects').getByRole('spinbutton').fill('20');
    await settings.getByRole('button', { name: '保存' }).click();
    await row('recentProjects').getByRole('alert').waitFor();
    expect(await row('recentProjects').getByRole('alert').innerText()).toBe('排序（第 7 行） 20 重复');
    await row('recentProjects').getByRole('spinbutton').fill('1');
    await row('reviewsWaiting').getByRole('switch').click();
    await settings.getByRole('button', { name: '保存' }).click();
    await page.getByText('工作台指标已保存').waitFor();
    await screenshot(page, 'dashboard-settings-zh-CN');
    await signOut(page);

    // the engineer holds the DFMEA area only: no PFMEA or problem indicator; the blocks in the administrator's order
    await startSignedIn(page, userName, PASSWORD);
    const dashboard = page.getByTestId('home-dashboard');
    await dashboard.waitFor();
    expect(await dashboard.locator('.dashboard-block').evaluateAll((blocks) => blocks.map((b) => b.getAttribute('data-block')))).toEqual(['recentProjects', 'myTasks', 'dfmeaOpenH']);
    const openH = page.getByTestId('indicator-dfmeaOpenH');
    await openH.getByText('Thicker rail profile').waitFor();
    expect(await openH.getByTestId('indicator-figure').innerText()).toBe('1');
    await page.getByTestId('home-recent').getByRole('button', { name: project.name }).waitFor();
    await screenshot(page, 'dashboard-home-zh-CN');

    await chooseLanguage(page, 'English');
    await page.goto('/main/homeIndex');
    await openH.getByText('Overdue').waitFor();
    expect(await openH.locator('h3').innerText()).toContain('DFMEA open H actions');
    await screenshot(page, 'dashboard-home-en-US');

    // an open H action opens the project's optimisation step
    await openH.getByRole('button', { name: /Thicker rail profile/ }).click();
    await waitForPath(page, '/main/dfmea/dfmeaProject');
    expect(new URL(page.url()).searchParams.get('rightType')).toBe('optimization');
    expect(new URL(page.url()).searchParams.get('projectId')).toBe(project.id);
  });
  it('in English, the administrator hides one indicator and moves another first; a user’s home page follows in both languages', async () => {
    before ??= await asAdmin(env.baseURL, (admin) => admin.get<Setting[]>('/api/dashboard/settings'));
    // from the installation's order, whatever the test before left
    await asAdmin(env.baseURL, (admin) => admin.post('/api/dashboard/saveSettings', { indicators: before!.map((s) => ({ indicator: s.id, enabled: s.enabled, sort: s.sort })) }));
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('dash'), ['dfmea_index', 'problem_index']));
    const userName = uniqueName('dash');
    await createReadyUser(env.baseURL, { userName, realName: 'Dashboard reader', password: PASSWORD, roleIds: [role.id] });
    const blocksOf = async (page: Page) => {
      const dashboard = page.getByTestId('home-dashboard');
      await dashboard.locator('.dashboard-block').first().waitFor();
      return dashboard.locator('.dashboard-block').evaluateAll((blocks) => blocks.map((b) => b.getAttribute('data-block')));
    };
    const user = await env.open({ width: 1366, height: 768 });
    await startSignedIn(user.page, userName, PASSWORD);
    expect(await blocksOf(user.page)).toEqual(['myTasks', 'reviewsWaiting', 'dfmeaOpenH', 'problemsPastDue', 'recentProjects']);

    const administrator = await createAdministrator(env.baseURL);
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password);
    await chooseLanguage(page, 'English');
    await page.goto('/main/system/indicator');
    const settings = page.getByTestId('system-indicators');
    await settings.waitFor();
    await settings.getByRole('switch', { name: 'Show Problems past due' }).click();
    await settings.getByRole('spinbutton', { name: 'Sort of DFMEA open H actions' }).fill('5');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/dashboard/saveSettings' && r.ok());
    await settings.getByRole('button', { name: 'Save' }).click();
    await answered;
    await page.getByText('Workbench indicators saved').last().waitFor();
    expect(await settings.getByRole('switch', { name: 'Show Problems past due' }).getAttribute('aria-checked')).toBe('false');
    await screenshot(page, 'dashboard-settings-en-US');

    // the user's next visit of the home page: DFMEA open H first, no past-due problems
    await user.page.goto('/main/homeIndex');
    await expect.poll(() => blocksOf(user.page)).toEqual(['dfmeaOpenH', 'myTasks', 'reviewsWaiting', 'recentProjects']);
    expect(await user.page.getByTestId('indicator-dfmeaOpenH').locator('h3').innerText()).toContain('DFMEA 未完成的高优先级措施');
    await screenshot(user.page, 'dashboard-reordered-zh-CN');
    await chooseLanguage(user.page, 'English');
    await user.page.goto('/main/homeIndex');
    expect(await blocksOf(user.page)).toEqual(['dfmeaOpenH', 'myTasks', 'reviewsWaiting', 'recentProjects']);
    await expect.poll(() => user.page.getByTestId('indicator-dfmeaOpenH').locator('h3').innerText()).toContain('DFMEA open H actions');
    await screenshot(user.page, 'dashboard-reordered-en-US');
  });
});
