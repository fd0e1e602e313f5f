import { defineArea } from './define.ts';

/**
 * Programs (spec 001 §1–§3: /main/program, routes program_index and program_detail, prefix PN; issue 24):
 * the program list is the landing page; one program opens at 'programDetail' (`?id=` its id or number) with
 * its stages, FMEAs, milestones and the Gantt chart of its tasks. The detail page is granted on its own
 * route (the spec names program_detail): `schedule` moves tasks and edits dependencies, `baseline` saves
 * a copy of the plan (docs/domain/programs-tasks.md).
 */
export const programArea = defineArea({
  id: 'program',
  routeName: 'program_index',
  basePath: '/main/program',
  title: { 'zh-CN': '项目群', 'en-US': 'Programs' },
  icon: 'program',
  sort: 12,
  // audit: with the project-creator rule xmcjzRule off, its holders edit and delete others' programs too (docs/domain/permissions.md)
  buttons: ['add', 'edit', 'del', 'import', 'export', 'audit'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'plain',
  pages: [
    { microRoute: '', title: { 'zh-CN': '项目群', 'en-US': 'Programs' }, listed: true },
    { microRoute: 'programDetail', routeName: 'program_detail', title: { 'zh-CN': '项目群详情', 'en-US': 'Program' }, buttons: ['schedule', 'baseline'], listed: false },
  ],
});
