// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { AREAS, defineArea, FMEA_KINDS, kindIssues, menusOf, projectLink, type FmeaKind as KindRecord, type KindTable, type ProjectType } from '@fmea/core/domain';
import { definePlugin, type UserInfo } from '@fmea/sdk';
import { DFMEA_KIND, FmeaKindProvider, FmeaProjectList, ProjectPage, FMEA_STEPS, type FmeaKind } from '@fmea/fmea-ui';
import { resolveRoute } from '../app/resolve-route.ts';
import { topMenuItems } from '../shell/areas.ts';
import { HOSTED, hostedAreas, type Hosted } from './registry.ts';

/**
 * Adding an FMEA kind (issue 21) takes its kind record, an area definition
 * that opens its projects, and a thin plugin over the shared FMEA UI: this
 * throwaway kind is declared here and nowhere else, and the shell serves it
 * (menus, guard, top menu, the legacy deep link to its project page) from
 * the same derivations as DFMEA and PFMEA.
 */
const record: KindRecord = { ...FMEA_KINDS.dfmea, type: 'pretend', labelKey: 'pretend', reviewWalk: ['structure', 'risk'], collectType: 'pretendProject' };
const area = defineArea({
  id: 'pretendFmea',
  routeName: 'pretendFmea_index',
  basePath: '/main/pretendFmea',
  title: { 'zh-CN': '试验 FMEA', 'en-US': 'Pretend FMEA' },
  icon: 'pretend',
  sort: 160,
  buttons: ['add', 'edit', 'del'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'plain',
  pages: [
    { microRoute: '', title: { 'zh-CN': '项目', 'en-US': 'Projects' }, listed: false },
    { microRoute: 'pretendProject', title: { 'zh-CN': '项目详情', 'en-US': 'Project' }, listed: false },
  ],
  aliases: [{ path: '/main/pretendProject', microRoute: 'pretendProject' }],
  projectTypes: ['pretend'],
  projectPage: 'pretendProject',
  contributes: { favourites: [{ type: 'pretendProject', title: { 'zh-CN': '试验项目', 'en-US': 'Pretend project' }, projects: true }], messageCodes: ['2', '6', '7', 'task'] },
});

// the thin plugin: the shared pages under the kind (its steps: the shared ones it has)
const uiKind = { ...DFMEA_KIND, projectType: 'pretend' as ProjectType, listTypes: [], route: 'dfmea_index' } satisfies FmeaKind;
const steps = (['planning', 'structure', 'function', 'failure', 'risk', 'optimization'] as const).map((key) => ({ key, label: key, Component: FMEA_STEPS[key] }));
const List = () => (
  <FmeaKindProvider kind={uiKind}>
    <FmeaProjectList basePath={area.basePath} />
  </FmeaKindProvider>
);
const Project = () => (
  <FmeaKindProvider kind={uiKind}>
    <ProjectPage projectId="p1" pptSerial={null} rightType={null} legacyLink steps={steps} />
  </FmeaKindProvider>
);
const plugin = definePlugin({ area, pages: { '': async () => ({ default: List }), pretendProject: async () => ({ default: Project }) }, catalogs: async () => ({}) });

const hosted: Hosted = { plugins: [...HOSTED.plugins, plugin], shellAreas: HOSTED.shellAreas };
const world = { kinds: { ...FMEA_KINDS, pretend: record } as KindTable, areas: [...AREAS, area] };
const engineer = { isAdmin: false, routers: [{ routeName: 'home_index', buttons: [] }, { routeName: 'pretendFmea_index', buttons: ['add'] }] } as unknown as UserInfo;

describe('a throwaway FMEA kind, from its record, its area and a thin plugin', () => {
  it('holds together with the real kinds and areas', () => {
    expect(kindIssues(world.kinds, world.areas)).toEqual([]);
    expect(menusOf(world.areas).filter((m) => m.routeName.startsWith('pretendFmea')).map((m) => m.path)).toEqual(['/main/pretendFmea']);
  });

  it('opens its projects from the deep link that messages, tasks and favourites carry, on its own page', () => {
    const link = projectLink('pretend', 'p1', { step: 'risk' }, world);
    expect(link).toBe('/main/pretendProject?type=1&projectId=p1&rightType=risk');
    const [path, query] = link.split('?') as [string, string];
    expect(resolveRoute(path, engineer, `?${query}`, { hosted })).toEqual({ kind: 'redirect', to: `/main/pretendFmea/pretendProject?${query}` });
    expect(resolveRoute('/main/pretendFmea/pretendProject', engineer, `?${query}`, { hosted })).toMatchObject({ kind: 'area', plugin, microRoute: 'pretendProject' });
    expect(resolveRoute('/main/pretendFmea', engineer, '', { hosted })).toMatchObject({ kind: 'area', plugin, microRoute: '' });
  });

  it('is in the top menu of those who hold it, and of nobody else', () => {
    expect(topMenuItems(engineer, 'en-US', hostedAreas(hosted)).map((i) => i.routeName)).toEqual(['home_index', 'pretendFmea_index']);
    const stranger = { isAdmin: false, routers: [{ routeName: 'home_index', buttons: [] }] } as unknown as UserInfo;
    expect(resolveRoute('/main/pretendFmea/pretendProject', stranger, '?projectId=p1', { hosted })).toEqual({ kind: 'forbidden' });
  });
});
