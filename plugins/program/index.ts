import { programArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';

/** Programs: the definition (core/src/domain/areas/program.ts) bound to its pages (the list, one program with its Gantt chart) and catalogs. */
export const programPlugin = definePlugin({
  area: programArea,
  pages: {
    '': () => import('./web/list/ProgramListPage.tsx'),
    programDetail: () => import('./web/detail/ProgramDetailPage.tsx'),
  },
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
