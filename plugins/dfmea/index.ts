import { dfmeaArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';

/** DFMEA: the definition (core/src/domain/areas/dfmea.ts) bound to its pages and catalogs. */
export const dfmeaPlugin = definePlugin({
  area: dfmeaArea,
  pages: {
    '': () => import('./web/list/ProjectList.tsx'),
    dfmeaProject: () => import('./web/project/ProjectPage.tsx'),
    templates: () => import('./web/reuse/TemplatesPage.tsx'),
  },
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
