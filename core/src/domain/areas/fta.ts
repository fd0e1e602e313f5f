import { defineArea } from './define.ts';
import { pagePath } from './derive.ts';

/**
 * FTA (issue 23; spec 001 lists the sub-application prefix /main/ftaIndex): stored fault trees, each one
 * document (core/src/domain/fta/document.ts) numbered FT…, optionally linked to the DFMEA project it was
 * generated from. The list is the landing page; one tree opens at 'ftaTree' by its id or number.
 */
export const ftaArea = defineArea({
  id: 'fta',
  routeName: 'fta_index',
  basePath: '/main/ftaIndex',
  title: { 'zh-CN': '故障树分析', 'en-US': 'FTA' },
  icon: 'fta',
  sort: 36,
  buttons: ['add', 'edit', 'del', 'import', 'export'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'plain',
  contributes: {
    // a tree to approve, or the decision on one's own submission, opens the tree's page (docs/domain/fta.md)
    messageCodes: ['ftaReview'],
  },
  pages: [
    { microRoute: '', title: { 'zh-CN': '故障树', 'en-US': 'Fault trees' }, listed: true },
    { microRoute: 'ftaTree', title: { 'zh-CN': '故障树', 'en-US': 'Fault tree' }, listed: false },
  ],
});

/**
 * The path of one tree's page, by its id or number (the page reads `id`; the API's `get` takes either):
 * what the FMEA's views link to, derived from the area rather than written by hand.
 */
export const ftaTreePath = (tree: string): string => `${pagePath(ftaArea, { microRoute: 'ftaTree' satisfies (typeof ftaArea.pages)[number]['microRoute'] })}?id=${encodeURIComponent(tree)}`;
