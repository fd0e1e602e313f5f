/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { compileApTable, DEFAULT_AP_SELECTION, type ApRule } from '@fmea/core/domain';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createAdministrator, createReadyUser, createRole, uniqueName, type ApiSession } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { textOf, useBrowser } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Ms7#qW2!mK9$zR';

/** The window lifter's anti-pinch chain: "Finger pinched" (S 10) ← "Window does not stop on obstacle" ← two causes. */
async function pinchNet(session: ApiSession, pptSerial: string) {
  const ecu = await session.post<{ id: string }>('/api/fmea/addNode', { parentId: pptSerial, name: 'Control unit' });
  const sensor = await session.post<{ id: string }>('/api/fmea/addNode', { parentId: ecu.id, name: 'Hall sensor' });
  const close = await session.post<{ id: string }>('/api/fmea/addFunction', { nodeId: pptSerial, description: 'Close without pinching' });
  const stop = await session.post<{ id: string }>('/api/fmea/addFunction', { nodeId: ecu.id, description: 'Stop on obstacle' });
  const report = await session.post<{ id: string }>('/api/fmea/addFunction', { nodeId: sensor.id, description: 'Report position' });
  const effect = await session.post<{ id: string }>('/api/fmea/addFailure', { functionId: close.id, kind: 'FE', description: 'Finger pinched', severity: 10 });
  const mode = await session.post<{ id: string }>('/api/fmea/addFailure', { functionId: stop.id, kind: 'FM', description: 'Window does not stop on obstacle' });
  const lost = await session.post<{ id: string }>('/api/fmea/addFailure', { functionId: report.id, kind: 'FC', description: 'Hall pulses lost' });
  const drift = await session.post<{ id: string }>('/api/fmea/addFailure', { functionId: report.id, kind: 'FC', description: 'Sensor gap drifts' });
  await session.post('/api/fmea/linkFailures', { higherFailureId: effect.id, lowerFailureId: mode.id });
  for (const cause of [lost, drift]) await session.post('/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });
}

const rows = (page: Page) => page.locator('[data-testid="msr-risk"] [role="row"][data-row-key]');
const cellOf = (page: Page, cause: string, column: string): Locator => rows(page).filter({ hasText: cause }).first().locator(`[data-column-id="${column}"]`);

async function typeInto(cell: Locator, value: string): Promise<void> {
  await cell.dblclick();
  const input = cell.locator('input');
  await input.fill(value);
  await input.press('Enter');
}

describe('FMEA-MSR in the browser', () => {
  it('an engineer rates F and M on an MSR project and sees the MSR AP; a DFMEA shows no MSR steps', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('msr-role'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del', 'export', 'import'] }]));
    const userName = uniqueName('msr');
    const user = await createReadyUser(env.baseURL, { userName, realName: 'Safety engineer', password: PASSWORD, roleIds: [role.id] });
    const session = await apiLogin(env.baseURL, userName, PASSWORD);
    const msr = await session.post<{ id: string; pptSerial: string }>('/api/project/save', { projectType: 'msr', name: uniqueName('Anti-pinch MSR '), projectMembers: [{ userId: user.id, userRole: 0 }] });
    const dfmea = await session.post<{ id: string }>('/api/project/save', { projectType: 'dfmea', name: uniqueName('Window lifter '), projectMembers: [{ userId: user.id, userRole: 0 }] });
    await pinchNet(session, msr.pptSerial);
    await session.logout();
    const rules = await asAdmin(env.baseURL, (admin) => admin.get<{ selection: string; rules: ApRule[] }>('/api/apRule/list?table=msr'));
    const msrAp = compileApTable(rules.rules, rules.selection || DEFAULT_AP_SELECTION);

    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, userName, PASSWORD);
    await chooseLanguage(page, 'English');

    // a DFMEA's tabs are the DFMEA's: no MSR step
    await page.goto(`/main/dfmea/dfmeaProject?projectId=${dfmea.id}`);
    await page.getByTestId('dfmea-tab-risk').waitFor();
    expect(await page.getByTestId('dfmea-tab-msrRisk').count()).toBe(0);

    // an MSR project's tabs come from its kind: the three MSR steps after the optimisation
    await page.goto(`/main/dfmea/dfmeaProject?projectId=${msr.id}`);
    await page.getByTestId('dfmea-tab-msrRisk').waitFor();
    const tabs = await page.locator('[data-testid^="dfmea-tab-"]:not([data-testid^="dfmea-tab-reviewed"])').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('dfmea-tab-'.length)));
    expect(tabs).toEqual(['planning', 'structure', 'interfaces', 'function', 'failure', 'risk', 'optimization', 'msrFailure', 'msrRisk', 'msrOptimization', 'characteristics', 'criticality']);

    await page.getByTestId('dfmea-tab-msrRisk').click();
    await rows(page).nth(1).waitFor();
    expect(await textOf(cellOf(page, 'Hall pulses lost', 'severity'))).toBe('10');
    expect(await textOf(cellOf(page, 'Hall pulses lost', 'ap'))).toBe('');

    // a rating that is none is refused in place
    const frequency = cellOf(page, 'Hall pulses lost', 'frequency');
    await frequency.dblclick();
    await frequency.locator('input').fill('11');
    await frequency.locator('input').press('Enter');
    expect(await textOf(frequency.getByRole('alert'))).toBe('A rating is a whole number from 1 to 10.');
    await frequency.locator('input').press('Escape');

    // F 3 and M 5 on S 10: the MSR AP of the stored MSR rules
    await typeInto(frequency, '3');
    await typeInto(cellOf(page, 'Hall pulses lost', 'monitoring'), '5');
    await typeInto(cellOf(page, 'Hall pulses lost', 'monitoringControls'), 'Pulse period watched; Two missing pulses set a fault');
    await typeInto(cellOf(page, 'Hall pulses lost', 'responseControls'), 'Reverse the window');
    const expected = msrAp(10, 3, 5);
    await expect.poll(() => textOf(cellOf(page, 'Hall pulses lost', 'ap')), { timeout: 10_000 }).toBe(expected);
    // the other cause is not rated, so it has no AP
    expect(await textOf(cellOf(page, 'Sensor gap drifts', 'ap'))).toBe('');

    // stored: read again after a reload
    await page.reload();
    await rows(page).nth(1).waitFor();
    expect(await textOf(cellOf(page, 'Hall pulses lost', 'frequency'))).toBe('3');
    expect(await textOf(cellOf(page, 'Hall pulses lost', 'monitoring'))).toBe('5');
    expect(await textOf(cellOf(page, 'Hall pulses lost', 'monitoringControls'))).toBe('Pulse period watched; Two missing pulses set a fault');
    expect(await textOf(cellOf(page, 'Hall pulses lost', 'ap'))).toBe(expected);
    // which rule set rates what: the MSR AP the FMEA-MSR table, the DFMEA steps the project's (DFMEA) table
    const note = await textOf(page.getByTestId('msr-ap-table'));
    expect(note).toContain('FMEA-MSR rule set');
    expect(note).toContain('DFMEA rule set');
    await screenshot(page, 'fmea-msr-risk-en-US');

    // the checks before release list the MSR findings under the MSR steps; one opens its MSR step
    await page.getByTestId('checks-open').click();
    const msrRisk = page.getByTestId('checks-step-msrRisk');
    await msrRisk.waitFor();
    expect(await textOf(msrRisk.locator('h4'))).toBe('MSR risk analysis');
    expect(await textOf(msrRisk.locator('[data-code="msr_rating_missing"]'))).toContain('Failure cause “Sensor gap drifts” is not rated for FMEA-MSR: F/M');
    const msrHigh = page.getByTestId('checks-step-msrOptimization').locator('[data-code="msr_high_without_action"]');
    expect(await textOf(msrHigh)).toContain('Failure cause “Hall pulses lost” has MSR action priority high (H)');
    await screenshot(page, 'fmea-msr-checks-en-US');
    await msrHigh.getByTestId('checks-finding').click();
    await expect.poll(() => page.getByTestId('dfmea-tab-msrOptimization').getAttribute('data-state'), { timeout: 10_000 }).toBe('active');
    await page.getByTestId('dfmea-tab-msrRisk').click();
    await rows(page).nth(1).waitFor();

    // the DFMEA risk grid of the same project shows none of the monitoring or response
    await page.getByTestId('dfmea-tab-risk').click();
    await page.locator('.dfmea-risk [data-row-key]').first().waitFor();
    expect(await page.locator('.dfmea-risk [data-row-key]').filter({ hasText: 'Pulse period watched' }).count()).toBe(0);

    // the MSR optimisation offers monitoring and response actions
    await page.getByTestId('dfmea-tab-msrOptimization').click();
    await page.getByRole('button', { name: 'Add action' }).click();
    const kind = page.getByRole('dialog').getByLabel(/^Type/);
    expect(await kind.locator('option').allInnerTexts()).toEqual(['Diagnostic monitoring', 'System response']);
    await page.getByRole('dialog').getByLabel(/^Action/).fill('Plausibility check of Hall pulses');
    await page.getByRole('dialog').getByLabel('F (re-rated)').fill('2');
    await page.getByRole('dialog').getByLabel('M (re-rated)').fill('1');
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const actionRow = page.locator('[role="row"][data-row-key]').filter({ hasText: 'Plausibility check of Hall pulses' });
    await actionRow.waitFor();
    expect(await textOf(actionRow.locator('[data-column-id="raAp"]'))).toBe(msrAp(10, 2, 1));
    await screenshot(page, 'fmea-msr-optimisation-en-US');

    // the same in Chinese
    await chooseLanguage(page, '中文');
    await page.getByTestId('dfmea-tab-msrRisk').click();
    await rows(page).nth(1).waitFor();
    expect(await textOf(page.getByTestId('dfmea-tab-msrRisk'))).toBe('MSR 风险分析');
    await screenshot(page, 'fmea-msr-risk-zh-CN');
  });

  it('the AP rule editor marks the MSR cells not verified against the handbook, in both languages', async () => {
    const administrator = await createAdministrator(env.baseURL);
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password);
    await chooseLanguage(page, 'English');
    await page.goto('/main/system/rules');
    const matrix = page.getByTestId('ap-matrix');
    await matrix.waitFor();
    // the DFMEA table was verified cell by cell: nothing marked
    expect(await page.getByTestId('ap-unverified-note').count()).toBe(0);
    expect(await matrix.locator('[data-unverified]').count()).toBe(0);
    await page.getByTestId('ap-rules').getByLabel('Table').selectOption('msr');
    await page.getByTestId('ap-unverified-note').waitFor();
    expect(await textOf(matrix.locator('.sys-ap-corner'))).toBe('S \\ F');
    // at M = 7: S 2–10 × F 2–10 less the 13 certain pairs
    expect(await matrix.locator('[data-unverified]').count()).toBe(68);
    expect(await matrix.locator('[data-cell="10-5"]').getAttribute('data-unverified')).toBeNull();
    expect(await matrix.locator('[data-cell="10-4"]').getAttribute('title')).toContain('not verified against the handbook');
    await screenshot(page, 'fmea-msr-ap-rules-en-US');
    await chooseLanguage(page, '中文');
    await page.getByTestId('ap-rules').getByLabel('表').selectOption('msr');
    await page.getByTestId('ap-unverified-note').waitFor();
    await screenshot(page, 'fmea-msr-ap-rules-zh-CN');
  });

  it('a reliability engineer reads the FMECA criticality matrix, types β, α, λp and t to get Cm and Cr, and sees λp and α the FMEDA gives', async () => {
    const role = await asAdmin(env.baseURL, (admin) =>
      createRole(admin, uniqueName('fmeca-role'), [
        { routeName: 'dfmea_index', buttons: ['add', 'edit', 'del', 'export', 'import'] },
        { routeName: 'fmeda_index', buttons: [] },
      ]),
    );
    const userName = uniqueName('fmeca');
    const user = await createReadyUser(env.baseURL, { userName, realName: 'Reliability engineer', password: PASSWORD, roleIds: [role.id] });
    const session = await apiLogin(env.baseURL, userName, PASSWORD);
    const project = await session.post<{ id: string; pptSerial: string }>('/api/project/save', { projectType: 'dfmea', name: uniqueName('Window lifter FMECA '), projectMembers: [{ userId: user.id, userRole: 0 }] });
    await pinchNet(session, project.pptSerial);
    // O 7 on one cause: the mode sits at class I (S 10), level B
    const analysis = await session.get<{ failures: { id: string; description: string; version: number }[] }>(`/api/fmea/analysis?projectId=${project.id}`);
    const lost = analysis.failures.find((f) => f.description === 'Hall pulses lost')!;
    await session.post('/api/fmea/rateCause', { id: lost.id, version: lost.version, occurrence: 7, det: 4 });
    await session.logout();

    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, userName, PASSWORD);
    await chooseLanguage(page, 'English');
    await page.goto(`/main/dfmea/dfmeaProject?projectId=${project.id}&rightType=criticality`);
    const matrix = page.getByTestId('fmeca');
    await matrix.waitFor();
    const cell = matrix.locator('[data-cell="I-B"]');
    expect(await textOf(cell.locator('.dfmea-fmeca-count'))).toBe('1');
    expect(await cell.getAttribute('title')).toBe('Control unit: Window does not stop on obstacle');
    expect(await cell.getAttribute('class')).toContain('dfmea-fmeca-high');
    expect(await matrix.locator('.dfmea-fmeca-count').count()).toBe(1);

    // Cm = 0.5 · 1 · 200e-9 · 5,000 = 5e-4
    const gridCell = (column: string) => matrix.locator(`[data-row-key] [data-column-id="${column}"]`).first();
    for (const [column, value] of [['beta', '0.5'], ['alpha', '1'], ['lambdaFit', '200'], ['hours', '5000']] as const) {
      await typeInto(gridCell(column), value);
      await expect.poll(() => textOf(gridCell(column)), { timeout: 10_000 }).toBe(value);
    }
    await expect.poll(() => textOf(gridCell('cm')), { timeout: 10_000 }).toBe('5.000e-4');
    expect(await textOf(gridCell('cr'))).toBe('5.000e-4');
    await screenshot(page, 'fmeca-matrix-en-US');
    await chooseLanguage(page, '中文');
    await matrix.waitFor();
    expect(await textOf(page.getByTestId('dfmea-tab-criticality'))).toBe('危害性分析 (FMECA)');
    await screenshot(page, 'fmeca-matrix-zh-CN');

    // someone else saves β while this page is open (its change notices held back, so it does not read again):
    // the α typed here from the older read is refused with the usual message, and the table shows what is stored
    await page.routeWebSocket(/./, () => undefined);
    await page.reload();
    await expect.poll(() => textOf(gridCell('beta')), { timeout: 10_000 }).toBe('0.5');
    // (an administrator: a second sign-in of the engineer would end the browser's session)
    await asAdmin(env.baseURL, async (admin) => {
      const report = await admin.get<{ modes: { id: string; inputVersion: number }[] }>(`/api/fmea/fmeca?projectId=${project.id}`);
      await admin.post('/api/fmea/saveFmecaInputs', { projectId: project.id, modes: [{ modeId: report.modes[0]!.id, version: report.modes[0]!.inputVersion, beta: 0.25 }] });
    });
    await typeInto(gridCell('alpha'), '0.9');
    await page.locator('.toast-error').filter({ hasText: '该数据已被他人修改，请刷新后重新修改' }).waitFor();
    await expect.poll(() => textOf(gridCell('beta')), { timeout: 10_000 }).toBe('0.25');
    expect(await textOf(gridCell('alpha'))).toBe('1');
    await screenshot(page, 'fmeca-stale-zh-CN');

    // an FMEDA generated from this DFMEA gives the control unit 120 FIT and the mode 40 %; with λp and α cleared,
    // the table takes them, tagged with the FM number: Cm = 0.25 · 0.4 · 120e-9 · 5,000 = 6e-5
    const fmedaNum = await asAdmin(env.baseURL, async (admin) => {
      const made = await admin.post<{ projectId: string; serialNum: string; version: number; rows: { id: string; elementName: string; failureMode: string; distributionPct: number; faultClass: string }[] }>('/api/fmeda/create', {
        name: uniqueName('Control unit FMEDA '),
        projectMembers: [{ userId: user.id, roles: [0] }],
        fromDfmea: { projectId: project.id },
      });
      const rows = made.rows.map((r) => ({ id: r.id, elementName: r.elementName, elementFit: 120, failureMode: r.failureMode, distributionPct: r.failureMode === 'Window does not stop on obstacle' ? 40 : 0, faultClass: r.faultClass }));
      await admin.post('/api/fmeda/saveRows', { projectId: made.projectId, version: made.version, rows });
      const report = await admin.get<{ modes: { id: string; itemId: string; inputVersion: number; itemInputVersion: number }[] }>(`/api/fmea/fmeca?projectId=${project.id}`);
      const m = report.modes[0]!;
      await admin.post('/api/fmea/saveFmecaInputs', { projectId: project.id, items: [{ nodeId: m.itemId, version: m.itemInputVersion, lambdaFit: null }], modes: [{ modeId: m.id, version: m.inputVersion, alpha: null }] });
      return made.serialNum;
    });
    await page.reload();
    await expect.poll(() => textOf(gridCell('cm')), { timeout: 10_000 }).toBe('6.000e-5');
    expect(await textOf(gridCell('lambdaFit').locator('.dfmea-fmeca-source'))).toBe(fmedaNum);
    expect(await textOf(gridCell('alpha'))).toBe(`0.4${fmedaNum}`);
    expect(await gridCell('lambdaFit').locator('[data-source="fmeda"]').getAttribute('title')).toBe(`取自 FMEDA ${fmedaNum}`);
    expect(await gridCell('beta').locator('[data-source]').count()).toBe(0);
    await gridCell('cm').scrollIntoViewIfNeeded();
    await screenshot(page, 'fmeca-from-fmeda-zh-CN');
    await chooseLanguage(page, 'English');
    await expect.poll(() => gridCell('alpha').locator('[data-source="fmeda"]').getAttribute('title'), { timeout: 10_000 }).toBe(`From FMEDA ${fmedaNum}`);
    await gridCell('cm').scrollIntoViewIfNeeded();
    await screenshot(page, 'fmeca-from-fmeda-en-US');
  });
});
