import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CallError, apiLogin, asAdmin, createAdministrator, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser, textOf } from './support/suite.ts';
import { findLayoutProblems } from './screens/layout-checks.ts';

const env = useBrowser();
const PASSWORD = 'Sc0re#Rank7qZ!';
const BASE = '/api/knowledge/invalidMode';
const VIEW = { width: 1366, height: 768 };

/** A picture of the screen, and nothing on it cut off, wrapped into a one-word column or under a fixed element. */
async function look(page: Page, name: string, locale: 'zh-CN' | 'en-US') {
  await screenshot(page, name);
  expect(await findLayoutProblems(page, locale), name).toEqual([]);
}

/** A ready user with one role, in the department. */
async function person(label: string, realName: string, routes: { routeName: string; buttons: string[] }[], departmentId: string) {
  const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName(`${label}-role`), routes));
  const userName = uniqueName(label);
  const user = await createReadyUser(env.baseURL, { userName, realName, password: PASSWORD, roleIds: [role.id] });
  await asAdmin(env.baseURL, async (admin) => {
    const info = await admin.post<{ id: string; userName: string; realName: string }>('/api/user/getUserInfo', { id: user.id });
    await admin.post('/api/user/saveUser', { id: info.id, userName: info.userName, realName: info.realName, departmentId, roleIdList: [role.id] });
  });
  return { id: user.id, userName, session: await apiLogin(env.baseURL, userName, PASSWORD) };
}

/**
 * User scores in the browser: an administrator sets the score standards (a refused value shown under its
 * field), a catalog record released through the review flow credits its author and reviewers, the author
 * sees their scores, grade and history in the personal centre, a manager ranks the department, and the
 * administrator's user score page recomputes the totals.
 */
describe('user scores', () => {
  it('standards, points earned through a catalog release, My scores, and the department ranking', async () => {
    const department = await asAdmin(env.baseURL, async (admin) => {
      // the default site's: other files add sites to the shared server, so the first in the list is anyone's
      const site = (await admin.get<{ id: string; siteName: string }[]>('/api/site/selectSiteList')).find((s) => s.siteName === '总部')!;
      return admin.post<{ id: string; name: string }>('/api/department/save', { siteId: site.id, number: uniqueName('Q').slice(0, 20), name: uniqueName('质量部'), nameEn: 'Quality' });
    });

    // the administrator's score standards: a grade asking less than the one below is refused under its field
    const administrator = await createAdministrator(env.baseURL);
    const admin = await env.open(VIEW);
    await startSignedIn(admin.page, administrator.userName, administrator.password, '/main/system/scoreStandard');
    const form = admin.page.getByTestId('system-score-standards');
    await form.locator('input[name="blackBeltActivity"]').fill('10');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('黑带所需活跃分不能低于较低等级的门槛（30）').waitFor();
    await look(admin.page, 'user-scores-standards-refused-zh', 'zh-CN');
    // green belt from 5 contribution points, so one released record makes its author one
    await form.locator('input[name="blackBeltActivity"]').fill('100');
    await form.locator('input[name="greenBeltContribution"]').fill('5');
    await form.locator('input[name="greenBeltActivity"]').fill('0');
    await form.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => asAdmin(env.baseURL, (a) => a.get<{ thresholds: { greenBeltContribution: number } }>('/api/score/standards')).then((s) => s.thresholds.greenBeltContribution)).toBe(5);
    // the Chinese toast has gone before the page is read in English
    await admin.page.getByText('积分标准已保存').waitFor({ state: 'hidden' });
    await chooseLanguage(admin.page, 'English');
    await admin.page.getByText('Points per event').waitFor();
    await look(admin.page, 'user-scores-standards-en', 'en-US');

    // a failure mode written, audited and approved: the author's contribution, the reviewers' activity
    const author = await person('author', '周明', [{ routeName: 'invalid_index', buttons: ['add', 'edit'] }], department.id);
    const auditor = await person('auditor', '吴芳', [{ routeName: 'invalid_index', buttons: ['audit'] }], department.id);
    const approver = await person('approver', '郑强', [{ routeName: 'invalid_index', buttons: ['approve'] }], department.id);
    let row = await author.session.post<{ id: string; version: number }>(`${BASE}/saveOrUpdate`, { values: { invalidmode: uniqueName('密封泄漏') } });
    row = await author.session.post(`${BASE}/apply`, { id: row.id, version: row.version });
    row = await auditor.session.post(`${BASE}/audit`, { id: row.id, version: row.version, opinion: '内容完整' });
    await approver.session.post(`${BASE}/approve`, { id: row.id, version: row.version });

    // the author's personal centre: scores, grade, the way to the next one, what earned the points
    const mine = await env.open(VIEW);
    await startSignedIn(mine.page, author.userName, PASSWORD, '/systemInfo/ownspaceIndex/myScore');
    const card = mine.page.getByTestId('score-card');
    await expect.poll(() => textOf(card.getByTestId('score-contribution'))).toBe('5');
    expect(await textOf(card.locator('.score-figures [data-grade]'))).toBe('绿带');
    await mine.page.getByText('知识记录发布').waitFor();
    await look(mine.page, 'user-scores-mine-zh', 'zh-CN');
    await chooseLanguage(mine.page, 'English');
    await mine.page.getByText('Catalog record released').waitFor();
    expect(await textOf(card.locator('.score-figures [data-grade]'))).toBe('Green belt');
    await look(mine.page, 'user-scores-mine-en', 'en-US');

    // a manager holding the ranking report (a page of the task area: its route under the area's) narrows it to the department and opens a person
    const role = await asAdmin(env.baseURL, (a) => createRole(a, uniqueName('ranking'), [{ routeName: 'task_index', buttons: [] }, { routeName: 'task_scoreRanking', buttons: [] }]));
    const managerName = uniqueName('manager');
    await createReadyUser(env.baseURL, { userName: managerName, realName: '经理', password: PASSWORD, roleIds: [role.id] });
    const manager = await env.open(VIEW);
    await startSignedIn(manager.page, managerName, PASSWORD, '/main/taskIndex/scoreRanking');
    const ranking = manager.page.getByTestId('score-ranking');
    await ranking.getByRole('combobox', { name: '部门', exact: true }).selectOption(department.id);
    await ranking.getByRole('button', { name: '查询' }).click();
    const names = ranking.locator('[data-row-key] [data-column-id="name"]');
    await expect.poll(() => names.allInnerTexts()).toEqual(['周明', '郑强', '吴芳']);
    await ranking.locator(`[data-row-key="${author.id}"]`).click();
    const drawer = manager.page.getByTestId('ranking-person');
    await drawer.getByText('知识记录发布').waitFor();
    await screenshot(manager.page, 'user-scores-ranking-zh');
    await drawer.getByRole('button', { name: '关闭' }).click();
    await chooseLanguage(manager.page, 'English');
    await ranking.getByText('All-time scores. Choose a period to rank what was earned in it.').waitFor();
    await look(manager.page, 'user-scores-ranking-en', 'en-US');

    // the administrator's user score page: the same ranking, and the totals rebuilt from the ledger
    await admin.page.goto('/main/system/userScore');
    const scores = admin.page.getByTestId('system-user-scores');
    await scores.getByRole('combobox', { name: 'Department', exact: true }).selectOption(department.id);
    await scores.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => scores.locator('[data-row-key] [data-column-id="name"]').allInnerTexts()).toEqual(['周明', '郑强', '吴芳']);
    await scores.getByTestId('scores-recompute').click();
    await admin.page.getByText(/^Totals recomputed from the score history: \d+ users corrected$/).waitFor();
    await look(admin.page, 'user-scores-admin-en', 'en-US');

    // another user's history stays closed to whoever does not hold the report
    const refused = await auditor.session.post('/api/score/history', { userId: author.id }).catch((e: CallError) => e);
    expect(refused).toMatchObject({ status: 403 });
  });
});
