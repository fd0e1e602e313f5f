import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { user, userRole, userSite } from '../db/schema/index.ts';
import { findDictionaryType, saveDictionaryItem } from '../services/dictionaries/dictionaries.ts';
import { addControl } from '../services/fmea/controls.ts';
import { addFailure } from '../services/fmea/failures.ts';
import { addFunction } from '../services/fmea/functions.ts';
import { linkFailures } from '../services/fmea/nets.ts';
import { createProject, type ProjectInput, type ProjectView } from '../services/fmea/projects.ts';
import { addNode } from '../services/fmea/structure.ts';
import { createDepartment, type DepartmentInput } from '../services/org/departments.ts';
import { createSite, type SiteInput } from '../services/org/sites.ts';
import { createRole, setRolePermissions, type RoleInput, type RouteGrant } from '../services/roles/roles.ts';
import type { ServiceContext } from '../services/shared/context.ts';
import { createUser, type UserInput } from '../services/users/users.ts';
import type { TestDatabase } from './index.ts';
import { TEST_PASSWORD } from './password.ts';

/**
 * The one set of test builders, for every package's tests (`@fmea/core/testing`).
 *
 * Every user, role, site, department and project a builder creates gets a
 * fresh unique name (a readable label and a random suffix), so no two tests,
 * and no two test files running side by side, can collide on one. A test
 * that looks at a name asks the returned record for it; a test about a
 * particular name passes that name itself (`overrides`).
 */

/** `label-xxxxxxxx`: the label, for reading failures, and eight random hex digits. */
export function uniqueName(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}

/** A site named `site-…` (no English name unless given). */
export function buildSite(ctx: ServiceContext, overrides: Partial<SiteInput> = {}) {
  return createSite(ctx, { name: uniqueName('site'), ...overrides });
}

/** A department of `site` (id or name), numbered `D-…` and named `dept-…`. */
export function buildDepartment(ctx: ServiceContext, site: string, overrides: Partial<Omit<DepartmentInput, 'site'>> = {}) {
  return createDepartment(ctx, { site, number: uniqueName('D'), name: uniqueName('dept'), ...overrides });
}

/** A role named `<label>-role-…` (an ordinary role, type '2', unless given), holding `grants` when given. */
export async function buildRole(ctx: ServiceContext, overrides: Partial<RoleInput> & { label?: string; grants?: readonly RouteGrant[] } = {}) {
  const { label = 'test', grants, ...input } = overrides;
  const role = await createRole(ctx, { name: uniqueName(`${label}-role`), roleType: '2', ...input });
  if (grants) await setRolePermissions(ctx, role.id, grants);
  return role;
}

export interface BuildUserOptions extends Partial<UserInput> {
  /** The readable start of the generated user name (`user` by default). */
  label?: string;
  /** false: the user may sign in without first changing the password (createUser asks for a change). */
  mustChangePassword?: boolean;
}

/**
 * A user created through the use case, with the shared test password; the
 * user name is `<label>-…` and the real name the same unless given.
 */
export async function buildUser(ctx: ServiceContext, options: BuildUserOptions = {}) {
  const { label = 'user', mustChangePassword, ...overrides } = options;
  const userName = overrides.userName ?? uniqueName(label);
  const { user: created } = await createUser(ctx, { userName, realName: userName, password: TEST_PASSWORD, ...overrides });
  if (mustChangePassword === false) {
    await ctx.db.update(user).set({ mustChangePassword: false }).where(eq(user.id, created.id));
    return { ...created, mustChangePassword: false };
  }
  return created;
}

export interface InsertUserOptions {
  label?: string;
  /** A stored hash (hashPassword) when the user signs in; a placeholder otherwise. */
  passwordHash?: string;
  /** Home site id; the user also joins it as a site. */
  siteId?: string | null;
  /** Further site ids. */
  siteIds?: readonly string[];
  roleIds?: readonly string[];
}

/**
 * A user row written straight into the tables: no password hashing and no
 * administration checks, for tests that need many people fast. The user
 * name (and real name) is `<label>-…`.
 */
export async function insertUser(db: DbOrTx, options: InsertUserOptions = {}): Promise<{ id: string; userName: string }> {
  const userName = uniqueName(options.label ?? 'user');
  const [row] = await db
    .insert(user)
    .values({ userName, realName: userName, passwordHash: options.passwordHash ?? 'not-a-real-hash', passwordChangedAt: new Date(), siteId: options.siteId ?? null })
    .returning();
  const siteIds = new Set([...(options.siteId ? [options.siteId] : []), ...(options.siteIds ?? [])]);
  for (const siteId of siteIds) await db.insert(userSite).values({ userId: row!.id, siteId });
  for (const roleId of options.roleIds ?? []) await db.insert(userRole).values({ userId: row!.id, roleId });
  return { id: row!.id, userName };
}

/** A fresh user (inserted, see insertUser) and a service context acting as them. */
export async function makeUser(t: TestDatabase, label = 'user'): Promise<ServiceContext> {
  const { id, userName } = await insertUser(t.db, { label });
  return t.as({ userId: id, userName });
}

/** The seeded default administrator, acting. */
export async function adminContext(t: TestDatabase): Promise<ServiceContext> {
  const admin = (await t.db.select().from(user).where(eq(user.userName, 'admin')).get())!;
  return t.as({ userId: admin.id, userName: 'admin' });
}

export const idOf = (ctx: ServiceContext) => ctx.actor.userId!;
export const nameOf = (ctx: ServiceContext) => ctx.actor.userName!;

/** Items of a dictionary type the seed leaves empty (customer, productPlatform): code, Chinese and English name. */
export async function addDictionaryItems(ctx: ServiceContext, typeCode: string, items: readonly (readonly [code: string, name: string, enName: string])[]): Promise<void> {
  const type = await findDictionaryType(ctx.db, typeCode);
  for (const [i, [code, name, enName]] of items.entries()) await saveDictionaryItem(ctx, { parentId: type.id, code, name, enName, sort: i + 1 });
}

export interface Team {
  owner: ServiceContext;
  editor: ServiceContext;
  reader: ServiceContext;
  outsider: ServiceContext;
}

/** Owner (role 0), editor (collaborator, 1), reader (reviewer, 4) and someone outside the project, each a fresh user. */
export async function makeTeam(t: TestDatabase): Promise<Team> {
  return {
    owner: await makeUser(t, 'owner'),
    editor: await makeUser(t, 'editor'),
    reader: await makeUser(t, 'reader'),
    outsider: await makeUser(t, 'outsider'),
  };
}

/**
 * The team as project members (owner 0, editor 1, reader 4), with further
 * users as reviewers (4): the people a review round names must be able to
 * read the project.
 */
export function teamMembers(team: Team, ...reviewers: ServiceContext[]): { userId: string; roles: number[] }[] {
  return [
    { userId: idOf(team.owner), roles: [0] },
    { userId: idOf(team.editor), roles: [1] },
    { userId: idOf(team.reader), roles: [4] },
    ...reviewers.map((r) => ({ userId: idOf(r), roles: [4] })),
  ];
}

/** A DFMEA of the team, created by the owner and named `Window lifter-…` unless `overrides` name it. */
export function createTeamProject(team: Team, overrides: Partial<ProjectInput> = {}): Promise<ProjectView> {
  return createProject(team.owner, { projectType: 'dfmea', name: uniqueName('Window lifter'), members: teamMembers(team), ...overrides });
}

/**
 * The handbook's window-lifter shape over three levels, under the project's root:
 * root (fn "Close window", FE "Window does not close" S9)
 *   └ Gearbox (fn "Transmit torque", FM "No torque transmitted")
 *       ├ Gear (fn "Mesh with worm", FC "Teeth worn" O6 D5, FC "Teeth broken" O2 D7)
 *       └ Housing (fn "Hold bearings", FC "Bearing seat loose" O3 D6)
 */
export async function buildWindowLifter(ctx: ServiceContext, project: ProjectView) {
  const rootId = project.rootNodeId!;
  const gearbox = await addNode(ctx, { parentId: rootId, name: 'Gearbox' });
  const gear = await addNode(ctx, { parentId: gearbox.id, name: 'Gear' });
  const housing = await addNode(ctx, { parentId: gearbox.id, name: 'Housing' });
  const close = await addFunction(ctx, { nodeId: rootId, description: 'Close window', requirement: 'within 4 s' });
  const torque = await addFunction(ctx, { nodeId: gearbox.id, description: 'Transmit torque', requirement: '12 Nm' });
  const mesh = await addFunction(ctx, { nodeId: gear.id, description: 'Mesh with worm' });
  const hold = await addFunction(ctx, { nodeId: housing.id, description: 'Hold bearings' });
  const effect = await addFailure(ctx, { functionId: close.id, kind: 'FE', description: 'Window does not close', severity: 9 });
  const mode = await addFailure(ctx, { functionId: torque.id, kind: 'FM', description: 'No torque transmitted' });
  const worn = await addFailure(ctx, { functionId: mesh.id, kind: 'FC', description: 'Teeth worn', occurrence: 6, detection: 5 });
  const broken = await addFailure(ctx, { functionId: mesh.id, kind: 'FC', description: 'Teeth broken', occurrence: 2, detection: 7 });
  const loose = await addFailure(ctx, { functionId: hold.id, kind: 'FC', description: 'Bearing seat loose', occurrence: 3, detection: 6 });
  await linkFailures(ctx, { higherFailureId: effect.id, lowerFailureId: mode.id });
  for (const cause of [worn, broken, loose]) await linkFailures(ctx, { higherFailureId: mode.id, lowerFailureId: cause.id });
  await addControl(ctx, { causeId: worn.id, kind: 'prevention', description: 'Design guideline DG-12' });
  await addControl(ctx, { causeId: worn.id, kind: 'detection', description: 'Endurance test ET-3' });
  return { rootId, gearbox, gear, housing, close, torque, mesh, hold, effect, mode, worn, broken, loose };
}
