import { personalArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';

/** The personal centre: the definition (core/src/domain/areas/personal.ts) bound to its pages and catalogs. */
export const personalPlugin = definePlugin({
  area: personalArea,
  pages: {
    userInfo: () => import('./web/pages/UserInfoPage.tsx'),
    resetPwd: () => import('./web/pages/ChangePasswordPage.tsx'),
    myApply: () => import('./web/pages/MyApplicationsPage.tsx'),
    myAudit: () => import('./web/pages/MyApprovalsPage.tsx'),
    myScore: () => import('./web/pages/MyScoresPage.tsx'),
    myCollection: () => import('./web/pages/MyFavouritesPage.tsx'),
    myNotice: () => import('./web/pages/MyNoticesPage.tsx'),
    myTask: () => import('./web/pages/MyTasksPage.tsx'),
    myMessage: () => import('./web/pages/MyMessagesPage.tsx'),
  },
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
