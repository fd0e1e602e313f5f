import { defineArea } from './define.ts';
import { pagePath } from './derive.ts';

/**
 * DVP&R, design verification plan and report (issue 25; spec 000 §1 dvpIndex, 001 §2 "DVP screens", §3 DVP fields;
 * docs/domain/dvp.md): one plan per DFMEA, its tests generated from or linked to the DFMEA's detection controls,
 * their results. The list is the landing page; one plan opens at 'dvpDetails' (the spec's
 * /main/dvpIndex/dvpDetails), the redirect landing's `type=dvp` too.
 */
export const dvpArea = defineArea({
  id: 'dvp',
  routeName: 'dvp_index',
  basePath: '/main/dvpIndex',
  title: { 'zh-CN': 'DVP&R', 'en-US': 'DVP&R' },
  icon: 'dvp',
  sort: 34,
  buttons: ['add', 'edit', 'del', 'import', 'export'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'plain',
  contributes: {
    // the tests whose responsible person is the caller and that have no result yet (My tasks), and the message telling them
    taskSources: ['dvp'],
    messageCodes: ['dvp'],
    // the failed tests of the caller's DFMEAs: a detection control that did not prove itself (docs/domain/dvp.md)
    indicators: [{ id: 'dvpFailedTests', title: { 'zh-CN': '不合格的 DVP 试验', 'en-US': 'Failed DVP tests' }, route: '/api/dashboard/dvpFailedTests', kind: 'list', sort: 45 }],
  },
  pages: [
    { microRoute: '', title: { 'zh-CN': 'DVP&R 计划', 'en-US': 'DVP&R plans' }, listed: true },
    { microRoute: 'dvpDetails', title: { 'zh-CN': 'DVP&R 详情', 'en-US': 'DVP&R plan' }, listed: false },
  ],
  redirectTypes: { dvp: 'dvpDetails' },
});

/** The path of one plan's page (by its id or DP number), optionally at one test: what messages, My tasks and the DFMEA link to. */
export const dvpDetailsPath = (plan: string, test?: string): string =>
  `${pagePath(dvpArea, { microRoute: 'dvpDetails' satisfies (typeof dvpArea.pages)[number]['microRoute'] })}?id=${encodeURIComponent(plan)}${test ? `&test=${encodeURIComponent(test)}` : ''}`;
