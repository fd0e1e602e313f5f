import { masterDataArea } from '@fmea/core/domain';
import { catalogPlugin } from '@fmea/sdk/plugin';

/** Master data: its catalog types (core/src/domain/areas/catalogs.ts) open the one catalog page; other pages bring their own. */
export const masterDataPlugin = catalogPlugin(masterDataArea, {
  page: () => import('./web/MasterDataPage.tsx'),
  extraPages: { bom: () => import('./web/bom/BomPage.tsx') },
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
