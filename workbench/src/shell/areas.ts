import { pagePath, routeOfPage, type AreaDefinition, type PageDefinition } from '@fmea/core/domain';
import type { UserInfo } from '@fmea/sdk';
import { holds, routerOf } from '@fmea/sdk/host';

/**
 * What the shell derives from the area definitions for one user: the top
 * menu, the user menu's shortcuts and an area's navigation. Pure, so a
 * pretend area in a test shows the same behaviour as a real one.
 */

export interface MenuItem {
  routeName: string;
  path: string;
  title: string;
}

const lang = (locale: string) => (locale === 'en-US' ? 'en-US' : 'zh-CN');

/**
 * A menu as the administrator set it (System → Menus and resources): the user's router for the route carries
 * the menu row's title, English title, hidden flag and sort, the definition's unless overridden.
 */
function menuOf(user: UserInfo, routeName: string, locale: string, title: { 'zh-CN': string; 'en-US': string }, sort: number) {
  const router = routerOf(user, routeName);
  if (!router) return { title: title[lang(locale)], sort, hidden: false };
  return { title: (lang(locale) === 'en-US' ? router.titleEn : router.title) || title[lang(locale)], sort: router.sort, hidden: router.hidden };
}

/** Top-menu entries: the areas shown there that the user holds and the administrator has not hidden, in their sort order. */
export function topMenuItems(user: UserInfo, locale: string, areas: readonly AreaDefinition[]): MenuItem[] {
  return areas
    .filter((area) => area.showIn === 'topMenu' && holds(user, area.routeName))
    .map((area) => ({ area, menu: menuOf(user, area.routeName, locale, area.title, area.sort) }))
    .filter(({ menu }) => !menu.hidden)
    .sort((a, b) => a.menu.sort - b.menu.sort)
    .map(({ area, menu }) => ({ routeName: area.routeName, path: area.basePath, title: menu.title }));
}

/** User-menu shortcuts: the pages marked for it, of areas shown in the user menu, that the user holds. */
export function userMenuItems(user: UserInfo, locale: string, areas: readonly AreaDefinition[]): MenuItem[] {
  return areas
    .filter((area) => area.showIn === 'userMenu' && holds(user, area.routeName))
    .flatMap((area) => area.pages.filter((page) => page.inUserMenu && holds(user, routeOfPage(area, page))).map((page) => ({ routeName: routeOfPage(area, page), path: pagePath(area, page), title: page.title[lang(locale)] })));
}

/**
 * The pages of an area's navigation: listed and held by the user, in their sort order; a page with a route of
 * its own in a top-menu area takes the administrator's title, hidden flag and sort for it.
 */
export function navPages(area: AreaDefinition, user: UserInfo): PageDefinition[] {
  return area.pages
    .map((page, index) => {
      const own = page.routeName && area.showIn === 'topMenu' ? routerOf(user, page.routeName) : undefined;
      const title = own ? { 'zh-CN': own.title || page.title['zh-CN'], 'en-US': own.titleEn || page.title['en-US'] } : page.title;
      return { page: own ? { ...page, title } : page, hidden: own?.hidden ?? false, sort: own?.sort ?? index + 1 };
    })
    .filter(({ page, hidden }) => page.listed && !hidden && holds(user, routeOfPage(area, page)))
    .sort((a, b) => a.sort - b.sort)
    .map(({ page }) => page);
}

/**
 * Where an area lands when no page is named: its own landing page (micro
 * route ''), else the remembered page when still open to the user, else the
 * first page of its navigation; undefined when none is open.
 */
export function landingPage(area: AreaDefinition, user: UserInfo, remembered: string | null): PageDefinition | undefined {
  const own = area.pages.find((page) => page.microRoute === '');
  if (own) return own;
  const open = navPages(area, user);
  return (area.rememberLastPage ? open.find((page) => page.microRoute === remembered) : undefined) ?? open[0];
}

/** Spec 000 §2.2 item 7: the redirect landing's `type` opens the page an area claims for it; anything else goes home. */
export function redirectTarget(type: string | null, areas: readonly AreaDefinition[], home = '/main/homeIndex'): string {
  for (const area of areas) {
    const microRoute = type ? area.redirectTypes?.[type] : undefined;
    if (microRoute !== undefined) return pagePath(area, { microRoute });
  }
  return home;
}

/**
 * Where the redirect landing sends a signed-in user: the page claimed by `?type=`, with the rest of the query kept
 * (a message's `type=dvp&id=DP…&test=…` opens that plan at that test); home, without it, for a type no area claims.
 */
export function redirectLink(search: string, areas: readonly AreaDefinition[]): string {
  const query = new URLSearchParams(search);
  const target = redirectTarget(query.get('type'), areas);
  query.delete('type');
  const rest = query.toString();
  return rest && target !== '/main/homeIndex' ? `${target}?${rest}` : target;
}

/** Spec 000 §2.3: 140 px per item; beyond (width / 140 − 1) items go into "more"; under 500 px only one shows. */
export const MENU_ITEM_WIDTH = 140;
export function visibleMenuCount(width: number, total: number): number {
  if (width < 500) return Math.min(1, total);
  return Math.max(1, Math.min(total, Math.floor(width / MENU_ITEM_WIDTH) - 1));
}
