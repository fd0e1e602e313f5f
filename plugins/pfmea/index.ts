import { pfmeaArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';
import type { Locale } from '@fmea/sdk';

/** The PFMEA's own catalog in a language. */
const own = async (locale: Locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages;
/** The DFMEA's catalog: the shared list, dialogs and steps speak from it. */
const dfmea = async (locale: Locale) => (await (locale === 'zh-CN' ? import('@fmea/plugin-dfmea/locales/zh-CN.po') : import('@fmea/plugin-dfmea/locales/en-US.po'))).messages;

/** PFMEA: the definition (core/src/domain/areas/pfmea.ts) bound to its pages and catalogs (its own over the DFMEA's, whose components it shares). */
export const pfmeaPlugin = definePlugin({
  area: pfmeaArea,
  pages: {
    '': () => import('./web/list/ProjectList.tsx'),
    pfmeaProject: () => import('./web/project/ProjectPage.tsx'),
    templates: () => import('./web/list/TemplatesPage.tsx'),
  },
  catalogs: async (locale) => {
    const [shared, mine] = await Promise.all([dfmea(locale), own(locale)]);
    return { ...shared, ...mine };
  },
});
