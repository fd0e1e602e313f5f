import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FMEA_KINDS } from '@fmea/core/domain';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { openArea, startSignedIn } from './support/flows.ts';
import { textOf, useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();
const password = 'Lc7#qW2!mK9$zR';
const MY = '/systemInfo/ownspaceIndex';

/**
 * Issue #14's story in the browser, one person per tab (a second sign-in of
 * the same user would end the first tab's session): the engineer submits a
 * DFMEA with a check warning, the quality reviewer rejects it, the engineer
 * reads the rejection, fixes the finding and submits again, both opinion
 * reviewers walk the steps and give opinions, the technical director approves
 * and releases, the engineer revokes, changes a rating and sees it against
 * BL1, and a non-member gets read access through an application.
 */
describe('FMEA lifecycle (issue #14)', () => {
  it('submit, reject, fix, resubmit, walk and opinions, approve, release, diff against the release, read access', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('life-eng'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del', 'export'] }]));
    const names = { engineer: uniqueName('lceng'), professional: uniqueName('lcprof'), quality: uniqueName('lcqual'), technical: uniqueName('lctech'), countersign: uniqueName('lcsign'), guest: uniqueName('lcguest') };
    const ids: Record<keyof typeof names, string> = {} as never;
    for (const [key, userName] of Object.entries(names) as [keyof typeof names, string][]) {
      ids[key] = (await createReadyUser(env.baseURL, { userName, realName: `Life ${key}`, password, roleIds: [role.id] })).id;
    }

    // set-up over the API: a small window lifter DFMEA, one full chain with its action, and a function never analysed
    // for failures (the check warning "function without failure"); the four reviewers are members, the guest is not
    const api = await apiLogin(env.baseURL, names.engineer, password);
    const project = await api.post<{ id: string; pptSerial: string; serialNum: string }>('/api/project/save', {
      projectType: 'dfmea',
      name: uniqueName('Window lifter '),
      projectMembers: [
        { userId: ids.engineer, roles: [0] },
        ...(['professional', 'quality', 'technical', 'countersign'] as const).map((r) => ({ userId: ids[r], roles: [4] })),
      ],
    });
    const projectId = project.id;
    const gearbox = await api.post<{ id: string }>('/api/fmea/addNode', { parentId: project.pptSerial, name: 'Gearbox' });
    const gear = await api.post<{ id: string }>('/api/fmea/addNode', { parentId: gearbox.id, name: 'Gear' });
    const close = await api.post<{ id: string }>('/api/fmea/addFunction', { nodeId: project.pptSerial, description: 'Close window' });
    const torque = await api.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gearbox.id, description: 'Transmit torque' });
    const mesh = await api.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gear.id, description: 'Mesh with worm' });
    const orphan = await api.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gear.id, description: 'Guide the cable' });
    const effect = await api.post<{ id: string }>('/api/fmea/addFailure', { functionId: close.id, kind: 'FE', description: 'Window does not close', severity: 9 });
    const mode = await api.post<{ id: string }>('/api/fmea/addFailure', { functionId: torque.id, kind: 'FM', description: 'No torque' });
    const cause = await api.post<{ id: string }>('/api/fmea/addFailure', { functionId: mesh.id, kind: 'FC', description: 'Teeth worn', occurrence: 6, det: 5 });
    await api.post('/api/fmea/linkFailures', { higherFailureId: effect.id, lowerFailureId: mode.id });
    await api.post('/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });
    await api.post('/api/fmea/addAction', { causeId: cause.id, kind: 'prevention', description: 'Harden the teeth', targetDate: '2099-01-01' });
    await api.logout();

    const projectUrl = `${env.baseURL}/main/dfmea/dfmeaProject?projectId=${projectId}`;
    const open = async (who: keyof typeof names, locale: 'zh-CN' | 'en-US') => {
      const { page } = await env.open({ width: 1400, height: 900, locale });
      await startSignedIn(page, names[who], password);
      await openArea(page, 'dfmea_index');
      await page.goto(projectUrl);
      await page.getByTestId('dfmea-project').waitFor();
      return page;
    };
    const confirmDialog = (page: Page) => page.getByTestId('confirm-dialog').locator('.btn-primary, .btn-danger').click();
    const status = (page: Page) => page.getByTestId('review-status').first().getAttribute('data-status');
    const submit = async (page: Page) => {
      await page.getByTestId('review-open').click();
      await page.getByTestId('review-submit').click();
      for (const r of ['professional', 'quality', 'technical', 'countersign'] as const) await page.getByTestId(`review-role-${r}`).selectOption(ids[r]);
    };

    // 1. the engineer sees the warning and submits naming the four reviewers, acknowledging it
    const engineer = await open('engineer', 'en-US');
    const errors = engineer.getByTestId('checks-errors');
    const warnings = engineer.getByTestId('checks-warnings');
    await expect.poll(() => warnings.innerText()).toBe('1');
    expect(await errors.innerText()).toBe('0');
    await submit(engineer);
    expect(await engineer.getByTestId('review-submit-save').isDisabled()).toBe(true);
    await engineer.getByTestId('checks-acknowledge').check();
    await screenshot(engineer, 'fmea-lifecycle-submit-en-US');
    await engineer.getByTestId('review-submit-save').click();
    await engineer.getByTestId('review-row-professional').waitFor();
    await expect.poll(() => status(engineer)).toBe('under_review');
    await engineer.getByTestId('review-close').click();

    // 2. the quality reviewer rejects with an opinion
    const quality = await open('quality', 'zh-CN');
    await quality.getByTestId('review-open').click();
    await quality.getByTestId('review-reject').click();
    await quality.getByTestId('review-opinion-text').fill('“Guide the cable” has no failure analysed');
    await screenshot(quality, 'fmea-lifecycle-reject-zh-CN');
    await quality.getByTestId('review-opinion-save').click();
    await expect.poll(() => status(quality)).toBe('rejected');

    // 3. the engineer reads the rejection in My messages: the mail badge counts it and opens that list; nothing waits in My approvals
    await expect.poll(() => engineer.getByTestId('message-badge').innerText()).toBe('1');
    expect(await engineer.getByTestId('approval-badge').locator('.badge').count()).toBe(0);
    await engineer.getByTestId('message-badge').click();
    await waitForPath(engineer, `${MY}/myMessage`);
    const rejection = engineer.getByTestId('my-messages-page').locator('[role="row"]').filter({ hasText: 'was rejected' }).first();
    await rejection.waitFor();
    expect(await textOf(rejection)).toContain('“Guide the cable” has no failure analysed');
    expect(await textOf(rejection)).toContain(project.serialNum);
    await screenshot(engineer, 'fmea-lifecycle-rejected-message-en-US');
    await rejection.getByTestId('message-open').click();
    await waitForPath(engineer, '/main/dfmea/dfmeaProject');
    await engineer.getByTestId('dfmea-project').waitFor();
    await expect.poll(() => status(engineer)).toBe('rejected');
    await screenshot(engineer, 'fmea-lifecycle-rejected-project-en-US');
    // the message opens the project with its review panel (review=1), the rejection and its opinion in the history
    await engineer.getByTestId('review-history').getByText('“Guide the cable” has no failure analysed').waitFor();
    await engineer.getByTestId('review-close').click();
    await engineer.getByTestId('review-panel').waitFor({ state: 'detached' });

    // 4. the finding opens its row; the function goes, the checks come down to nothing
    await expect.poll(() => warnings.innerText()).toBe('1');
    await engineer.getByTestId('checks-open').click();
    await engineer.locator('[data-code="function_without_failure"] [data-testid="checks-finding"]').click();
    const card = engineer.locator(`[data-item-id="${orphan.id}"]`);
    await expect.poll(() => card.getAttribute('data-focused')).toBe('true');
    await card.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(engineer);
    await expect.poll(() => warnings.innerText(), { timeout: 10_000 }).toBe('0');
    expect(await errors.innerText()).toBe('0');
    await screenshot(engineer, 'fmea-lifecycle-checks-clean-en-US');

    // 5. submitted again: no warning left to acknowledge
    await submit(engineer);
    await engineer.getByTestId('review-submit-save').click();
    await engineer.getByTestId('review-submit-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => status(engineer)).toBe('under_review');
    await engineer.getByTestId('review-close').click();

    // 6. both opinion reviewers walk the steps from the block diagram, then give their opinion
    const walkAndOpine = async (page: Page, role: 'professional' | 'quality', text: string, shot?: string) => {
      await page.goto(projectUrl);
      await page.getByTestId('review-walk-bar').waitFor();
      for (const key of FMEA_KINDS.dfmea.reviewWalk) {
        await page.locator(`[data-testid="dfmea-tab-${key}"][data-state="active"]`).waitFor();
        if (shot && key === 'failure') await screenshot(page, shot);
        await page.getByTestId('review-walk-mark').click();
        await page.getByTestId(`dfmea-tab-reviewed-${key}`).waitFor();
      }
      await page.getByTestId('review-walk-complete').waitFor();
      await page.getByTestId('review-open').click();
      await page.getByTestId(`review-opinion-${role}`).click();
      await page.getByTestId('review-conclusion').selectOption('conform');
      await page.getByTestId('review-opinion-text').fill(text);
      await page.getByTestId('review-opinion-save').click();
      await page.getByTestId(`review-row-${role}`).getByText(text).waitFor();
      await page.getByTestId('review-close').click();
    };
    const professional = await open('professional', 'en-US');
    await walkAndOpine(professional, 'professional', 'Chain complete, action dated', 'fmea-lifecycle-walk-en-US');
    await walkAndOpine(quality, 'quality', '功能分析已补全', 'fmea-lifecycle-walk-zh-CN');

    // 7. the technical director approves and releases (release condition: one releaser)
    const technical = await open('technical', 'zh-CN');
    await technical.getByTestId('review-open').click();
    await technical.getByTestId('review-approve').click();
    await confirmDialog(technical);
    await technical.getByTestId('review-release').waitFor();
    await screenshot(technical, 'fmea-lifecycle-approved-zh-CN');
    await technical.getByTestId('review-release').click();
    await technical.getByTestId('review-release-dialog').waitFor();
    await technical.getByTestId('review-release-save').click();
    await expect.poll(() => status(technical)).toBe('released');
    await technical.getByTestId('review-close').click();

    // 8. the engineer revokes the publication, changes O of "Teeth worn" 6 → 4 and sees it against BL1
    await engineer.goto(projectUrl);
    await engineer.getByTestId('dfmea-project').waitFor();
    await expect.poll(() => status(engineer)).toBe('released');
    await engineer.getByTestId('review-open').click();
    await engineer.getByTestId('review-revoke').click();
    await confirmDialog(engineer);
    await engineer.getByTestId('review-republish').waitFor();
    await engineer.getByTestId('review-close').click();
    await engineer.getByTestId('dfmea-tab-risk').click();
    const occurrence: Locator = engineer.locator('.dfmea-risk [role="row"][data-row-key]').filter({ hasText: 'Teeth worn' }).first().locator('[data-column-id="occurrence"]');
    await expect.poll(() => occurrence.innerText()).toBe('6');
    await occurrence.dblclick();
    await occurrence.locator('input').fill('4');
    await occurrence.locator('input').press('Enter');
    await expect.poll(() => occurrence.innerText(), { timeout: 10_000 }).toBe('4');
    await expect.poll(() => status(engineer)).toBe('in_preparation');
    await engineer.getByTestId('baselines-open').click();
    await engineer.getByTestId('baseline-row-BL1').waitFor();
    expect(await engineer.getByTestId('baseline-to').inputValue()).toBe('working');
    await engineer.getByTestId('baseline-compare').click();
    const rated = engineer.getByTestId('baseline-diff').locator('[data-field="occurrence"]').first();
    await rated.waitFor();
    expect(await rated.locator('del').innerText()).toBe('6');
    expect(await rated.locator('ins').innerText()).toBe('4');
    await screenshot(engineer, 'fmea-lifecycle-diff-en-US');
    // the technical director reads the same diff in Chinese
    await technical.goto(projectUrl);
    await technical.getByTestId('baselines-open').click();
    await technical.getByTestId('baseline-compare').click();
    const ratedZh = technical.getByTestId('baseline-diff').locator('[data-field="occurrence"]').first();
    await ratedZh.waitFor();
    expect(await ratedZh.locator('ins').innerText()).toBe('4');
    await screenshot(technical, 'fmea-lifecycle-diff-zh-CN');
    await engineer.getByTestId('baselines-close').click();

    // 9. a non-member applies from the 403 page; the engineer agrees in My approvals; the guest reads the project
    const guest = (await env.open({ width: 1400, height: 900, locale: 'zh-CN' })).page;
    await startSignedIn(guest, names.guest, password, `${env.baseURL}/main/dfmeaProject?type=1&projectId=${projectId}`);
    await guest.getByTestId('page-403').waitFor();
    await guest.getByTestId('read-apply').locator('textarea').fill('供应商质量评审需要');
    await screenshot(guest, 'fmea-lifecycle-read-apply-zh-CN');
    await guest.getByTestId('read-apply-send').click();
    await guest.getByTestId('read-apply-sent').waitFor();

    // the approvals badge counts the application and opens My approvals
    await expect.poll(() => engineer.getByTestId('approval-badge').innerText()).toBe('1');
    await engineer.getByTestId('approval-badge').click();
    await waitForPath(engineer, `${MY}/myAudit`);
    const approvals = engineer.getByTestId('read-approvals');
    await approvals.getByTestId('read-agree').click();
    const decide = engineer.getByTestId('read-decide-dialog');
    await decide.locator('textarea').fill('Granted for the supplier review');
    await screenshot(engineer, 'fmea-lifecycle-grant-en-US');
    await engineer.getByTestId('read-decide').click();
    await decide.waitFor({ state: 'detached' });

    await guest.goto(projectUrl);
    await guest.getByTestId('dfmea-project').waitFor();
    await guest.getByTestId('dfmea-readonly').waitFor();
    await guest.getByTestId('dfmea-tree').getByRole('button', { name: 'Gearbox', exact: true }).waitFor();
    await screenshot(guest, 'fmea-lifecycle-read-only-zh-CN');
  });
});
