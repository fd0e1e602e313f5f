import { and, asc, count, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import { department, role, session, site, user, userRole, userSite } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ConflictError, InvalidInputError, NotAllowedError, NotFoundError } from '../../errors.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { normalizeUserName, profileIssues, type Gender } from '../../domain/users/index.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import { contains, pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { findDepartment } from '../org/departments.ts';
import { findSite } from '../org/sites.ts';
import { ADMIN_ROLE_NAME, findRole } from '../roles/roles.ts';
import { administratorOf, managedUser, managedUsers, type AdminActor } from '../admin-access/administrator.ts';
import {
  assertCanAssignRoles,
  assertRoleAssignment,
  assertSiteAction,
  assertSiteMembership,
  assertUserAction,
  assertUserCreate,
  rankOfRoles,
  userActionRefusal,
  visibleSites,
  type UserAction,
} from '../../domain/permissions/index.ts';
import { rolePermission } from '../../db/schema/index.ts';
import { preparePassword } from './passwords.ts';
import { live, softDeleted } from '../../db/live.ts';

type UserRow = typeof user.$inferSelect;

/** What the outside world sees of a user: never the hash. */
export interface UserView extends Omit<UserRow, 'passwordHash'> {
  siteName: string | null;
  siteNameEn: string | null;
  departmentName: string | null;
  departmentNameEn: string | null;
  roles: { id: string; name: string; nameEn: string; roleType: string }[];
  roleNames: string[];
  /** The roles' English names (the Chinese name where a role has none), for English readers. */
  roleNamesEn: string[];
  siteIds: string[];
}

export interface UserInput {
  userName: string;
  realName?: string;
  /** The name English readers see (empty: the real name). */
  realNameEn?: string;
  /** Omitted on create: a policy-compliant password is generated and returned once. */
  password?: string;
  jobNumber?: string;
  mobile?: string;
  email?: string;
  gender?: Gender;
  /** Site id or name: the user's home site. */
  site?: string | null;
  /** Further sites (groups) the user may sign in to. */
  sites?: string[];
  department?: string | null;
  /** Role ids or names; replaces the user's roles. */
  roles?: string[];
  validityDate?: Date | null;
  superiorId?: string | null;
  signature?: string | null;
}

function checkProfile(input: Partial<UserInput>) {
  assertNoIssues(profileIssues(input));
}

export async function findUserRow(db: DbOrTx, idOrName: string): Promise<UserRow> {
  const row = await db
    .select()
    .from(user)
    .where(and(or(eq(user.id, idOrName), eq(user.userName, idOrName.trim())), live(user)))
    .get();
  if (!row) throw new NotFoundError('user.not_found', { user: idOrName });
  return row;
}

export async function presentUser(db: DbOrTx, row: UserRow): Promise<UserView> {
  const [view] = await presentUsers(db, [row]);
  return view!;
}

/** Presents a page of users with four queries in all, not four per user. */
export async function presentUsers(db: DbOrTx, rows: readonly UserRow[]): Promise<UserView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const siteIds = [...new Set(rows.map((r) => r.siteId).filter((x): x is string => Boolean(x)))];
  const deptIds = [...new Set(rows.map((r) => r.departmentId).filter((x): x is string => Boolean(x)))];
  const sites = siteIds.length ? await db.select().from(site).where(inArray(site.id, siteIds)) : [];
  const depts = deptIds.length ? await db.select().from(department).where(inArray(department.id, deptIds)) : [];
  const roleRows = await db
    .select({ userId: userRole.userId, id: role.id, name: role.name, nameEn: role.nameEn, roleType: role.roleType })
    .from(userRole)
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(inArray(userRole.userId, ids))
    .orderBy(asc(role.name));
  const links = await db.select().from(userSite).where(inArray(userSite.userId, ids));
  return rows.map((row) => {
    const { passwordHash: _hidden, ...rest } = row;
    const home = sites.find((s) => s.id === row.siteId);
    const roles = roleRows.filter((r) => r.userId === row.id).map(({ id, name, nameEn, roleType }) => ({ id, name, nameEn: nameEn ?? '', roleType }));
    return {
      ...rest,
      siteName: home?.name ?? null,
      siteNameEn: home?.nameEn ?? null,
      departmentName: depts.find((d) => d.id === row.departmentId)?.name ?? null,
      departmentNameEn: depts.find((d) => d.id === row.departmentId)?.nameEn || null,
      roles,
      roleNames: roles.map((r) => r.name),
      roleNamesEn: roles.map((r) => r.nameEn || r.name),
      siteIds: links.filter((l) => l.userId === row.id).map((l) => l.siteId),
    };
  });
}

export async function getUser(ctx: ServiceContext, idOrName: string): Promise<UserView> {
  const row = await findUserRow(ctx.db, idOrName);
  assertUserAction(await administratorOf(ctx), await managedUser(ctx.db, row), 'read');
  return presentUser(ctx.db, row);
}

export interface UserListQuery extends PageQuery {
  search?: string;
  site?: string;
  /** These users only (ids; unknown ones are left out). */
  ids?: readonly string[];
  /** Only users who may use this button on one of these routes: a role grants it, or they hold the admin role (the export lists of spec 000 §7). */
  holding?: { routes: readonly string[]; button: string };
}

export async function listUsers(ctx: ServiceContext, query: UserListQuery = {}): Promise<Page<UserView & { actions: Exclude<UserAction, 'read'>[] }>> {
  const { page, limit, offset } = pageWindow(query);
  const conditions: (SQL | undefined)[] = [live(user)];
  if (query.search?.trim()) {
    const search = query.search.trim();
    conditions.push(or(contains(user.userName, search), contains(user.realName, search), contains(user.jobNumber, search)));
  }
  if (query.ids) conditions.push(query.ids.length ? inArray(user.id, [...query.ids]) : eq(user.id, ''));
  if (query.holding) conditions.push(await holdersOf(ctx.db, query.holding.routes, query.holding.button));
  const actor = await administratorOf(ctx);
  if (query.site) {
    const owner = await findSite(ctx.db, query.site);
    assertSiteAction(actor, owner.id, 'read');
    conditions.push(memberOfSites(ctx.db, [owner.id]));
  }
  // administrators below super see the users of their own sites only
  const visible = visibleSites(actor);
  if (visible !== 'all') conditions.push(memberOfSites(ctx.db, visible));
  const where = and(...conditions);
  // a list: the read replica may answer it
  const reader = await readDb(ctx);
  const [total] = await reader.select({ n: count() }).from(user).where(where);
  const rows = await reader.select().from(user).where(where).orderBy(asc(user.userName)).limit(limit).offset(offset);
  const views = await presentUsers(reader, rows);
  // what the caller may do to each row, so pages offer only what the server would allow
  const managed = await managedUsers(ctx.db, rows);
  const items = views.map((view, i) => ({ ...view, actions: MANAGE_ACTIONS.filter((a) => userActionRefusal(actor, managed[i]!, a) === null) }));
  return { items, total: total?.n ?? 0, page, limit };
}

const MANAGE_ACTIONS: readonly Exclude<UserAction, 'read'>[] = ['edit', 'resetPassword', 'lock', 'delete'];

/** Users a role lets use `button` on one of `routes`, and the admin role's holders (who may use every button). The roles are few: their grants are read, the users are a sub-select. */
async function holdersOf(db: DbOrTx, routes: readonly string[], button: string): Promise<SQL> {
  const grants = routes.length ? await db.select({ roleId: rolePermission.roleId, buttons: rolePermission.buttons }).from(rolePermission).where(inArray(rolePermission.routeName, [...routes])) : [];
  const admins = await db.select({ id: role.id }).from(role).where(eq(role.name, ADMIN_ROLE_NAME));
  const roleIds = [...grants.filter((g) => g.buttons.includes(button)).map((g) => g.roleId), ...admins.map((r) => r.id)];
  return inArray(user.id, db.select({ id: userRole.userId }).from(userRole).where(inArray(userRole.roleId, roleIds)));
}

/** Users whose home is one of the sites, or who belong to one as a further group. */
function memberOfSites(db: DbOrTx, siteIds: readonly string[]): SQL | undefined {
  if (!siteIds.length) return eq(user.id, '');
  const linked = db.select({ id: userSite.userId }).from(userSite).where(inArray(userSite.siteId, [...siteIds]));
  return or(inArray(user.siteId, [...siteIds]), inArray(user.id, linked));
}

async function assertUserNameFree(db: DbOrTx, userName: string, exceptId?: string) {
  const clash = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.userName, userName), exceptId ? ne(user.id, exceptId) : undefined))
    .get();
  if (clash) throw new ConflictError('user.name_duplicate', { userName });
}

/** Spec: checkUserName (userName, id) — true when the name is free for this user. */
export async function isUserNameAvailable(ctx: ServiceContext, userName: string, exceptId?: string): Promise<boolean> {
  try {
    await assertUserNameFree(ctx.db, normalizeUserName(userName), exceptId);
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
}

/** Where a user without an explicit site lives: the oldest site (the one seeded on first start). */
async function defaultSiteId(db: DbOrTx): Promise<string | null> {
  const first = await db.select({ id: site.id }).from(site).orderBy(asc(site.createdAt), asc(site.name)).limit(1).get();
  return first?.id ?? null;
}

async function resolveLinks(db: DbOrTx, input: Partial<UserInput>, fallbackSiteId: string | null) {
  const home = input.site ? (await findSite(db, input.site)).id : input.site === null ? null : fallbackSiteId;
  const extra = [];
  for (const s of input.sites ?? []) extra.push((await findSite(db, s)).id);
  const departmentId =
    input.department === undefined || input.department === null
      ? input.department
      : (await findDepartment(db, input.department, home ?? undefined)).id;
  const roleIds = [];
  for (const r of input.roles ?? []) roleIds.push((await findRole(db, r)).id);
  return { home, siteIds: [...new Set([...(home ? [home] : []), ...extra])], departmentId, roleIds };
}

async function replaceLinks(db: DbOrTx, userId: string, siteIds: string[] | undefined, roleIds: string[] | undefined) {
  if (siteIds) {
    await db.delete(userSite).where(eq(userSite.userId, userId));
    if (siteIds.length) await db.insert(userSite).values(siteIds.map((siteId) => ({ userId, siteId })));
  }
  if (roleIds) {
    await db.delete(userRole).where(eq(userRole.userId, userId));
    if (roleIds.length) await db.insert(userRole).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
  }
}

export interface CreatedUser {
  user: UserView;
  /** Set only when the password was generated: shown once, never stored in clear. */
  generatedPassword?: string;
}

export async function createUser(ctx: ServiceContext, input: UserInput): Promise<CreatedUser> {
  const userName = normalizeUserName(input.userName);
  checkProfile(input);
  const { hash, generated } = await preparePassword(ctx.db, input.password, { userName });
  const actor = await administratorOf(ctx);
  return writeAndLog(ctx, async (tx) => {
    await assertUserNameFree(tx, userName);
    // a site administrator's new user lives in the administrator's site unless another is named
    const fallbackSite = actor.rank === 'super' ? await defaultSiteId(tx) : (actor.siteIds[0] ?? null);
    const links = await resolveLinks(tx, input, fallbackSite);
    const roles = await rolesWithGrants(tx, links.roleIds);
    assertUserCreate(actor, links.home, rankOfRoles(roles));
    assertRoleChanges(actor, null, roles, []);
    assertSiteMembership(actor, null, { added: links.siteIds, removed: [] });
    const [row] = await tx
      .insert(user)
      .values({
        userName,
        realName: input.realName?.trim() ?? '',
        realNameEn: input.realNameEn?.trim() ?? '',
        passwordHash: hash,
        passwordChangedAt: ctx.now(),
        mustChangePassword: true,
        jobNumber: input.jobNumber?.trim() ?? '',
        mobile: input.mobile?.trim() ?? '',
        email: input.email?.trim() ?? '',
        gender: input.gender ?? '0',
        signature: input.signature ?? null,
        siteId: links.home,
        departmentId: links.departmentId ?? null,
        superiorId: input.superiorId ?? null,
        validityDate: input.validityDate ?? null,
      })
      .returning();
    await replaceLinks(tx, row!.id, links.siteIds, links.roleIds);
    const view = await presentUser(tx, row!);
    return {
      result: generated ? { user: view, generatedPassword: generated } : { user: view },
      log: { action: 'user.create', entity: 'user', entityId: row!.id, after: view },
    };
  });
}

/** Saves profile fields, sites and roles; the password has its own calls. */
export async function updateUser(ctx: ServiceContext, idOrName: string, input: Partial<Omit<UserInput, 'password'>>) {
  checkProfile(input);
  const actor = await administratorOf(ctx);
  return writeAndLog(ctx, async (tx) => {
    const before = await findUserRow(tx, idOrName);
    const target = await managedUser(tx, before);
    assertUserAction(actor, target, 'edit');
    const beforeView = await presentUser(tx, before);
    const userName = input.userName === undefined ? before.userName : normalizeUserName(input.userName);
    await assertUserNameFree(tx, userName, before.id);
    const links = await resolveLinks(tx, input, before.siteId);
    if (input.roles) {
      const next = await rolesWithGrants(tx, links.roleIds);
      const current = await rolesWithGrants(tx, beforeView.roles.map((r) => r.id));
      const added = next.filter((r) => !current.some((c) => c.id === r.id));
      const removed = current.filter((c) => !next.some((r) => r.id === c.id));
      // the default administrator keeps the admin role: the installation must keep one way in
      if (before.isDefault && removed.some((r) => r.name === ADMIN_ROLE_NAME)) throw new ConflictError('user.default_keeps_admin');
      assertRoleChanges(actor, before.id, added, removed);
    }
    await tx
      .update(user)
      .set({
        userName,
        realName: input.realName?.trim() ?? before.realName,
        realNameEn: input.realNameEn?.trim() ?? before.realNameEn,
        jobNumber: input.jobNumber?.trim() ?? before.jobNumber,
        mobile: input.mobile?.trim() ?? before.mobile,
        email: input.email?.trim() ?? before.email,
        gender: input.gender ?? before.gender,
        signature: input.signature === undefined ? before.signature : input.signature,
        siteId: links.home,
        departmentId: links.departmentId === undefined ? before.departmentId : links.departmentId,
        superiorId: input.superiorId === undefined ? before.superiorId : input.superiorId,
        validityDate: input.validityDate === undefined ? before.validityDate : input.validityDate,
      })
      .where(eq(user.id, before.id));
    // `sites` replaces the further sites; a new home site alone is added to the ones the user has
    const current = (await tx.select({ siteId: userSite.siteId }).from(userSite).where(eq(userSite.userId, before.id))).map((r) => r.siteId);
    const siteIds = input.sites ? links.siteIds : input.site ? [...new Set([...current, ...links.siteIds])] : undefined;
    if (siteIds) {
      const known = [...new Set([...current, ...(before.siteId ? [before.siteId] : [])])];
      assertSiteMembership(actor, before.id, {
        added: siteIds.filter((id) => !known.includes(id)),
        removed: known.filter((id) => !siteIds.includes(id)),
      });
    }
    await replaceLinks(tx, before.id, siteIds, input.roles ? links.roleIds : undefined);
    const after = await presentUser(tx, await findUserRow(tx, before.id));
    return { result: after, log: { action: 'user.update', entity: 'user', entityId: before.id, before: beforeView, after } };
  });
}

/** Replaces the user's roles (CLI `user set-role`). */
export async function setUserRoles(ctx: ServiceContext, idOrName: string, roles: string[]) {
  return updateUser(ctx, idOrName, { roles });
}

export async function deleteUser(ctx: ServiceContext, idOrName: string): Promise<void> {
  const actor = await administratorOf(ctx);
  await writeAndLog(ctx, async (tx) => {
    const row = await findUserRow(tx, idOrName);
    if (row.id === ctx.actor.userId) throw new NotAllowedError('user.cannot_target_self');
    assertUserAction(actor, await managedUser(tx, row), 'delete');
    if (row.isDefault) throw new ConflictError('user.default_protected');
    const before = await presentUser(tx, row);
    // soft delete (delFlg 1): records keep their creator, the log its names; the
    // account can never sign in again and its user name stays reserved
    await tx.update(user).set({ ...softDeleted(), locked: true }).where(eq(user.id, row.id));
    await tx.delete(session).where(eq(session.userId, row.id));
    await tx.delete(userRole).where(eq(userRole.userId, row.id));
    return { result: undefined, log: { action: 'user.delete', entity: 'user', entityId: row.id, before } };
  });
}

export async function setUserLocked(ctx: ServiceContext, idOrName: string, locked: boolean): Promise<UserView> {
  const actor = await administratorOf(ctx);
  return writeAndLog(ctx, async (tx) => {
    const row = await findUserRow(tx, idOrName);
    // nobody locks themselves or the default administrator out
    if (locked && row.id === ctx.actor.userId) throw new NotAllowedError('user.cannot_target_self');
    assertUserAction(actor, await managedUser(tx, row), 'lock');
    if (locked && row.isDefault) throw new ConflictError('user.default_protected_lock');
    // an administrator's lock never lifts by itself; unlocking clears any lock
    const lockFields = locked ? { lockedAt: ctx.now(), lockReason: 'admin' as const } : { lockedAt: null, lockReason: null };
    await tx.update(user).set({ locked, failedLogins: 0, ...lockFields }).where(eq(user.id, row.id));
    const after = await presentUser(tx, { ...row, locked, failedLogins: 0, ...lockFields });
    return {
      result: after,
      log: { action: locked ? 'user.lock' : 'user.unlock', entity: 'user', entityId: row.id, before: { locked: row.locked }, after: { locked } },
    };
  });
}

type RoleWithGrants = { id: string; name: string; roleType: string; permissions: { routeName: string; buttons: string[] }[] };

async function rolesWithGrants(db: DbOrTx, roleIds: readonly string[]): Promise<RoleWithGrants[]> {
  if (!roleIds.length) return [];
  const rows = await db.select({ id: role.id, name: role.name, roleType: role.roleType }).from(role).where(inArray(role.id, [...roleIds]));
  const grants = await db.select().from(rolePermission).where(inArray(rolePermission.roleId, [...roleIds]));
  return rows.map((r) => ({ ...r, permissions: grants.filter((g) => g.roleId === r.id).map(({ routeName, buttons }) => ({ routeName, buttons })) }));
}

/** Roles given or taken: rank and self rules, and nobody hands on rights they do not hold. */
function assertRoleChanges(actor: AdminActor, targetUserId: string | null, added: RoleWithGrants[], removed: RoleWithGrants[]) {
  assertRoleAssignment(actor, targetUserId, { added, removed });
  assertCanAssignRoles(actor.delegator, added);
}
