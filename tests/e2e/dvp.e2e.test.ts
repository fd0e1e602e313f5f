import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, uniqueName } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, useDemoServer } from './support/demo.ts';
import { startSignedIn } from './support/flows.ts';
import { waitForPath } from './support/suite.ts';

/**
 * DVP&R as its users reach it (issue 25): on the demo data, li.engineer has a new DFMEA (set up over HTTP: a gear
 * whose wear cause has a detection control; wang.engineer collaborates). In the workbench he creates its DVP&R plan, generates the test from
 * the DFMEA, records an unqualified result; the DFMEA then shows the control's test failed and the chain marked for
 * re-rating, and a detection control added later without a test is the lifecycle linter's warning. Screenshots of
 * the plan in zh-CN and en-US at 1366×768.
 */
const NAME = uniqueName('DVP 演示齿轮箱');
let causeId = '';
let controlId = '';
const demo = useDemoServer(async (baseURL) => {
  const wang = await apiLogin(baseURL, 'wang.engineer', DEMO_PASSWORD);
  const collaborator = (await wang.get<{ userId: string }>('/api/user/info')).userId;
  await wang.logout();
  const li = await apiLogin(baseURL, 'li.engineer', DEMO_PASSWORD);
  const me = await li.get<{ userId: string }>('/api/user/info');
  const members = [
    { userId: me.userId, userRole: 0 },
    { userId: collaborator, userRole: 1 },
  ];
  const project = await li.post<{ id: string; pptSerial: string }>('/api/project/save', { projectType: 'dfmea', name: NAME, projectMembers: members });
  const node = await li.post<{ id: string }>('/api/fmea/addNode', { parentId: project.pptSerial, name: '齿轮' });
  const top = await li.post<{ id: string }>('/api/fmea/addFunction', { nodeId: project.pptSerial, description: '传递扭矩' });
  const fn = await li.post<{ id: string }>('/api/fmea/addFunction', { nodeId: node.id, description: '与蜗杆啮合' });
  const mode = await li.post<{ id: string }>('/api/fmea/addFailure', { functionId: top.id, kind: 'FM', description: '无扭矩输出' });
  const cause = await li.post<{ id: string }>('/api/fmea/addFailure', { functionId: fn.id, kind: 'FC', description: '齿面磨损', occurrence: 5, det: 5 });
  await li.post('/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });
  controlId = (await li.post<{ id: string }>('/api/fmea/addControl', { causeId: cause.id, kind: 'detection', description: '齿轮耐久试验 30,000 次循环' })).id;
  causeId = cause.id;
  await li.logout();
});

async function signedIn(user: string, locale = 'zh-CN'): Promise<Page> {
  const page = await demo.open(locale);
  await startSignedIn(page, user, DEMO_PASSWORD);
  return page;
}

describe('a DVP&R in the workbench', () => {
  it('li creates the plan of a DFMEA, generates its test, records a failure, and the DFMEA shows it', async () => {
    const page = await signedIn('li.engineer');
    await page.goto('/main/dvpIndex');
    await page.getByTestId('dvp-list').waitFor();
    await page.getByTestId('dvp-new').click();
    await page.getByTestId('dvp-plan-project').fill(NAME);
    await page.getByRole('option').filter({ hasText: NAME }).first().click();
    await page.getByTestId('dvp-plan-save').click();
    await waitForPath(page, '/main/dvpIndex/dvpDetails');
    const dvpNum = await page.getByTestId('dvp-number').innerText();
    expect(dvpNum).toMatch(/^DP/);
    expect(await page.getByTestId('dvp-coverage').innerText()).toBe('0 / 1');

    await page.getByTestId('dvp-generate').click();
    await page.getByRole('row').filter({ hasText: '齿轮耐久试验 30,000 次循环' }).first().waitFor();
    await expect.poll(() => page.getByTestId('dvp-coverage').innerText()).toBe('1 / 1');

    await page.getByTestId('dvp-test-enter-result').first().click();
    await page.getByTestId('dvp-result').selectOption('unqualified');
    await page.getByTestId('dvp-result-note').fill('20,000 次后齿面磨损 0.3 mm，超出 0.1 mm 限值');
    await page.getByTestId('dvp-result-save').click();
    await expect.poll(() => page.getByTestId('dvp-test-result').first().innerText()).toBe('不合格');
    await screenshot(page, 'dvp-details-zh-CN');

    // a detection control the collaborator adds to the DFMEA afterwards, with no test yet
    const wang = await apiLogin(demo.baseURL, 'wang.engineer', DEMO_PASSWORD);
    await wang.post('/api/fmea/addControl', { causeId, kind: 'detection', description: '齿面硬度抽检' });
    await wang.logout();

    await page.getByTestId('dvp-open-dfmea').click();
    await waitForPath(page, '/main/dfmea/dfmeaProject');
    await expect.poll(() => page.getByTestId('dfmea-tab-risk').getAttribute('data-state')).toBe('active');
    await expect.poll(() => page.getByTestId(`dvp-control-${controlId}`).getAttribute('data-status')).toBe('unqualified');
    await page.getByTestId(`dvp-rerate-${causeId}`).first().waitFor();
    expect(await page.getByTestId(`dvp-rerate-${causeId}`).first().getAttribute('title')).toContain(`${dvpNum}-01`);
    // the linter: the new control has no DVP test
    await page.getByTestId('checks-open').click();
    await page.locator('[data-code="detection_without_dvp"]').getByText('探测控制“齿面硬度抽检”没有 DVP 试验').waitFor();

    // the same plan in English
    const en = await signedIn('li.engineer', 'en-US');
    await en.goto(`/main/dvpIndex/dvpDetails?id=${dvpNum}`);
    await expect.poll(() => en.getByTestId('dvp-test-result').first().innerText()).toBe('Unqualified');
    await screenshot(en, 'dvp-details-en-US');
  });
});
