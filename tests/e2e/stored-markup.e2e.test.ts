/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { asAdmin, createReadyUser, uniqueName } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

const env = useBrowser();

/**
 * Stored text with markup and script in it is shown as text everywhere: each
 * payload, if it ran, would set window.__xss or open an alert; if it were
 * parsed as HTML, an element with an onerror/onload attribute would appear.
 */
const PAYLOAD = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=1</script>',
  svg: '"><svg onload=alert(document.domain)>',
  link: 'javascript:window.__xss=1',
};

declare global {
  interface Window {
    __xss?: unknown;
  }
}

interface Stored {
  reviewer: string;
  userName: string;
  realName: string;
  noticeTitle: string;
  noticeBody: string;
  siteName: string;
  departmentName: string;
  dictionaryName: string;
  dictionaryItem: string;
  projectId: string;
  projectName: string;
  nodeName: string;
  childName: string;
  functionText: string;
  effect: string;
  mode: string;
  cause: string;
  action: string;
}

const REVIEWER_PASSWORD = 'Xs7#pQ2!mZ9$wR';

/**
 * Stores a payload in every kind of text the pages below show, through the
 * API, and a reviewer holding the admin role who owns the project (the default
 * admin stays free for the other files' sign-ins).
 */
async function storePayloads(baseURL: string): Promise<Stored> {
  const tag = uniqueName('').slice(-6);
  const adminRole = await asAdmin(baseURL, async (admin) => (await admin.get<{ id: string; name: string }[]>('/api/role/list')).find((r) => r.name === 'admin'));
  if (!adminRole) throw new Error('the built-in admin role is missing');
  const reviewer = uniqueName('xssreviewer');
  const reviewerUser = await createReadyUser(baseURL, { userName: reviewer, realName: 'XSS reviewer', password: REVIEWER_PASSWORD, roleIds: [adminRole.id] });
  const s = {
    userName: uniqueName('xssuser'),
    realName: `${PAYLOAD.img} RN${tag}`,
    noticeTitle: `${PAYLOAD.script} NT${tag}`,
    noticeBody: `${PAYLOAD.img}\n${PAYLOAD.svg}\n${PAYLOAD.link} NB${tag}`,
    siteName: `${PAYLOAD.svg} ST${tag}`,
    departmentName: `${PAYLOAD.img} DP${tag}`,
    dictionaryName: `${PAYLOAD.script} DT${tag}`,
    dictionaryItem: `${PAYLOAD.link} DI${tag}`,
    projectName: `${PAYLOAD.img} ${PAYLOAD.link} PJ${tag}`,
    nodeName: `${PAYLOAD.svg} ND${tag}`,
    childName: `${PAYLOAD.script} CH${tag}`,
    functionText: `${PAYLOAD.script} FN${tag}`,
    effect: `${PAYLOAD.img} FE${tag}`,
    mode: `${PAYLOAD.svg} FM${tag}`,
    cause: `${PAYLOAD.link} FC${tag}`,
    action: `${PAYLOAD.script} ${PAYLOAD.link} AC${tag}`,
  };
  return asAdmin(baseURL, async (admin) => {
    await admin.post('/api/user/saveUser', { userName: s.userName, realName: s.realName, password: REVIEWER_PASSWORD });
    const notice = await admin.post<{ id: string }>('/api/notice/saveOrUpdate', { title: s.noticeTitle, content: s.noticeBody });
    await admin.post('/api/notice/updateStatus', { id: notice.id, status: '1' });
    const site = await admin.post<{ id: string }>('/api/site/saveSite', { siteName: s.siteName, siteNameEn: s.siteName, licenceCount: 0 });
    await admin.post('/api/department/save', { siteId: site.id, number: `X${tag}`.slice(0, 20), name: s.departmentName });
    const letters = tag.replace(/[^a-z]/gi, '') || 'x';
    const dictionary = await admin.post<{ id: string }>('/api/dictionary/saveOrUpdate', { code: `Xss${letters}`, name: s.dictionaryName, enName: s.dictionaryName });
    await admin.post('/api/dictionary/saveOrUpdate', { parentId: dictionary.id, code: `XssItem${letters}`, name: s.dictionaryItem, enName: s.dictionaryItem });
    const project = await admin.post<{ id: string; pptSerial: string }>('/api/project/save', { projectType: 'dfmea', name: s.projectName, projectMembers: [{ userId: reviewerUser.id, userRole: 0 }] });
    const node = await admin.post<{ id: string }>('/api/fmea/addNode', { parentId: project.pptSerial, name: s.nodeName });
    const child = await admin.post<{ id: string }>('/api/fmea/addNode', { parentId: node.id, name: s.childName });
    const top = await admin.post<{ id: string }>('/api/fmea/addFunction', { nodeId: project.pptSerial, description: `Top ${tag}` });
    const middle = await admin.post<{ id: string }>('/api/fmea/addFunction', { nodeId: node.id, description: s.functionText });
    const low = await admin.post<{ id: string }>('/api/fmea/addFunction', { nodeId: child.id, description: `Low ${tag}` });
    const effect = await admin.post<{ id: string }>('/api/fmea/addFailure', { functionId: top.id, kind: 'FE', description: s.effect, severity: 8 });
    const mode = await admin.post<{ id: string }>('/api/fmea/addFailure', { functionId: middle.id, kind: 'FM', description: s.mode });
    const cause = await admin.post<{ id: string }>('/api/fmea/addFailure', { functionId: low.id, kind: 'FC', description: s.cause, occurrence: 5, det: 5 });
    await admin.post('/api/fmea/linkFailures', { higherFailureId: effect.id, lowerFailureId: mode.id });
    await admin.post('/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });
    await admin.post('/api/fmea/addAction', { causeId: cause.id, kind: 'prevention', description: s.action });
    return { ...s, reviewer, projectId: project.id };
  });
}

/** Nothing ran and nothing was parsed as markup: no flag, no dialog, no element carrying a payload's handler. */
async function expectInert(page: Page, dialogs: string[], where: string): Promise<void> {
  const state = await page.evaluate(() => ({
    flag: window.__xss,
    handlers: document.querySelectorAll('[onerror], [onload]').length,
    images: document.querySelectorAll('img[src="x"]').length,
    inlineScripts: [...document.querySelectorAll('script')].filter((s) => (s.textContent ?? '').includes('__xss')).length,
    scriptLinks: [...document.querySelectorAll('a[href]')].filter((a) => a.getAttribute('href')!.trim().toLowerCase().startsWith('javascript:')).length,
  }));
  expect(state, where).toEqual({ flag: undefined, handlers: 0, images: 0, inlineScripts: 0, scriptLinks: 0 });
  expect(dialogs, where).toEqual([]);
}

/** A structure node in the step's tree (its button also shows a count). */
const treeNode = (page: Page, name: string) => page.getByRole('tree').getByRole('button').filter({ hasText: name }).first();

/** The literal text is on screen, as text. */
async function shows(scope: Page | Locator, text: string): Promise<void> {
  await scope.getByText(text, { exact: false }).first().waitFor();
}

describe('stored markup and script', () => {
  it('renders as plain text on every page that shows it, runs nothing, in both languages', async () => {
    const s = await storePayloads(env.baseURL);
    const { page } = await env.open({ width: 1500, height: 950 });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await startSignedIn(page, s.reviewer, REVIEWER_PASSWORD);

    // users: the real name in the list
    await page.goto('/main/system/user');
    await page.getByRole('search').getByRole('textbox').first().fill(s.userName);
    await page.getByRole('search').getByRole('textbox').first().press('Enter');
    await shows(page.getByTestId('system-users'), s.realName);
    await expectInert(page, dialogs, 'user list');

    // notices: the administration list, the inbox and the opened notice, and the home page
    await page.goto('/main/system/notice');
    await shows(page.getByTestId('system-notices'), s.noticeTitle);
    await expectInert(page, dialogs, 'notice administration');
    await page.goto('/systemInfo/ownspaceIndex/myNotice');
    const row = page.locator('[role="row"]', { hasText: s.noticeTitle });
    await row.waitFor();
    await row.getByText(s.noticeTitle).click();
    const opened = page.getByTestId('notice-dialog');
    await opened.waitFor();
    expect(await opened.locator('.notice-content').innerText()).toBe(s.noticeBody);
    await shows(page.getByRole('dialog'), s.noticeTitle);
    await expectInert(page, dialogs, 'notice view');
    await page.keyboard.press('Escape');
    await page.goto('/main/homeIndex');
    await shows(page.getByTestId('home-page'), s.noticeTitle);
    await expectInert(page, dialogs, 'home page');

    // sites and their departments
    await page.goto('/main/system/site');
    await page.getByTestId('system-sites').getByText(s.siteName).first().click();
    await shows(page.getByTestId('site-departments'), s.departmentName);
    await expectInert(page, dialogs, 'sites page');

    // dictionaries: the type and its item
    await page.goto('/main/system/dictionary');
    const dictionaries = page.getByTestId('system-dictionaries');
    await dictionaries.getByText(s.dictionaryName).first().click();
    await shows(dictionaries, s.dictionaryItem);
    await expectInert(page, dialogs, 'dictionary page');

    // DFMEA list, then the project: structure tree and mind map, functions, failure net, risk grid, actions
    await page.goto('/main/dfmea');
    await shows(page.getByTestId('dfmea-project-list'), s.projectName);
    await expectInert(page, dialogs, 'DFMEA list');
    await page.goto(`/main/dfmea/dfmeaProject?projectId=${s.projectId}`);
    await page.getByTestId('dfmea-project').waitFor();
    expect(await page.locator('.dfmea-project-name').innerText()).toBe(s.projectName);
    await page.getByTestId('dfmea-tab-structure').click();
    const tree = page.getByTestId('dfmea-tree');
    await tree.getByRole('button', { name: s.nodeName, exact: true }).waitFor();
    await shows(page.getByTestId('dfmea-mindmap'), s.nodeName);
    await expectInert(page, dialogs, 'structure tree and mind map');
    await screenshot(page, 'stored-markup-structure-zh');

    // the block diagram draws names into an SVG
    await page.getByTestId('dfmea-tab-interfaces').click();
    await page.locator('[data-testid="block-diagram"] text', { hasText: s.nodeName }).first().waitFor();
    await expectInert(page, dialogs, 'block diagram');

    await page.getByTestId('dfmea-tab-function').click();
    await treeNode(page, s.nodeName).click();
    await shows(page.getByTestId('dfmea-panel-function'), s.functionText);
    await expectInert(page, dialogs, 'function analysis');

    await page.getByTestId('dfmea-tab-failure').click();
    await treeNode(page, s.nodeName).click();
    const focus = page.getByTestId('focus-function');
    for (const text of [s.mode, s.effect, s.cause]) await shows(focus, text);
    await expectInert(page, dialogs, 'failure net');

    await page.getByTestId('dfmea-tab-risk').click();
    const risk = page.getByTestId('dfmea-panel-risk');
    for (const text of [s.effect, s.mode, s.cause]) await shows(risk, text);
    await expectInert(page, dialogs, 'risk grid');

    await page.getByTestId('dfmea-tab-optimization').click();
    await shows(page.getByTestId('dfmea-panel-optimization'), s.action);
    await expectInert(page, dialogs, 'optimisation actions');

    // the same in English
    await chooseLanguage(page, 'English');
    await page.getByTestId('dfmea-tab-failure').click();
    await treeNode(page, s.nodeName).click();
    for (const text of [s.mode, s.effect, s.cause]) await shows(page.getByTestId('focus-function'), text);
    await expectInert(page, dialogs, 'failure net in English');
    await screenshot(page, 'stored-markup-failure-en');
    await page.getByTestId('dfmea-tab-structure').click();
    await shows(page.getByTestId('dfmea-mindmap'), s.nodeName);
    await screenshot(page, 'stored-markup-structure-en');
    await page.goto('/main/system/site');
    await page.getByTestId('system-sites').getByText(s.siteName).first().click();
    await shows(page.getByTestId('site-departments'), s.departmentName);
    await expectInert(page, dialogs, 'sites page in English');
  });
});
