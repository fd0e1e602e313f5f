import { problemArea } from '@fmea/core/domain';
import { withFmeaUiCatalogs } from '@fmea/fmea-ui/catalogs';
import { definePlugin } from '@fmea/sdk/plugin';

/**
 * Problem handling (8D): the definition (core/src/domain/areas/problem.ts) bound to its pages (the problem
 * list, the customer problems, one problem with its steps, its printable 8D report) and catalogs.
 */
export const problemPlugin = definePlugin({
  area: problemArea,
  pages: {
    '': () => import('./web/list/ProblemListPage.tsx'),
    customer: () => import('./web/list/CustomerProblemsPage.tsx'),
    problemDetail: () => import('./web/detail/ProblemPage.tsx'),
    problemReport: () => import('./web/report/ReportPage.tsx'),
  },
  // the shared FMEA UI's too: D4 and D7A show its FMEA change proposals panel (docs/domain/closed-loop.md)
  catalogs: withFmeaUiCatalogs(async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages),
});
