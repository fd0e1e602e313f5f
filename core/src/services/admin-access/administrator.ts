import { eq, inArray } from 'drizzle-orm';
import { role, user, userRole, userSite } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  rankOfRoles,
  SYSTEM_ADMINISTRATOR,
  type Administrator,
  type Delegator,
  type ManagedRole,
  type ManagedUser,
} from '../../domain/permissions/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { permittedRoutes, rolesOfUser } from '../roles/routers.ts';

/**
 * The permission layer of the administration services: who is acting (rank,
 * sites, the rights they may hand on), read from the database for every
 * call, so the API and the CLI are judged by the same rules
 * (`core/src/domain/permissions/administration.ts`).
 */
export interface AdminActor extends Administrator {
  readonly delegator: Delegator;
}

const SYSTEM_ACTOR: AdminActor = { ...SYSTEM_ADMINISTRATOR, delegator: { isAdmin: true, routes: new Map() } };

/** The operator as an administrator: the system (no user id) is super; a user acts in the site of their session. */
export async function administratorOf(ctx: Pick<ServiceContext, 'db' | 'actor'>): Promise<AdminActor> {
  const { userId, siteId } = ctx.actor;
  if (userId === null) return SYSTEM_ACTOR;
  const { roles, isAdmin } = await rolesOfUser(ctx.db, userId);
  const routes = await permittedRoutes(ctx.db, userId);
  return {
    userId,
    rank: rankOfRoles(roles),
    siteIds: siteId ? [siteId] : [],
    delegator: { isAdmin, routes: new Map(routes.map((r) => [r.routeName, new Set(r.buttons)])) },
  };
}

type UserRow = Pick<typeof user.$inferSelect, 'id' | 'isDefault' | 'siteId'>;

/** A user with their rank and sites, as the rules judge them. */
export async function managedUser(db: DbOrTx, row: UserRow): Promise<ManagedUser> {
  const roles = await db
    .select({ name: role.name, roleType: role.roleType })
    .from(userRole)
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(eq(userRole.userId, row.id));
  const links = await db.select({ siteId: userSite.siteId }).from(userSite).where(eq(userSite.userId, row.id));
  const siteIds = [...new Set([...(row.siteId ? [row.siteId] : []), ...links.map((l) => l.siteId)])];
  return { userId: row.id, rank: rankOfRoles(roles), isDefault: row.isDefault, homeSiteId: row.siteId, siteIds };
}

/** A role with the home sites of its holders. */
export async function managedRole(db: DbOrTx, row: typeof role.$inferSelect): Promise<ManagedRole> {
  const holders = await db.select({ userId: userRole.userId }).from(userRole).where(eq(userRole.roleId, row.id));
  const homes = holders.length
    ? await db.select({ siteId: user.siteId }).from(user).where(inArray(user.id, holders.map((h) => h.userId)))
    : [];
  return { name: row.name, roleType: row.roleType, isBuiltIn: row.isDefault, holderSiteIds: [...new Set(homes.map((h) => h.siteId))] };
}

/** Several users as the rules judge them, in two queries (for list pages). */
export async function managedUsers(db: DbOrTx, rows: readonly UserRow[]): Promise<ManagedUser[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const roles = await db
    .select({ userId: userRole.userId, name: role.name, roleType: role.roleType })
    .from(userRole)
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(inArray(userRole.userId, ids));
  const links = await db.select().from(userSite).where(inArray(userSite.userId, ids));
  return rows.map((row) => ({
    userId: row.id,
    rank: rankOfRoles(roles.filter((r) => r.userId === row.id)),
    isDefault: row.isDefault,
    homeSiteId: row.siteId,
    siteIds: [...new Set([...(row.siteId ? [row.siteId] : []), ...links.filter((l) => l.userId === row.id).map((l) => l.siteId)])],
  }));
}
