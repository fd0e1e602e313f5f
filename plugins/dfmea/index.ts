import { dfmeaArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';
import { withFmeaUiCatalogs } from '@fmea/fmea-ui/catalogs';

/** DFMEA: the definition (core/src/domain/areas/dfmea.ts) bound to its pages (the shared FMEA UI's, with the design steps) and catalogs. */
export const dfmeaPlugin = definePlugin({
  area: dfmeaArea,
  pages: {
    '': () => import('./web/pages/ProjectList.tsx'),
    dfmeaProject: () => import('./web/pages/ProjectPage.tsx'),
    templates: () => import('./web/pages/TemplatesPage.tsx'),
  },
  catalogs: withFmeaUiCatalogs(async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages),
});
