import type { WorkAreaManifest } from '@fmea/core/plugin';

/** Personal centre (spec 000 §2.1 /systemInfo/ownspaceIndex, §2.5). Every signed-in user has these routes. */
export const personalManifest: WorkAreaManifest = {
  id: 'personal',
  basePath: '/systemInfo/ownspaceIndex',
  routeName: 'ownspace_index',
  title: { 'zh-CN': '个人中心', 'en-US': 'Personal centre' },
  inTopMenu: false,
  pages: [
    { microRoute: 'userInfo', routeName: 'user_info_index', title: { 'zh-CN': '个人信息', 'en-US': 'Personal info' } },
    { microRoute: 'resetPwd', routeName: 'resetPwd_index', title: { 'zh-CN': '修改密码', 'en-US': 'Change password' } },
    { microRoute: 'myApply', routeName: 'myApply_index', title: { 'zh-CN': '我的申请', 'en-US': 'My applications' } },
    { microRoute: 'myAudit', routeName: 'myAudit_index', title: { 'zh-CN': '我的审批', 'en-US': 'My approvals' } },
    { microRoute: 'myCollection', routeName: 'myCollection_index', title: { 'zh-CN': '我的收藏', 'en-US': 'My favourites' } },
    { microRoute: 'myNotice', routeName: 'my_notice_index', title: { 'zh-CN': '我的公告', 'en-US': 'My notices' } },
    { microRoute: 'myTask', routeName: 'my_task_index', title: { 'zh-CN': '我的任务', 'en-US': 'My tasks' } },
    { microRoute: 'myMessage', routeName: 'my_message_index', title: { 'zh-CN': '我的消息', 'en-US': 'My messages' } },
  ],
};
