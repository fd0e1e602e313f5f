import type { Messages } from '@lingui/core';
import type { AreaDefinition } from '@fmea/core/domain';
import type { Locale } from '../i18n/index.ts';
import type { PageLoader, PageLoaders, WorkAreaPlugin } from './contract.ts';

/** Micro routes of the area's pages that list no catalog type (a BOM page, …): each needs its own loader. */
export type NonCatalogRoute<A extends AreaDefinition> = Exclude<A['pages'][number], { readonly catalogType: string }>['microRoute'];

/** A loader for each page that is not a catalog page; optional while the area has none, required (and exact) once it has. */
type ExtraPages<A extends AreaDefinition> = [NonCatalogRoute<A>] extends [never]
  ? { readonly extraPages?: Readonly<Record<never, PageLoader>> }
  : { readonly extraPages: { readonly [M in NonCatalogRoute<A>]: PageLoader } };

export type CatalogPluginOptions<A extends AreaDefinition> = {
  /** The one page module every catalog page of the area opens (it reads the type from its page's `catalogType`). */
  readonly page: PageLoader;
  readonly catalogs: (locale: Locale) => Promise<Messages>;
} & ExtraPages<A>;

/**
 * A catalog area's plugin (knowledge base, master data, experience, …): every
 * page declaring a `catalogType` is bound to the same lazy catalog page, so a
 * catalog type added to the area needs no plugin edit; other pages bring their
 * own loaders in `extraPages`.
 */
export function catalogPlugin<A extends AreaDefinition>(area: A, options: CatalogPluginOptions<A>): WorkAreaPlugin<A> {
  const extra = (options.extraPages ?? {}) as Record<string, PageLoader>;
  const pages: Record<string, PageLoader> = {};
  for (const page of area.pages) {
    const loader = page.catalogType ? options.page : extra[page.microRoute];
    if (!loader) throw new Error(`${area.id}/${page.microRoute}: no page loader`);
    pages[page.microRoute] = loader;
  }
  return { area, pages: pages as PageLoaders<A>, catalogs: options.catalogs };
}
