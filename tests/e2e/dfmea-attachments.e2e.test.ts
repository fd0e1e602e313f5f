import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { startSignedIn } from './support/flows.ts';
import { useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();
const dir = mkdtempSync(join(tmpdir(), 'dfmea-attach-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('dfmea project attachments', () => {
  it('attaches a PDF on the planning step, downloads it under its name, deletes it, and refuses it to non-members', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('dfmea-att'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]));
    const password = 'Df7#qW2!mK9$zR';
    const engineer = uniqueName('attacheng');
    const outsider = uniqueName('attachout');
    await createReadyUser(env.baseURL, { userName: engineer, realName: 'Attaching engineer', password, roleIds: [role.id] });
    await createReadyUser(env.baseURL, { userName: outsider, realName: 'Attachment outsider', password, roleIds: [role.id] });

    const { page } = await env.open({ width: 1400, height: 900 });
    await startSignedIn(page, engineer, password, '/main/dfmea');
    await page.getByTestId('dfmea-project-list').waitFor();
    await page.getByTestId('dfmea-new').click();
    await page.getByTestId('dfmea-name').fill(uniqueName('Seat rail '));
    await page.getByTestId('dfmea-save').click();
    await page.getByTestId('dfmea-project').waitFor();
    await waitForPath(page, '/main/dfmea/dfmeaProject');

    // the planning tab lists no attachments yet; attach a small PDF
    await page.getByTestId('dfmea-tab-planning').click();
    const panel = page.getByTestId('dfmea-panel-planning').getByTestId('dfmea-attachments');
    await panel.waitFor();
    expect(await panel.getByTestId('dfmea-attachment').count()).toBe(0);
    const pdfName = 'DVP report 试验.pdf';
    const pdfPath = join(dir, pdfName);
    const bytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    writeFileSync(pdfPath, bytes);
    await panel.getByTestId('dfmea-attachment-input').setInputFiles(pdfPath);
    const row = panel.getByTestId('dfmea-attachment').filter({ hasText: pdfName });
    await row.waitFor();
    expect(await row.innerText()).toContain('Attaching engineer');
    await screenshot(page, 'dfmea-attachments');

    // download: the browser is offered the original name and the same bytes
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /Download|下载/ }).click()]);
    expect(download.suggestedFilename()).toBe(pdfName);
    expect(readFileSync((await download.path())!)).toEqual(bytes);

    // someone outside the team gets 403 from the download URL
    const fileName = await page.evaluate(async () => {
      const projectId = new URL(location.href).searchParams.get('projectId');
      const res = await fetch(`/api/project/attachments?projectId=${projectId}`, { headers: { token: sessionStorage.getItem('token') ?? '' } });
      return ((await res.json()).data as { fileName: string }[])[0]!.fileName;
    });
    const other = await env.open();
    await startSignedIn(other.page, outsider, password);
    const status = await other.page.evaluate(async (name) => {
      const res = await fetch(`/api/fileOperate/downloadFile?fileName=${name}`, { headers: { token: sessionStorage.getItem('token') ?? '' } });
      return res.status;
    }, fileName);
    expect(status).toBe(403);

    // delete after confirming
    await row.getByRole('button', { name: /Delete|删除/ }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.locator('.dialog-actions button').last().click();
    await row.waitFor({ state: 'detached' });
    expect(await panel.getByTestId('dfmea-attachment').count()).toBe(0);
  });
});
