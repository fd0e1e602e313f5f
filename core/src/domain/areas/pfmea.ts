import { ANALYSIS_ROW_KINDS } from '../fmea-comments/index.ts';
import { defineArea } from './define.ts';

/**
 * PFMEA (spec 001 §2, §7 pfmeaProject base): the process FMEA's project list
 * is the landing page; one project opens from it (or from a deep link with
 * pppSerial / projectId) at the micro route 'pfmeaProject'. The flow chart
 * and the control plan are views of the same project, so they live here too.
 */
export const pfmeaArea = defineArea({
  id: 'pfmea',
  routeName: 'pfmea_index',
  basePath: '/main/pfmea',
  title: { 'zh-CN': 'PFMEA', 'en-US': 'PFMEA' },
  icon: 'pfmea',
  sort: 30,
  buttons: ['add', 'edit', 'del', 'import', 'export', 'audit', 'copy', 'share'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'plain',
  pages: [
    { microRoute: '', title: { 'zh-CN': 'PFMEA', 'en-US': 'PFMEA' }, listed: true },
    { microRoute: 'pfmeaProject', title: { 'zh-CN': 'PFMEA 项目', 'en-US': 'PFMEA project' }, listed: false },
    // FMEA templates (spec 001 §2 "FMEA templates" screens): reached from the project list
    { microRoute: 'templates', title: { 'zh-CN': 'FMEA 模板', 'en-US': 'FMEA templates' }, listed: false },
  ],
  aliases: [{ path: '/main/pfmeaProject', microRoute: 'pfmeaProject' }],
  redirectTypes: { pfmea: '' },
  projectTypes: ['pfmea'],
  projectPage: 'pfmeaProject',
  contributes: {
    recent: { path: '/api/pfmeaProject/selectRecentPfmeaProject' },
    taskSources: ['review', 'action', 'proposal'],
    favourites: [{ type: 'pfmeaProject', title: { 'zh-CN': 'PFMEA 项目', 'en-US': 'PFMEA project' }, projects: true }],
    commentTargets: [...ANALYSIS_ROW_KINDS, 'controlPlanLine'],
    // every review outcome is '5' (spec 001 §2)
    messageCodes: ['1', '5', 'pfmeaTask', 'comment', 'applicationResult'],
    indicators: [{ id: 'pfmeaOpenH', title: { 'zh-CN': 'PFMEA 未完成的高优先级措施', 'en-US': 'PFMEA open H actions' }, route: '/api/dashboard/pfmeaOpenH', kind: 'count', sort: 30, sortGroup: 'openH' }],
  },
});
