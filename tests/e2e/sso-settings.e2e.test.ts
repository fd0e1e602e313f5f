import { afterAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { asAdmin, createAdministrator } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser } from './support/suite.ts';

const env = useBrowser();
type Sso = { enabled: boolean; issuer: string; clientId: string; clientSecretSet: boolean; userNameClaim: string };
const readSso = () => asAdmin(env.baseURL, (admin) => admin.get<Sso>('/api/security/getSso'));

/**
 * The settings before this file changed them, put back afterwards. SSO is never switched on here: on the run's
 * shared server that would send every other file's login page to a provider (sso.e2e.test.ts switches it on, on
 * its own server, and walks the sign-in); this file walks the settings form and its refusals.
 */
let before: Sso | undefined;
afterAll(async () => {
  if (!before) return;
  const { enabled, issuer, clientId, userNameClaim, clientSecretSet } = before;
  await asAdmin(env.baseURL, (admin) => admin.post('/api/security/saveSso', { enabled, issuer, clientId, userNameClaim, ...(clientSecretSet ? {} : { clientSecret: '' }) }));
});

describe('single sign-on settings (System → Password and security)', () => {
  it('an administrator fills the provider, saves it, is refused a bad issuer and a half configuration under the field, and clears it again, in both languages', async () => {
    before = await readSso();
    const administrator = await createAdministrator(env.baseURL);
    const { page } = await env.open({ width: 1366, height: 768 });
    await startSignedIn(page, administrator.userName, administrator.password, '/main/system/security');
    const form = page.getByTestId('system-sso');
    await form.waitFor();
    const save = async () => {
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/security/saveSso');
      await form.getByRole('button', { name: /^(保存|Save)$/ }).click();
      return answered;
    };

    // an issuer that is no https address is refused under its field, nothing stored
    await form.getByLabel('颁发者地址').fill('ftp://login.example.com');
    await form.getByLabel('客户端 ID').fill('fmea-e2e');
    expect((await save()).ok()).toBe(false);
    await expect.poll(() => form.innerText()).toContain('颁发者地址必须是 https 地址（仅本机可用 http），且不含查询参数或片段');
    expect((await readSso()).clientId).toBe(before.clientId);
    await screenshot(page, 'sso-settings-refused-zh-CN');

    await form.getByLabel('颁发者地址').fill('https://login.example.com/realms/e2e/');
    await form.getByLabel('客户端密钥').fill('s3cret-e2e');
    await form.getByLabel('用户名声明').fill('email');
    expect((await save()).ok()).toBe(true);
    await page.getByText('单点登录设置已保存').last().waitFor();
    // the trailing slash dropped; the secret never comes back, only that one is stored
    expect(await readSso()).toEqual({ enabled: false, issuer: 'https://login.example.com/realms/e2e', clientId: 'fmea-e2e', clientSecretSet: true, userNameClaim: 'email' });
    await page.reload();
    await form.waitFor();
    expect(await form.getByLabel('颁发者地址').inputValue()).toBe('https://login.example.com/realms/e2e');
    expect(await form.getByLabel('客户端密钥').inputValue()).toBe('');
    await form.getByLabel('删除已保存的密钥').waitFor();
    await screenshot(page, 'sso-settings-saved-zh-CN');

    await chooseLanguage(page, 'English');
    await page.goto('/main/system/security');
    await form.waitFor();
    await form.getByLabel('Issuer URL').fill('login.example.com');
    expect((await save()).ok()).toBe(false);
    await expect.poll(() => form.innerText()).toContain('Issuer URL must be an https address (plain http only for this machine), without query or fragment');
    // switching on without a client id would send everybody to nowhere: refused under the field
    await form.getByLabel('Issuer URL').fill('https://login.example.com/realms/e2e');
    await form.getByLabel('Client ID').fill('');
    await form.locator('input[name="enabled"]').check();
    expect((await save()).ok()).toBe(false);
    await expect.poll(() => form.innerText()).toContain('Client ID is required to switch single sign-on on');
    expect((await readSso()).enabled).toBe(false);
    await screenshot(page, 'sso-settings-refused-en-US');

    // off again and emptied: a public client with no provider
    await form.locator('input[name="enabled"]').uncheck();
    await form.getByLabel('Issuer URL').fill('');
    await form.getByLabel('User name claim').fill('preferred_username');
    await form.getByLabel('Remove the stored secret').check();
    expect((await save()).ok()).toBe(true);
    await page.getByText('Single sign-on settings saved').last().waitFor();
    expect(await readSso()).toEqual({ enabled: false, issuer: '', clientId: '', clientSecretSet: false, userNameClaim: 'preferred_username' });
    await screenshot(page, 'sso-settings-cleared-en-US');
  });
});
