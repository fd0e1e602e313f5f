import { dvpArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';

/** DVP&R: the definition (core/src/domain/areas/dvp.ts) bound to its pages (the plans, one plan with its tests) and catalogs. */
export const dvpPlugin = definePlugin({
  area: dvpArea,
  pages: {
    '': () => import('./web/DvpListPage.tsx'),
    dvpDetails: () => import('./web/DvpDetailsPage.tsx'),
  },
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
