import { defineArea } from './define.ts';

/**
 * Tasks (spec 001 §2–§4: /main/taskIndex, route task_index, prefixes PR and PT): the lists are the pages
 * (the spec's target /main/taskIndex/todoList is the to-do list); the area lands on the first one the user
 * holds. What each list holds is in docs/domain/programs-tasks.md.
 */
export const taskArea = defineArea({
  id: 'task',
  routeName: 'task_index',
  basePath: '/main/taskIndex',
  title: { 'zh-CN': '任务', 'en-US': 'Tasks' },
  icon: 'task',
  sort: 14,
  buttons: ['add', 'edit', 'del', 'import', 'export', 'cancel'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'subNav',
  rememberLastPage: true,
  contributes: {
    // the program tasks waiting for the user join My tasks and the home page (services/program/my-tasks.ts)
    taskSources: ['program'],
    // a task given to the user, submitted to them or decided opens the task (services/program/notices.ts)
    messageCodes: ['programTask'],
  },
  pages: [
    { microRoute: 'todoList', title: { 'zh-CN': '待办任务', 'en-US': 'To do' }, listed: true },
    { microRoute: 'launched', title: { 'zh-CN': '我发起的', 'en-US': 'Launched' }, listed: true },
    { microRoute: 'all', title: { 'zh-CN': '全部任务', 'en-US': 'All tasks' }, listed: true },
    { microRoute: 'done', title: { 'zh-CN': '已办任务', 'en-US': 'Done' }, listed: true },
    { microRoute: 'current', title: { 'zh-CN': '当前任务', 'en-US': 'Current' }, listed: true },
    { microRoute: 'history', title: { 'zh-CN': '历史任务', 'en-US': 'History' }, listed: true },
    // the user score ranking report (docs/domain/user-scores.md): granted on its own, it shows everyone's scores
    { microRoute: 'scoreRanking', routeName: 'task_scoreRanking', title: { 'zh-CN': '积分排行', 'en-US': 'Score ranking' }, icon: 'rank', listed: true },
  ],
});
