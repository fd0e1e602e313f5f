import { and, asc, count, eq, ne, or } from 'drizzle-orm';
import { menu, role, rolePermission, user, userRole } from '../../db/schema/index.ts';
import { ROLE_TYPE_CODES } from '../../db/schema/role.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors.ts';
import { assertNoIssues, checkText } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { administratorOf, managedRole } from '../admin-access/administrator.ts';
import { assertCanDelegate, assertCanSetRoleType, assertRoleChange, roleChangeRefusal } from '../../domain/permissions/index.ts';

export type Role = typeof role.$inferSelect;
export type RoleType = (typeof ROLE_TYPE_CODES)[number];
export const ADMIN_ROLE_NAME = 'admin';

export interface RoleInput {
  name: string;
  nameEn?: string;
  roleType?: RoleType;
  productTypes?: string[];
}

export interface RouteGrant {
  routeName: string;
  buttons: string[];
}

export async function findRole(db: DbOrTx, idOrName: string): Promise<Role> {
  const row = await db
    .select()
    .from(role)
    .where(or(eq(role.id, idOrName), eq(role.name, idOrName)))
    .get();
  if (!row) throw new NotFoundError('role.not_found', { role: idOrName });
  return row;
}

export async function listRoles(ctx: ServiceContext) {
  const holders = ctx.db
    .select({ roleId: userRole.roleId, users: count().as('users') })
    .from(userRole)
    .groupBy(userRole.roleId)
    .as('holders');
  const rows = await ctx.db
    .select({ role, users: holders.users })
    .from(role)
    .leftJoin(holders, eq(holders.roleId, role.id))
    .orderBy(asc(role.name));
  const grants = await ctx.db.select().from(rolePermission);
  // whether the caller may change each role (rank, built-in, held in other sites), for the pages
  const actor = await administratorOf(ctx);
  const homes = await ctx.db.select({ roleId: userRole.roleId, siteId: user.siteId }).from(userRole).innerJoin(user, eq(user.id, userRole.userId));
  return rows.map((r) => {
    const managed = { ...r.role, isBuiltIn: r.role.isDefault, holderSiteIds: homes.filter((h) => h.roleId === r.role.id).map((h) => h.siteId) };
    return {
      ...r.role,
      userCount: r.users ?? 0,
      permissions: grants.filter((g) => g.roleId === r.role.id).map(({ routeName, buttons }) => ({ routeName, buttons })),
      manageable: roleChangeRefusal(actor, managed, 'grant') === null,
    };
  });
}

function checkRoleInput(input: RoleInput) {
  assertNoIssues([
    ...checkText(input.name, { field: 'name', required: true }),
    ...checkText(input.nameEn ?? '', { field: 'nameEn' }),
  ]);
  if (input.roleType !== undefined && !ROLE_TYPE_CODES.includes(input.roleType)) {
    throw new InvalidInputError('error.invalid_input');
  }
}

async function assertNameFree(db: DbOrTx, name: string, exceptId?: string) {
  const clash = await db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.name, name), exceptId ? ne(role.id, exceptId) : undefined))
    .get();
  if (clash) throw new ConflictError('role.name_duplicate', { name });
}

export async function createRole(ctx: ServiceContext, input: RoleInput): Promise<Role> {
  const name = input.name.trim();
  checkRoleInput({ ...input, name });
  const actor = await administratorOf(ctx);
  assertCanSetRoleType(actor.delegator, input.roleType);
  assertRoleChange(actor, null, 'create', { name, roleType: input.roleType ?? '2' });
  return writeAndLog(ctx, async (tx) => {
    await assertNameFree(tx, name);
    const [row] = await tx
      .insert(role)
      .values({ name, nameEn: input.nameEn?.trim() ?? '', roleType: input.roleType ?? '2', productTypes: input.productTypes ?? [] })
      .returning();
    return { result: row!, log: { action: 'role.create', entity: 'role', entityId: row!.id, after: row } };
  });
}

export async function updateRole(ctx: ServiceContext, idOrName: string, input: Partial<RoleInput>): Promise<Role> {
  const actor = await administratorOf(ctx);
  assertCanSetRoleType(actor.delegator, input.roleType);
  return writeAndLog(ctx, async (tx) => {
    const before = await findRole(tx, idOrName);
    const next = { ...before, ...input, name: (input.name ?? before.name).trim() };
    checkRoleInput(next);
    const touchesIdentity = next.name !== before.name || next.nameEn !== before.nameEn || next.roleType !== before.roleType;
    assertRoleChange(actor, await managedRole(tx, before), 'edit', next, touchesIdentity);
    await assertNameFree(tx, next.name, before.id);
    const [row] = await tx
      .update(role)
      .set({ name: next.name, nameEn: next.nameEn, roleType: next.roleType, productTypes: next.productTypes })
      .where(eq(role.id, before.id))
      .returning();
    return { result: row!, log: { action: 'role.update', entity: 'role', entityId: before.id, before, after: row } };
  });
}

/** Refuses unknown routes and buttons a route does not offer. */
async function checkGrants(db: DbOrTx, grants: readonly RouteGrant[]) {
  const menus = await db.select({ routeName: menu.routeName, buttons: menu.buttons }).from(menu);
  const byName = new Map(menus.map((m) => [m.routeName, m.buttons]));
  for (const grant of grants) {
    const offered = byName.get(grant.routeName);
    if (!offered) throw new InvalidInputError('role.unknown_route', { routeName: grant.routeName });
    const bad = grant.buttons.find((b) => !offered.includes(b));
    if (bad) throw new InvalidInputError('role.unknown_button', { routeName: grant.routeName, button: bad });
  }
}

/** Replaces the role's whole permission configuration (menus, routes, buttons). */
export async function setRolePermissions(ctx: ServiceContext, idOrName: string, grants: readonly RouteGrant[]) {
  const actor = await administratorOf(ctx);
  return writeAndLog(ctx, async (tx) => {
    const target = await findRole(tx, idOrName);
    assertRoleChange(actor, await managedRole(tx, target), 'grant');
    assertCanDelegate(actor.delegator, grants);
    await checkGrants(tx, grants);
    const before = await tx.select().from(rolePermission).where(eq(rolePermission.roleId, target.id));
    await tx.delete(rolePermission).where(eq(rolePermission.roleId, target.id));
    const unique = new Map(grants.map((g) => [g.routeName, [...new Set(g.buttons)]]));
    if (unique.size) {
      await tx.insert(rolePermission).values([...unique].map(([routeName, buttons]) => ({ roleId: target.id, routeName, buttons })));
    }
    const after = [...unique].map(([routeName, buttons]) => ({ routeName, buttons }));
    return { result: after, log: { action: 'role.permissions', entity: 'role', entityId: target.id, before, after } };
  });
}

/** Adds (or widens) the grant of one route, keeping the others. */
export async function grantRoute(ctx: ServiceContext, idOrName: string, grant: RouteGrant) {
  const actor = await administratorOf(ctx);
  return writeAndLog(ctx, async (tx) => {
    const target = await findRole(tx, idOrName);
    assertRoleChange(actor, await managedRole(tx, target), 'grant');
    assertCanDelegate(actor.delegator, [grant]);
    await checkGrants(tx, [grant]);
    const before = await tx
      .select()
      .from(rolePermission)
      .where(and(eq(rolePermission.roleId, target.id), eq(rolePermission.routeName, grant.routeName)))
      .get();
    const buttons = [...new Set([...(before?.buttons ?? []), ...grant.buttons])];
    await tx
      .insert(rolePermission)
      .values({ roleId: target.id, routeName: grant.routeName, buttons })
      .onConflictDoUpdate({ target: [rolePermission.roleId, rolePermission.routeName], set: { buttons } });
    const after = { routeName: grant.routeName, buttons };
    return { result: after, log: { action: 'role.grant', entity: 'role', entityId: target.id, before, after } };
  });
}

export async function revokeRoute(ctx: ServiceContext, idOrName: string, routeName: string) {
  const actor = await administratorOf(ctx);
  await writeAndLog(ctx, async (tx) => {
    const target = await findRole(tx, idOrName);
    assertRoleChange(actor, await managedRole(tx, target), 'grant');
    await tx.delete(rolePermission).where(and(eq(rolePermission.roleId, target.id), eq(rolePermission.routeName, routeName)));
    return { result: undefined, log: { action: 'role.revoke', entity: 'role', entityId: target.id, before: { routeName } } };
  });
}

/** The default role is protected; a role with users needs `confirm` (spec 000 §5). */
export async function deleteRole(ctx: ServiceContext, idOrName: string, options: { confirm?: boolean } = {}) {
  const actor = await administratorOf(ctx);
  await writeAndLog(ctx, async (tx) => {
    const target = await findRole(tx, idOrName);
    if (target.isDefault) throw new ConflictError('role.default_protected');
    assertRoleChange(actor, await managedRole(tx, target), 'delete');
    const [holders] = await tx.select({ n: count() }).from(userRole).where(eq(userRole.roleId, target.id));
    if ((holders?.n ?? 0) > 0 && !options.confirm) throw new ConflictError('role.has_users', { count: holders!.n });
    await tx.delete(role).where(eq(role.id, target.id));
    return { result: undefined, log: { action: 'role.delete', entity: 'role', entityId: target.id, before: target } };
  });
}
