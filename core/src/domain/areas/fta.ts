import { defineArea } from './define.ts';

/**
 * FTA (issue 23; spec 001 lists the sub-application prefix /main/ftaIndex): stored fault trees, each one
 * document (core/src/domain/fta/document.ts) numbered FT…, optionally linked to the DFMEA project it was
 * generated from. The list is the landing page; one tree opens at 'ftaTree' by its id or number.
 */
export const ftaArea = defineArea({
  id: 'fta',
  routeName: 'fta_index',
  basePath: '/main/ftaIndex',
  title: { 'zh-CN': '故障树分析', 'en-US': 'FTA' },
  icon: 'fta',
  sort: 36,
  buttons: ['add', 'edit', 'del', 'import', 'export'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'plain',
  pages: [
    { microRoute: '', title: { 'zh-CN': '故障树', 'en-US': 'Fault trees' }, listed: true },
    { microRoute: 'ftaTree', title: { 'zh-CN': '故障树', 'en-US': 'Fault tree' }, listed: false },
  ],
});
