import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { startSignedIn } from './support/flows.ts';
import { textOf, useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Ra7#qW2!mK9$zT';
const BASE = '/systemInfo/ownspaceIndex';

describe('read access through an application', () => {
  it('a non-member applies from the 403 page, the owner finds the message, agrees in My approvals, and the applicant opens the project read-only from the answer', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('read-eng'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]));
    const ownerName = uniqueName('readown');
    const guestName = uniqueName('readguest');
    const owner = await createReadyUser(env.baseURL, { userName: ownerName, realName: 'Read owner', password: PASSWORD, roleIds: [role.id] });
    await createReadyUser(env.baseURL, { userName: guestName, realName: 'Read guest', password: PASSWORD, roleIds: [role.id] });

    const ownerApi = await apiLogin(env.baseURL, ownerName, PASSWORD);
    const project = await ownerApi.post<{ id: string; serialNum: string; pptSerial: string }>('/api/project/save', {
      projectType: 'dfmea',
      name: uniqueName('Seat rail '),
      projectMembers: [{ userId: owner.id, userRole: 0 }],
    });
    await ownerApi.post('/api/fmea/addNode', { parentId: project.pptSerial, name: 'Rail lock' });
    await ownerApi.logout();
    // the non-member follows a deep link, gets 403, and applies there
    const guest = await env.open({ width: 1400, height: 900 });
    await startSignedIn(guest.page, guestName, PASSWORD, `/main/dfmeaProject?type=1&projectId=${project.id}`);
    await guest.page.getByTestId('page-403').waitFor();
    await guest.page.getByTestId('read-apply').locator('textarea').fill('供应商质量评审需要');
    await screenshot(guest.page, 'read-access-apply');
    await guest.page.getByTestId('read-apply-send').click();
    await guest.page.getByTestId('read-apply-sent').waitFor();

    // the owner: the message waits in My messages and opens My approvals, where the application is agreed
    const { page, errors } = await env.open({ width: 1400, height: 900 });
    await startSignedIn(page, ownerName, PASSWORD, `${BASE}/myMessage`);
    const inbox = page.getByTestId('my-messages-page');
    const open = inbox.getByTestId('message-open').first();
    await open.waitFor();
    expect(await textOf(open)).toContain(`申请查看 ${project.serialNum}`);
    await screenshot(page, 'messages-approval-request');
    await open.click();
    await waitForPath(page, `${BASE}/myAudit`);
    const approvals = page.getByTestId('read-approvals');
    await approvals.getByTestId('read-agree').click();
    const dialog = page.getByTestId('read-decide-dialog');
    await dialog.locator('textarea').fill('同意，仅供评审');
    await page.getByTestId('read-decide').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => textOf(approvals.locator('.fmea-grid__status'))).toBe('暂无等待您审批的项目查看申请。');

    // the applicant: the answer opens the project, read-only
    await guest.page.goto(`${BASE}/myMessage`);
    const answer = guest.page.getByTestId('my-messages-page').getByTestId('message-open').first();
    await answer.waitFor();
    expect(await textOf(answer)).toContain('已同意');
    await answer.click();
    await waitForPath(guest.page, '/main/dfmea/dfmeaProject');
    await guest.page.getByTestId('dfmea-readonly').waitFor();
    await guest.page.getByTestId('dfmea-tree').getByRole('button', { name: 'Rail lock', exact: true }).waitFor();
    await screenshot(guest.page, 'read-access-granted');
    expect(errors).toEqual([]);
  });
});
