import { describe, expect, it } from 'vitest';
import { AREAS, ALWAYS_PERMITTED_ROUTES, PROJECT_ROUTES, areaIssues, areaServing, defineArea, everyoneRoutes, menusOf, pagePath, type AreaDefinition } from './index.ts';

const area = (over: Partial<AreaDefinition> = {}): AreaDefinition =>
  defineArea({
    id: 'x',
    routeName: 'x_index',
    basePath: '/main/x',
    title: { 'zh-CN': '叉', 'en-US': 'X' },
    icon: 'x',
    sort: 1,
    buttons: [],
    showIn: 'topMenu',
    everyone: false,
    layout: 'plain',
    pages: [{ microRoute: '', title: { 'zh-CN': '叉', 'en-US': 'X' }, listed: true }],
    ...over,
  });

describe('the area definitions', () => {
  it('hold together: unique ids, routes, paths and redirect types; aliases open real pages', () => {
    expect(areaIssues(AREAS)).toEqual([]);
  });

  it('name each problem of a broken definition', () => {
    const broken = [
      area(),
      area({
        id: 'x',
        routeName: 'y_index',
        basePath: '/main/x',
        aliases: [{ path: '/old', microRoute: 'gone' }],
        pages: [
          { microRoute: 'a', title: { 'zh-CN': '甲', 'en-US': 'A' }, buttons: ['edit'], listed: false, inUserMenu: true },
          { microRoute: 'a', routeName: 'x_index', title: { 'zh-CN': '甲', 'en-US': 'A' }, listed: false },
        ],
      }),
    ];
    expect(areaIssues(broken)).toEqual([
      'area id "x" is defined twice',
      'route name "x_index" is defined twice',
      'path "/main/x" is defined twice',
      'x: micro route "a" is defined twice',
      "x/a: buttons need a route of the page's own",
      'x/a: only areas shown in the user menu put pages there',
      'x: alias /old opens no page',
      'x: no page to land on',
    ]);
  });

  it('give every route one menu row; pages sit under their area, hidden when the area is off the top menu or the page unlisted', () => {
    const menus = menusOf(AREAS);
    expect(menus.find((m) => m.routeName === 'system_role')).toEqual({
      routeName: 'system_role',
      parentRouteName: 'system_index',
      path: '/main/system/role',
      title: '角色管理',
      titleEn: 'Roles',
      icon: 'role',
      hidden: false,
      sort: 2,
      buttons: ['add', 'edit', 'del', 'grant'],
    });
    expect(menus.find((m) => m.routeName === 'my_message_index')).toMatchObject({ parentRouteName: 'ownspace_index', path: '/systemInfo/ownspaceIndex/myMessage', hidden: true });
    // the DFMEA project page is guarded by the area's own route: no row of its own
    expect(menus.filter((m) => m.path.startsWith('/main/dfmea')).map((m) => m.routeName)).toEqual(['dfmea_index']);
  });

  it('leave undefined work areas out, so they are neither seeded nor grantable', () => {
    const names = menusOf(AREAS).map((m) => m.routeName);
    for (const unbuilt of ['retired_index', 'system_menu']) expect(names).not.toContain(unbuilt);
  });

  it('give everyone the home page, the personal centre and the inbox, and nothing else', () => {
    expect([...ALWAYS_PERMITTED_ROUTES].sort()).toEqual(
      ['home_index', 'ownspace_index', 'user_info_index', 'resetPwd_index', 'myApply_index', 'myAudit_index', 'myCollection_index', 'my_notice_index', 'my_task_index', 'my_message_index'].sort(),
    );
    expect(everyoneRoutes([area({ everyone: true })])).toEqual(['x_index']);
  });

  it('route design projects to the DFMEA area and process projects to the PFMEA area', () => {
    expect(areaServing(AREAS, 'dfmea')?.routeName).toBe('dfmea_index');
    expect(areaServing(AREAS, 'msr')?.routeName).toBe('dfmea_index');
    expect(areaServing(AREAS, 'pfmea')?.routeName).toBe('pfmea_index');
    expect(PROJECT_ROUTES).toEqual(['dfmea_index', 'pfmea_index']);
  });

  it('put the landing page at the base path and other pages below it', () => {
    const dfmea = AREAS.find((a) => a.id === 'dfmea')!;
    expect(pagePath(dfmea, { microRoute: '' })).toBe('/main/dfmea');
    expect(pagePath(dfmea, { microRoute: 'dfmeaProject' })).toBe('/main/dfmea/dfmeaProject');
  });
});
