import { describe, expect, it } from 'vitest';
import { AREAS, defineArea } from '../areas/index.ts';
import { FMEA_KINDS, kindIssues, kindOf, kindsOfSide, projectLink, projectPagePath, sameSide, type FmeaKind, type KindTable } from './kinds.ts';
import { ANALYSIS_STEPS, PROJECT_TYPES } from './vocabulary.ts';

describe('the FMEA kind records', () => {
  it('hold together with the area definitions: one record per type, each opened by one area', () => {
    expect(kindIssues(FMEA_KINDS, AREAS)).toEqual([]);
    expect(Object.keys(FMEA_KINDS).sort()).toEqual([...PROJECT_TYPES].sort());
  });

  it('give the deep links of spec 001 §2 from the areas: the legacy alias, the step and the kind’s leftType', () => {
    expect(projectLink('dfmea', 'p 1')).toBe('/main/dfmeaProject?type=1&projectId=p%201');
    expect(projectLink('family', 'p1', { step: 'risk' })).toBe('/main/dfmeaProject?type=1&projectId=p1&rightType=risk');
    expect(projectLink('pfmea', 'p1', { step: 'optimization' })).toBe('/main/pfmeaProject?type=1&projectId=p1&rightType=optimization&leftType=10');
    expect(projectPagePath('msr')).toBe('/main/dfmea/dfmeaProject');
    expect(projectPagePath('pfmea')).toBe('/main/pfmea/pfmeaProject');
  });

  it('group the kinds by side', () => {
    // an FMEDA is a design-side analysis (of a hardware element of the design)
    expect(kindsOfSide('dfmea')).toEqual(['dfmea', 'family', 'msr', 'fmeda', 'drbfm']);
    expect(kindsOfSide('pfmea')).toEqual(['pfmea']);
    expect(sameSide('family', 'msr')).toBe(true);
    expect(sameSide('dfmea', 'pfmea')).toBe(false);
    expect(kindOf('fmeda').numberingModule).toBe('fmeda');
    expect(projectPagePath('fmeda')).toBe('/main/fmeda/fmedaProject');
    expect(() => kindOf('fmedb')).toThrow(/unknown project type fmedb/);
    expect(() => kindOf('toString')).toThrow(/unknown project type/);
  });
});

/**
 * Adding a kind takes its record and an area that opens it (issue 21): this
 * throwaway kind, declared here and nowhere else, gets its deep links, its
 * project page and a clean bill from the same derivations as the real ones.
 */
describe('a throwaway kind, declared only here', () => {
  const pretendKind: FmeaKind = { ...FMEA_KINDS.dfmea, type: 'pretend', labelKey: 'pretend', steps: ANALYSIS_STEPS, reviewWalk: ['structure', 'risk'], collectType: 'pretendProject', leftTypes: { default: null, optimization: '7' } };
  const pretendArea = defineArea({
    id: 'pretend',
    routeName: 'pretend_index',
    basePath: '/main/pretend',
    title: { 'zh-CN': '试验', 'en-US': 'Pretend' },
    icon: 'pretend',
    sort: 150,
    buttons: ['add'],
    showIn: 'topMenu',
    everyone: false,
    layout: 'plain',
    pages: [
      { microRoute: '', title: { 'zh-CN': '列表', 'en-US': 'List' }, listed: false },
      { microRoute: 'pretendProject', title: { 'zh-CN': '项目', 'en-US': 'Project' }, listed: false },
    ],
    aliases: [{ path: '/main/pretendProject', microRoute: 'pretendProject' }],
    projectTypes: ['pretend'],
    projectPage: 'pretendProject',
    contributes: { favourites: [{ type: 'pretendProject', title: { 'zh-CN': '试验项目', 'en-US': 'Pretend project' }, projects: true }], messageCodes: ['2', '6', '7', 'task'] },
  });
  const world = { kinds: { ...FMEA_KINDS, pretend: pretendKind } as KindTable, areas: [...AREAS, pretendArea] };

  it('FMEA-MSR: its reviewer walks the DFMEA steps, then the three MSR steps', () => {
    expect(FMEA_KINDS.msr.reviewWalk).toEqual(['interfaces', 'structure', 'function', 'failure', 'risk', 'optimization', 'msrFailure', 'msrRisk', 'msrOptimization']);
    expect(FMEA_KINDS.dfmea.reviewWalk).not.toContain('msrRisk');
  });

  it('opens on its own area’s page, through its alias', () => {
    expect(kindIssues(world.kinds, world.areas)).toEqual([]);
    expect(projectLink('pretend', 'x', { step: 'optimization' }, world)).toBe('/main/pretendProject?type=1&projectId=x&rightType=optimization&leftType=7');
    expect(projectPagePath('pretend', world)).toBe('/main/pretend/pretendProject');
    expect(kindOf('pretend', world.kinds).reviewWalk).toEqual(['structure', 'risk']);
  });

  it('is refused when it is declared badly', () => {
    const orphan = { ...world.kinds, orphan: { ...pretendKind, type: 'orphan', reviewWalk: ['flow'], variantType: 'nothing' } } as KindTable;
    expect(kindIssues(orphan, world.areas)).toEqual([
      'orphan: opened by 0 areas, not one',
      'orphan: the review walk passes flow, which only a process model has',
      'orphan: its variants are of an unknown type nothing',
    ]);
    expect(kindIssues(FMEA_KINDS, world.areas)).toEqual(['pretend: an area opens it, but it has no kind record']);
    // the MSR tabs: in the walk of a kind with the MSR steps only
    const msrWalk = { ...world.kinds, pretend: { ...pretendKind, reviewWalk: ['structure', 'msrRisk'] } } as KindTable;
    expect(kindIssues(msrWalk, world.areas)).toEqual(['pretend: the review walk passes msrRisk, which only a kind with the MSR steps has']);
    const unstarred = { ...world.kinds, pretend: { ...pretendKind, collectType: 'project', messages: { ...pretendKind.messages, task: 'pfmeaTask' } } } as KindTable;
    expect(kindIssues(unstarred, world.areas)).toEqual(['pretend: its area pretend does not offer project as a project favourite', 'pretend: its area pretend does not open message pfmeaTask']);
  });
});
