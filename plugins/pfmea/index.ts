import { pfmeaArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';
import { withFmeaUiCatalogs } from '@fmea/fmea-ui/catalogs';

/** PFMEA: the definition (core/src/domain/areas/pfmea.ts) bound to its pages (the shared FMEA UI's, with the process steps and views) and catalogs. */
export const pfmeaPlugin = definePlugin({
  area: pfmeaArea,
  pages: {
    '': () => import('./web/list/ProjectList.tsx'),
    pfmeaProject: () => import('./web/project/ProjectPage.tsx'),
    templates: () => import('./web/list/TemplatesPage.tsx'),
  },
  catalogs: withFmeaUiCatalogs(async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages),
});
