/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/** What a screen needs to know to open itself: the demo DFMEA project. */
export interface ScreenContext {
  projectId: string;
  /** A DFMEA the administrator may edit (the demo's window lifter is released, so read-only): for the editor screens. */
  editableProjectId: string;
  /** The demo PFMEA (gear housing): its flow chart and control plan. */
  pfmeaProjectId?: string;
  /** The demo fault tree (generated from the window lifter's DFMEA), when the demo data holds one. */
  ftaTreeId?: string;
  /** The demo FMEDA (the motor driver): its worksheet with the metrics. */
  fmedaProjectId?: string;
}

export interface Screen {
  /** File-name friendly: `<area>-<screen>`. */
  name: string;
  /** Opens the screen from a signed-in page and waits until it shows its data. */
  open: (page: Page, ctx: ScreenContext) => Promise<void>;
  /** Closes what `open` opened on top of the page (dialogs, menus). */
  close?: (page: Page) => Promise<void>;
}

const settle = (page: Page) => page.waitForLoadState('networkidle').catch(() => undefined);

async function go(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  await settle(page);
}

const escape = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' }).catch(() => undefined);
};

const SYSTEM_PAGES = ['user', 'role', 'site', 'dictionary', 'notice', 'log', 'numbering', 'rules', 'security', 'indicator', 'app'];
const PERSONAL_PAGES = ['userInfo', 'resetPwd', 'myApply', 'myAudit', 'myCollection', 'myNotice', 'myTask', 'myMessage'];
export const DFMEA_STEPS = ['planning', 'structure', 'interfaces', 'function', 'failure', 'risk', 'optimization', 'characteristics'];
/** The PFMEA steps of its own (rightType 7, 8) and the structure with its customer classes. */
const PFMEA_STEPS = [
  ['structure', '2'],
  ['function', '3'],
  ['flow', '7'],
  ['controlPlan', '8'],
] as const;

const step = (name: string): Screen => ({
  name: `dfmea-step-${name}`,
  open: async (page, { projectId }) => {
    await go(page, `/main/dfmea/dfmeaProject?projectId=${projectId}&rightType=${name}`, `[data-testid="dfmea-panel-${name}"]`);
    await page.locator(`[data-testid="dfmea-panel-${name}"] > *`).first().waitFor();
    await settle(page);
  },
});

/**
 * Every screen a signed-in administrator reaches, in the order of a walk
 * through the product: home, the system pages, the personal centre, the
 * DFMEA list and each step of the demo project, and the dialogs that matter.
 */
export const SCREENS: Screen[] = [
  { name: 'shell-home', open: (page) => go(page, '/main', '[data-testid="home-page"]') },
  {
    name: 'shell-user-menu',
    open: async (page) => {
      await go(page, '/main', '[data-testid="home-page"]');
      await page.getByTestId('user-menu').click();
      await page.getByRole('menu').waitFor();
    },
    close: escape,
  },
  {
    name: 'shell-online-users',
    open: async (page) => {
      await go(page, '/main', '[data-testid="home-page"]');
      await page.getByTestId('online-button').click();
      await page.getByRole('dialog').waitFor();
    },
    close: escape,
  },
  ...SYSTEM_PAGES.map<Screen>((name) => ({
    name: `system-${name}`,
    open: (page) => go(page, `/main/system/${name}`, `[data-testid="system-root"][data-page="${name}"]`),
  })),
  {
    name: 'system-user-dialog',
    open: async (page) => {
      await go(page, '/main/system/user', '[data-testid="system-users"] [role="grid"] [data-row-key]');
      await page.getByTestId('system-users').getByRole('button').first().click();
      await page.getByRole('dialog').waitFor();
    },
    close: escape,
  },
  ...PERSONAL_PAGES.map<Screen>((name) => ({
    name: `personal-${name}`,
    open: (page) => go(page, `/systemInfo/ownspaceIndex/${name}`, '.page'),
  })),
  { name: 'dfmea-list', open: (page) => go(page, '/main/dfmea', '[data-testid="dfmea-project-list"] [data-row-key]') },
  { name: 'dfmea-templates', open: (page) => go(page, '/main/dfmea/templates', '[data-testid="fmea-templates"] [data-row-key]') },
  {
    name: 'dfmea-template-publish',
    open: async (page) => {
      await go(page, '/main/dfmea/templates', '[data-testid="fmea-templates"] [data-row-key]');
      await page.getByTestId('template-publish').first().click();
      await page.getByRole('dialog').waitFor();
    },
    close: escape,
  },
  {
    name: 'dfmea-new-project',
    open: async (page) => {
      await go(page, '/main/dfmea', '[data-testid="dfmea-project-list"] [data-row-key]');
      await page.getByTestId('dfmea-new').click();
      await page.getByRole('dialog').waitFor();
      await settle(page);
    },
    close: escape,
  },
  {
    name: 'dfmea-import',
    open: async (page) => {
      await go(page, '/main/dfmea', '[data-testid="dfmea-project-list"] [data-row-key]');
      await page.getByTestId('dfmea-import').click();
      await page.getByRole('dialog').waitFor();
    },
    close: escape,
  },
  {
    name: 'dfmea-share',
    open: async (page) => {
      await go(page, '/main/dfmea', '[data-testid="dfmea-project-list"] [data-row-key]');
      await page.getByTestId('dfmea-share').first().click();
      await page.getByRole('dialog').waitFor();
      await settle(page);
    },
    close: escape,
  },
  ...DFMEA_STEPS.map(step),
  { name: 'pfmea-list', open: (page) => go(page, '/main/pfmea', '[data-testid="dfmea-project-list"] [data-row-key]') },
  // the FTA area: its list, and a new tree's dialog (the list may be empty in the demo data)
  { name: 'fta-list', open: (page) => go(page, '/main/ftaIndex', '[data-testid="fta-list"]') },
  {
    name: 'fta-new-dialog',
    open: async (page) => {
      await go(page, '/main/ftaIndex', '[data-testid="fta-list"]');
      await page.getByTestId('fta-new').click();
      await page.getByRole('dialog').waitFor();
      await settle(page);
    },
    close: escape,
  },
  {
    name: 'fta-tree',
    open: async (page, { ftaTreeId }) => {
      if (!ftaTreeId) throw new Error('the demo data holds no fault tree');
      await go(page, `/main/ftaIndex/ftaTree?id=${ftaTreeId}`, '[data-testid="fta-diagram"] [data-key]');
    },
  },
  {
    name: 'fta-tree-analysis',
    open: async (page, { ftaTreeId }) => {
      if (!ftaTreeId) throw new Error('the demo data holds no fault tree');
      await go(page, `/main/ftaIndex/ftaTree?id=${ftaTreeId}`, '[data-testid="fta-diagram"] [data-key]');
      await page.getByTestId('fta-run').click();
      await page.getByTestId('fta-p-exact').waitFor();
      await page.getByTestId('fta-analysis').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await settle(page);
    },
  },
  { name: 'fmeda-list', open: (page) => go(page, '/main/fmeda', '[data-testid="dfmea-project-list"] [data-row-key]') },
  {
    name: 'fmeda-worksheet',
    open: async (page, { fmedaProjectId }) => {
      if (!fmedaProjectId) throw new Error('the demo data holds no FMEDA project');
      await go(page, `/main/fmeda/fmedaProject?projectId=${fmedaProjectId}&rightType=worksheet`, '[data-testid="fmeda-metrics"]');
    },
  },
  ...PFMEA_STEPS.map<Screen>(([name, rightType]) => ({
    name: `pfmea-step-${name}`,
    open: async (page, { pfmeaProjectId }) => {
      if (!pfmeaProjectId) throw new Error('the demo data holds no PFMEA project');
      await go(page, `/main/pfmea/pfmeaProject?projectId=${pfmeaProjectId}&rightType=${rightType}`, `[data-testid="dfmea-panel-${name}"]`);
      await page.locator(`[data-testid="dfmea-panel-${name}"] > *`).first().waitFor();
      await settle(page);
    },
  })),
  {
    // a severity editor on an effect several chains share: the "applies to N rows" hint
    name: 'dfmea-risk-editor',
    open: async (page, ctx) => {
      await step('risk').open(page, { ...ctx, projectId: ctx.editableProjectId });
      await page.locator('.dfmea-risk [data-row-key] [data-column-id="severity"]').first().dblclick();
      await page.getByTestId('grid-editor-hint').waitFor();
    },
    close: (page) => page.keyboard.press('Escape'),
  },
  {
    // clearing that severity asks first; the sweep cancels, so nothing changes
    name: 'dfmea-risk-clear-confirm',
    open: async (page, ctx) => {
      await step('risk').open(page, { ...ctx, projectId: ctx.editableProjectId });
      const cell = page.locator('.dfmea-risk [data-row-key] [data-column-id="severity"]').first();
      await cell.dblclick();
      await cell.locator('input').fill('');
      await cell.locator('input').press('Enter');
      await page.getByTestId('confirm-dialog').waitFor();
    },
    close: async (page) => {
      await page.getByTestId('confirm-dialog').locator('.btn:not(.btn-danger)').click();
      await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
    },
  },
];
