import type { ComponentType } from 'react';
import type { Messages } from '@lingui/core';
import type { AreaDefinition } from '@fmea/core/domain';
import type { Locale } from '../i18n/index.ts';

export type { AreaDefinition, PageDefinition, LocalisedText } from '@fmea/core/domain';

/** What the shell hands a page of a work area. */
export interface AreaPageProps {
  readonly area: AreaDefinition;
  /** The area's base path, for links between its pages. */
  readonly basePath: string;
  readonly microRoute: string;
}

/** A lazily imported page module: its default export is the page. */
export type PageLoader = () => Promise<{ default: ComponentType<AreaPageProps> }>;

/** One loader per page the definition lists, keyed by micro route: a missing or extra page does not compile. */
export type PageLoaders<A extends AreaDefinition> = { readonly [M in A['pages'][number]['microRoute']]: PageLoader };

/**
 * The one plugin contract: the area's definition from core (known before any
 * plugin code loads: menus, guard, navigation), bound to lazily loaded pages
 * and catalogs. Each page is its own chunk.
 */
export interface WorkAreaPlugin<A extends AreaDefinition = AreaDefinition> {
  readonly area: A;
  readonly pages: PageLoaders<A>;
  readonly catalogs: (locale: Locale) => Promise<Messages>;
}

export function definePlugin<A extends AreaDefinition>(plugin: WorkAreaPlugin<A>): WorkAreaPlugin<A> {
  return plugin;
}

// the catalog areas' variant, a sibling module (it only needs this file's types)
export { catalogPlugin, type CatalogPluginOptions, type NonCatalogRoute } from './catalog-plugin.ts';
