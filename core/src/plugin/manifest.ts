/**
 * The static half of a work-area plugin: pure, serialisable data that the
 * shell (menus, guard) and the server (permissions, docs) can read before any
 * plugin code loads. The lazy React half lives in the workbench contract.
 */
export interface LocalisedText {
  readonly 'zh-CN': string;
  readonly 'en-US': string;
}

export interface PluginPage {
  /** Sub-route under the plugin's base path (`/main/<entry>/<microRoute>`); '' for the landing page. */
  readonly microRoute: string;
  /** The menu route name that grants this page (e.g. `system_user`). */
  readonly routeName: string;
  readonly title: LocalisedText;
}

export interface WorkAreaManifest {
  /** 'system', 'personal', 'dfmea', …: namespaces routes, permissions and catalogs. */
  readonly id: string;
  /** Where the plugin lives: `/main/<entry>` for work areas, or the spec's own path. */
  readonly basePath: string;
  /** The spec's route name that opens the area (e.g. `system_index`, `dfmea_index`). */
  readonly routeName: string;
  readonly title: LocalisedText;
  /** Pages, each guarded by its own route name; the first permitted one is the landing page. */
  readonly pages: readonly PluginPage[];
  /** Shown in the top menu (false for the personal centre, reached from the user menu). */
  readonly inTopMenu: boolean;
}

/** Every route name a manifest needs: the area's plus its pages'. */
export function manifestRouteNames(manifest: WorkAreaManifest): string[] {
  return [manifest.routeName, ...manifest.pages.map((p) => p.routeName)];
}
