import { defineArea } from './define.ts';

/**
 * FMEDA (spec 001 §1–§2: /main/fmeda, route fmeda_index, prefix FM; issue 23): the list of FMEDA projects
 * is the landing page; one opens at the micro route 'fmedaProject' with the shared header, team, review and
 * baselines of every FMEA kind, and its own worksheet step.
 */
export const fmedaArea = defineArea({
  id: 'fmeda',
  routeName: 'fmeda_index',
  basePath: '/main/fmeda',
  title: { 'zh-CN': 'FMEDA', 'en-US': 'FMEDA' },
  icon: 'fmeda',
  sort: 35,
  buttons: ['add', 'edit', 'del', 'import', 'export', 'audit', 'copy', 'share'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'plain',
  pages: [
    { microRoute: '', title: { 'zh-CN': 'FMEDA', 'en-US': 'FMEDA' }, listed: true },
    { microRoute: 'fmedaProject', title: { 'zh-CN': 'FMEDA 项目', 'en-US': 'FMEDA project' }, listed: false },
  ],
  aliases: [{ path: '/main/fmedaProject', microRoute: 'fmedaProject' }],
  redirectTypes: { fmeda: '' },
  projectTypes: ['fmeda'],
  projectPage: 'fmedaProject',
  contributes: {
    recent: { path: '/api/fmeda/selectRecentFmedaProject' },
    taskSources: ['review'],
    favourites: [{ type: 'fmedaProject', title: { 'zh-CN': 'FMEDA 项目', 'en-US': 'FMEDA project' }, projects: true }],
    // a review step waiting ('1') and its design-side outcomes, a task, an agreed read application open the project
    messageCodes: ['1', '2', '6', '7', 'task', 'applicationResult'],
  },
});
