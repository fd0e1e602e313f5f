import { ewoArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';
import { withFmeaUiCatalogs } from '@fmea/fmea-ui/catalogs';

/** EWO: the definition (core/src/domain/areas/ewo.ts) bound to its pages (the change list, one change with its tabs) and catalogs. */
export const ewoPlugin = definePlugin({
  area: ewoArea,
  pages: {
    '': () => import('./web/list/EwoListPage.tsx'),
    ewoDetail: () => import('./web/detail/EwoDetailPage.tsx'),
  },
  // the shared FMEA UI's catalogs too: its FMEA change proposals panel mounts on the detail tab (ProposalsMount)
  catalogs: withFmeaUiCatalogs(async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages),
});
