import { pfmeaArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/workbench/plugin';

/** PFMEA: the definition (core/src/domain/areas/pfmea.ts) bound to its pages and catalogs. */
export const pfmeaPlugin = definePlugin({
  area: pfmeaArea,
  pages: {
    '': () => import('./web/list/ProjectList.tsx'),
    pfmeaProject: () => import('./web/project/ProjectPage.tsx'),
  },
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
