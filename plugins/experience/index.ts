import { experienceArea } from '@fmea/core/domain';
import { catalogPlugin } from '@fmea/sdk/plugin';

/** Experience: one catalog (core/src/domain/areas/catalogs.ts), served by the one catalog page. */
export const experiencePlugin = catalogPlugin(experienceArea, {
  page: () => import('./web/ExperiencePage.tsx'),
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
