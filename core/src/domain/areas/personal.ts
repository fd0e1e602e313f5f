import { defineArea } from './define.ts';

/**
 * The personal centre (spec 000 §2.1 /systemInfo/ownspaceIndex, §2.5) and the
 * user's inbox (the /main children my_notice, my_task, my_message). Every
 * signed-in user has it; it is reached from the user menu.
 */
export const personalArea = defineArea({
  id: 'personal',
  routeName: 'ownspace_index',
  basePath: '/systemInfo/ownspaceIndex',
  title: { 'zh-CN': '个人中心', 'en-US': 'Personal centre' },
  icon: 'user',
  sort: 300,
  buttons: [],
  showIn: 'userMenu',
  everyone: true,
  layout: 'sideMenu',
  pages: [
    { microRoute: 'userInfo', routeName: 'user_info_index', title: { 'zh-CN': '个人信息', 'en-US': 'Personal info' }, icon: 'user', listed: true, inUserMenu: true },
    { microRoute: 'resetPwd', routeName: 'resetPwd_index', title: { 'zh-CN': '修改密码', 'en-US': 'Change password' }, icon: 'lock', listed: true, inUserMenu: true },
    { microRoute: 'myApply', routeName: 'myApply_index', title: { 'zh-CN': '我的申请', 'en-US': 'My applications' }, icon: 'apply', listed: true, inUserMenu: true },
    { microRoute: 'myAudit', routeName: 'myAudit_index', title: { 'zh-CN': '我的审批', 'en-US': 'My approvals' }, icon: 'audit', listed: true, inUserMenu: true },
    { microRoute: 'myScore', routeName: 'myScore_index', title: { 'zh-CN': '我的积分', 'en-US': 'My scores' }, icon: 'score', listed: true, inUserMenu: true },
    { microRoute: 'myCollection', routeName: 'myCollection_index', title: { 'zh-CN': '我的收藏', 'en-US': 'My favourites' }, icon: 'star', listed: true, inUserMenu: true },
    { microRoute: 'myNotice', routeName: 'my_notice_index', title: { 'zh-CN': '我的公告', 'en-US': 'My notices' }, icon: 'notice', listed: true },
    { microRoute: 'myTask', routeName: 'my_task_index', title: { 'zh-CN': '我的任务', 'en-US': 'My tasks' }, icon: 'task', listed: true },
    { microRoute: 'myMessage', routeName: 'my_message_index', title: { 'zh-CN': '我的消息', 'en-US': 'My messages' }, icon: 'message', listed: true },
  ],
  aliases: [
    { path: '/main/my_notice', microRoute: 'myNotice' },
    { path: '/main/view_my_notice', microRoute: 'myNotice' },
    { path: '/main/my_task', microRoute: 'myTask' },
    { path: '/main/my_message', microRoute: 'myMessage' },
    { path: '/my_message', microRoute: 'myMessage' },
  ],
  redirectTypes: { message: 'myMessage' },
  contributes: {
    // approvals wait in My approvals, decisions on one's own applications in My applications, the rest in My messages
    messageCodes: ['1', 'applicationResult', 'catalogReview', 'exportRequest', 'system'],
    // the home page's dashboard (docs/domain/dashboard.md): what My tasks and My approvals hold for the caller
    indicators: [
      { id: 'myTasks', title: { 'zh-CN': '我的任务', 'en-US': 'My tasks' }, route: '/api/dashboard/myTasks', kind: 'list', sort: 10 },
      { id: 'reviewsWaiting', title: { 'zh-CN': '待我评审', 'en-US': 'Reviews waiting for me' }, route: '/api/dashboard/reviewsWaiting', kind: 'list', sort: 20 },
    ],
  },
});
