import type { Router, UserInfo } from '../api/types.ts';
import { matchPlugin } from '../plugins/registry.ts';

export interface MenuItem {
  routeName: string;
  path: string;
  title: string;
}

/** Shell pages that are not plugins. */
const SHELL_PATHS = new Set(['/main/homeIndex']);

/**
 * Top-menu entries: the user's permitted, visible top-level routers that lead
 * somewhere this installation serves (a shell page or a registered plugin),
 * in menu order. Areas whose plugin is not installed yet are left out rather
 * than shown as dead links.
 */
export function topMenuItems(user: UserInfo, locale: string): MenuItem[] {
  return user.routers
    .filter((r: Router) => !r.hidden && !r.parentRouteName)
    .filter((r) => SHELL_PATHS.has(r.path) || matchPlugin(r.path)?.plugin.manifest.inTopMenu)
    .sort((a, b) => a.sort - b.sort)
    .map((r) => ({ routeName: r.routeName, path: r.path, title: locale === 'en-US' ? r.titleEn : r.title }));
}

/** Spec 000 §2.3: 140 px per item; beyond (width / 140 − 1) items go into "more"; under 500 px only one shows. */
export const MENU_ITEM_WIDTH = 140;
export function visibleMenuCount(width: number, total: number): number {
  if (width < 500) return Math.min(1, total);
  return Math.max(1, Math.min(total, Math.floor(width / MENU_ITEM_WIDTH) - 1));
}
