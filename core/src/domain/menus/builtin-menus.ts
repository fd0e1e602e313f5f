/**
 * The routes the workbench offers, by the spec's route names (000 §2.1, 001 §2).
 * Seeded into the `menu` table; roles grant routes by name and pick among the
 * buttons a route offers. System-administration child routes are not named in
 * the spec: `system_*` names are ours (docs/decisions/menus.md).
 */
export interface MenuDefinition {
  readonly routeName: string;
  readonly parentRouteName?: string;
  readonly path: string;
  readonly title: string;
  readonly titleEn: string;
  readonly icon: string;
  readonly hidden?: boolean;
  readonly sort: number;
  readonly buttons: readonly string[];
}

const CRUD = ['add', 'edit', 'del'] as const;
const CRUD_IO = [...CRUD, 'import', 'export'] as const;

export const BUILTIN_MENUS: readonly MenuDefinition[] = [
  { routeName: 'home_index', path: '/main/homeIndex', title: '首页', titleEn: 'Home', icon: 'home', sort: 10, buttons: [] },
  { routeName: 'dfmea_index', path: '/main/dfmea', title: 'DFMEA', titleEn: 'DFMEA', icon: 'dfmea', sort: 20, buttons: [...CRUD_IO, 'audit', 'copy', 'share'] },
  { routeName: 'pfmea_index', path: '/main/pfmea', title: 'PFMEA', titleEn: 'PFMEA', icon: 'pfmea', sort: 30, buttons: [...CRUD_IO, 'audit', 'copy', 'share'] },
  { routeName: 'fmeda_index', path: '/main/fmeda', title: 'FMEDA', titleEn: 'FMEDA', icon: 'fmeda', sort: 40, buttons: [...CRUD_IO, 'audit'] },
  { routeName: 'knowledge_index', path: '/main/knowledge', title: '知识库', titleEn: 'Knowledge', icon: 'knowledge', sort: 50, buttons: [...CRUD_IO, 'audit'] },
  { routeName: 'standard_index', path: '/main/standard', title: '标准', titleEn: 'Standards', icon: 'standard', sort: 55, buttons: [...CRUD_IO] },
  { routeName: 'product_index', path: '/main/productIndex', title: '主数据', titleEn: 'Master data', icon: 'product', sort: 60, buttons: [...CRUD_IO, 'audit'] },
  { routeName: 'task_index', path: '/main/taskIndex', title: '任务', titleEn: 'Tasks', icon: 'task', sort: 70, buttons: [...CRUD, 'audit'] },
  { routeName: 'problem_index', path: '/main/problem', title: '问题管理', titleEn: 'Problems', icon: 'problem', sort: 80, buttons: [...CRUD, 'audit', 'export'] },
  { routeName: 'fawProblem_index', path: '/main/fawProblem', title: '质量问题', titleEn: 'Quality problems', icon: 'problem', sort: 85, hidden: true, buttons: [...CRUD] },
  { routeName: 'experience_index', path: '/main/experienceIndex', title: '经验库', titleEn: 'Experience', icon: 'experience', sort: 90, buttons: [...CRUD_IO, 'audit'] },
  { routeName: 'report_index', path: '/main/report', title: '报表', titleEn: 'Reports', icon: 'report', sort: 100, buttons: ['export'] },
  { routeName: 'system_index', path: '/main/system', title: '系统管理', titleEn: 'System', icon: 'system', sort: 200, buttons: [] },
  { routeName: 'system_user', parentRouteName: 'system_index', path: '/main/system/user', title: '用户管理', titleEn: 'Users', icon: 'user', sort: 1, buttons: [...CRUD_IO, 'resetPwd', 'lock'] },
  { routeName: 'system_role', parentRouteName: 'system_index', path: '/main/system/role', title: '角色管理', titleEn: 'Roles', icon: 'role', sort: 2, buttons: [...CRUD, 'grant'] },
  { routeName: 'system_menu', parentRouteName: 'system_index', path: '/main/system/menu', title: '菜单管理', titleEn: 'Menus', icon: 'menu', sort: 3, buttons: [...CRUD] },
  { routeName: 'system_site', parentRouteName: 'system_index', path: '/main/system/site', title: '站点与部门', titleEn: 'Sites and departments', icon: 'site', sort: 4, buttons: [...CRUD] },
  { routeName: 'system_dictionary', parentRouteName: 'system_index', path: '/main/system/dictionary', title: '数据字典', titleEn: 'Dictionaries', icon: 'dictionary', sort: 5, buttons: [...CRUD_IO] },
  { routeName: 'system_notice', parentRouteName: 'system_index', path: '/main/system/notice', title: '公告管理', titleEn: 'Notices', icon: 'notice', sort: 6, buttons: [...CRUD, 'publish'] },
  { routeName: 'system_log', parentRouteName: 'system_index', path: '/main/system/log', title: '操作日志', titleEn: 'Operation log', icon: 'log', sort: 7, buttons: ['export'] },
  { routeName: 'system_numbering', parentRouteName: 'system_index', path: '/main/system/numbering', title: '编号规则', titleEn: 'Numbering rules', icon: 'numbering', sort: 8, buttons: ['edit'] },
  { routeName: 'system_rules', parentRouteName: 'system_index', path: '/main/system/rules', title: '业务规则', titleEn: 'Business rules', icon: 'rules', sort: 9, buttons: ['edit', 'import', 'export'] },
  { routeName: 'system_security', parentRouteName: 'system_index', path: '/main/system/security', title: '密码与安全', titleEn: 'Password and security', icon: 'security', sort: 10, buttons: ['edit'] },
  { routeName: 'system_app', parentRouteName: 'system_index', path: '/main/system/app', title: '应用管理', titleEn: 'App manager', icon: 'app', sort: 11, buttons: ['edit'] },
  { routeName: 'ownspace_index', path: '/systemInfo/ownspaceIndex', title: '个人中心', titleEn: 'Personal centre', icon: 'user', hidden: true, sort: 300, buttons: [] },
  { routeName: 'user_info_index', parentRouteName: 'ownspace_index', path: '/systemInfo/ownspaceIndex/userInfo', title: '个人信息', titleEn: 'Personal info', icon: 'user', hidden: true, sort: 1, buttons: [] },
  { routeName: 'resetPwd_index', parentRouteName: 'ownspace_index', path: '/systemInfo/ownspaceIndex/resetPwd', title: '修改密码', titleEn: 'Change password', icon: 'lock', hidden: true, sort: 2, buttons: [] },
  { routeName: 'myApply_index', parentRouteName: 'ownspace_index', path: '/systemInfo/ownspaceIndex/myApply', title: '我的申请', titleEn: 'My applications', icon: 'apply', hidden: true, sort: 3, buttons: [] },
  { routeName: 'myAudit_index', parentRouteName: 'ownspace_index', path: '/systemInfo/ownspaceIndex/myAudit', title: '我的审批', titleEn: 'My approvals', icon: 'audit', hidden: true, sort: 4, buttons: [] },
  { routeName: 'myCollection_index', parentRouteName: 'ownspace_index', path: '/systemInfo/ownspaceIndex/myCollection', title: '我的收藏', titleEn: 'My favourites', icon: 'star', hidden: true, sort: 5, buttons: [] },
  { routeName: 'my_notice_index', path: '/main/my_notice', title: '我的公告', titleEn: 'My notices', icon: 'notice', hidden: true, sort: 310, buttons: [] },
  { routeName: 'my_task_index', path: '/main/my_task', title: '我的任务', titleEn: 'My tasks', icon: 'task', hidden: true, sort: 320, buttons: [] },
  { routeName: 'my_message_index', path: '/main/my_message', title: '我的消息', titleEn: 'My messages', icon: 'message', hidden: true, sort: 330, buttons: [] },
];

/** Routes every signed-in user has, whatever their roles: the personal centre and own inbox. */
export const ALWAYS_PERMITTED_ROUTES: readonly string[] = [
  'home_index',
  'ownspace_index',
  'user_info_index',
  'resetPwd_index',
  'myApply_index',
  'myAudit_index',
  'myCollection_index',
  'my_notice_index',
  'my_task_index',
  'my_message_index',
];
