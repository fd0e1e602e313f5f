/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { screenshot } from './support/browser.ts';
import { textOf, useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Cm7#qW2!mK9$zR';

describe('comments on FMEA rows', () => {
  it('A comments on a cause mentioning B; B sees the discussion badge, opens the project at the row and reads the thread; the history shows the edited rating', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('cm-role'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]));
    const a = { userName: uniqueName('cma'), realName: 'Anna Author' };
    const b = { userName: uniqueName('cmb'), realName: 'Ben Reader' };
    const aUser = await createReadyUser(env.baseURL, { ...a, password: PASSWORD, roleIds: [role.id] });
    const bUser = await createReadyUser(env.baseURL, { ...b, password: PASSWORD, roleIds: [role.id] });

    // A builds a small chain over the API and changes the cause's O from 6 to 4 (before signing in the browser: one session per account)
    const session = await apiLogin(env.baseURL, a.userName, PASSWORD);
    const project = await session.post<{ id: string; serialNum: string; pptSerial: string }>('/api/project/save', {
      projectType: 'dfmea',
      name: uniqueName('Window lifter '),
      projectMembers: [
        { userId: aUser.id, userRole: 0 },
        { userId: bUser.id, userRole: 1 },
      ],
    });
    const gearbox = await session.post<{ id: string }>('/api/fmea/addNode', { parentId: project.pptSerial, name: 'Gearbox' });
    const gear = await session.post<{ id: string }>('/api/fmea/addNode', { parentId: gearbox.id, name: 'Gear' });
    const close = await session.post<{ id: string }>('/api/fmea/addFunction', { nodeId: project.pptSerial, description: 'Close window' });
    const torque = await session.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gearbox.id, description: 'Transmit torque' });
    const mesh = await session.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gear.id, description: 'Mesh with worm' });
    const effect = await session.post<{ id: string }>('/api/fmea/addFailure', { functionId: close.id, kind: 'FE', description: 'Window does not close', severity: 8 });
    const mode = await session.post<{ id: string }>('/api/fmea/addFailure', { functionId: torque.id, kind: 'FM', description: 'No torque transmitted' });
    const cause = await session.post<{ id: string; version: number }>('/api/fmea/addFailure', { functionId: mesh.id, kind: 'FC', description: 'Teeth worn', occurrence: 6, det: 5 });
    await session.post('/api/fmea/linkFailures', { higherFailureId: effect.id, lowerFailureId: mode.id });
    await session.post('/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });
    await session.post('/api/fmea/updateFailure', { id: cause.id, version: cause.version, occurrence: 4 });
    // and gives B an optimisation action: B's task (and a task message)
    await session.post('/api/fmea/addAction', { causeId: cause.id, kind: 'prevention', description: 'Switch to long-life grease', responsibleUserId: bUser.id, targetDate: '2027-03-31' });
    await session.logout();

    // A, in the browser: the risk grid's row opens its discussion; @ offers the team, the comment is sent
    const { page: pageA } = await env.open({ width: 1600, height: 900 });
    await startSignedIn(pageA, a.userName, PASSWORD);
    await chooseLanguage(pageA, 'English');
    await pageA.goto(`/main/dfmea/dfmeaProject?projectId=${project.id}&rightType=risk`);
    const marker = pageA.getByTestId(`row-marker-failure-${cause.id}`);
    await marker.first().click();
    const panel = pageA.getByTestId('row-panel');
    await panel.waitFor();
    const input = panel.getByTestId('row-comment-input');
    await input.fill(`@${b.userName.slice(0, 5)}`);
    await panel.getByTestId('row-mention-list').getByText(b.realName).click();
    expect(await input.inputValue()).toBe(`@${b.userName} `);
    await input.pressSequentially('is O 4 right after the new grease?');
    await panel.getByTestId('row-comment-send').click();
    await panel.getByTestId('row-comment').filter({ hasText: 'is O 4 right after the new grease?' }).waitFor();

    // the history of the same row: the rating A changed, old → new
    await panel.getByTestId('row-panel-history-tab').click();
    const change = panel.getByTestId('row-history-change-occurrence').first();
    await change.waitFor();
    expect(await textOf(change)).toContain('6 → 4');
    expect(await textOf(panel.getByTestId('row-history'))).toContain(a.realName);
    await screenshot(pageA, 'fmea-row-history-en-US');
    await pageA.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    // the row now carries its count
    expect(await textOf(marker.first())).toContain('1');

    // B: the header's discussion dropdown shows the project with one unread comment
    const { page: pageB } = await env.open({ width: 1400, height: 900 });
    await startSignedIn(pageB, b.userName, PASSWORD);
    const badge = pageB.getByTestId('discussion-badge');
    await badge.waitFor();
    expect(await textOf(badge)).toBe('1');
    await pageB.getByTestId('discussion-menu').click();
    const item = pageB.getByTestId(`discussion-${project.serialNum}`);
    await item.waitFor();
    expect(await textOf(item)).toContain('is O 4 right after the new grease?');
    await screenshot(pageB, 'fmea-discussion-dropdown-zh-CN');
    await item.click();
    await waitForPath(pageB, '/main/dfmea/dfmeaProject');
    await pageB.getByTestId('dfmea-project').waitFor();

    // B's home page: the task A gave them; My tasks lists it and opens the optimisation step on the action
    await pageB.goto('/main/homeIndex');
    const homeTasks = pageB.getByTestId('indicator-myTasks');
    await homeTasks.getByText('Switch to long-life grease').waitFor();
    await pageB.goto('/systemInfo/ownspaceIndex/myTask');
    const task = pageB.getByTestId('my-tasks-page').getByTestId('task-open').filter({ hasText: 'Switch to long-life grease' });
    await task.waitFor();
    await screenshot(pageB, 'my-tasks-zh-CN');
    await task.click();
    await waitForPath(pageB, '/main/dfmea/dfmeaProject');
    await pageB.getByTestId('dfmea-panel-optimization').waitFor();
    await pageB.getByTestId('row-panel').waitFor();
    await pageB.keyboard.press('Escape');

    // the mention is a message that opens the project at the row, with its thread
    await pageB.goto('/systemInfo/ownspaceIndex/myMessage');
    const message = pageB.getByTestId('my-messages-page').getByTestId('message-open').filter({ hasText: '提到了您' });
    await message.waitFor();
    await message.click();
    await waitForPath(pageB, '/main/dfmea/dfmeaProject');
    const thread = pageB.getByTestId('row-panel');
    await thread.waitFor();
    await thread.getByTestId('row-comment').filter({ hasText: 'is O 4 right after the new grease?' }).waitFor();
    expect(await textOf(thread.getByTestId('row-comment').first())).toContain(a.realName);
    // opened from a link, the panel is named by what the row says
    expect(await textOf(thread.locator('.dialog-title'))).toBe('Teeth worn');
    await screenshot(pageB, 'fmea-row-thread-zh-CN');
    // having read it, the badge is gone
    await pageB.keyboard.press('Escape');
    await pageB.reload();
    await pageB.getByTestId('dfmea-project').waitFor();
    await pageB.getByTestId('discussion-menu').waitFor();
    expect(await pageB.getByTestId('discussion-badge').count()).toBe(0);
  });
});
