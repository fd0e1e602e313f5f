import { and, eq } from 'drizzle-orm';
import { dictionary, role, site, user, userRole, userSite } from '../../db/schema/index.ts';
import { migrateDatabase, type Db, type DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../shared/context.ts';
import { recordOperation } from '../shared/audit.ts';
import { readSetting, writeSetting } from '../shared/settings.ts';
import { seedApRules } from '../rules/ap-rules.ts';
import { seedRuleFlags } from '../rules/rule-flags.ts';
import { ADMIN_ROLE_NAME } from '../roles/roles.ts';
import { syncMenus } from '../roles/menu-sync.ts';
import { preparePassword } from '../users/passwords.ts';
import { DEFAULT_DICTIONARIES, type DictionarySeed } from './default-dictionaries.ts';
import { seedScoreStandards } from '../scores/standards.ts';

export const ADMIN_USER_NAME = 'admin';
export const DEFAULT_SITE_NAME = '总部';

export interface AppSettings {
  sysName: string;
  sysNameEn: string;
  sysLogoUrl: string | null;
  /** The watermark (user name and time over the workbench, issue #26): off until an administrator turns it on. */
  watermark: boolean;
  /** The app manager's user setting (issue #26): the language the workbench opens in before a user chose one; null follows the browser. */
  defaultLocale: 'zh-CN' | 'en-US' | null;
  /** File ids (kind image) of the login page's and the home page's background pictures, or null. */
  loginBackground: string | null;
  homeBackground: string | null;
}

export const DEFAULT_APP_SETTINGS: AppSettings = { sysName: 'FMEA 工作台', sysNameEn: 'FMEA Workbench', sysLogoUrl: null, watermark: false, defaultLocale: null, loginBackground: null, homeBackground: null };

/** Settings saved before a key existed lack it: readSetting fills it in from the defaults. */
export function getAppSettings(db: DbOrTx): Promise<AppSettings> {
  return readSetting(db, 'app', DEFAULT_APP_SETTINGS);
}

/** Adds the built-in dictionary types and items that are missing, then names the built-in ones without an English name. */
export async function seedDictionaries(db: DbOrTx, seeds: readonly DictionarySeed[]) {
  for (const type of seeds) {
    await db.insert(dictionary).values({ parentId: '', code: type.code, name: type.name, enName: type.enName }).onConflictDoNothing();
    const root = await db.select().from(dictionary).where(and(eq(dictionary.parentId, ''), eq(dictionary.code, type.code))).get();
    if (!root || type.items.length === 0) continue;
    await db
      .insert(dictionary)
      .values(type.items.map(([code, name, enName], i) => ({ parentId: root.id, code, name, enName, sort: i + 1 })))
      .onConflictDoNothing();
  }
  await nameBuiltinItems(db, seeds);
}

/**
 * Gives a built-in type or item its English name where it has none (a
 * database seeded before the names existed, or an admin who cleared one).
 * Only one that still has its built-in code and Chinese name is named: an
 * item an admin renamed, or one an admin created, is left as it is. One read
 * finds the unnamed rows (usually none), so a start pays no more than that.
 */
async function nameBuiltinItems(db: DbOrTx, seeds: readonly DictionarySeed[]) {
  const unnamed = await db.select().from(dictionary).where(eq(dictionary.enName, ''));
  if (unnamed.length === 0) return;
  const roots = new Map((await db.select().from(dictionary).where(eq(dictionary.parentId, ''))).map((r) => [r.id, r.code]));
  const builtin = new Map<string, string>();
  for (const type of seeds) {
    builtin.set(`/${type.code}/${type.name}`, type.enName);
    for (const [code, name, enName] of type.items) builtin.set(`${type.code}/${code}/${name}`, enName);
  }
  for (const row of unnamed) {
    const typeCode = row.parentId === '' ? '' : roots.get(row.parentId);
    const enName = typeCode === undefined ? undefined : builtin.get(`${typeCode}/${row.code}/${row.name}`);
    if (enName) await db.update(dictionary).set({ enName }).where(and(eq(dictionary.id, row.id), eq(dictionary.enName, '')));
  }
}

/** The built-in administrator's name in each language. */
export const ADMIN_REAL_NAME = '系统管理员';
export const ADMIN_REAL_NAME_EN = 'System administrator';

export interface SeedResult {
  /** True when this call created the admin account. */
  adminCreated: boolean;
  /** Set only when the admin password was generated: print it once. */
  generatedAdminPassword?: string;
}

/**
 * Seeds what a fresh installation needs and is safe to run again: rule
 * flags, the handbook AP tables, base dictionaries, the default site, the
 * admin role and the admin user; existing data is never overwritten. The
 * menus are the exception: they follow the area definitions (`syncMenus`).
 */
export async function seedDefaults(ctx: ServiceContext, options: { adminPassword?: string } = {}): Promise<SeedResult> {
  const existingAdmin = await ctx.db.select({ id: user.id }).from(user).where(eq(user.userName, ADMIN_USER_NAME)).get();
  // hash outside the transaction: argon2 is slow and the policy check may refuse the password
  const prepared = existingAdmin ? undefined : await preparePassword(ctx.db, options.adminPassword, { userName: ADMIN_USER_NAME });
  return ctx.db.transaction(async (tx) => {
    await syncMenus({ ...ctx, db: tx });
    await seedRuleFlags(tx);
    await seedApRules(tx);
    await seedDictionaries(tx, DEFAULT_DICTIONARIES);
    if (!(await readSetting<AppSettings | null>(tx, 'app', null))) await writeSetting(tx, 'app', DEFAULT_APP_SETTINGS);
    await seedScoreStandards(tx);
    await tx.insert(site).values({ name: DEFAULT_SITE_NAME, nameEn: 'Headquarters' }).onConflictDoNothing();
    await tx.insert(role).values({ name: ADMIN_ROLE_NAME, nameEn: 'Administrator', roleType: '0', isDefault: true }).onConflictDoNothing();
    // the built-in administrator's name in English, also on databases seeded before it had one (an administrator's own stays)
    await tx
      .update(user)
      .set({ realNameEn: ADMIN_REAL_NAME_EN })
      .where(and(eq(user.userName, ADMIN_USER_NAME), eq(user.isDefault, true), eq(user.realName, ADMIN_REAL_NAME), eq(user.realNameEn, '')));
    if (!prepared) return { adminCreated: false };
    const home = (await tx.select().from(site).where(eq(site.name, DEFAULT_SITE_NAME)).get())!;
    const adminRole = (await tx.select().from(role).where(eq(role.name, ADMIN_ROLE_NAME)).get())!;
    const [admin] = await tx
      .insert(user)
      .values({
        userName: ADMIN_USER_NAME,
        realName: ADMIN_REAL_NAME,
        realNameEn: ADMIN_REAL_NAME_EN,
        passwordHash: prepared.hash,
        passwordChangedAt: ctx.now(),
        // a generated password is temporary; one the operator chose (ADMIN_PASSWORD) is not
        mustChangePassword: prepared.generated !== undefined,
        siteId: home.id,
        isDefault: true,
      })
      .returning();
    await tx.insert(userSite).values({ userId: admin!.id, siteId: home.id });
    await tx.insert(userRole).values({ userId: admin!.id, roleId: adminRole.id });
    await recordOperation(tx, ctx.actor, ctx.now(), { action: 'system.seed', entity: 'user', entityId: admin!.id, after: { userName: ADMIN_USER_NAME } });
    return prepared.generated ? { adminCreated: true, generatedAdminPassword: prepared.generated } : { adminCreated: true };
  });
}

/** Migrate, then seed: what `npm start`, `fmea serve` and `fmea db migrate` run on every start. */
export async function prepareDatabase(db: Db, ctx: ServiceContext, options: { adminPassword?: string } = {}): Promise<SeedResult> {
  await migrateDatabase(db);
  return seedDefaults(ctx, options);
}
