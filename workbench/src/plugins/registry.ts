import type { WorkAreaPlugin } from './contract.ts';
import { systemPlugin } from '@fmea/plugin-system';
import { personalPlugin } from '@fmea/plugin-personal';
import { dfmeaPlugin } from '@fmea/plugin-dfmea';

/** The one list of plugins the shell hosts; add a work area here. */
export const PLUGINS: readonly WorkAreaPlugin[] = [systemPlugin, personalPlugin, dfmeaPlugin];

/** The plugin whose base path starts the location, with the rest as the micro route. */
export function matchPlugin(path: string): { plugin: WorkAreaPlugin; microRoute: string } | undefined {
  for (const plugin of PLUGINS) {
    const base = plugin.manifest.basePath;
    if (path === base || path.startsWith(`${base}/`)) {
      return { plugin, microRoute: path.slice(base.length).replace(/^\//, '').split('/')[0] ?? '' };
    }
  }
  return undefined;
}
