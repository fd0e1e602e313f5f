import type { WorkAreaManifest } from '@fmea/core/plugin';

/** System administration (spec 000 §2.4). Page route names are the `system_*` menus seeded by core. */
export const systemManifest: WorkAreaManifest = {
  id: 'system',
  basePath: '/main/system',
  routeName: 'system_index',
  title: { 'zh-CN': '系统管理', 'en-US': 'System' },
  inTopMenu: true,
  pages: [
    { microRoute: 'user', routeName: 'system_user', title: { 'zh-CN': '用户管理', 'en-US': 'Users' } },
    { microRoute: 'role', routeName: 'system_role', title: { 'zh-CN': '角色管理', 'en-US': 'Roles' } },
    { microRoute: 'site', routeName: 'system_site', title: { 'zh-CN': '站点与部门', 'en-US': 'Sites and departments' } },
    { microRoute: 'dictionary', routeName: 'system_dictionary', title: { 'zh-CN': '数据字典', 'en-US': 'Dictionaries' } },
    { microRoute: 'notice', routeName: 'system_notice', title: { 'zh-CN': '公告管理', 'en-US': 'Notices' } },
    { microRoute: 'log', routeName: 'system_log', title: { 'zh-CN': '操作日志', 'en-US': 'Operation log' } },
    { microRoute: 'numbering', routeName: 'system_numbering', title: { 'zh-CN': '编号规则', 'en-US': 'Numbering rules' } },
    { microRoute: 'rules', routeName: 'system_rules', title: { 'zh-CN': '业务规则', 'en-US': 'Business rules' } },
    { microRoute: 'security', routeName: 'system_security', title: { 'zh-CN': '密码与安全', 'en-US': 'Password and security' } },
    { microRoute: 'app', routeName: 'system_app', title: { 'zh-CN': '应用管理', 'en-US': 'App manager' } },
  ],
};
