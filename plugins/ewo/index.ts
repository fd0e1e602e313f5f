import { ewoArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';

/** EWO: the definition (core/src/domain/areas/ewo.ts) bound to its pages (the change list, one change with its tabs) and catalogs. */
export const ewoPlugin = definePlugin({
  area: ewoArea,
  pages: {
    '': () => import('./web/list/EwoListPage.tsx'),
    ewoDetail: () => import('./web/detail/EwoDetailPage.tsx'),
  },
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
