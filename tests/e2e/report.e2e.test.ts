import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName, type ApiSession } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';
import { findLayoutProblems } from './screens/layout-checks.ts';

const env = useBrowser();
const PASSWORD = 'Rep0rt#Heat7qZ!';
const VIEW = { width: 1366, height: 768 };

/** A DFMEA with one H chain (S9 O8 D7) whose action re-rates O to 1 and is past its date, and one L chain, built over the API. */
async function buildDfmea(as: ApiSession, ownerId: string) {
  const project = await as.post<{ id: string; serialNum: string; pptSerial: string }>('/api/project/save', {
    projectType: 'dfmea',
    name: uniqueName('报表车窗升降器'),
    projectMembers: [{ userId: ownerId, userRole: 0 }],
  });
  const gearbox = await as.post<{ id: string }>('/api/fmea/addNode', { parentId: project.pptSerial, name: '齿轮箱' });
  const gear = await as.post<{ id: string }>('/api/fmea/addNode', { parentId: gearbox.id, name: '齿轮' });
  const close = await as.post<{ id: string }>('/api/fmea/addFunction', { nodeId: project.pptSerial, description: '关闭车窗' });
  const torque = await as.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gearbox.id, description: '传递扭矩' });
  const mesh = await as.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gear.id, description: '与蜗杆啮合' });
  const effect = await as.post<{ id: string }>('/api/fmea/addFailure', { functionId: close.id, kind: 'FE', description: '车窗无法关闭', severity: 9 });
  const mode = await as.post<{ id: string }>('/api/fmea/addFailure', { functionId: torque.id, kind: 'FM', description: '无扭矩传递' });
  const worn = await as.post<{ id: string }>('/api/fmea/addFailure', { functionId: mesh.id, kind: 'FC', description: '齿面磨损', occurrence: 8, det: 7 });
  const broken = await as.post<{ id: string }>('/api/fmea/addFailure', { functionId: mesh.id, kind: 'FC', description: '轮齿断裂', occurrence: 2, det: 2 });
  await as.post('/api/fmea/linkFailures', { higherFailureId: effect.id, lowerFailureId: mode.id });
  for (const cause of [worn, broken]) await as.post('/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });
  await as.post('/api/fmea/addAction', { causeId: worn.id, kind: 'prevention', description: '齿面淬火', responsibleUserId: ownerId, targetDate: '2026-01-15', raoccurrence: 1 });
  return project;
}

/** The PDF's page count and its Title (Chromium writes it as UTF-16 hex when it is not ASCII). */
function readPdf(bytes: Buffer) {
  const text = bytes.toString('latin1');
  const raw = /\/Title\s*(\((?:[^()\\]|\\.)*\)|<[0-9A-Fa-f]+>)/.exec(text)?.[1] ?? '';
  const title = raw.startsWith('<') ? Buffer.from(raw.slice(1, -1), 'hex').swap16().toString('utf16le') : raw.slice(1, -1);
  return { pdf: text.startsWith('%PDF-'), pages: text.match(/\/Type\s*\/Page\b/g)?.length ?? 0, title };
}

async function printed(page: Page, projectId: string, name: string) {
  await page.goto(`/main/report/print?kind=dfmea&projectId=${projectId}`);
  await page.getByTestId('rpt-heat-before').locator('[data-s="9"][data-o="8"][data-n="1"]').waitFor();
  await page.emulateMedia({ media: 'print' });
  // the first printed page as the printer sees it: no shell, no buttons
  expect(await page.locator('.shell-header').isVisible()).toBe(false);
  expect(await page.getByTestId('rpt-print').isVisible()).toBe(false);
  if (!process.env.CI) await screenshot(page, name);
  const pdf = readPdf(await page.pdf({ format: 'A4', landscape: true, printBackground: true, preferCSSPageSize: true }));
  await page.emulateMedia({ media: 'screen' });
  return pdf;
}

/**
 * The reports as a manager reaches them (issue 25): the report index, the DFMEA report of a project with its
 * S×O heat maps before and after optimisation, the workbook, the printed report (the print view through
 * Chromium's page.pdf, as the browser's print renders it) and the printed FMEA form, in zh-CN and en-US at 1366×768.
 */
describe('reports', () => {
  it('opens the DFMEA report, sees the heat maps, exports the workbook and prints it, in both languages', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('report-role'), [{ routeName: 'report_index', buttons: ['export'] }, { routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]));
    const userName = uniqueName('manager');
    const user = await createReadyUser(env.baseURL, { userName, realName: '赵经理', password: PASSWORD, roleIds: [role.id] });
    const project = await buildDfmea(await apiLogin(env.baseURL, userName, PASSWORD), user.id);

    const { page } = await env.open(VIEW);
    await startSignedIn(page, userName, PASSWORD, '/main/report');
    await page.getByTestId('rpt-card-dfmea').click();
    await page.getByTestId('rpt-project').selectOption(project.id);
    const before = page.getByTestId('rpt-heat-before');
    await before.locator('[data-s="9"][data-o="8"][data-n="1"]').waitFor();
    // after optimisation the H chain sits at O 1
    await page.getByTestId('rpt-heat-after').locator('[data-s="9"][data-o="1"][data-n="1"]').waitFor();
    expect(await page.getByTestId('rpt-title').innerText()).toContain(project.serialNum);
    expect(await page.getByTestId('rpt-actions').innerText()).toContain('已逾期');
    await page.getByTestId('rpt-heat').scrollIntoViewIfNeeded();
    await screenshot(page, 'report-dfmea-zh-CN');
    expect(await findLayoutProblems(page, 'zh-CN')).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('rpt-export').click()]);
    expect(download.suggestedFilename()).toBe(`dfmea-report-${project.serialNum}.xlsx`);
    expect((await readFile((await download.path())!)).subarray(0, 2).toString()).toBe('PK');

    const zh = await printed(page, project.id, 'report-print-zh-CN');
    expect(zh.pdf).toBe(true);
    // a page per section: risk, heat maps, open actions, special characteristics, test coverage
    expect(zh.pages).toBeGreaterThanOrEqual(5);
    expect(zh.title).toContain(project.serialNum);

    const en = (await env.open({ ...VIEW, locale: 'en-US' })).page;
    await startSignedIn(en, userName, PASSWORD, `/main/report/dfmea?projectId=${project.id}`);
    await en.getByTestId('rpt-heat-before').locator('[data-s="9"][data-o="8"][data-n="1"]').waitFor();
    expect(await en.getByTestId('rpt-actions').innerText()).toContain('overdue');
    await en.getByTestId('rpt-heat').scrollIntoViewIfNeeded();
    await screenshot(en, 'report-dfmea-en-US');
    expect(await findLayoutProblems(en, 'en-US')).toEqual([]);
    // the FMEA form itself prints from the report: every chain, rated as the grid rates it
    await en.getByTestId('rpt-print-form').click();
    await en.getByTestId('rpt-form').locator('tbody tr').nth(1).waitFor();
    expect(await en.getByTestId('rpt-form').locator('tbody tr').count()).toBe(2);
    expect(await en.getByTestId('rpt-form').innerText()).toContain('齿面淬火 (2026-01-15) · Open');
    const form = readPdf(await en.pdf({ format: 'A4', landscape: true, printBackground: true, preferCSSPageSize: true }));
    expect(form.pages).toBeGreaterThanOrEqual(1);
    expect(form.title).toContain(project.serialNum);

    const printedEn = await printed(en, project.id, 'report-print-en-US');
    expect(printedEn.pages).toBeGreaterThanOrEqual(5);
    expect(printedEn.title).toContain(project.serialNum);
  });
});
