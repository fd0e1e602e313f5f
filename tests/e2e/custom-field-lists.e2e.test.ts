import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { ApiSession, asAdmin, createAdministrator, uniqueName } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

const env = useBrowser();

/**
 * Searches the list for the run's projects once the grid stands with its custom columns (it starts
 * again when the fields arrive) and waits for the list's answer to that search.
 */
async function search(page: Page, header: string, box: string, button: string, text: string): Promise<void> {
  const list = page.getByTestId('dfmea-project-list');
  await list.getByRole('columnheader', { name: header }).waitFor();
  await list.getByRole('textbox', { name: box }).fill(text);
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/project/list' && (r.request().postDataJSON() as { search?: string } | null)?.search === text),
    list.getByRole('button', { name: button, exact: true }).click(),
  ]);
}

/** The values of the custom column, top to bottom, once the list answered `wanted` rows. */
async function columnValues(page: Page, column: string, wanted: number): Promise<string[]> {
  const cells = page.getByTestId('dfmea-project-list').locator(`[data-row-key] ${column}`);
  await expect.poll(() => cells.count()).toBe(wanted);
  return cells.allInnerTexts();
}

/**
 * Issue #26, the lists: the project grid sorts and filters by a custom number field on the server,
 * as numbers (9 before 10, not as text), in both languages. The field and its values are removed at
 * the end: other files share the server.
 */
describe('project list by a custom field', () => {
  it('sorts by a custom number column as numbers and filters it by a range, in Chinese and English', { timeout: 180_000 }, async () => {
    const administrator = await createAdministrator(env.baseURL);
    const login = await new ApiSession(env.baseURL).post<{ token: string; userId: string }>('/api/login', { username: administrator.userName, password: administrator.password, forceLogin: true });
    const me = new ApiSession(env.baseURL, login.token);
    const systemName = `cost${Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    const field = await asAdmin(env.baseURL, (a) =>
      a.post<{ id: string }>('/api/customField/save', { entity: 'fmeaProject', systemName, alias: '成本', aliasEn: 'Cost', fieldType: 'number', sort: 1000 + (Date.now() % 100_000), required: false, shown: true }),
    );
    const prefix = uniqueName('Ranked ');
    const projects: { id: string; version: number }[] = [];
    for (const cost of ['10', '9', '100']) {
      projects.push(await me.post('/api/project/save', { projectType: 'dfmea', name: `${prefix} ${cost}`, customFields: { [systemName]: cost }, projectMembers: [{ userId: login.userId, userRole: 0 }] }));
    }
    const column = `[data-column-id="custom-${systemName}"]`;
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password);
    try {
      await page.goto('/main/dfmea');
      const list = page.getByTestId('dfmea-project-list');
      await search(page, '成本', '按编号或名称搜索', '搜索', prefix);
      await columnValues(page, column, 3);
      // sorted on the server: ascending puts 9 before 10 (as text, "10" < "100" < "9")
      const header = list.getByRole('columnheader', { name: '成本' });
      await header.getByRole('button').click();
      await expect.poll(() => columnValues(page, column, 3)).toEqual(['9', '10', '100']);
      await header.getByRole('button').click();
      await expect.poll(() => columnValues(page, column, 3)).toEqual(['100', '10', '9']);
      // filtered on the server: 10 and up
      await list.getByRole('combobox', { name: '自定义字段' }).selectOption(systemName);
      await list.getByRole('textbox', { name: '成本从' }).fill('10');
      await list.getByRole('textbox', { name: '成本从' }).press('Enter');
      await expect.poll(() => columnValues(page, column, 2)).toEqual(['100', '10']);
      await screenshot(page, 'custom-field-list-zh');

      await chooseLanguage(page, 'English');
      await page.goto('/main/dfmea');
      await search(page, 'Cost', 'Search by number or name', 'Search', prefix);
      await columnValues(page, column, 3);
      await list.getByRole('columnheader', { name: 'Cost' }).getByRole('button').click();
      await expect.poll(() => columnValues(page, column, 3)).toEqual(['9', '10', '100']);
      await list.getByRole('combobox', { name: 'Custom field' }).selectOption(systemName);
      await list.getByRole('textbox', { name: 'Cost to' }).fill('10');
      await list.getByRole('textbox', { name: 'Cost to' }).press('Enter');
      await expect.poll(() => columnValues(page, column, 2)).toEqual(['9', '10']);
      await screenshot(page, 'custom-field-list-en');
    } finally {
      // the values cleared, the field can go
      await asAdmin(env.baseURL, async (a) => {
        for (const p of projects) await a.post('/api/project/save', { id: p.id, version: p.version, customFields: { [systemName]: null } });
        await a.post('/api/customField/delete', { id: field.id });
      });
    }
  });
});
