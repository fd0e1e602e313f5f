import { and, eq, inArray } from 'drizzle-orm';
import { menu, rolePermission } from '../../db/schema/index.ts';
import { AREAS, menusOf, type AreaDefinition, type MenuDefinition } from '../../domain/areas/index.ts';
import type { TxContext } from '../shared/context.ts';
import { recordOperation } from '../shared/audit.ts';
import { withOverride } from '../../domain/menus/index.ts';
import { readMenuOverrides } from './menu-overrides.ts';

export interface MenuSyncResult {
  inserted: string[];
  updated: string[];
  /** Routes no definition names any more, removed with every grant of them. */
  deleted: string[];
  /** Role grants that lost a route or buttons its route no longer offers. */
  revoked: { roleId: string; routeName: string; buttons: string[] }[];
}

const FIELDS = ['parentRouteName', 'path', 'title', 'titleEn', 'icon', 'hidden', 'sort'] as const;

function differs(row: typeof menu.$inferSelect, def: MenuDefinition): boolean {
  return FIELDS.some((f) => row[f] !== def[f]) || JSON.stringify(row.buttons) !== JSON.stringify(def.buttons);
}

/**
 * Makes the `menu` table what the area definitions say (on every start, so
 * existing databases follow the code), with the administrator's overrides
 * (title, English title, icon, hidden, sort) laid on top so they survive every
 * start: new routes are added, changed ones updated, routes no area defines deleted, and role grants lose the routes
 * and buttons that are gone. Run it inside the seeding transaction; running
 * it again changes nothing. Removals are written to the operation log.
 */
export async function syncMenus(ctx: TxContext, areas: readonly AreaDefinition[] = AREAS): Promise<MenuSyncResult> {
  const { db } = ctx;
  const overrides = await readMenuOverrides(db);
  const wanted = new Map(menusOf(areas).map((m) => [m.routeName, withOverride(m, overrides[m.routeName])]));
  const rows = await db.select().from(menu);
  const result: MenuSyncResult = { inserted: [], updated: [], deleted: [], revoked: [] };
  const present = new Set(rows.map((r) => r.routeName));

  const fresh = [...wanted.values()].filter((m) => !present.has(m.routeName));
  if (fresh.length) await db.insert(menu).values(fresh.map((m) => ({ ...m, buttons: [...m.buttons] })));
  result.inserted = fresh.map((m) => m.routeName);

  for (const row of rows) {
    const def = wanted.get(row.routeName);
    if (!def) result.deleted.push(row.routeName);
    else if (differs(row, def)) {
      const { routeName: _routeName, ...fields } = def;
      await db.update(menu).set({ ...fields, buttons: [...def.buttons] }).where(eq(menu.id, row.id));
      result.updated.push(row.routeName);
    }
  }
  if (result.deleted.length) await db.delete(menu).where(inArray(menu.routeName, result.deleted));

  for (const grant of await db.select().from(rolePermission)) {
    const offered = wanted.get(grant.routeName)?.buttons;
    const gone = offered ? grant.buttons.filter((b) => !offered.includes(b)) : grant.buttons;
    if (offered && gone.length === 0) continue;
    const row = and(eq(rolePermission.roleId, grant.roleId), eq(rolePermission.routeName, grant.routeName));
    if (!offered) await db.delete(rolePermission).where(row);
    else await db.update(rolePermission).set({ buttons: grant.buttons.filter((b) => offered.includes(b)) }).where(row);
    result.revoked.push({ roleId: grant.roleId, routeName: grant.routeName, buttons: gone });
  }

  if (result.deleted.length || result.revoked.length) {
    await recordOperation(db, ctx.actor, ctx.now(), { action: 'system.menus_sync', entity: 'menu', before: { routes: result.deleted, grants: result.revoked } });
  }
  return result;
}
