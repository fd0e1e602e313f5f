import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { walkReviewOverApi } from '@fmea/core/testing';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { openArea, startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

const env = useBrowser();
const password = 'Bl7#qW2!mK9$zR';

describe('FMEA baselines in the workbench', () => {
  it('a released project, edited in the browser: the diff against the release shows the value old → new', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('baseline-eng'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del', 'export'] }]));
    const names = { owner: uniqueName('blowner'), reviewer: uniqueName('blrev') };
    const ids: Record<string, string> = {};
    for (const [key, userName] of Object.entries(names)) ids[key] = (await createReadyUser(env.baseURL, { userName, realName: `Baseline ${key}`, password, roleIds: [role.id] })).id;

    // the project goes from draft to released through the review path (one reviewer holds the four roles)
    const owner = await apiLogin(env.baseURL, names.owner, password);
    const reviewer = await apiLogin(env.baseURL, names.reviewer, password);
    const name = uniqueName('Door hinge ');
    const project = await owner.post<{ id: string; serialNum: string }>('/api/project/save', {
      projectType: 'dfmea',
      name,
      projectMembers: [
        { userId: ids.owner, roles: [0] },
        { userId: ids.reviewer, roles: [4] },
      ],
    });
    const projectId = project.id;
    const all = { professional: ids.reviewer, quality: ids.reviewer, technical: ids.reviewer, countersign: ids.reviewer };
    await owner.post('/api/project/review/submit', { projectId, assignees: all, acknowledgeWarnings: true });
    await walkReviewOverApi((path, body) => reviewer.post(path, body), projectId);
    await reviewer.post('/api/project/review/opinion', { projectId, conclusion: 'conform', opinion: 'ok', role: 'professional' });
    await reviewer.post('/api/project/review/opinion', { projectId, conclusion: 'conform', opinion: 'ok', role: 'quality' });
    await reviewer.post('/api/project/review/approve', { projectId });
    await reviewer.post('/api/project/review/release', { projectId, acknowledgeWarnings: true });
    await owner.post('/api/project/review/revoke', { projectId });
    const [bl] = await owner.get<{ label: string }[]>(`/api/project/baselines?projectId=${projectId}`);
    expect(bl?.label).toBe('BL1');
    // the workbook of another project of the owner's, to check in this project's panel (issue 20)
    const another = await owner.post<{ id: string; serialNum: string }>('/api/project/save', { projectType: 'dfmea', name: uniqueName('Seat rail '), projectMembers: [{ userId: ids.owner, roles: [0] }] });
    const anotherFile = join(mkdtempSync(join(tmpdir(), 'baseline-e2e-')), `${another.serialNum}.xlsx`);
    const exported = await fetch(`${env.baseURL}/api/project/exportData?projectId=${another.id}`, { headers: { token: owner.token!, lang: 'en-US' } });
    writeFileSync(anotherFile, new Uint8Array(await exported.arrayBuffer()));

    // the owner edits the header in the browser
    const { page } = await env.open({ width: 1400, height: 900, locale: 'en-US' });
    await startSignedIn(page, names.owner, password);
    await openArea(page, 'dfmea_index');
    await page.goto(`${env.baseURL}/main/dfmea/dfmeaProject?projectId=${projectId}`);
    await page.getByTestId('dfmea-project').waitFor();
    await page.getByTestId('dfmea-tab-planning').click();
    const planning = page.getByTestId('dfmea-panel-planning');
    await planning.getByTestId('dfmea-name').fill(`${name} rev. B`);
    await planning.getByTestId('dfmea-planning-save').click();
    await expect.poll(() => page.locator('.dfmea-project-name').innerText()).toBe(`${name} rev. B`);

    // Baselines: BL1 is listed; compare it with the working copy
    await page.getByTestId('baselines-open').click();
    await page.getByTestId('baseline-row-BL1').waitFor();
    expect(await page.getByTestId('baseline-from').inputValue()).not.toBe('');
    expect(await page.getByTestId('baseline-to').inputValue()).toBe('working');
    await page.getByTestId('baseline-compare').click();
    const diff = page.getByTestId('baseline-diff');
    await diff.waitFor();
    const header = diff.getByTestId('baseline-diff-project');
    await header.waitFor();
    const field = header.locator('[data-field="name"]');
    expect(await field.locator('del').innerText()).toBe(name);
    expect(await field.locator('ins').innerText()).toBe(`${name} rev. B`);
    expect(await diff.locator('h3').first().innerText()).toContain('BL1 → Working copy: 0 added, 0 removed, 1 changed');
    await screenshot(page, 'fmea-baselines-diff-en-US');

    // the diff and the baseline download as workbooks; the baseline's file verifies as BL1
    const [diffFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('baseline-diff-export').click()]);
    expect(diffFile.suggestedFilename()).toBe(`DFMEA-${project.serialNum}-BL1-working.xlsx`);
    const [blFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('baseline-export-BL1').click()]);
    expect(blFile.suggestedFilename()).toBe(`DFMEA-${project.serialNum}-BL1.xlsx`);
    const saved = join(mkdtempSync(join(tmpdir(), 'baseline-e2e-')), blFile.suggestedFilename());
    await blFile.saveAs(saved);
    // the owner checks the downloaded file in the panel: it is BL1
    await page.getByTestId('baseline-verify-file').setInputFiles(saved);
    const shownVerdict = page.getByTestId('baseline-verdict');
    await shownVerdict.waitFor();
    expect(await shownVerdict.getAttribute('data-outcome')).toBe('baseline');
    expect(await shownVerdict.innerText()).toContain('BL1');
    await screenshot(page, 'fmea-baselines-verify-en-US');
    // another project's workbook, checked in this project's panel, says whose it is
    await page.getByTestId('baseline-verify-file').setInputFiles(anotherFile);
    await expect.poll(() => shownVerdict.getAttribute('data-outcome')).toBe('otherProject');
    expect(await shownVerdict.innerText()).toBe(`Intact, but it belongs to project ${another.serialNum}, not to ${project.serialNum} (${name} rev. B) which it was checked in`);
    await screenshot(page, 'fmea-baselines-verify-other-en-US');
    const upload = new FormData();
    upload.append('excelFile', new Blob([readFileSync(saved)]), 'bl1.xlsx');
    // the browser's sign-in ended the owner's API session: the reviewer (a member) verifies over the API too
    const verdict = await reviewer.post<{ outcome: string; baselineLabel: string }>('/api/project/baseline/verify', upload);
    expect(verdict).toMatchObject({ outcome: 'baseline', baselineLabel: 'BL1' });

    // a reviewer reading in Chinese sees the same diff in their language
    const zh = (await env.open({ width: 1400, height: 900, locale: 'zh-CN' })).page;
    await startSignedIn(zh, names.reviewer, password);
    await openArea(zh, 'dfmea_index');
    await zh.goto(`${env.baseURL}/main/dfmea/dfmeaProject?projectId=${projectId}`);
    await zh.getByTestId('dfmea-project').waitFor();
    await zh.getByTestId('baselines-open').click();
    await zh.getByTestId('baseline-compare').click();
    await zh.getByTestId('baseline-diff-project').waitFor();
    expect(await zh.getByTestId('baseline-diff').locator('h3').first().innerText()).toContain('BL1 → 工作副本：新增 0，删除 0，修改 1');
    expect(await zh.getByTestId('baseline-diff-project').locator('h4').innerText()).toBe('项目表头 (1)');
    await screenshot(zh, 'fmea-baselines-diff-zh-CN');
    await zh.getByTestId('baseline-verify-file').setInputFiles(anotherFile);
    const zhVerdict = zh.getByTestId('baseline-verdict');
    await expect.poll(() => zhVerdict.getAttribute('data-outcome')).toBe('otherProject');
    expect(await zhVerdict.innerText()).toContain(`完好，但它属于项目 ${another.serialNum}`);
    await screenshot(zh, 'fmea-baselines-verify-other-zh-CN');

    // the frozen copy opens read-only, its structure as it was released
    await page.getByTestId('baseline-open-BL1').click();
    await page.getByTestId('baseline-content').waitFor();
    expect(await page.getByTestId('baseline-content').innerText()).toContain('BL1');
    await page.getByTestId('baseline-content').locator('summary', { hasText: 'Team member' }).click();
    const frozen = await page.getByTestId('baseline-content').innerText();
    // the team by real names, never user ids (issue 20)
    expect(frozen).toContain('Baseline owner');
    expect(frozen).not.toContain(ids.owner!);
  });
});
