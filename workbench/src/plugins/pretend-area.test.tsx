// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { AREAS, defineArea, homeArea, favouriteKinds, menusOf, taskSourcesOf, type ButtonIn, type RouteNameIn } from '@fmea/core/domain';
import { grantRoute, listMenus, permittedRoutes, syncMenus } from '@fmea/core';
import { buildRole, buildUser, openTestDatabase, type TestDatabase } from '@fmea/core/testing';
import { definePlugin, type UserInfo } from '@fmea/sdk';
import { resolveRoute } from '../app/resolve-route.ts';
import { i18n } from '@fmea/sdk/host';
import { HomePage } from '../pages/HomePage.tsx';
import { AreaHost } from '../shell/AreaHost.tsx';
import { navPages, topMenuItems } from '../shell/areas.ts';
import { HOSTED, hostedAreas, type Hosted } from './registry.ts';

/**
 * Adding a work area takes one definition (core) and one plugin file: this
 * pretend area, defined here and nowhere else, gets its menus, its entry in
 * the permission tree, the guard, its navigation, the top menu and typed
 * route names from the same derivations as the real areas.
 */
const pretendArea = defineArea({
  id: 'pretend',
  routeName: 'pretend_index',
  basePath: '/main/pretend',
  title: { 'zh-CN': '试验区', 'en-US': 'Pretend' },
  icon: 'pretend',
  sort: 150,
  buttons: [],
  showIn: 'topMenu',
  everyone: false,
  layout: 'subNav',
  pages: [
    { microRoute: 'plans', routeName: 'pretend_plans', title: { 'zh-CN': '计划', 'en-US': 'Plans' }, buttons: ['add', 'approve'], listed: true },
    { microRoute: 'reports', routeName: 'pretend_reports', title: { 'zh-CN': '报告', 'en-US': 'Reports' }, buttons: ['export'], listed: true },
    { microRoute: 'plan', title: { 'zh-CN': '计划详情', 'en-US': 'Plan' }, listed: false },
  ],
  aliases: [{ path: '/main/pretendPlan', microRoute: 'plan' }],
  projectTypes: ['pretend'],
  projectPage: 'plan',
  // what it gives the shell: the home page's recent list, a task source of My tasks, a kind of favourite
  contributes: {
    recent: { path: '/api/pretend/recent' },
    taskSources: ['pretendChecks'],
    favourites: [{ type: 'pretendPlan', title: { 'zh-CN': '计划', 'en-US': 'Plan' }, projects: true }],
  },
});

const Page = ({ microRoute }: { microRoute: string }) => <p data-testid="pretend-page">{microRoute}</p>;
const pretendPlugin = definePlugin({
  area: pretendArea,
  pages: { plans: async () => ({ default: Page }), reports: async () => ({ default: Page }), plan: async () => ({ default: Page }) },
  catalogs: async () => ({}),
});

const hosted: Hosted = { plugins: [...HOSTED.plugins, pretendPlugin], shellAreas: HOSTED.shellAreas };
const areas = [...AREAS, pretendArea] as const;

// typed access follows the definition: its routes and buttons are names the compiler knows
export const plansRoute: RouteNameIn<typeof areas> = 'pretend_plans';
export const approve: ButtonIn<typeof areas, 'pretend_plans'> = 'approve';
// @ts-expect-error the reports page offers export only
export const wrongButton: ButtonIn<typeof areas, 'pretend_reports'> = 'approve';
// @ts-expect-error a typo in the route
export const wrongRoute: RouteNameIn<typeof areas> = 'pretend_plan';

function userHolding(routes: Record<string, string[]>): UserInfo {
  return { isAdmin: false, routers: Object.entries(routes).map(([routeName, buttons]) => ({ routeName, buttons })) } as unknown as UserInfo;
}
const planner = userHolding({ home_index: [], pretend_index: [], pretend_plans: ['approve'] });
const stranger = userHolding({ home_index: [] });

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  i18n.load('en-US', {});
  i18n.activate('en-US');
});
afterAll(() => t.dispose());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The API as the home page reads it: the pretend area's recent list answers, every other card is refused (it then says nothing). */
function serveRecent(rows: object[]): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://workbench').pathname;
      asked.push(path);
      // the dashboard shows the home area's recent projects, which the shell gathers from the areas' recent lists
      const data = path === '/api/pretend/recent' ? rows : path === '/api/dashboard/indicators' ? [{ ...homeArea.contributes.indicators[0], sortGroup: null, area: 'home', areaRoute: 'home_index', everyone: true, enabled: true }] : undefined;
      const answer = data ? { meta: { success: true, code: 200, message: '' }, data } : { meta: { success: false, code: 403, message: 'no' }, data: null };
      return new Response(JSON.stringify(answer), { status: data ? 200 : 403, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

describe('a pretend work area, from one definition and one plugin', () => {
  it('gets its menu rows: the area and each page with a route of its own', () => {
    const rows = menusOf(areas).filter((m) => m.routeName.startsWith('pretend'));
    expect(rows.map((m) => [m.routeName, m.parentRouteName, m.path, m.buttons])).toEqual([
      ['pretend_index', null, '/main/pretend', []],
      ['pretend_plans', 'pretend_index', '/main/pretend/plans', ['add', 'approve']],
      ['pretend_reports', 'pretend_index', '/main/pretend/reports', ['export']],
    ]);
  });

  it('is seeded into the permission tree, grantable, and reaches the user’s routers', async () => {
    await t.ctx.db.transaction((tx) => syncMenus({ ...t.ctx, db: tx }, areas));
    expect((await listMenus(t.ctx)).filter((m) => m.routeName.startsWith('pretend')).map((m) => m.routeName)).toEqual(['pretend_index', 'pretend_plans', 'pretend_reports']);
    const role = await buildRole(t.ctx, { label: 'planner' });
    await grantRoute(t.ctx, role.id, { routeName: 'pretend_index', buttons: [] });
    await grantRoute(t.ctx, role.id, { routeName: 'pretend_plans', buttons: ['approve'] });
    await expect(grantRoute(t.ctx, role.id, { routeName: 'pretend_plans', buttons: ['publish'] })).rejects.toMatchObject({ messageKey: 'role.unknown_button' });
    const user = await buildUser(t.ctx, { label: 'planner', roles: [role.id] });
    const routers = await permittedRoutes(t.db, user.id);
    expect(routers.filter((r) => r.routeName.startsWith('pretend')).map((r) => [r.routeName, r.buttons]).sort()).toEqual([
      ['pretend_index', []],
      ['pretend_plans', ['approve']],
    ]);
  });

  it('is guarded: landing on the first open page, 403 for pages not granted, 404 for unknown ones, aliases kept with their query', () => {
    expect(resolveRoute('/main/pretend', planner, '', { hosted })).toEqual({ kind: 'redirect', to: '/main/pretend/plans' });
    expect(resolveRoute('/main/pretend/plans', planner, '', { hosted })).toMatchObject({ kind: 'area', plugin: pretendPlugin, microRoute: 'plans' });
    expect(resolveRoute('/main/pretend/reports', planner, '', { hosted })).toEqual({ kind: 'forbidden' });
    expect(resolveRoute('/main/pretend/nothing', planner, '', { hosted })).toEqual({ kind: 'notFound' });
    expect(resolveRoute('/main/pretend/plans', stranger, '', { hosted })).toEqual({ kind: 'forbidden' });
    expect(resolveRoute('/main/pretendPlan', planner, '?id=7', { hosted })).toEqual({ kind: 'redirect', to: '/main/pretend/plan?id=7' });
    // without the plugin the workbench does not serve the area at all
    expect(resolveRoute('/main/pretend/plans', planner)).toEqual({ kind: 'notFound' });
  });

  it('shows in the top menu and lists only the pages the user holds in its navigation', async () => {
    expect(topMenuItems(planner, 'en-US', hostedAreas(hosted)).map((i) => i.routeName)).toEqual(['home_index', 'pretend_index']);
    expect(topMenuItems(stranger, 'en-US', hostedAreas(hosted)).map((i) => i.routeName)).toEqual(['home_index']);
    expect(navPages(pretendArea, planner).map((p) => p.microRoute)).toEqual(['plans']);
    const plans = pretendArea.pages[0];
    render(
      <I18nProvider i18n={i18n}>
        <AreaHost plugin={pretendPlugin} page={plans} user={planner} />
      </I18nProvider>,
    );
    expect((await screen.findByTestId('pretend-page')).textContent).toBe('plans');
    const root = screen.getByTestId('pretend-root');
    expect(root.getAttribute('data-page')).toBe('plans');
    expect([...root.querySelectorAll('nav a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([['Plans', '/main/pretend/plans', 'page']]);
  });

  it('contributes its recent list to the home page, read only for users holding the area, beside the FMEA areas’', async () => {
    const asked = serveRecent([{ id: 'plan-7', serialNum: 'PR-7', name: 'Brake plan', projectType: 'pretend' }]);
    render(
      <I18nProvider i18n={i18n}>
        <HomePage user={planner} hosted={hosted} />
      </I18nProvider>,
    );
    const card = await screen.findByTestId('home-recent');
    expect((await within(card).findByRole('button')).textContent).toBe('PR-7 · Brake plan');
    expect(asked.filter((path) => /recent/i.test(path))).toEqual(['/api/pretend/recent']);
    cleanup();
    // a user holding the DFMEA area and this one reads both lists, the areas' order kept; a stranger reads none
    const both = serveRecent([]);
    render(
      <I18nProvider i18n={i18n}>
        <HomePage user={userHolding({ home_index: [], dfmea_index: [], pretend_index: [] })} hosted={hosted} />
      </I18nProvider>,
    );
    await screen.findByText('No projects opened yet');
    expect(both.filter((path) => /recent/i.test(path))).toEqual(['/api/project/selectRecentProject', '/api/pretend/recent']);
    cleanup();
    const none = serveRecent([]);
    render(
      <I18nProvider i18n={i18n}>
        <HomePage user={stranger} hosted={hosted} />
      </I18nProvider>,
    );
    await screen.findByText('No projects opened yet');
    expect(none.filter((path) => /recent/i.test(path))).toEqual([]);
  });

  it('contributes a task source and a favourite kind, gathered with the real areas’', () => {
    expect([...taskSourcesOf(areas).keys()]).toEqual(['program', 'review', 'action', 'proposal', 'drbfmAction', 'dvp', 'ewo', 'problemStep', 'pretendChecks']);
    expect(taskSourcesOf(areas).get('pretendChecks')).toEqual({ projectTypes: ['pretend'] });
    expect(favouriteKinds(areas).filter((k) => k.projects).map((k) => [k.type, k.area])).toEqual([
      ['project', 'dfmea'],
      ['pfmeaProject', 'pfmea'],
      ['fmedaProject', 'fmeda'],
      ['drbfmProject', 'drbfm'],
      ['pretendPlan', 'pretend'],
    ]);
  });

  it('says so when none of its pages is open to the user', () => {
    const nobody = userHolding({ pretend_index: [] });
    expect(resolveRoute('/main/pretend', nobody, '', { hosted })).toMatchObject({ kind: 'area', page: undefined });
    render(
      <I18nProvider i18n={i18n}>
        <AreaHost plugin={pretendPlugin} page={undefined} user={nobody} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('pretend-root').textContent).toContain('No page of Pretend is open to you');
  });
});
