import { standardsArea } from '@fmea/core/domain';
import { catalogPlugin } from '@fmea/sdk/plugin';

/** The standards: national, product, process and material standards (core/src/domain/areas/catalogs.ts), each the one catalog page. */
export const standardsPlugin = catalogPlugin(standardsArea, {
  page: () => import('./web/StandardsPage.tsx'),
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
