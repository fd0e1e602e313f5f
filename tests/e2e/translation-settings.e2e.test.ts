import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { asAdmin, createAdministrator } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

const env = useBrowser();

/**
 * A translation service on loopback, answering as the provider expects (core/src/services/system/translation.ts):
 * POST JSON `{ q, text, source, target, locale }` → `{ translatedText }`; failing (500) while `failing` is set.
 */
let failing = false;
let service: Server | undefined;
async function startService(): Promise<string> {
  service = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (failing) return void res.writeHead(500).end('down');
      const { q, target } = JSON.parse(body) as { q: string; target: string };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText: target === 'en' && q === '液压泵' ? 'Hydraulic pump' : `?${q}` }));
    });
  });
  await new Promise<void>((resolve) => service!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(service.address() as AddressInfo).port}/translate`;
}
// the provider off again for the other files of the run, and the service stopped
afterAll(async () => {
  await asAdmin(env.baseURL, (admin) => admin.post('/api/translation/saveSettings', { enabled: false }));
  await new Promise((resolve) => (service ? service.close(resolve) : resolve(undefined)));
});

/** The app manager's translation service: refused without an http address under the field, saved with one, in both languages. */
describe('translation service settings', () => {
  it('refuses an address that is not http under its field and saves a good one', { timeout: 180_000 }, async () => {
    const administrator = await createAdministrator(env.baseURL);
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password, '/main/system/app');
    const panel = page.getByTestId('translation-settings');

    await panel.getByLabel('开启翻译').check();
    await panel.getByLabel('翻译服务地址').fill('ftp://translate.example');
    await panel.getByRole('button', { name: '保存翻译服务' }).click();
    await expect.poll(() => panel.innerText()).toContain('翻译服务地址必须是 http 或 https 网址');
    await screenshot(page, 'translation-settings-zh');

    await chooseLanguage(page, 'English');
    await page.goto('/main/system/app');
    await panel.getByLabel('Translation on').check();
    await panel.getByLabel('Translation service address').fill('ftp://translate.example');
    await panel.getByRole('button', { name: 'Save translation service' }).click();
    await expect.poll(() => panel.innerText()).toContain('The translation service address must be an http or https URL');
    await panel.getByLabel('Translation service address').fill('https://translate.example/translate');
    await panel.getByRole('button', { name: 'Save translation service' }).click();
    await expect.poll(() => asAdmin(env.baseURL, (admin) => admin.get<{ enabled: boolean; endpoint: string }>('/api/translation/settings'))).toEqual({ enabled: true, endpoint: 'https://translate.example/translate' });
    await screenshot(page, 'translation-settings-en');
    // switched off again for the other files of the run
    await asAdmin(env.baseURL, (admin) => admin.post('/api/translation/saveSettings', { enabled: false }));
  });
  it('fills the English name of a dictionary type from its Chinese one through the service; an empty name and a failing service are said, in both languages', { timeout: 180_000 }, async () => {
    const endpoint = await startService();
    const administrator = await createAdministrator(env.baseURL);
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password, '/main/system/app');
    const panel = page.getByTestId('translation-settings');
    await panel.getByLabel('开启翻译').check();
    await panel.getByLabel('翻译服务地址').fill(endpoint);
    await panel.getByRole('button', { name: '保存翻译服务' }).click();
    await expect.poll(() => asAdmin(env.baseURL, (admin) => admin.get<{ enabled: boolean; endpoint: string }>('/api/translation/settings'))).toEqual({ enabled: true, endpoint });

    /** A new dictionary type's form, its Chinese name typed, then Translate; resolves when the answer came. */
    const translate = async (name: string, addType: string) => {
      await page.goto('/main/system/dictionary');
      await page.getByTestId('system-dictionaries').getByRole('button', { name: addType }).click();
      const form = page.getByTestId('dict-form');
      await form.locator('input[name="name"]').fill(name);
      const answered = name ? page.waitForResponse((r) => new URL(r.url()).pathname === '/api/translation/translation') : null;
      await form.getByTestId('translate').click();
      await answered;
      return form;
    };
    const problem = (form: Awaited<ReturnType<typeof translate>>) => form.locator('.translate-problem[role="alert"]');

    let form = await translate('液压泵', '添加类型');
    await expect.poll(() => form.locator('input[name="enName"]').inputValue()).toBe('Hydraulic pump');
    await screenshot(page, 'translate-button-zh-CN');
    await form.locator('input[name="name"]').fill('');
    await form.getByTestId('translate').click();
    await expect.poll(() => problem(form).innerText()).toBe('翻译内容不能为空');
    failing = true;
    form = await translate('液压泵', '添加类型');
    await expect.poll(() => problem(form).innerText()).toBe('翻译出错，请稍后重试');
    expect(await form.locator('input[name="enName"]').inputValue()).toBe('');
    await screenshot(page, 'translate-button-failed-zh-CN');

    await chooseLanguage(page, 'English');
    failing = false;
    form = await translate('液压泵', 'Add type');
    await expect.poll(() => form.locator('input[name="enName"]').inputValue()).toBe('Hydraulic pump');
    await form.locator('input[name="name"]').fill('   ');
    await form.getByTestId('translate').click();
    await expect.poll(() => problem(form).innerText()).toBe('The content to translate cannot be empty');
    failing = true;
    form = await translate('液压泵', 'Add type');
    await expect.poll(() => problem(form).innerText()).toBe('Translation went wrong; try again later');
    await screenshot(page, 'translate-button-failed-en-US');
  });
});
