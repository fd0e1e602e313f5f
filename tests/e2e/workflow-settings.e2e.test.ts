import { afterAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createAdministrator, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { chooseLanguage, openArea, startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

const env = useBrowser();
type Settings = { fmea: { kind: string; countersign: boolean; release: string; nominees: object }[]; catalog: { type: string; audit: boolean }[] };

/**
 * The installation's settings before this file changed them: put back afterwards (the server is shared by every
 * e2e file). The kind and type changed here (family FMEA, GB standards) are ones no other e2e file reviews.
 */
let before: Settings | undefined;
afterAll(async () => {
  if (before) await asAdmin(env.baseURL, (admin) => admin.post('/api/workflow/saveSettings', { fmea: before!.fmea.map(({ kind, countersign, release, nominees }) => ({ kind, countersign, release, nominees })), catalog: before!.catalog.map(({ type, audit }) => ({ type, audit })) }));
});

describe('workflow settings and review requirements', () => {
  it('an administrator sets a family FMEA review without countersigner, released by every releaser, and a catalog type without audit, in both languages', async () => {
    before = await asAdmin(env.baseURL, (admin) => admin.get<Settings>('/api/workflow/settings'));
    const administrator = await createAdministrator(env.baseURL);
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password, '/main/system/workflow');
    const form = page.getByTestId('system-workflow');
    await form.waitFor();
    const family = form.locator('tr[data-kind="family"]');
    await family.getByRole('switch', { name: /需要会签人/ }).click();
    await family.getByRole('combobox', { name: /发布方式/ }).selectOption('all');
    await family.getByRole('combobox', { name: /批准人级别/ }).selectOption('3');
    await form.getByRole('button', { name: '保存' }).click();
    await page.getByText('流程设置已保存').waitFor();
    await screenshot(page, 'workflow-settings-zh-CN');

    await page.getByTestId('workflow-tab-catalog').click();
    await form.locator('tr[data-type="gbStandard"]').getByRole('switch').click();
    // The first save's toast may still be showing: wait for this save's answer, then for its own toast.
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/workflow/saveSettings' && r.ok());
    await form.getByRole('button', { name: '保存' }).click();
    await answered;
    await page.getByText('流程设置已保存').last().waitFor();

    const saved = await asAdmin(env.baseURL, (admin) => admin.get<Settings>('/api/workflow/settings'));
    expect(saved.fmea.find((s) => s.kind === 'family')).toMatchObject({ countersign: false, release: 'all', nominees: { approverRoleTypes: ['3'] } });
    expect(saved.fmea.find((s) => s.kind === 'pfmea')).toMatchObject({ countersign: true, release: 'rule' });
    expect(saved.catalog.find((s) => s.type === 'gbStandard')).toMatchObject({ audit: false });

    await chooseLanguage(page, 'English');
    await page.goto('/main/system/workflow');
    await form.waitFor();
    const row = form.locator('tr[data-kind="family"]');
    expect(await row.getByRole('switch', { name: /countersigner needed/ }).getAttribute('aria-checked')).toBe('false');
    expect(await row.getByRole('combobox', { name: /release by/ }).inputValue()).toBe('all');
    await form.getByText('FMEA review requirements').waitFor();
    await screenshot(page, 'workflow-settings-en-US');
  });
  it('the review submit pickers offer only whom the family FMEA’s review requirements allow for each role', async () => {
    before ??= await asAdmin(env.baseURL, (admin) => admin.get<Settings>('/api/workflow/settings'));
    await asAdmin(env.baseURL, (admin) => admin.post('/api/workflow/saveSettings', { fmea: [{ kind: 'family', nominees: { approverRoleTypes: ['3'] } }] }));
    const password = 'Wf7#qW2!mK9$zR';
    const [engineers, approvers] = await asAdmin(env.baseURL, (admin) =>
      Promise.all([createRole(admin, uniqueName('wf-eng'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit'] }]), createRole(admin, uniqueName('wf-appr'), [{ routeName: 'dfmea_index', buttons: [] }], '3')]),
    );
    const ownerName = uniqueName('wfowner');
    const owner = await createReadyUser(env.baseURL, { userName: ownerName, realName: 'Family owner', password, roleIds: [engineers.id] });
    const approver = await createReadyUser(env.baseURL, { userName: uniqueName('wfappr'), realName: 'Family approver', password, roleIds: [approvers.id] });
    const session = await apiLogin(env.baseURL, ownerName, password);
    const project = await session.post<{ id: string }>('/api/project/save', { projectType: 'family', name: uniqueName('Seat family '), projectMembers: [{ userId: owner.id, userRole: 0 }] });
    await asAdmin(env.baseURL, (admin) => admin.post('/api/project/saveShare', { projectId: project.id, scope: 'partly', expiresAt: null, userIds: [approver.id] }));

    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, ownerName, password);
    await openArea(page, 'dfmea_index');
    await page.goto(`/main/dfmea/dfmeaProject?projectId=${project.id}`);
    await page.getByTestId('review-open').click();
    await page.getByTestId('review-submit').click();
    const offered = (role: string) => page.getByTestId(`review-role-${role}`).locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    // the technical director must hold a role of the approver rank: the owner (creator rank) is not offered, the approver is
    await expect.poll(() => offered('technical')).toContain(approver.id);
    expect(await offered('technical')).not.toContain(owner.id);
    expect(await offered('professional')).toEqual(expect.arrayContaining([owner.id, approver.id]));
    await screenshot(page, 'review-submit-nominees-zh-CN');
  });
});
