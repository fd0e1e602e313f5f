import { reportArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';

/** Reports: the definition (core/src/domain/areas/report.ts) bound to the index, one page per report, the print view, and catalogs. */
export const reportPlugin = definePlugin({
  area: reportArea,
  pages: {
    '': () => import('./web/ReportIndexPage.tsx'),
    dfmea: () => import('./web/ProjectReportPage.tsx'),
    pfmea: () => import('./web/ProjectReportPage.tsx'),
    counts: () => import('./web/OverviewReportPage.tsx'),
    nodes: () => import('./web/OverviewReportPage.tsx'),
    tasks: () => import('./web/OverviewReportPage.tsx'),
    print: () => import('./web/PrintPage.tsx'),
  },
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
