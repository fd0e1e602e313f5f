import { asc, eq, inArray } from 'drizzle-orm';
import { menu, role, rolePermission, userRole } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ALWAYS_PERMITTED_ROUTES } from '../../domain/areas/index.ts';
import { ADMIN_ROLE_NAME } from './roles.ts';

export interface PermittedRoute {
  routeName: string;
  parentRouteName: string | null;
  path: string;
  title: string;
  titleEn: string;
  icon: string;
  hidden: boolean;
  sort: number;
  /** Buttons this user may use on the route (union over roles). */
  buttons: string[];
}

export interface UserRoles {
  roles: { id: string; name: string; nameEn: string; roleType: string; productTypes: string[] }[];
  isAdmin: boolean;
}

export async function rolesOfUser(db: DbOrTx, userId: string): Promise<UserRoles> {
  const roles = await db
    .select({ id: role.id, name: role.name, nameEn: role.nameEn, roleType: role.roleType, productTypes: role.productTypes })
    .from(userRole)
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(eq(userRole.userId, userId))
    .orderBy(asc(role.name));
  return { roles, isAdmin: roles.some((r) => r.name === ADMIN_ROLE_NAME) };
}

/**
 * The routers list the workbench builds its menus and guards from: the union
 * of the user's role grants, plus the personal routes everyone has; the admin
 * role gets every route with every button.
 */
export async function permittedRoutes(db: DbOrTx, userId: string): Promise<PermittedRoute[]> {
  const { roles, isAdmin } = await rolesOfUser(db, userId);
  const menus = await db.select().from(menu).orderBy(asc(menu.sort));
  const granted = new Map<string, Set<string>>();
  if (!isAdmin && roles.length) {
    const grants = await db
      .select()
      .from(rolePermission)
      .where(inArray(rolePermission.roleId, roles.map((r) => r.id)));
    for (const g of grants) {
      const set = granted.get(g.routeName) ?? new Set<string>();
      g.buttons.forEach((b) => set.add(b));
      granted.set(g.routeName, set);
    }
  }
  return menus
    .filter((m) => isAdmin || granted.has(m.routeName) || (ALWAYS_PERMITTED_ROUTES as readonly string[]).includes(m.routeName))
    .map((m) => ({
      routeName: m.routeName,
      parentRouteName: m.parentRouteName,
      path: m.path,
      title: m.title,
      titleEn: m.titleEn,
      icon: m.icon,
      hidden: m.hidden,
      sort: m.sort,
      buttons: isAdmin ? [...m.buttons] : [...(granted.get(m.routeName) ?? [])],
    }));
}
