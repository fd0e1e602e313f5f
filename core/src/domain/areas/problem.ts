import { defineArea } from './define.ts';
import { pagePath } from './derive.ts';

/**
 * Problem handling, 8D (issue 24; spec 001 §2 problem_index and fawProblem_index): problems numbered RS…,
 * each run through the steps D0–D8 with 7A and 7B (docs/domain/problems-8d.md). The list is the landing
 * page; one problem opens at 'problemDetail' by its id or number. Customer problems (the spec's
 * fawProblem_index) are the same records flagged as customer complaints, listed on a page granted on its
 * own route, so a role may see the customer problems without the internal ones and the other way round.
 */
export const problemArea = defineArea({
  id: 'problem',
  routeName: 'problem_index',
  basePath: '/main/problem',
  title: { 'zh-CN': '问题管理', 'en-US': 'Problems' },
  icon: 'problem',
  sort: 84,
  // audit: decide on an 8D report submitted for review (the named approver decides; the button lets a role see the action)
  buttons: ['add', 'edit', 'del', 'import', 'export', 'audit'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'subNav',
  contributes: {
    // the unfinished 8D steps the caller owns (core/src/services/problem/tasks.ts)
    taskSources: ['problemStep'],
    // an 8D report to approve, or the decision on one's own submission, opens the problem
    // and an FMEA change proposal of the problem was decided (docs/domain/closed-loop.md)
    messageCodes: ['problemReview', 'fmeaProposalResult'],
    // unclosed problems past their planned completion, of those the caller may read
    indicators: [{ id: 'problemsPastDue', title: { 'zh-CN': '逾期的问题', 'en-US': 'Problems past due' }, route: '/api/dashboard/problemsPastDue', kind: 'list', sort: 40 }],
  },
  pages: [
    { microRoute: '', title: { 'zh-CN': '问题清单', 'en-US': 'Problem list' }, listed: true },
    { microRoute: 'problemDetail', title: { 'zh-CN': '问题详情', 'en-US': 'Problem' }, listed: false },
    // the printable 8D report of one problem (?id=), opened from its page (issue 24, the workbench's part)
    { microRoute: 'problemReport', title: { 'zh-CN': '8D 报告', 'en-US': '8D report' }, listed: false },
    {
      microRoute: 'customer',
      routeName: 'fawProblem_index',
      title: { 'zh-CN': '客户问题', 'en-US': 'Customer problems' },
      icon: 'problem',
      buttons: ['add', 'edit', 'del', 'import', 'export', 'audit'],
      listed: true,
    },
  ],
});

/** The path of one problem's page, by its id or number (the page reads `id`): what messages and other areas link to. */
export const problemDetailPath = (problem: string): string =>
  `${pagePath(problemArea, { microRoute: 'problemDetail' satisfies (typeof problemArea.pages)[number]['microRoute'] })}?id=${encodeURIComponent(problem)}`;
