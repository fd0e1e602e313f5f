import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { startSignedIn } from './support/flows.ts';
import { useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Df7#qW2!mK9$zR';

describe('dfmea sharing', () => {
  it('shares a project with one user through the Share dialog: they find it under "Shared with me" and read it only; others still get 403', async () => {
    const role = await asAdmin(env.baseURL, (admin) =>
      createRole(admin, uniqueName('share-eng'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del', 'export'] }]),
    );
    const ownerName = uniqueName('shareown');
    const guestName = uniqueName('shareguest');
    const strangerName = uniqueName('sharestranger');
    const owner = await createReadyUser(env.baseURL, { userName: ownerName, realName: 'Share owner', password: PASSWORD, roleIds: [role.id] });
    await createReadyUser(env.baseURL, { userName: guestName, realName: 'Share guest', password: PASSWORD, roleIds: [role.id] });
    await createReadyUser(env.baseURL, { userName: strangerName, realName: 'Share stranger', password: PASSWORD, roleIds: [role.id] });

    const session = await apiLogin(env.baseURL, ownerName, PASSWORD);
    const projectName = uniqueName('Door latch ');
    const project = await session.post<{ id: string; serialNum: string; pptSerial: string }>('/api/project/save', {
      projectType: 'dfmea',
      name: projectName,
      projectMembers: [{ userId: owner.id, userRole: 0 }],
    });
    await session.post('/api/fmea/addNode', { parentId: project.pptSerial, name: 'Pawl' });
    await session.logout();

    // the responsible engineer shares it with the guest in the list
    const { page } = await env.open({ width: 1400, height: 900 });
    await startSignedIn(page, ownerName, PASSWORD, '/main/dfmea');
    const list = page.getByTestId('dfmea-project-list');
    const row = list.locator(`[data-row-key="${project.id}"]`);
    await row.getByTestId('dfmea-share').click();
    const dialog = page.getByTestId('dfmea-share-dialog');
    await dialog.waitFor();
    await dialog.locator('input[type="radio"][value="partly"]').check();
    await dialog.getByLabel(guestName).check();
    await screenshot(page, 'dfmea-share-dialog');
    await page.getByTestId('dfmea-share-save').click();
    await dialog.waitFor({ state: 'detached' });

    // the guest finds it under "Shared with me", opens it read-only
    const guest = await env.open({ width: 1400, height: 900 });
    await startSignedIn(guest.page, guestName, PASSWORD, '/main/dfmea');
    const guestList = guest.page.getByTestId('dfmea-project-list');
    await guestList.waitFor();
    // the tabs: all, mine, responsible, participating, shared, collected
    await guestList.getByRole('tab').nth(4).click();
    const sharedRow = guestList.locator(`[data-row-key="${project.id}"]`);
    await sharedRow.waitFor();
    expect(await sharedRow.getByTestId('dfmea-share').count()).toBe(0);
    await sharedRow.getByRole('button', { name: project.serialNum }).click();
    await guest.page.getByTestId('dfmea-project').waitFor();
    await waitForPath(guest.page, '/main/dfmea/dfmeaProject');
    await guest.page.getByTestId('dfmea-readonly').waitFor();
    await guest.page.getByTestId('dfmea-shared').waitFor();
    await guest.page.getByTestId('dfmea-tree').getByRole('button', { name: 'Pawl', exact: true }).waitFor();
    expect(await guest.page.getByTestId('dfmea-add-child').count()).toBe(0);
    await screenshot(guest.page, 'dfmea-shared-project');

    // someone it is not shared with still gets 403 from the deep link
    const stranger = await env.open();
    await startSignedIn(stranger.page, strangerName, PASSWORD, `/main/dfmeaProject?type=1&projectId=${project.id}`);
    await stranger.page.getByTestId('page-403').waitFor();
  });
});
