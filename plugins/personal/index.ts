import { definePlugin } from '@fmea/workbench/plugin';
import { personalManifest } from './manifest.ts';

export const personalPlugin = definePlugin({
  manifest: personalManifest,
  load: () => import('./web/Root.tsx'),
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
