import { definePlugin } from '@fmea/workbench/plugin';
import { systemManifest } from './manifest.ts';

export const systemPlugin = definePlugin({
  manifest: systemManifest,
  load: () => import('./web/Root.tsx'),
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
