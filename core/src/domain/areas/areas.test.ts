import { describe, expect, it } from 'vitest';
import { COLLECT_TYPES } from '../collections/index.ts';
import { COMMENT_TARGET_KINDS } from '../fmea-comments/index.ts';
import { FMEA_KINDS } from '../fmea/kinds.ts';
import { MESSAGE_CODES } from '../messages/index.ts';
import {
  AREAS,
  ALWAYS_PERMITTED_ROUTES,
  PROJECT_ROUTES,
  areaIssues,
  areaServing,
  commentTargetsOf,
  defineArea,
  everyoneRoutes,
  favouriteKinds,
  ftaTreePath,
  menusOf,
  messageCodesOf,
  pagePath,
  problemDetailPath,
  projectFavouriteTypes,
  recentContributors,
  taskSourcesOf,
  type AreaDefinition,
} from './index.ts';

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

  it('give everyone the home page, the personal centre (their scores too) and the inbox, and nothing else', () => {
    expect([...ALWAYS_PERMITTED_ROUTES].sort()).toEqual(
      ['home_index', 'ownspace_index', 'user_info_index', 'resetPwd_index', 'myApply_index', 'myAudit_index', 'myScore_index', 'myCollection_index', 'my_notice_index', 'my_task_index', 'my_message_index'].sort(),
    );
    expect(everyoneRoutes([area({ everyone: true })])).toEqual(['x_index']);
  });

  it('route design projects to the DFMEA area and process projects to the PFMEA area', () => {
    expect(areaServing(AREAS, 'dfmea')?.routeName).toBe('dfmea_index');
    expect(areaServing(AREAS, 'msr')?.routeName).toBe('dfmea_index');
    expect(areaServing(AREAS, 'pfmea')?.routeName).toBe('pfmea_index');
    expect(PROJECT_ROUTES).toEqual(['dfmea_index', 'pfmea_index', 'fmeda_index', 'drbfm_index']);
  });

  it('put the landing page at the base path and other pages below it', () => {
    const dfmea = AREAS.find((a) => a.id === 'dfmea')!;
    expect(pagePath(dfmea, { microRoute: '' })).toBe('/main/dfmea');
    expect(pagePath(dfmea, { microRoute: 'dfmeaProject' })).toBe('/main/dfmea/dfmeaProject');
    // a fault tree's page, as the FMEA's views link to it
    expect(ftaTreePath('FT2603010001')).toBe('/main/ftaIndex/ftaTree?id=FT2603010001');
    // a problem's page, as messages and My tasks link to it
    expect(problemDetailPath('RS2603010001')).toBe('/main/problem/problemDetail?id=RS2603010001');
  });
});

describe('what the areas contribute to the shell', () => {
  it('gives the home page the recent lists of the FMEA areas, and My tasks the program tasks, the review, action and change-proposal sources over every project type, the DVP tests, the EWO’s follow-ups and the 8D steps', () => {
    expect(recentContributors(AREAS).map((a) => [a.id, a.contributes.recent.path])).toEqual([
      ['dfmea', '/api/project/selectRecentProject'],
      ['pfmea', '/api/pfmeaProject/selectRecentPfmeaProject'],
      ['fmeda', '/api/fmeda/selectRecentFmedaProject'],
      ['drbfm', '/api/drbfm/selectRecentDrbfmProject'],
    ]);
    expect([...taskSourcesOf(AREAS)]).toEqual([
      // the task area's: program tasks, on an FMEA or none (it opens no projects itself)
      ['program', { projectTypes: [] }],
      ['review', { projectTypes: ['dfmea', 'family', 'msr', 'pfmea', 'fmeda', 'drbfm'] }],
      ['action', { projectTypes: ['dfmea', 'family', 'msr', 'pfmea'] }],
      ['proposal', { projectTypes: ['dfmea', 'family', 'msr', 'pfmea'] }],
      // the DRBFM's design and evaluation actions (issue 25)
      ['drbfmAction', { projectTypes: ['drbfm'] }],
      // the DVP area opens no projects: its source reads the tests given to the caller
      ['dvp', { projectTypes: [] }],
      // an EWO names no FMEA project type: its source reads EWOs, not projects
      ['ewo', { projectTypes: [] }],
      // the problem area opens no projects: its source reads the 8D steps the caller owns
      ['problemStep', { projectTypes: [] }],
    ]);
  });

  it('contributes every stored favourite kind once; the project kinds are those of the FMEA areas', () => {
    const kinds = favouriteKinds(AREAS);
    expect(kinds.map((k) => k.type).sort()).toEqual([...COLLECT_TYPES].sort());
    expect(projectFavouriteTypes(AREAS)).toEqual(['project', 'pfmeaProject', 'fmedaProject', 'drbfmProject']);
    expect(kinds.find((k) => k.type === 'pfmeaProject')).toMatchObject({ area: 'pfmea', title: { 'en-US': 'PFMEA project' } });
  });

  it('lets a PFMEA take comments on its control plan lines, and a design project on its analysis rows only', () => {
    expect(commentTargetsOf(AREAS, 'pfmea')).toEqual(COMMENT_TARGET_KINDS);
    for (const type of ['dfmea', 'family', 'msr']) expect(commentTargetsOf(AREAS, type)).toEqual(COMMENT_TARGET_KINDS.filter((k) => k !== 'controlPlanLine'));
    expect(commentTargetsOf(AREAS, 'fmeda')).toEqual([]);
  });

  it('opens every message code on a page of some area', () => {
    const codes = messageCodesOf(AREAS);
    expect([...codes.keys()].sort()).toEqual([...MESSAGE_CODES].sort());
    expect(codes.get('5')).toEqual(['pfmea']);
    expect(codes.get('1')).toEqual(['dfmea', 'pfmea', 'fmeda', 'drbfm', 'personal']);
  });

  // where these facts meet the kind records (a kind's favourite type and message codes are its area's): kindIssues, core/src/domain/fmea/kinds.test.ts

  it('name each problem of broken contributions', () => {
    const broken = [
      area({ contributes: { recent: { path: 'project/recent' }, favourites: [{ type: 'project', title: { 'zh-CN': '甲', 'en-US': 'A' }, projects: true }], commentTargets: ['node', 'node', 'row'], messageCodes: ['9'], taskSources: ['action', 'action'] } }),
      area({ id: 'y', routeName: 'y_index', basePath: '/main/y', contributes: { favourites: [{ type: 'project', title: { 'zh-CN': '乙', 'en-US': 'B' } }] } }),
    ];
    expect(areaIssues(broken)).toEqual([
      'x: the recent list project/recent is no API path',
      'x: task source "action" is contributed twice',
      'x: favourite kind project names projects, but the area opens none',
      'x: comment target "node" is contributed twice',
      'x: takes comments on rows, but opens no projects',
      'x: comment target row is no row kind',
      'x: message code 9 is no message code',
      'favourite kind "project" is contributed by x and y',
    ]);
  });

  it('gathers a new area’s contributions with the others', () => {
    const pretend = area({
      id: 'pretend',
      projectTypes: ['drbfm'],
      projectPage: '',
      contributes: { recent: { path: '/api/pretend/recent' }, taskSources: ['pretendChecks', 'action'], favourites: [{ type: 'pretendPlan', title: { 'zh-CN': '计划', 'en-US': 'Plan' } }], commentTargets: ['node'] },
    });
    // the pretend area stands in for the DRBFM area serving its project type
    const areas = [...AREAS.filter((a) => a.id !== 'drbfm'), pretend];
    expect(areaIssues(areas)).toEqual([]);
    expect(recentContributors(areas).map((a) => a.id)).toEqual(['dfmea', 'pfmea', 'fmeda', 'pretend']);
    expect(taskSourcesOf(areas).get('pretendChecks')).toEqual({ projectTypes: ['drbfm'] });
    expect(taskSourcesOf(areas).get('action')!.projectTypes).toContain('drbfm');
    expect(favouriteKinds(areas).map((k) => k.type)).toContain('pretendPlan');
    expect(commentTargetsOf(areas, 'drbfm')).toEqual(['node']);
  });
});
