import { defineArea } from './define.ts';

/**
 * Reports (issue 25; spec 000 §1 report_index, 001 §2 "reports: DFMEA report, counts, nodes, task report, user
 * score ranking"; docs/domain/reports.md): read-only pages over the FMEAs, programs and tasks, each with charts,
 * a workbook and a printable view. The ranking stays the task area's page (task_scoreRanking): the index links to it.
 */
export const reportArea = defineArea({
  id: 'report',
  routeName: 'report_index',
  basePath: '/main/report',
  title: { 'zh-CN': '报表', 'en-US': 'Reports' },
  icon: 'report',
  sort: 90,
  buttons: ['export'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'subNav',
  pages: [
    { microRoute: '', title: { 'zh-CN': '报表', 'en-US': 'Reports' }, listed: true },
    { microRoute: 'dfmea', title: { 'zh-CN': 'DFMEA 报表', 'en-US': 'DFMEA report' }, listed: true },
    { microRoute: 'pfmea', title: { 'zh-CN': 'PFMEA 与控制计划报表', 'en-US': 'PFMEA and control plan report' }, listed: true },
    { microRoute: 'counts', title: { 'zh-CN': '统计报表', 'en-US': 'Counts' }, listed: true },
    { microRoute: 'nodes', title: { 'zh-CN': '节点报表', 'en-US': 'Nodes' }, listed: true },
    { microRoute: 'tasks', title: { 'zh-CN': '任务报表', 'en-US': 'Task report' }, listed: true },
    // the printable view of one report (A4 landscape, no shell chrome): what window.print and the CLI's --out x.pdf print
    { microRoute: 'print', title: { 'zh-CN': '打印', 'en-US': 'Print' }, listed: false },
  ],
});
