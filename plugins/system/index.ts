import { systemArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';

/** System administration: the definition (core/src/domain/areas/system.ts) bound to its pages and catalogs. */
export const systemPlugin = definePlugin({
  area: systemArea,
  pages: {
    user: () => import('./web/pages/users/UsersPage.tsx'),
    role: () => import('./web/pages/roles/RolesPage.tsx'),
    site: () => import('./web/pages/sites/SitesPage.tsx'),
    dictionary: () => import('./web/pages/dictionaries/DictionariesPage.tsx'),
    notice: () => import('./web/pages/notices/NoticesPage.tsx'),
    log: () => import('./web/pages/log/OperationLogPage.tsx'),
    numbering: () => import('./web/pages/numbering/NumberingPage.tsx'),
    rules: () => import('./web/pages/rules/BusinessRulesPage.tsx'),
    security: () => import('./web/pages/security/SecurityPage.tsx'),
    scoreStandard: () => import('./web/pages/scores/ScoreStandardsPage.tsx'),
    userScore: () => import('./web/pages/scores/UserScoresPage.tsx'),
    indicator: () => import('./web/pages/indicators/IndicatorsPage.tsx'),
    workflow: () => import('./web/pages/workflow/WorkflowPage.tsx'),
    menus: () => import('./web/pages/menus/MenusPage.tsx'),
    mainView: () => import('./web/pages/main-view/MainViewPage.tsx'),
    customForm: () => import('./web/pages/custom-fields/CustomFormsPage.tsx'),
    app: () => import('./web/pages/app/AppManagerPage.tsx'),
    manual: () => import('./web/pages/manual/ManualPage.tsx'),
    concurrency: () => import('./web/pages/concurrency/ConcurrencyPage.tsx'),
  },
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
