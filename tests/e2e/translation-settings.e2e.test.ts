import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { asAdmin, createAdministrator } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

const env = useBrowser();

/** The app manager's translation service: refused without an http address under the field, saved with one, in both languages. */
describe('translation service settings', () => {
  it('refuses an address that is not http under its field and saves a good one', { timeout: 180_000 }, async () => {
    const administrator = await createAdministrator(env.baseURL);
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password);
    await page.goto('/main/system/app');
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
});
