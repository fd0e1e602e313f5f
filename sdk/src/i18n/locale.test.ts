// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { activateLocale, applyDefaultLocale, currentLocale, hasChosenLocale, LOCALE_STORAGE_KEY } from './index.ts';

beforeEach(() => localStorage.clear());

describe('the workbench language', () => {
  it('a language detected at the start is no choice: the app manager’s default language still applies (issue 26)', async () => {
    await activateLocale('zh-CN', { remember: false });
    expect(hasChosenLocale()).toBe(false);
    await applyDefaultLocale('en-US');
    expect(currentLocale()).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
  });

  it('a language the user picked wins over the default', async () => {
    await activateLocale('zh-CN');
    expect(hasChosenLocale()).toBe(true);
    await applyDefaultLocale('en-US');
    expect(currentLocale()).toBe('zh-CN');
  });
});
