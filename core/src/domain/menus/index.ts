import type { Issue } from '../../errors.ts';
import { checkText, unsafeCharacterIssue } from '../validation/index.ts';
import type { MenuDefinition } from '../areas/index.ts';

/**
 * What an administrator may change on a menu (spec 000 §2.4 "menus"): its
 * titles, icon, hidden flag and sort. The rest — route name, path, parent
 * and buttons — is what the plugins declare and stays theirs (the fixed
 * part): menu-sync writes the definition with the overrides on top, so an
 * override survives every start. docs/domain/administration.md "Menus and resources".
 */
export const MENU_OVERRIDE_FIELDS = ['title', 'titleEn', 'icon', 'hidden', 'sort'] as const;
export type MenuOverrideField = (typeof MENU_OVERRIDE_FIELDS)[number];

export interface MenuOverride {
  title?: string;
  titleEn?: string;
  icon?: string;
  hidden?: boolean;
  sort?: number;
}

/** A change sent for one menu: a field given sets it, null gives it back to the definition, absent leaves it. */
export type MenuOverridePatch = { [K in MenuOverrideField]?: MenuOverride[K] | null };

export const MENU_TITLE_LIMIT = 50;
export const MENU_SORT_MAX = 9999;
const ICON = /^[a-z][a-z0-9-]{0,39}$/i;

/** Routes that stay visible: hiding them would take the way back to this page out of the menus. */
export const ALWAYS_SHOWN_ROUTES: readonly string[] = ['system_index', 'system_menus'];

/** What is wrong with a patch for `routeName`, each issue on its field. */
export function menuOverrideIssues(routeName: string, patch: MenuOverridePatch): Issue[] {
  const issues: Issue[] = [];
  if (patch.title !== undefined && patch.title !== null) issues.push(...checkText(patch.title, { field: 'title', max: MENU_TITLE_LIMIT, required: true }));
  if (patch.titleEn !== undefined && patch.titleEn !== null) issues.push(...checkText(patch.titleEn, { field: 'titleEn', max: MENU_TITLE_LIMIT, required: true }));
  if (patch.icon !== undefined && patch.icon !== null && patch.icon !== '') {
    const unsafe = unsafeCharacterIssue(patch.icon, 'icon');
    if (unsafe) issues.push(unsafe);
    else if (!ICON.test(patch.icon)) issues.push({ messageKey: 'menu.icon_name', field: 'icon', params: { field: 'icon' } });
  }
  if (patch.sort !== undefined && patch.sort !== null && (!Number.isInteger(patch.sort) || patch.sort < 0 || patch.sort > MENU_SORT_MAX)) {
    issues.push({ messageKey: 'menu.sort_range', field: 'sort', params: { field: 'sort', max: MENU_SORT_MAX } });
  }
  if (patch.hidden === true && ALWAYS_SHOWN_ROUTES.includes(routeName)) issues.push({ messageKey: 'menu.cannot_hide', field: 'hidden', params: { field: 'hidden' } });
  return issues;
}

/** The stored override after a patch: null fields dropped, values equal to the definition's dropped too (nothing left: undefined). */
export function patchOverride(def: MenuDefinition, current: MenuOverride | undefined, patch: MenuOverridePatch): MenuOverride | undefined {
  const next: Record<string, unknown> = { ...current };
  for (const field of MENU_OVERRIDE_FIELDS) {
    const value = patch[field];
    if (value === undefined) continue;
    if (value === null || value === def[field]) delete next[field];
    else next[field] = typeof value === 'string' ? value.trim() : value;
  }
  return Object.keys(next).length ? (next as MenuOverride) : undefined;
}

/** A definition with the administrator's override on top; the fixed part is always the definition's. */
export function withOverride(def: MenuDefinition, override: MenuOverride | undefined): MenuDefinition {
  if (!override) return def;
  const picked = Object.fromEntries(MENU_OVERRIDE_FIELDS.filter((f) => override[f] !== undefined).map((f) => [f, override[f]]));
  return { ...def, ...picked };
}
