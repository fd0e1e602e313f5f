import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { startSignedIn } from './support/flows.ts';
import { useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Df7#qW2!mK9$zR';

describe('favourites', () => {
  it('stars a project in the DFMEA list, finds it in the collected tab and under My favourites, opens it there, and un-stars it', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('fav-eng'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]));
    const userName = uniqueName('faveng');
    const user = await createReadyUser(env.baseURL, { userName, realName: 'Favourite engineer', password: PASSWORD, roleIds: [role.id] });
    const session = await apiLogin(env.baseURL, userName, PASSWORD);
    const projectName = uniqueName('Wiper arm ');
    const project = await session.post<{ id: string; serialNum: string }>('/api/project/save', {
      projectType: 'dfmea',
      name: projectName,
      projectMembers: [{ userId: user.id, userRole: 0 }],
    });
    await session.logout();

    const { page } = await env.open({ width: 1400, height: 900 });
    await startSignedIn(page, userName, PASSWORD, '/main/dfmea');
    const list = page.getByTestId('dfmea-project-list');
    await list.waitFor();

    // star it in the "all" tab
    const row = list.locator(`[data-row-key="${project.id}"]`);
    const star = row.getByTestId('dfmea-collect');
    await star.waitFor();
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(() => row.getByTestId('dfmea-collect').getAttribute('aria-pressed')).toBe('true');

    // the collected tab lists it
    await list.getByRole('tab').last().click();
    await expect.poll(() => list.getByRole('tab').last().getAttribute('aria-selected')).toBe('true');
    // the row was already on screen under "all": wait for the collected tab's own page to replace the list
    await expect.poll(() => list.locator('[data-row-key]').count()).toBe(1);
    await row.waitFor();
    await screenshot(page, 'favourites-collected-tab');

    // My favourites in the personal centre lists it; opening goes to the project
    await page.goto('/systemInfo/ownspaceIndex/myCollection');
    const favourites = page.getByTestId('my-favourites-page');
    await favourites.waitFor();
    const open = favourites.getByTestId('favourite-open');
    await open.waitFor();
    await expect.poll(() => favourites.locator('[data-row-key]').count()).toBe(1);
    expect(await open.innerText()).toBe(`${project.serialNum} · ${projectName}`);
    await screenshot(page, 'favourites-my-favourites');
    await open.click();
    await waitForPath(page, '/main/dfmea/dfmeaProject');
    expect(new URL(page.url()).searchParams.get('projectId')).toBe(project.id);
    await page.getByTestId('dfmea-project').waitFor();

    // un-star it in the list: the collected tab is empty again
    await page.goto('/main/dfmea');
    await list.waitFor();
    await row.getByTestId('dfmea-collect').waitFor();
    expect(await row.getByTestId('dfmea-collect').getAttribute('aria-pressed')).toBe('true');
    await row.getByTestId('dfmea-collect').click();
    await expect.poll(() => row.getByTestId('dfmea-collect').getAttribute('aria-pressed')).toBe('false');
    await list.getByRole('tab').last().click();
    await expect.poll(() => list.locator('[data-row-key]').count()).toBe(0);

    // and My favourites is empty as well
    await page.goto('/systemInfo/ownspaceIndex/myCollection');
    // the grid's status row shows once its first page has loaded, and only when that page is empty
    await page.getByTestId('my-favourites-page').locator('.fmea-grid__row--status').waitFor();
    expect(await page.getByTestId('favourite-open').count()).toBe(0);
  });

  it('opens a starred PFMEA from My favourites on the PFMEA project page (issue 21: it was plain text)', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('fav-pf'), [{ routeName: 'pfmea_index', buttons: ['add', 'edit', 'del'] }]));
    const userName = uniqueName('favpf');
    const user = await createReadyUser(env.baseURL, { userName, realName: 'Favourite process engineer', password: PASSWORD, roleIds: [role.id] });
    const session = await apiLogin(env.baseURL, userName, PASSWORD);
    const projectName = uniqueName('Gearbox housing ');
    const project = await session.post<{ id: string; serialNum: string }>('/api/project/save', {
      projectType: 'pfmea',
      name: projectName,
      projectMembers: [{ userId: user.id, roles: [0] }],
    });
    await session.post('/api/collect/add', { collectType: 'pfmeaProject', targetId: project.id });
    await session.logout();

    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, userName, PASSWORD, '/systemInfo/ownspaceIndex/myCollection');
    const open = page.getByTestId('my-favourites-page').getByTestId('favourite-open');
    await open.waitFor();
    expect(await open.innerText()).toBe(`${project.serialNum} · ${projectName}`);
    await open.click();
    await waitForPath(page, '/main/pfmea/pfmeaProject');
    expect(new URL(page.url()).searchParams.get('projectId')).toBe(project.id);
    await page.getByTestId('dfmea-project').waitFor();
  });
});
