/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { asAdmin, createReadyUser, uniqueName } from './support/api.ts';
import { chooseLanguage, signIn, signOut } from './support/flows.ts';
import { makePng } from './support/png.ts';
import { pathOf, textOf, useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();
const BASE = '/systemInfo/ownspaceIndex';
const userName = uniqueName('engineer');
const password = 'Pc6#tL9!vD2$hX';
const noticeTitle = `${uniqueName('公告')} 系统维护通知`;

beforeAll(async () => {
  await createReadyUser(env.baseURL, { userName, realName: '个人中心用户', password, roleIds: [] });
  await asAdmin(env.baseURL, async (admin) => {
    const notice = await admin.post<{ id: string }>('/api/notice/saveOrUpdate', {
      title: noticeTitle,
      content: '本周六 22:00 至 24:00 进行系统维护。\n维护期间请保存好正在编辑的 FMEA。',
      type: 'system',
    });
    await admin.post('/api/notice/updateStatus', { id: notice.id, status: '1' });
  });
});

describe('personal centre', () => {
  it('opens every page from its left menu, lazily, with honest empty states', async () => {
    const { page, errors } = await env.open();
    await signIn(page, userName, password);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '个人信息' }).click();
    await waitForPath(page, `${BASE}/userInfo`);
    await page.getByTestId('user-info-page').waitFor();
    await screenshot(page, 'personal-user-info');

    const titles = await page.locator('[data-testid="personal-root"] .area-side-menu a').allInnerTexts();
    expect(titles).toEqual(['个人信息', '修改密码', '我的申请', '我的审批', '我的积分', '我的收藏', '我的公告', '我的任务', '我的消息']);

    const pages: [string, string][] = [
      ['resetPwd', 'change-password-page'],
      ['myApply', 'my-applications-page'],
      ['myAudit', 'my-approvals-page'],
      ['myScore', 'my-scores'],
      ['myCollection', 'my-favourites-page'],
      ['myNotice', 'my-notices-page'],
      ['myTask', 'my-tasks-page'],
      ['myMessage', 'my-messages-page'],
    ];
    for (const [microRoute, testId] of pages) {
      await page.locator(`[data-testid="personal-root"] .area-side-menu a[data-page="${microRoute}"]`).click();
      await waitForPath(page, `${BASE}/${microRoute}`);
      await page.getByTestId(testId).waitFor();
      expect(await page.locator('[data-testid="personal-root"] .area-side-menu a.active').getAttribute('data-page')).toBe(microRoute);
      await screenshot(page, `personal-${microRoute}`);
    }
    const inboxStatus = () => textOf(page.locator('[data-testid="my-messages-page"] .fmea-grid__status'));
    await expect.poll(inboxStatus).toBe('暂无待处理消息。审批请求、审核步骤以及对您申请的答复会显示在这里。');
    await page.getByTestId('tab-system').click();
    await expect.poll(inboxStatus).toBe('暂无系统消息。管理员发布的公告请在“我的公告”中查看。');
    await page.goto(`${BASE}/myTask`);
    await expect.poll(() => textOf(page.locator('[data-testid="my-tasks-page"] .fmea-grid__status'))).toBe('没有任务。您负责的优化措施和等待您的评审步骤会显示在这里。');

    // the landing page of the personal centre and the spec's /main inbox routes
    await page.goto(BASE);
    await waitForPath(page, `${BASE}/userInfo`);
    await page.goto('/main/my_message');
    await waitForPath(page, `${BASE}/myMessage`);

    // the same pages in English
    await chooseLanguage(page, 'English');
    await expect.poll(() => page.locator('[data-testid="personal-root"] .area-side-menu a').allInnerTexts()).toEqual([
      'Personal info',
      'Change password',
      'My applications',
      'My approvals',
      'My scores',
      'My favourites',
      'My notices',
      'My tasks',
      'My messages',
    ]);
    for (const [microRoute, testId] of [['userInfo', 'user-info-page'], ...pages] as [string, string][]) {
      await page.locator(`[data-testid="personal-root"] .area-side-menu a[data-page="${microRoute}"]`).click();
      await page.getByTestId(testId).waitFor();
      if (['userInfo', 'resetPwd', 'myNotice', 'myTask', 'myMessage'].includes(microRoute)) await screenshot(page, `personal-${microRoute}-en`);
    }
    await expect.poll(() => textOf(page.locator('[data-testid="my-messages-page"] .fmea-grid__status'))).toBe('No pending messages. Approval requests, review steps and replies to your applications appear here.');
    expect(errors).toEqual([]);
  });

  it('saves the profile, refusing a malformed e-mail, and shows the new name in the header', async () => {
    const { page } = await env.open();
    await signIn(page, userName, password);
    await page.goto(`${BASE}/userInfo`);
    await page.getByTestId('user-info-page').waitFor();
    expect(await page.getByTestId('save-profile').isDisabled()).toBe(true);

    await page.locator('input[name="realName"]').fill('王工程师');
    await page.locator('input[name="mobile"]').fill('13800138000');
    await page.locator('input[name="email"]').fill('not-an-address');
    await page.locator('textarea[name="signature"]').fill('质量部 · 王工');
    await page.getByTestId('save-profile').click();
    await expect.poll(() => textOf(page.locator('.field-message'))).toBe('请输入有效的邮箱地址');

    await page.locator('input[name="email"]').fill('wang@example.com');
    await page.getByTestId('save-profile').click();
    await page.locator('.toast-success', { hasText: '个人信息已保存' }).waitFor();
    await expect.poll(() => textOf(page.locator('.user-trigger .user-name'))).toBe('王工程师');
    await expect.poll(() => page.getByTestId('save-profile').isDisabled()).toBe(true);

    await page.reload();
    await page.getByTestId('user-info-page').waitFor();
    expect(await page.locator('input[name="realName"]').inputValue()).toBe('王工程师');
    expect(await page.locator('textarea[name="signature"]').inputValue()).toBe('质量部 · 王工');
  });

  it('checks that an avatar is square in the browser, offers a crop, and the server refuses a non-square picture too', async () => {
    const { page } = await env.open();
    await signIn(page, userName, password);
    await page.goto(`${BASE}/userInfo`);
    await page.getByTestId('avatar-panel').waitFor();

    await page.getByTestId('avatar-input').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: makePng(300, 200) });
    await expect.poll(() => textOf(page.getByTestId('avatar-crop-prompt'))).toBe('图片尺寸为 300 × 200 像素，头像必须为正方形（1:1）。');
    await screenshot(page, 'personal-avatar-crop');
    await page.getByTestId('avatar-crop').click();
    await page.locator('.toast-success', { hasText: '头像已更换' }).waitFor();
    await page.getByTestId('avatar-image').waitFor();
    await page.locator('.user-trigger img.avatar').waitFor();
    // the picture arrives after the element: wait for it to load instead of reading it at once
    await expect.poll(() => page.getByTestId('avatar-image').evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth ? [img.naturalWidth, img.naturalHeight] : null))).toEqual([200, 200]);

    await page.getByTestId('avatar-input').setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => textOf(page.getByTestId('avatar-error'))).toBe('只能使用 jpg 或 png 格式的图片。');

    // the server's own check, bypassing the browser's
    const refusal = await page.evaluate(async (bytes) => {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(bytes)], 'tall.png', { type: 'image/png' }));
      const res = await fetch('/api/user/updateUserImg', { method: 'POST', body: form, headers: { lang: 'zh-CN', token: sessionStorage.getItem('token') ?? '' } });
      return { status: res.status, message: ((await res.json()) as { meta: { message: string } }).meta.message };
    }, [...makePng(100, 160)]);
    expect(refusal).toEqual({ status: 400, message: '图片比例须为 1:1，当前为 100 × 160' });
  });

  it('lists published notices as unread and marks one read when it is opened', async () => {
    const { page } = await env.open();
    await signIn(page, userName, password);
    await page.goto(`${BASE}/myNotice`);
    const row = page.locator('[role="row"]', { hasText: noticeTitle });
    await row.waitFor();
    await expect.poll(() => textOf(row.locator('.notice-state'))).toBe('未读');
    await expect.poll(() => textOf(page.getByTestId('unread-count'))).toMatch(/^\d+ 条未读$/);
    const unreadBefore = Number((await textOf(page.getByTestId('unread-count'))).split(' ')[0]);

    await row.locator('.notice-title-unread').click();
    const dialog = page.getByTestId('notice-dialog');
    await dialog.waitFor();
    await expect.poll(() => textOf(dialog.locator('.notice-content'))).toContain('维护期间请保存好正在编辑的 FMEA。');
    await screenshot(page, 'personal-notice-open');
    await page.getByRole('button', { name: '关闭' }).click();

    await row.locator('.notice-state', { hasText: '已读' }).waitFor();
    const after = await textOf(page.getByTestId('unread-count'));
    expect(after).toBe(unreadBefore === 1 ? '公告已全部阅读' : `${unreadBefore - 1} 条未读`);
  });

  it('changes the password, showing the policy and the server’s refusals, and stays signed in', async () => {
    const { page } = await env.open();
    await signIn(page, userName, password);
    await page.goto(`${BASE}/resetPwd`);
    await page.getByTestId('password-policy').waitFor();
    await expect.poll(() => textOf(page.getByTestId('password-policy'))).toContain('12 到 16 个字符');

    const fill = async (oldPassword: string, next: string, confirmation: string) => {
      await page.locator('input[name="oldPassword"]').fill(oldPassword);
      await page.locator('input[name="newPassword"]').fill(next);
      await page.locator('input[name="confirmPassword"]').fill(confirmation);
      await page.getByTestId('change-password').click();
    };
    const next = 'New#5gHs8Lw!2q';

    await fill(password, next, `${next}0`);
    await expect.poll(() => textOf(page.locator('.field-message'))).toBe('两次输入的密码不一致');

    await fill('Wrong#Old5pass', next, next);
    await expect.poll(() => textOf(page.getByTestId('password-error'))).toBe('原密码不正确');

    await fill(password, 'short1A!', 'short1A!');
    await page.getByTestId('password-error').filter({ hasText: '12' }).waitFor();
    await screenshot(page, 'personal-password-refused');

    await fill(password, next, next);
    await page.locator('.toast-success', { hasText: '密码已修改，下次登录请使用新密码。' }).waitFor();
    await expect.poll(() => page.locator('input[name="oldPassword"]').inputValue()).toBe('');
    expect(pathOf(page)).toBe(`${BASE}/resetPwd`);

    // still signed in: the shell keeps working after a reload
    await page.reload();
    await page.getByTestId('change-password-page').waitFor();
    await page.locator('nav.top-menu a[data-route="home_index"]').click();
    await page.getByTestId('home-page').waitFor();

    await signOut(page);
    await signIn(page, userName, next);
  });
});
