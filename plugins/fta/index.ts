import { ftaArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';

/** FTA: the definition (core/src/domain/areas/fta.ts) bound to its pages (the tree list, one tree with its editor and analysis) and catalogs. */
export const ftaPlugin = definePlugin({
  area: ftaArea,
  pages: {
    '': () => import('./web/list/TreeListPage.tsx'),
    ftaTree: () => import('./web/tree/TreePage.tsx'),
  },
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
