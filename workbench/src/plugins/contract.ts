import type { ComponentType } from 'react';
import type { Messages } from '@lingui/core';
import type { WorkAreaManifest } from '@fmea/core/plugin';
import type { Locale } from '../i18n/index.ts';

export type { WorkAreaManifest, PluginPage, LocalisedText } from '@fmea/core/plugin';

/** What the shell hands a plugin's root component. */
export interface WorkAreaProps {
  /** The sub-route after the base path ('' on the landing page). */
  readonly microRoute: string;
  readonly basePath: string;
  readonly manifest: WorkAreaManifest;
}

/**
 * The one plugin contract: the static manifest (known before any plugin code
 * loads: menus, guard) plus lazily loaded code and catalogs. Each plugin is
 * built into its own chunk.
 */
export interface WorkAreaPlugin {
  readonly manifest: WorkAreaManifest;
  readonly load: () => Promise<{ default: ComponentType<WorkAreaProps> }>;
  readonly catalogs: (locale: Locale) => Promise<Messages>;
}

export function definePlugin(plugin: WorkAreaPlugin): WorkAreaPlugin {
  return plugin;
}
