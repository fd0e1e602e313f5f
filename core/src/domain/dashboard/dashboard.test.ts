import { describe, expect, it } from 'vitest';
import { AREAS, areaIssues, contributionIssues, defineArea, indicatorsOf, type AreaDefinition, type IndicatorContribution } from '../areas/index.ts';
import { dashboardBlocks, effectiveIndicators, indicatorSettingIssues } from './index.ts';

const title = { 'zh-CN': '指标', 'en-US': 'Indicator' };
const indicator = (over: Partial<IndicatorContribution>): IndicatorContribution => ({ id: 'a', title, route: '/api/x/a', kind: 'count', sort: 1, ...over });
const area = (id: string, indicators: IndicatorContribution[], everyone = false): AreaDefinition =>
  defineArea({ id, routeName: `${id}_index`, basePath: `/main/${id}`, title, icon: id, sort: 1, buttons: [], showIn: 'topMenu', everyone, layout: 'plain', pages: [], contributes: { indicators } });

describe('indicators contributed by the areas', () => {
  it('hold together for the product’s areas', () => {
    expect(areaIssues(AREAS)).toEqual([]);
    expect(indicatorsOf(AREAS).map((i) => [i.area, i.id, i.sortGroup ?? null])).toEqual([
      ['home', 'recentProjects', null],
      ['dfmea', 'dfmeaOpenH', 'openH'],
      ['pfmea', 'pfmeaOpenH', 'openH'],
      ['dvp', 'dvpFailedTests', null],
      ['problem', 'problemsPastDue', null],
      ['personal', 'myTasks', null],
      ['personal', 'reviewsWaiting', null],
    ]);
  });

  it('name each problem of broken indicators', () => {
    const broken = [
      area('x', [indicator({}), indicator({ route: 'x/b', kind: 'pie' as 'count', sort: 0 })]),
      area('y', [indicator({ id: 'b', route: '/api/x/a', sort: 1 }), indicator({ id: 'c', route: '/api/y/c', sort: 7, sortGroup: 'g' }), indicator({ id: 'd', route: '/api/y/d', sort: 7, sortGroup: 'g' })]),
    ];
    expect(contributionIssues(broken)).toEqual([
      'indicator "a" is contributed by x and x',
      'x: indicator a\'s route x/b is no API path',
      'x: indicator a is of no kind (pie)',
      "x: indicator a's sort 0 is no positive whole number",
      'y: indicator b answers at /api/x/a, as a does',
      'y: indicator b shares sort 1 with a outside a sort group',
    ]);
  });
});

describe('the dashboard’s settings', () => {
  const contributed = indicatorsOf([area('p', [indicator({ id: 'tasks', sort: 10 })], true), area('q', [indicator({ id: 'left', route: '/api/q/l', sort: 20, sortGroup: 'pair' }), indicator({ id: 'right', route: '/api/q/r', sort: 20, sortGroup: 'pair' })])]);

  it('puts an indicator the stored settings do not name on at its own sort, and drops ids no area gives', () => {
    const list = effectiveIndicators(contributed, [{ indicator: 'right', enabled: false, sort: 5 }, { indicator: 'gone', enabled: true, sort: 1 }]);
    expect(list.map((i) => [i.id, i.enabled, i.sort, i.everyone])).toEqual([
      ['right', false, 5, false],
      ['tasks', true, 10, true],
      ['left', true, 20, false],
    ]);
  });

  it('lets only indicators of one sort group share a sort, shown side by side as one block', () => {
    expect(indicatorSettingIssues(contributed, [{ indicator: 'left', enabled: true, sort: 3 }, { indicator: 'right', enabled: true, sort: 3 }])).toEqual([]);
    expect(indicatorSettingIssues(contributed, [{ indicator: 'tasks', enabled: true, sort: 3 }, { indicator: 'right', enabled: true, sort: 3 }])).toEqual([
      { messageKey: 'validation.sort_duplicate', field: 'indicators.1.sort', params: { field: 'indicators.1.sort', value: 3 } },
    ]);
    const blocks = dashboardBlocks(effectiveIndicators(contributed, []));
    expect(blocks.map((b) => b.map((i) => i.id))).toEqual([['tasks'], ['left', 'right']]);
  });
});
