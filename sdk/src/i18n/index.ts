import { i18n, type Messages } from '@lingui/core';

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_STORAGE_KEY = 'fmea.locale';

/** Stored choice, else the browser language when it is zh-CN or en-US, else English (spec 000 §1). */
export function detectLocale(stored: string | null = safeGet(), browser: string = navigator.language): Locale {
  if (stored === 'zh-CN' || stored === 'en-US') return stored;
  const lang = browser.toLowerCase();
  if (lang === 'zh-cn' || lang === 'zh') return 'zh-CN';
  return 'en-US';
}

/** Whether the user picked a language on this browser (else the installation's default applies). */
export function hasChosenLocale(): boolean {
  const stored = safeGet();
  return stored === 'zh-CN' || stored === 'en-US';
}

/** The app manager's default language, for a browser where the user has not chosen one; not stored as their choice. */
export async function applyDefaultLocale(locale: Locale): Promise<void> {
  if (hasChosenLocale() || i18n.locale === locale) return;
  await loadAll(locale);
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

function safeGet(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

type CatalogLoader = (locale: Locale) => Promise<Messages>;

/** The SDK's own catalog (its components' strings); the app adds the shell's at start, plugins theirs when they load. */
const loaders: CatalogLoader[] = [
  async (locale) => (await (locale === 'zh-CN' ? import('../locales/zh-CN.po') : import('../locales/en-US.po'))).messages,
];
const loaded = new Set<string>();

// fetched side by side (the SDK's and the shell's catalogs are two chunks at start), loaded in list order
async function loadAll(locale: Locale) {
  const missing = loaders.map((loader, index) => ({ loader, key: `${index}:${locale}` })).filter(({ key }) => !loaded.has(key));
  const catalogs = await Promise.all(missing.map(({ loader }) => loader(locale)));
  missing.forEach(({ key }, index) => {
    i18n.load(locale, catalogs[index]!);
    loaded.add(key);
  });
}

/** Called by the app for the shell's catalog and by the plugin host before a plugin renders, so their strings are there in both languages. */
export async function registerCatalog(loader: CatalogLoader): Promise<void> {
  if (!loaders.includes(loader)) loaders.push(loader);
  if (i18n.locale) await loadAll(i18n.locale as Locale);
}

/**
 * Shows the workbench in `locale`; kept as the user's choice unless `remember` is false (the start, which only
 * detects the language: stored, it would count as a choice and the app manager's default language would never apply).
 */
export async function activateLocale(locale: Locale, { remember = true }: { remember?: boolean } = {}): Promise<void> {
  await loadAll(locale);
  i18n.activate(locale);
  document.documentElement.lang = locale;
  if (!remember) return;
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage may be disabled; the choice then lasts for this page only
  }
}

export function currentLocale(): Locale {
  return (i18n.locale as Locale) || 'zh-CN';
}

export { i18n };
