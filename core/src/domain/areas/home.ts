import { defineArea } from './define.ts';

/** The shell's home page (spec 000 §2.1 /main/homeIndex): everyone has it, the shell renders it. */
export const homeArea = defineArea({
  id: 'home',
  routeName: 'home_index',
  basePath: '/main/homeIndex',
  title: { 'zh-CN': '首页', 'en-US': 'Home' },
  icon: 'home',
  sort: 10,
  buttons: [],
  showIn: 'topMenu',
  everyone: true,
  layout: 'plain',
  shell: true,
  pages: [{ microRoute: '', title: { 'zh-CN': '首页', 'en-US': 'Home' }, listed: true }],
  aliases: [{ path: '/main', microRoute: '' }],
  contributes: {
    // the projects the caller opened lately, of every area they hold (the areas' `recent` lists, read on the server)
    indicators: [{ id: 'recentProjects', title: { 'zh-CN': '最近的项目', 'en-US': 'Recent projects' }, route: '/api/dashboard/recentProjects', kind: 'list', sort: 60 }],
  },
});
