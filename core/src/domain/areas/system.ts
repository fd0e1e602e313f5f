import { defineArea } from './define.ts';

const CRUD = ['add', 'edit', 'del'] as const;
const CRUD_IO = [...CRUD, 'import', 'export'] as const;

/**
 * System administration (spec 000 §2.4). The spec does not name the routes of
 * its pages; the `system_*` names are ours (docs/decisions/choices.md).
 */
export const systemArea = defineArea({
  id: 'system',
  routeName: 'system_index',
  basePath: '/main/system',
  title: { 'zh-CN': '系统管理', 'en-US': 'System' },
  icon: 'system',
  sort: 200,
  buttons: [],
  showIn: 'topMenu',
  everyone: false,
  layout: 'subNav',
  rememberLastPage: true,
  pages: [
    { microRoute: 'user', routeName: 'system_user', title: { 'zh-CN': '用户管理', 'en-US': 'Users' }, icon: 'user', buttons: [...CRUD_IO, 'resetPwd', 'lock'], listed: true },
    { microRoute: 'role', routeName: 'system_role', title: { 'zh-CN': '角色管理', 'en-US': 'Roles' }, icon: 'role', buttons: [...CRUD, 'grant'], listed: true },
    { microRoute: 'site', routeName: 'system_site', title: { 'zh-CN': '站点与部门', 'en-US': 'Sites and departments' }, icon: 'site', buttons: [...CRUD], listed: true },
    { microRoute: 'dictionary', routeName: 'system_dictionary', title: { 'zh-CN': '数据字典', 'en-US': 'Dictionaries' }, icon: 'dictionary', buttons: [...CRUD_IO], listed: true },
    { microRoute: 'notice', routeName: 'system_notice', title: { 'zh-CN': '公告管理', 'en-US': 'Notices' }, icon: 'notice', buttons: [...CRUD, 'publish'], listed: true },
    { microRoute: 'log', routeName: 'system_log', title: { 'zh-CN': '操作日志', 'en-US': 'Operation log' }, icon: 'log', buttons: ['export'], listed: true },
    { microRoute: 'numbering', routeName: 'system_numbering', title: { 'zh-CN': '编号规则', 'en-US': 'Numbering rules' }, icon: 'numbering', buttons: ['edit'], listed: true },
    { microRoute: 'rules', routeName: 'system_rules', title: { 'zh-CN': '业务规则', 'en-US': 'Business rules' }, icon: 'rules', buttons: ['edit', 'import', 'export'], listed: true },
    { microRoute: 'security', routeName: 'system_security', title: { 'zh-CN': '密码与安全', 'en-US': 'Password and security' }, icon: 'security', buttons: ['edit'], listed: true },
    // which review roles each FMEA kind and catalog type needs, one or all releasers, who may be named (docs/domain/workflow-settings.md)
    { microRoute: 'workflow', routeName: 'system_workflow', title: { 'zh-CN': '流程设置与评审要求', 'en-US': 'Workflow and review requirements' }, icon: 'rules', buttons: ['edit'], listed: true },
    { microRoute: 'scoreStandard', routeName: 'system_scoreStandard', title: { 'zh-CN': '积分标准', 'en-US': 'Score standards' }, icon: 'score', buttons: ['edit'], listed: true },
    { microRoute: 'userScore', routeName: 'system_userScore', title: { 'zh-CN': '用户积分', 'en-US': 'User scores' }, icon: 'score', buttons: ['edit'], listed: true },
    // the home page's indicators: which are shown and in what order (spec 000 §2.4; docs/domain/dashboard.md)
    { microRoute: 'indicator', routeName: 'system_indicator', title: { 'zh-CN': '工作台指标', 'en-US': 'Workbench indicators' }, icon: 'home', buttons: ['edit'], listed: true },
    // menus and resources: the menu tree's titles, icon, hidden flag and sort over the plugins' fixed routes and buttons, with the API calls each button opens (docs/domain/administration.md)
    { microRoute: 'menus', routeName: 'system_menus', title: { 'zh-CN': '菜单与资源', 'en-US': 'Menus and resources' }, icon: 'menu', buttons: ['edit'], listed: true },
    // the FMEA project page per side: tool panels left or right, the step menu as text, icons or both (spec 000 §2.4)
    { microRoute: 'mainView', routeName: 'system_mainView', title: { 'zh-CN': 'FMEA 主视图配置', 'en-US': 'FMEA main view' }, icon: 'layout', buttons: ['edit'], listed: true },
    // customisation forms: the custom fields of the entities that take them (docs/domain/custom-fields.md)
    { microRoute: 'customForm', routeName: 'system_customForm', title: { 'zh-CN': '自定义表单', 'en-US': 'Customisation forms' }, icon: 'dictionary', buttons: [...CRUD], listed: true },
    { microRoute: 'app', routeName: 'system_app', title: { 'zh-CN': '应用管理', 'en-US': 'App manager' }, icon: 'app', buttons: ['edit'], listed: true },
    // the working manual the header's help entry opens (issue #26; docs/domain/administration.md)
    { microRoute: 'manual', routeName: 'system_manual', title: { 'zh-CN': '工作手册', 'en-US': 'Working manual' }, icon: 'notice', buttons: ['edit'], listed: true },
    // licences per site, who is online, logins left (issue #26): read here, enforced at sign-in and group change
    { microRoute: 'concurrency', routeName: 'system_concurrency', title: { 'zh-CN': '并发管理', 'en-US': 'Concurrency management' }, icon: 'site', buttons: [], listed: true },
  ],
});
