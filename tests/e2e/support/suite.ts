import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, openTab, screenshot, type Tab } from './browser.ts';

let shared: Promise<Browser> | undefined;

/**
 * The worker's browser: launched by the first file that needs it and kept for
 * the next ones (the e2e project runs without isolation, so this module lives
 * as long as the worker); launched again if it went away. Playwright closes
 * it when the worker ends.
 */
export function workerBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => (shared = undefined));
    return browser;
  });
  return shared;
}

/**
 * The worker's browser for a test file; every test opens its own tabs (fresh
 * profiles: nothing is shared between tests but the browser process) and
 * closes them. `baseURL` is the server the global setup started.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const tabs: Tab[] = [];
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  // a failed test leaves a picture of every tab it opened, and the page errors in the log
  afterEach(async (context) => {
    const open = tabs.filter((t) => !t.page.isClosed());
    if (context.task.result?.state === 'fail') {
      const slug = context.task.name.replace(/[^a-zA-Z0-9]+/g, '-').slice(0, 60);
      for (const [index, tab] of open.entries()) {
        await screenshot(tab.page, `failed-${slug}-${index}`, { always: true }).catch(() => undefined);
        if (tab.errors.length) console.log(`[e2e] page errors in tab ${index}:\n${tab.errors.join('\n')}`);
      }
    }
    await Promise.all(open.map((t) => t.context.close().catch(() => undefined)));
    tabs.length = 0;
  });
  afterAll(async () => {
    await Promise.all(tabs.map((t) => t.context.close().catch(() => undefined)));
  });
  const baseURL = inject('baseURL');
  return {
    baseURL,
    /** A tab on the run's server, or on `server` (a file that runs its own, for a global setting the others must not see). */
    async open(options: { locale?: string; width?: number; height?: number; server?: string } = {}): Promise<Tab> {
      if (!browser) throw new Error('the browser is not running');
      const tab = await openTab(browser, options.server ?? baseURL, options);
      tabs.push(tab);
      return tab;
    },
  };
}

/** The element's visible text, trimmed ('' when it is not there). */
export async function textOf(locator: Locator): Promise<string> {
  if ((await locator.count()) === 0) return '';
  return ((await locator.first().innerText()) ?? '').trim();
}

/** The path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the page's path is `path` (the context's default timeout bounds it). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}
