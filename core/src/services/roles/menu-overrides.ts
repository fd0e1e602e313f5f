import { eq } from 'drizzle-orm';
import { menu } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AREAS, menusOf, type AreaDefinition, type MenuDefinition } from '../../domain/areas/index.ts';
import { MENU_OVERRIDE_FIELDS, menuOverrideIssues, patchOverride, withOverride, type MenuOverride, type MenuOverrideField, type MenuOverridePatch } from '../../domain/menus/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { ServiceContext } from '../shared/context.ts';
import { readSetting, writeSetting } from '../shared/settings.ts';
import { writeAndLog } from '../shared/write.ts';

/**
 * The administrator's menu overrides (title, English title, icon, hidden, sort), one installation-wide
 * map by route name in the `setting` table. menu-sync lays them over the definitions on every start, so
 * they survive restarts and upgrades; an override of a route no area defines any more is ignored.
 */
const KEY = 'menus';
type Stored = Record<string, MenuOverride>;

export async function readMenuOverrides(db: DbOrTx): Promise<Stored> {
  return readSetting<Stored>(db, KEY, {});
}

/** One menu as the menus page shows it: the effective values, the definition's and which are overridden. */
export interface MenuEntry extends MenuDefinition {
  readonly defaults: Pick<MenuDefinition, MenuOverrideField>;
  readonly overridden: MenuOverrideField[];
}

function entryOf(def: MenuDefinition, override: MenuOverride | undefined): MenuEntry {
  const defaults = Object.fromEntries(MENU_OVERRIDE_FIELDS.map((f) => [f, def[f]])) as Pick<MenuDefinition, MenuOverrideField>;
  return { ...withOverride(def, override), defaults, overridden: MENU_OVERRIDE_FIELDS.filter((f) => override?.[f] !== undefined) };
}

/** Every defined menu with its overrides, in the definitions' order (areas, then their pages). */
export async function listMenuEntries(db: DbOrTx, areas: readonly AreaDefinition[] = AREAS): Promise<MenuEntry[]> {
  const stored = await readMenuOverrides(db);
  return menusOf(areas).map((def) => entryOf(def, stored[def.routeName]));
}

/**
 * Changes what an administrator may change on one menu: a field sent sets it, null gives it back to the
 * definition. Bad values are refused on their field and nothing changes; the `menu` row follows at once
 * (the routers the workbench builds its menus from read it). Logged with before and after.
 */
export async function setMenuOverride(ctx: ServiceContext, routeName: string, patch: MenuOverridePatch, areas: readonly AreaDefinition[] = AREAS): Promise<MenuEntry> {
  const def = menusOf(areas).find((m) => m.routeName === routeName);
  if (!def) throw new NotFoundError('menu.unknown_route', { routeName });
  assertNoIssues(menuOverrideIssues(routeName, patch));
  return writeAndLog(ctx, async (tx) => {
    const stored = await readMenuOverrides(tx);
    const before = entryOf(def, stored[routeName]);
    const next = patchOverride(def, stored[routeName], patch);
    const { [routeName]: _old, ...others } = stored;
    await writeSetting(tx, KEY, next ? { ...others, [routeName]: next } : others);
    const effective = withOverride(def, next);
    await tx.update(menu).set({ title: effective.title, titleEn: effective.titleEn, icon: effective.icon, hidden: effective.hidden, sort: effective.sort }).where(eq(menu.routeName, routeName));
    const after = entryOf(def, next);
    const brief = (e: MenuEntry) => Object.fromEntries(MENU_OVERRIDE_FIELDS.map((f) => [f, e[f]]));
    return { result: after, log: { action: 'settings.menu', entity: 'menu', entityId: routeName, before: brief(before), after: brief(after) } };
  });
}
