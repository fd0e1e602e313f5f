import type { WorkAreaManifest } from '@fmea/core/plugin';

/** DFMEA work area (spec 001): the project list on the landing page, one project per deep link. */
export const dfmeaManifest: WorkAreaManifest = {
  id: 'dfmea',
  basePath: '/main/dfmea',
  routeName: 'dfmea_index',
  title: { 'zh-CN': 'DFMEA', 'en-US': 'DFMEA' },
  inTopMenu: true,
  pages: [{ microRoute: 'dfmeaProject', routeName: 'dfmea_index', title: { 'zh-CN': 'DFMEA 项目', 'en-US': 'DFMEA project' } }],
};
