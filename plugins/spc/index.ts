import { spcArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';
import { withFmeaUiCatalogs } from '@fmea/fmea-ui/catalogs';

/** SPC: the definition (core/src/domain/areas/spc.ts) bound to its pages (the study list, one study with its charts) and catalogs. */
export const spcPlugin = definePlugin({
  area: spcArea,
  pages: {
    '': () => import('./web/list/StudyListPage.tsx'),
    spcStudy: () => import('./web/study/StudyPage.tsx'),
  },
  // the shared FMEA UI's catalogs too: the study page lists its FMEA change proposals with the loop's card
  catalogs: withFmeaUiCatalogs(async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages),
});
