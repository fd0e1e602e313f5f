/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/** Drags the login slider to the end with a real mouse: press on the handle, move in steps, release. */
export async function dragSlider(page: Page): Promise<void> {
  const handle = page.getByTestId('slider-handle');
  const track = page.getByTestId('slider-check');
  const h = await handle.boundingBox();
  const t = await track.boundingBox();
  if (!h || !t) throw new Error('the slider is not on the page');
  const y = h.y + h.height / 2;
  await page.mouse.move(h.x + h.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(t.x + t.width / 2, y, { steps: 8 });
  await page.mouse.move(t.x + t.width + 20, y, { steps: 8 });
  await page.mouse.up();
  await page.locator('[data-testid="slider-check"].slider-done').waitFor();
}

/** Fills the sign-in form (the page must show it). */
export async function fillCredentials(page: Page, userName: string, password: string): Promise<void> {
  await page.locator('input[name="username"]').fill(userName);
  await page.locator('input[name="password"]').fill(password);
}

export function submitLogin(page: Page): Promise<void> {
  return page.locator('.login-form button[type="submit"]').click();
}

export type LoginOutcome = 'home' | 'error' | 'force' | 'changePassword';

const OUTCOMES: [LoginOutcome, string][] = [
  ['home', '[data-testid="home-page"]'],
  ['error', '[data-testid="login-error"]'],
  ['force', '.login-choice[role="alertdialog"]'],
  ['changePassword', 'input[autocomplete="new-password"]'],
];

/** Waits for whatever the sign-in led to (leaving out outcomes already on screen before the answer). */
export async function loginOutcome(page: Page, except: LoginOutcome[] = []): Promise<LoginOutcome> {
  const wanted = OUTCOMES.filter(([name]) => !except.includes(name));
  return Promise.any(wanted.map(([name, selector]) => page.locator(selector).first().waitFor({ state: 'visible' }).then(() => name)));
}

/**
 * Signs in through the login page as a user would: account, password, slider
 * drag, submit; confirms a forced sign-in if another session holds the
 * account. Resolves when the home page shows.
 */
export async function signIn(page: Page, userName: string, password: string): Promise<void> {
  await page.goto('/');
  await fillCredentials(page, userName, password);
  await dragSlider(page);
  await submitLogin(page);
  let outcome = await loginOutcome(page);
  if (outcome === 'force') {
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/login');
    await page.locator('.login-choice[role="alertdialog"] .btn-primary').click();
    await answered;
    outcome = await loginOutcome(page, ['force']);
  }
  if (outcome !== 'home') {
    const message = await page.getByTestId('login-error').textContent().catch(() => '');
    throw new Error(`sign-in of ${userName} ended in ${outcome}: ${message}`);
  }
}

/** Switches the language through the user menu's language submenu. */
export async function chooseLanguage(page: Page, label: '中文' | 'English'): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-language').click();
  const item = page.getByRole('menuitemcheckbox', { name: label });
  // keyboard, not a mouse click: the pointer's way from the trigger into the submenu closes it in headless chromium
  await item.focus();
  await page.keyboard.press('Enter');
  const lang = label === '中文' ? 'zh-CN' : 'en-US';
  await page.waitForFunction((wanted) => document.documentElement.lang === wanted, lang);
}

/** Opens the user dropdown and picks an item by test id. */
export async function userMenu(page: Page, testId: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId(testId).click();
}

/** Signs out through the user menu. */
export async function signOut(page: Page): Promise<void> {
  await userMenu(page, 'menu-logout');
  await page.locator('.login-form').waitFor();
}

/**
 * Opens a work area from the top menu as a user does: its item in the bar,
 * or under "More" when the window is too narrow for every area the user holds.
 */
export async function openArea(page: Page, routeName: string): Promise<void> {
  const inBar = page.locator(`nav.top-menu a[data-route="${routeName}"]`);
  await page.locator('nav.top-menu .top-menu-item').first().waitFor();
  if ((await inBar.count()) > 0) return inBar.click();
  await page.locator('nav.top-menu .top-menu-more').click();
  await page.locator(`.menu [data-route="${routeName}"]`).click();
}

/**
 * Opens the workbench signed in, for tests about what comes after: the session is made over HTTP
 * (POST /api/login in the tab's own cookie jar, ending any other session of the account, as the login
 * page's "sign in anyway" does) and kept for the tab as the login page keeps it (sdk startSession), then
 * the home page opens, or `path` when given (a deep link: the workbench starts there, without starting on the
 * home page first, ≈ 0.7 s of the browser's and the server's CPU). Resolves when the page shows the signed-in
 * shell. Half the CPU and wall time of `signIn`, which the sign-in, first-password, lock and profile tests keep
 * using: they are about the login page.
 */
export async function startSignedIn(page: Page, userName: string, password: string, path?: string): Promise<void> {
  const response = await page.request.post('/api/login', { data: { username: userName, password, forceLogin: true } });
  const answer = (await response.json()) as { data?: { flag?: number; token?: string } };
  if (answer.data?.flag !== 1 || !answer.data.token) throw new Error(`sign-in of ${userName} answered ${JSON.stringify(answer)}`);
  // a JSON answer of the same origin: its tab storage is the workbench's, without starting the workbench
  await page.goto('/api/health');
  await page.evaluate((token) => sessionStorage.setItem('token', token), answer.data.token);
  if (path) {
    await page.goto(path);
    await page.getByTestId('user-menu').waitFor();
    return;
  }
  await page.goto('/main/homeIndex');
  await page.getByTestId('home-page').waitFor();
}
