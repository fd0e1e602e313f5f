import { describe, expect, it } from 'vitest';
import { asAdmin, createAdministrator, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { startSignedIn } from './support/flows.ts';
import { useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Numb3r#Rule7qZ';

interface Rule {
  module: string;
  prefix: string;
  elements: unknown[];
  allowManual: boolean;
}

/**
 * Numbers of DFMEA projects: the rule panel shows the real next number, and
 * with manual entry allowed the new-project dialog offers the number field,
 * refusing one that exists under the field. Other files create projects at
 * the same time, so the next number is compared with the server's preview
 * until both agree, and manual entry (harmless to them: an empty field takes
 * the next number) stays allowed.
 */
describe('project numbers', () => {
  it('shows the real next number in the rule panel, and takes a typed number only once', async () => {
    const { existing } = await asAdmin(env.baseURL, async (admin) => {
      const { items } = await admin.get<{ items: Rule[] }>('/api/numberingRule/list');
      const rule = items.find((r) => r.module === 'dfmeaProject')!;
      await admin.post('/api/numberingRule/save', { ...rule, allowManual: true });
      const me = await admin.get<{ userId: string }>('/api/user/info');
      const project = await admin.post<{ serialNum: string }>('/api/project/save', { projectType: 'dfmea', name: uniqueName('已有编号 '), projectMembers: [{ userId: me.userId, userRole: 0 }] });
      return { existing: project.serialNum };
    });
    const nextNumber = () => asAdmin(env.baseURL, (admin) => admin.get<{ number: string }>('/api/numberingRule/preview?module=dfmeaProject')).then((p) => p.number);

    // the administrator's rule panel: the example is the number the next project gets
    const administrator = await createAdministrator(env.baseURL);
    const admin = await env.open({ width: 1400, height: 900 });
    await startSignedIn(admin.page, administrator.userName, administrator.password, '/main/system/numbering');
    await admin.page.locator('[data-row-key="dfmeaProject"] button').click();
    const sample = admin.page.getByTestId('numbering-preview').locator('code');
    await expect.poll(async () => (await sample.innerText()) === (await nextNumber())).toBe(true);
    expect(await sample.innerText()).not.toMatch(/0001$/);
    await screenshot(admin.page, 'numbering-next-number');

    // an engineer types numbers in the new-project dialog
    const role = await asAdmin(env.baseURL, (api) => createRole(api, uniqueName('编号工程师'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit'] }]));
    const engineer = uniqueName('numeng');
    await createReadyUser(env.baseURL, { userName: engineer, realName: '编号工程师', password: PASSWORD, roleIds: [role.id] });
    const { page } = await env.open({ width: 1400, height: 900 });
    await startSignedIn(page, engineer, PASSWORD, '/main/dfmea');
    await page.getByTestId('dfmea-new').click();
    const number = page.getByTestId('dfmea-serialNum');
    await expect.poll(() => number.getAttribute('placeholder')).toMatch(/^DF\d+$/);
    await page.getByTestId('dfmea-name').fill(uniqueName('手工编号 '));

    // a number a project holds is refused under the field, and nothing is created
    await number.fill(existing);
    await page.getByTestId('dfmea-save').click();
    await page.getByText(`编号 ${existing} 已存在`).waitFor();
    expect(await page.getByTestId('dfmea-project').count()).toBe(0);
    await screenshot(page, 'numbering-duplicate');

    // a fresh one is taken: the project opens under it
    const typed = `DF-MAN-${Date.now().toString(36).toUpperCase()}`;
    await number.fill(typed);
    await page.getByTestId('dfmea-save').click();
    await waitForPath(page, '/main/dfmea/dfmeaProject');
    const projectId = new URL(page.url()).searchParams.get('projectId')!;
    const saved = await asAdmin(env.baseURL, (api) => api.get<{ serialNum: string }>(`/api/project/selectProjectById?projectId=${projectId}`));
    expect(saved.serialNum).toBe(typed);
  });
});
