/// <reference lib="dom" />
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ARTIFACTS } from './paths.ts';

/**
 * Debian's chromium. Its old headless shell (package chromium-headless-shell, what Playwright itself runs
 * headless) when installed: the same Blink and V8 without the browser's window, tab strip and their
 * processes, a third less CPU per test (docs/decisions/browser-tests.md); else /usr/bin/chromium.
 * .ci/run installs both; CHROMIUM_PATH names another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
}

/** A fresh browser profile: a Chinese user's browser unless told otherwise. */
export async function openTab(browser: Browser, baseURL: string, options: { locale?: string; width?: number; height?: number } = {}): Promise<Tab> {
  const context = await browser.newContext({
    baseURL,
    locale: options.locale ?? 'zh-CN',
    viewport: { width: options.width ?? 1366, height: options.height ?? 820 },
  });
  // a bound for waits that should succeed, not a measure of speed: generous, so a busy machine does not fail them
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

/**
 * Whether the walks' pictures are taken: for people looking at the pages (E2E_SCREENSHOTS=1, or any run outside CI);
 * they assert nothing, so CI skips them (≈ 240 a run). A failed test's pictures are taken regardless (support/suite.ts).
 */
const TAKE_PICTURES = process.env.E2E_SCREENSHOTS === '1' || (!process.env.CI && process.env.E2E_SCREENSHOTS !== '0');

/** Saves a screenshot of the page into tests/artifacts/<name>.png (skipped when pictures are off, see above). */
export async function screenshot(page: Page, name: string, options: { always?: boolean } = {}): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  if (!TAKE_PICTURES && !options.always) return path;
  // fonts loaded; transitions and animations shown at their end state rather than waited for
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path, animations: 'disabled' });
  return path;
}
