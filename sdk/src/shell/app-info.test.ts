// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/typed-client.ts';
import { activateLocale, i18n, LOCALE_STORAGE_KEY } from '../i18n/index.ts';
import { refreshAppInfo } from './app-info.ts';

const answer = (defaultLocale: 'zh-CN' | 'en-US' | null) =>
  vi.spyOn(api, 'post').mockResolvedValue({ sysName: '', sysNameEn: '', sysLogoUrl: null, defaultLocale } as never);

afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  await activateLocale('en-US');
  localStorage.clear();
});

describe('the app manager default language', () => {
  it('opens the workbench in it while the user has not picked one, without storing it as their choice', async () => {
    await activateLocale('zh-CN');
    localStorage.clear();
    answer('en-US');
    await refreshAppInfo();
    expect(i18n.locale).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
  });

  it('leaves the language the user picked, and the browser language when the setting is empty', async () => {
    await activateLocale('zh-CN');
    answer('en-US');
    await refreshAppInfo();
    expect(i18n.locale).toBe('zh-CN');
    localStorage.clear();
    answer(null);
    await refreshAppInfo();
    expect(i18n.locale).toBe('zh-CN');
  });
});
