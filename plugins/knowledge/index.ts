import { knowledgeArea } from '@fmea/core/domain';
import { catalogPlugin } from '@fmea/sdk/plugin';

/** The knowledge base: each catalog type of the definition (core/src/domain/areas/catalogs.ts) opens the one catalog page. */
export const knowledgePlugin = catalogPlugin(knowledgeArea, {
  page: () => import('./web/KnowledgePage.tsx'),
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
