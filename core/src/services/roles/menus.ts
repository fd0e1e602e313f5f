import { asc } from 'drizzle-orm';
import { menu } from '../../db/schema/index.ts';
import type { ServiceContext } from '../shared/context.ts';

export type Menu = typeof menu.$inferSelect;

/**
 * Every menu with the buttons it offers, top-level menus first and children
 * in their sort order: what a role's permission tree is built from.
 */
export async function listMenus(ctx: ServiceContext): Promise<Menu[]> {
  const rows = await ctx.db.select().from(menu).orderBy(asc(menu.sort), asc(menu.routeName));
  return [...rows.filter((m) => !m.parentRouteName), ...rows.filter((m) => m.parentRouteName)];
}
