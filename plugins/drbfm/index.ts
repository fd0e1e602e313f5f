import { drbfmArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';
import { withFmeaUiCatalogs } from '@fmea/fmea-ui/catalogs';

/** DRBFM: the definition (core/src/domain/areas/drbfm.ts) bound to its pages (the shared FMEA UI's list and project page, with its worksheet step) and catalogs. */
export const drbfmPlugin = definePlugin({
  area: drbfmArea,
  pages: {
    '': () => import('./web/list/ProjectList.tsx'),
    drbfmProject: () => import('./web/project/ProjectPage.tsx'),
  },
  catalogs: withFmeaUiCatalogs(async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages),
});
