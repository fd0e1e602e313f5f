import { ANALYSIS_ROW_KINDS } from '../fmea-comments/index.ts';
import { defineArea } from './define.ts';

/**
 * DFMEA (spec 001): the project list is the landing page; one project opens
 * from it (or from a deep link) by its id or serial number in the query.
 * Family FMEA and FMEA-MSR are design-side analyses and live here too.
 */
export const dfmeaArea = defineArea({
  id: 'dfmea',
  routeName: 'dfmea_index',
  basePath: '/main/dfmea',
  title: { 'zh-CN': 'DFMEA', 'en-US': 'DFMEA' },
  icon: 'dfmea',
  sort: 20,
  buttons: ['add', 'edit', 'del', 'import', 'export', 'audit', 'copy', 'share'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'plain',
  pages: [
    { microRoute: '', title: { 'zh-CN': 'DFMEA', 'en-US': 'DFMEA' }, listed: true },
    { microRoute: 'dfmeaProject', title: { 'zh-CN': 'DFMEA 项目', 'en-US': 'DFMEA project' }, listed: false },
    // FMEA templates (spec 001 §2 "FMEA templates" screens): reached from the project list
    { microRoute: 'templates', title: { 'zh-CN': 'FMEA 模板', 'en-US': 'FMEA templates' }, listed: false },
  ],
  aliases: [{ path: '/main/dfmeaProject', microRoute: 'dfmeaProject' }],
  redirectTypes: { dfmea: '' },
  projectTypes: ['dfmea', 'family', 'msr'],
  projectPage: 'dfmeaProject',
  contributes: {
    recent: { path: '/api/project/selectRecentProject' },
    taskSources: ['review', 'action', 'proposal'],
    favourites: [{ type: 'project', title: { 'zh-CN': 'DFMEA 项目', 'en-US': 'DFMEA project' }, projects: true }],
    commentTargets: ANALYSIS_ROW_KINDS,
    // a review step waiting ('1'), its outcomes, a task, a comment and an agreed read application open the project
    messageCodes: ['1', '2', '6', '7', 'task', 'comment', 'applicationResult'],
    // open actions on AP H chains of the caller's projects; beside the PFMEA's (one sort group)
    indicators: [{ id: 'dfmeaOpenH', title: { 'zh-CN': 'DFMEA 未完成的高优先级措施', 'en-US': 'DFMEA open H actions' }, route: '/api/dashboard/dfmeaOpenH', kind: 'count', sort: 30, sortGroup: 'openH' }],
  },
});
