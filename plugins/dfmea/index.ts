import { definePlugin } from '@fmea/workbench/plugin';
import { dfmeaManifest } from './manifest.ts';

export const dfmeaPlugin = definePlugin({
  manifest: dfmeaManifest,
  load: () => import('./web/Root.tsx'),
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
