import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Df7#qW2!mK9$zR';
const RECENT_LISTS = /\/api\/(project\/selectRecentProject|pfmeaProject\/selectRecentPfmeaProject)/;

/** A user holding the given FMEA areas who opened one project of each type given (the visits the recent lists remember). */
async function engineerWhoOpened(routes: string[], types: ('dfmea' | 'pfmea')[]) {
  const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('recent'), routes.map((routeName) => ({ routeName, buttons: ['add', 'edit'] }))));
  const userName = uniqueName('recent');
  const user = await createReadyUser(env.baseURL, { userName, realName: 'Recent engineer', password: PASSWORD, roleIds: [role.id] });
  const session = await apiLogin(env.baseURL, userName, PASSWORD);
  const projects: Record<string, { id: string; serialNum: string; name: string }> = {};
  for (const type of types) {
    const name = uniqueName(type === 'dfmea' ? 'Door hinge ' : 'Hinge machining ');
    const members = type === 'dfmea' ? [{ userId: user.id, userRole: 0 }] : [{ userId: user.id, roles: [0] }];
    const project = await session.post<{ id: string; serialNum: string }>('/api/project/save', { projectType: type, name, projectMembers: members });
    await session.get(type === 'dfmea' ? `/api/project/selectProjectById?projectId=${project.id}` : `/api/pfmeaProject/selectProjectById?projectId=${project.id}`);
    projects[type] = { ...project, name };
  }
  await session.logout();
  return { userName, projects };
}

describe('the home page’s recent projects', () => {
  it('lists the projects opened lately from every area the user holds, each opening on its own area’s page, in both languages', async () => {
    const { userName, projects } = await engineerWhoOpened(['dfmea_index', 'pfmea_index'], ['dfmea', 'pfmea']);
    const { page } = await env.open({ width: 1366, height: 768 });
    const asked: string[] = [];
    page.on('request', (request) => {
      const match = RECENT_LISTS.exec(request.url());
      if (match) asked.push(match[1]!);
    });
    await startSignedIn(page, userName, PASSWORD);
    const card = page.getByTestId('home-recent');
    await card.getByRole('button').nth(1).waitFor();
    const rows = (await card.getByRole('button').allInnerTexts()).sort();
    expect(rows).toEqual([`${projects.dfmea!.serialNum} · ${projects.dfmea!.name}`, `${projects.pfmea!.serialNum} · ${projects.pfmea!.name}`].sort());
    expect(asked.sort()).toEqual(['pfmeaProject/selectRecentPfmeaProject', 'project/selectRecentProject']);
    await screenshot(page, 'home-recent-zh');

    await chooseLanguage(page, 'English');
    await page.goto('/main/homeIndex');
    await card.getByRole('button').nth(1).waitFor();
    expect(await card.locator('h3').innerText()).toContain('Recent projects');
    await screenshot(page, 'home-recent-en');

    await card.getByRole('button', { name: projects.pfmea!.name }).click();
    await waitForPath(page, '/main/pfmea/pfmeaProject');
    expect(new URL(page.url()).searchParams.get('projectId')).toBe(projects.pfmea!.id);
  });

  it('reads only the lists of the areas the user holds', async () => {
    const { userName, projects } = await engineerWhoOpened(['dfmea_index'], ['dfmea']);
    const { page } = await env.open({ width: 1366, height: 768 });
    const asked: string[] = [];
    page.on('request', (request) => {
      const match = RECENT_LISTS.exec(request.url());
      if (match) asked.push(match[1]!);
    });
    await startSignedIn(page, userName, PASSWORD);
    const card = page.getByTestId('home-recent');
    await card.getByRole('button').first().waitFor();
    expect(await card.getByRole('button').allInnerTexts()).toEqual([`${projects.dfmea!.serialNum} · ${projects.dfmea!.name}`]);
    expect(asked).toEqual(['project/selectRecentProject']);
    await card.getByRole('button').first().click();
    await waitForPath(page, '/main/dfmea/dfmeaProject');
    expect(new URL(page.url()).searchParams.get('projectId')).toBe(projects.dfmea!.id);
  });
});
