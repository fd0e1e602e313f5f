import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { asAdmin, createAdministrator, createRole, createUser, uniqueName } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

/**
 * One language at a time: in English the Sites page, the operation log and
 * the DFMEA planning step's dictionary pickers show no Chinese (an item an
 * administrator created without an English name may show its Chinese name,
 * but marked as such); in Chinese the operation log shows no raw codes.
 * The server is shared with other files: the checks look at the rows and
 * pickers this file knows, not at everything others may have added.
 */
const env = useBrowser();
const CJK = /[\u3400-\u9fff\uff00-\uffef]/;
const RAW_CODE = /^[a-z][a-z_]*(\.[a-z_]+)*$/;
const DICTIONARY_PICKERS = ['dfmea-stage', 'dfmea-customer', 'dfmea-confidentiality', 'dfmea-platform', 'dfmea-member-role'];

async function setup(baseURL: string) {
  return asAdmin(baseURL, async (admin) => {
    const me = await admin.get<{ userId: string }>('/api/user/info');
    const role = await createRole(admin, uniqueName('ol-role'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit'] }]);
    const counsellor = await createUser(admin, { userName: uniqueName('olc'), realName: '王芳', password: 'Ol7#qW2!mK9$zR', roleIds: [role.id] });
    const project = await admin.post<{ id: string }>('/api/project/save', {
      projectType: 'dfmea',
      name: uniqueName('一种语言 '),
      stage: '3',
      confidentiality: '2',
      projectMembers: [
        { userId: me.userId, userRole: 0 },
        { userId: counsellor.id, userRole: 2 },
      ],
    });
    // a department of the default site with an English name
    const sites = await admin.get<{ id: string; siteName: string }[]>('/api/site/selectSiteList');
    const headquarters = sites.find((s) => s.siteName === '总部')!;
    const departmentEn = uniqueName('Quality ');
    await admin.post('/api/department/save', { siteId: headquarters.id, number: uniqueName('Q').slice(0, 20), name: uniqueName('质量部'), nameEn: departmentEn });
    return { projectId: project.id, departmentEn };
  });
}

/** The texts of a grid's column headers and of the cells of one column, as shown. */
async function gridTexts(grid: Locator, column: string): Promise<{ headers: string[]; cells: string[] }> {
  const headers = (await grid.locator('[role="columnheader"]').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  const cells = (await grid.locator(`[data-row-key] [data-column-id="${column}"]`).allInnerTexts()).map((t) => t.trim());
  return { headers, cells };
}

/** Every option of the planning step's dictionary pickers. */
async function pickerOptions(page: Page): Promise<Record<string, string[]>> {
  const panel = page.getByTestId('dfmea-panel-planning');
  const out: Record<string, string[]> = {};
  for (const id of DICTIONARY_PICKERS) {
    out[id] = await panel.getByTestId(id).first().evaluate((s: HTMLSelectElement) => [...s.options].map((o) => o.text));
  }
  return out;
}

async function openPlanning(page: Page, projectId: string) {
  await page.goto(`/main/dfmea/dfmeaProject?projectId=${projectId}`);
  await page.getByTestId('dfmea-tab-planning').click();
  // the pickers are filled once the dictionaries arrive
  await expect.poll(async () => (await pickerOptions(page))['dfmea-stage']!.length).toBeGreaterThan(5);
  await expect.poll(async () => (await pickerOptions(page))['dfmea-member-role']!.length).toBe(5);
}

async function openLog(page: Page) {
  await page.goto('/main/system/log');
  const grid = page.getByRole('grid', { name: /Operation log|操作日志/ });
  await expect.poll(() => grid.locator('[data-row-key]').count()).toBeGreaterThan(0);
  return grid;
}

describe('one language at a time', () => {
  it('shows no Chinese on the Sites page, in the operation log and in the planning pickers in English, and no codes in the Chinese log', { timeout: 240_000 }, async () => {
    const { projectId, departmentEn } = await setup(env.baseURL);
    const { page } = await env.open({ width: 1500, height: 950 });
    const administrator = await createAdministrator(env.baseURL);
    await startSignedIn(page, administrator.userName, administrator.password);

    // Chinese: the log names actions and record types, the member role is the dictionary's 辅导员
    const zhLog = await openLog(page);
    for (const column of ['action', 'entity']) {
      const { cells } = await gridTexts(zhLog, column);
      expect(cells.length).toBeGreaterThan(0);
      for (const cell of cells) {
        expect(cell, `${column} cell`).not.toMatch(RAW_CODE);
        expect(cell, `${column} cell`).toMatch(CJK);
      }
    }
    await screenshot(page, 'one-language-log-zh');
    await openPlanning(page, projectId);
    const role = page.getByTestId('dfmea-panel-planning').getByTestId('dfmea-member-role').first();
    expect(await role.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe('辅导员');

    await chooseLanguage(page, 'English');

    // the planning step's dictionary pickers: English names, or a Chinese name marked as having no English one
    await openPlanning(page, projectId);
    const options = await pickerOptions(page);
    for (const [id, texts] of Object.entries(options)) {
      for (const text of texts) {
        if (CJK.test(text)) expect(text, `${id} option`).toMatch(/ \(no English name\)$/);
      }
    }
    // the built-in dictionaries are all translated
    for (const id of ['dfmea-stage', 'dfmea-confidentiality', 'dfmea-member-role']) expect(options[id]!.filter((t) => CJK.test(t)), id).toEqual([]);
    expect(options['dfmea-stage']).toEqual(['—', 'Concept', 'A sample', 'B sample', 'C sample', 'Series production']);
    expect(await role.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe('Counsellor');
    await screenshot(page, 'one-language-planning-en');

    // the Sites page: headings, column headers and the default site by its English name
    await page.goto('/main/system/site');
    const sites = page.getByRole('grid', { name: 'Sites' });
    const headquarters = sites.locator('[data-row-key]').filter({ hasText: 'Headquarters' }).first();
    await headquarters.click();
    const heading = page.locator('.sys-section-title');
    await expect.poll(() => heading.innerText()).toBe('Site Headquarters');
    const { headers } = await gridTexts(sites, 'siteName');
    expect(headers.length).toBeGreaterThan(3);
    for (const text of [...headers, await headquarters.innerText(), await page.locator('[data-testid="system-sites"] .page-header h2').innerText()]) {
      expect(text).not.toMatch(CJK);
    }
    // its departments by their English names
    await page.getByTestId('site-departments').locator('[data-row-key]').filter({ hasText: departmentEn }).waitFor();
    await screenshot(page, 'one-language-sites-en');

    // the built-in administrator by his English name (issue #20)
    await page.goto('/main/system/user');
    await page.getByRole('search').getByRole('textbox').fill('admin');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    const builtIn = page.getByTestId('system-users').locator('[data-row-key]').filter({ has: page.locator('[data-column-id="userName"]', { hasText: /^admin$/ }) });
    await expect.poll(() => builtIn.locator('[data-column-id="realName"]').innerText()).toBe('System administrator');

    // the operation log: actions and record types in English
    const enLog = await openLog(page);
    for (const column of ['action', 'entity']) {
      const { headers: logHeaders, cells } = await gridTexts(enLog, column);
      for (const text of [...logHeaders, ...cells]) expect(text, `${column}`).not.toMatch(CJK);
      for (const cell of cells) expect(cell, `${column} cell`).not.toMatch(RAW_CODE);
    }
    await screenshot(page, 'one-language-log-en');
  });
});
