
import type { AreaContributions } from './contributions.ts';

/**
 * A work area as pure data, declared once (docs/recipes/work-area.md). The
 * seeded menus, the always-permitted routes, the permission tree, the
 * workbench's top menu, sub-navigation, landing page, guard, deep links and
 * the typed route and button names are all derived from these definitions.
 */
export interface LocalisedText {
  readonly 'zh-CN': string;
  readonly 'en-US': string;
}

export interface PageDefinition {
  /** The page's path under the area (`${basePath}/${microRoute}`); '' is the area's own landing page. */
  readonly microRoute: string;
  /** The route that guards the page and holds its buttons; without one, the area's route guards it. */
  readonly routeName?: string;
  readonly title: LocalisedText;
  readonly icon?: string;
  /** Buttons the page's own route offers (edit, del, …); roles pick among them. */
  readonly buttons?: readonly string[];
  /** Listed in the area's navigation; a detail page reached from another page is not. */
  readonly listed: boolean;
  /** A shortcut in the user menu (for areas shown in the user menu). */
  readonly inUserMenu?: boolean;
  /** The catalog type the page lists (catalog areas: the one catalog page of the SDK serves it). */
  readonly catalogType?: string;
}

/** An old or shorthand path that opens a page of the area; the query string is kept. */
export interface AliasDefinition {
  readonly path: string;
  readonly microRoute: string;
}

export interface AreaDefinition {
  /** 'system', 'dfmea', …: names the plugin, its catalogs and its root's test id. */
  readonly id: string;
  /** The menu route that opens the area (spec route names such as `dfmea_index`). */
  readonly routeName: string;
  readonly basePath: string;
  readonly title: LocalisedText;
  readonly icon: string;
  /** Order in the top menu and in the permission tree. */
  readonly sort: number;
  /** Buttons the area's route offers. */
  readonly buttons: readonly string[];
  /** Where the area is reached from: the top menu, or the user menu (its pages marked `inUserMenu`). */
  readonly showIn: 'topMenu' | 'userMenu';
  /** Every signed-in user holds the area and its pages, whatever their roles. */
  readonly everyone: boolean;
  /** How the workbench lays out the area's navigation. */
  readonly layout: 'subNav' | 'sideMenu' | 'plain';
  /** The last page opened is where the area lands next time in the same session (spec 000 §2.4). */
  readonly rememberLastPage?: boolean;
  readonly pages: readonly PageDefinition[];
  readonly aliases?: readonly AliasDefinition[];
  /** `type` values of the redirect landing (spec 000 §2.2 item 7) that open a page of this area. */
  readonly redirectTypes?: Readonly<Record<string, string>>;
  /** The FMEA project types whose projects this area opens (its route gates them on the server). */
  readonly projectTypes?: readonly string[];
  /** The micro route of the page one project opens on (with `projectTypes`): deep links are derived from it (`projectLink`). */
  readonly projectPage?: string;
  /** Rendered by the workbench shell itself rather than by a plugin (the home page). */
  readonly shell?: boolean;
  /** What the area gives the shell's shared pages: recent items, task sources, favourite kinds, comment targets, message codes. */
  readonly contributes?: AreaContributions;
}

/** Identity, so the literal route and button names survive for the derived types. */
export function defineArea<const A extends AreaDefinition>(area: A): A {
  return area;
}

type PageRoutes<P> = P extends { readonly routeName: infer R extends string }
  ? { route: R; button: P extends { readonly buttons: readonly (infer B extends string)[] } ? B : never }
  : never;

/** Every route an area defines, each with the buttons it offers. */
export type RoutesOf<A> = A extends AreaDefinition ? { route: A['routeName']; button: A['buttons'][number] } | PageRoutes<A['pages'][number]> : never;

/** The route names of a list of areas. */
export type RouteNameIn<L extends readonly AreaDefinition[]> = RoutesOf<L[number]>['route'];

/** The buttons route R offers among a list of areas (for a union of routes: any of their buttons). */
export type ButtonIn<L extends readonly AreaDefinition[], R extends string> = Extract<RoutesOf<L[number]>, { route: R }>['button'];
