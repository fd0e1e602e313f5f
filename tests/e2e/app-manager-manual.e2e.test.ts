import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { asAdmin, createAdministrator } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';
import { makePng } from './support/png.ts';

const env = useBrowser();

/** Issue #26: the app manager's watermark and the working manual the header's help menu opens, in both languages. */
describe('watermark and working manual', () => {
  it('writes the manual, shows it as text from the help menu, and draws a watermark that lets clicks through', { timeout: 240_000 }, async () => {
    const administrator = await createAdministrator(env.baseURL);
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password);

    // the manual: markup that looks like HTML stays text
    await page.goto('/main/system/manual');
    await page.getByRole('textbox', { name: '文字' }).fill('# 开始使用\n新建 DFMEA 前先建立团队。\n- 第一步：<b>不是粗体</b>\n- 第二步：评审');
    await page.getByRole('button', { name: '保存内容' }).click();
    await expect.poll(() => asAdmin(env.baseURL, (admin) => admin.get<{ text: string }>('/api/manual/get'))).toMatchObject({ text: expect.stringContaining('# 开始使用') });

    // the watermark: on, drawn with the user's name, and the help menu under it still opens
    await page.goto('/main/system/app');
    await page.getByTestId('watermark-settings').getByLabel('显示水印').check();
    const mark = page.getByTestId('watermark');
    await expect.poll(async () => (await mark.getAttribute('data-text')) ?? '').toContain(administrator.userName);
    await page.getByRole('button', { name: '关于与帮助' }).click();
    await page.getByRole('menuitem', { name: '工作手册' }).click();
    const dialog = page.getByTestId('manual-dialog');
    await expect.poll(() => dialog.innerText()).toContain('第一步：<b>不是粗体</b>');
    expect(await dialog.locator('b').count()).toBe(0);
    expect(await dialog.getByRole('heading', { name: '开始使用' }).count()).toBe(1);
    await screenshot(page, 'manual-watermark-zh');
    await page.keyboard.press('Escape');

    // a login-page background (not square: allowed), served without a session
    await page.getByTestId('background-login-input').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: makePng(320, 180) });
    await expect.poll(() => page.getByTestId('background-login').locator('img').count()).toBe(1);
    expect((await fetch(new URL('/api/replaceLogo/loginBackground', env.baseURL))).headers.get('content-type')).toBe('image/png');
    await asAdmin(env.baseURL, (admin) => admin.post('/api/replaceLogo/saveBackground', { which: 'login', fileName: null }));

    // concurrency management: the administrator's own session is listed, with no kick-out button for oneself
    await page.goto('/main/system/concurrency');
    await expect.poll(() => page.getByTestId('concurrency-online').innerText()).toContain(administrator.userName);
    expect(await page.getByTestId('concurrency-sites').innerText()).toContain('总部');
    expect(await page.getByTestId('licence-summary').innerText()).toMatch(/许可数/);
    await screenshot(page, 'concurrency-zh');

    await chooseLanguage(page, 'English');
    await page.goto('/main/system/concurrency');
    await expect.poll(() => page.getByTestId('licence-summary').innerText()).toMatch(/Licences: .*Online: \d+/);
    await screenshot(page, 'concurrency-en');
    await page.goto('/main/system/app');
    await page.getByRole('button', { name: 'About and help' }).click();
    await page.getByRole('menuitem', { name: 'Working manual' }).click();
    await expect.poll(() => page.getByTestId('manual-dialog').innerText()).toContain('开始使用');
    await screenshot(page, 'manual-watermark-en');
    await page.keyboard.press('Escape');
    await page.getByTestId('watermark-settings').getByLabel('Show the watermark').uncheck();
    await expect.poll(() => mark.count()).toBe(0);
    expect(await asAdmin(env.baseURL, (admin) => admin.post<{ watermark: boolean }>('/api/replaceLogo/saveWatermark', { watermark: false }))).toMatchObject({ watermark: false });
  });
});
