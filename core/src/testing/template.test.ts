import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedClient, openDatabase, type Database } from '../db/client.ts';
import { businessRule, operationLog, site, user } from '../db/schema/index.ts';
import { createContext } from '../services/shared/context.ts';
import { verifyPassword } from '../services/shared/password-hash.ts';
import { prepareDatabase } from '../services/system/seed.ts';
import { openTestDatabase, TEST_PASSWORD, testTemplate, type TestDatabase } from './index.ts';

// openTestDatabase copies one migrated and seeded template (template.ts): the copy must be what migrating and seeding gives
const opened: Array<Database | TestDatabase> = [];
afterEach(() => {
  for (const d of opened.splice(0)) 'dispose' in d ? d.dispose() : d.close();
});

async function seededFromScratch(): Promise<Database> {
  const d = await openDatabase(':memory:');
  opened.push(d);
  await prepareDatabase(d.db, createContext(d.db), { adminPassword: TEST_PASSWORD });
  return d;
}

async function testDatabase(options: Parameters<typeof openTestDatabase>[0] = {}) {
  const t = await openTestDatabase(options);
  opened.push(t);
  return t;
}

/** Every schema object's SQL, and every table's row count. */
async function shape(d: Database) {
  const objects = await embeddedClient(d).execute("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_autoindex%' ORDER BY type, name");
  const counts: Record<string, number> = {};
  for (const o of objects.rows.filter((r) => r.type === 'table')) counts[String(o.name)] = Number((await embeddedClient(d).execute(`SELECT count(*) AS n FROM "${String(o.name)}"`)).rows[0]!.n);
  return { objects: objects.rows.map((r) => [r.type, r.name, r.tbl_name, r.sql]), counts };
}

describe('a test database', () => {
  it.each([false, true])('has the schema and rows of a freshly migrated and seeded one (file: %s)', async (file) => {
    const fresh = await shape(await seededFromScratch());
    expect(fresh.counts.__drizzle_migrations).toBeGreaterThan(0);
    expect(await shape(await testDatabase({ file }))).toEqual(fresh);
  });

  it('is up to date: migrating and seeding it again adds nothing', async () => {
    const t = await testDatabase();
    const before = await shape(t);
    expect(await prepareDatabase(t.db, t.ctx, { adminPassword: TEST_PASSWORD })).toEqual({ adminCreated: false });
    expect(await shape(t)).toEqual(before);
  });

  it('checks foreign keys like a migrated one', async () => {
    const t = await testDatabase();
    await expect(embeddedClient(t).execute("INSERT INTO user_site (user_id, site_id) VALUES ('nobody', 'nowhere')")).rejects.toThrow(/FOREIGN KEY/);
  });

  it('is its own: what one test writes, another does not see', async () => {
    for (const file of [false, true]) {
      const a = await testDatabase({ file });
      const b = await testDatabase({ file });
      await a.db.insert(site).values({ name: 'only in a' });
      expect(await b.db.select().from(site).where(eq(site.name, 'only in a'))).toEqual([]);
      expect(await a.db.select().from(site).where(eq(site.name, 'only in a'))).toHaveLength(1);
    }
  });

  it('signs the admin in with the test password, and dates the seed on the test clock', async () => {
    const at = new Date('2026-03-01T08:00:00Z');
    const t = await testDatabase({ now: () => at });
    const admin = (await t.db.select().from(user).where(eq(user.userName, 'admin')).get())!;
    expect(await verifyPassword(admin.passwordHash, TEST_PASSWORD)).toBe(true);
    expect(admin.passwordChangedAt).toEqual(at);
    expect((await t.db.select().from(operationLog).where(eq(operationLog.action, 'system.seed')).orderBy(operationLog.at, sql`rowid`).get())!.at).toEqual(at);
  });

  it('starts from a template built once, each copy its own', async () => {
    let builds = 0;
    const plant = testTemplate(async (t) => {
      builds++;
      await t.db.insert(site).values({ name: 'plant' });
    });
    const a = await testDatabase({ from: plant });
    const b = await testDatabase({ from: plant, file: true });
    expect(builds).toBe(1);
    await a.db.delete(site).where(eq(site.name, 'plant'));
    expect(await b.db.select().from(site).where(eq(site.name, 'plant'))).toHaveLength(1);
    expect(await (await testDatabase({ from: plant })).db.select().from(site).where(eq(site.name, 'plant'))).toHaveLength(1);
    const separated = await testDatabase({ from: plant, separationOfDuties: true });
    expect((await separated.db.select().from(businessRule).where(eq(businessRule.ruleType, 'separationOfDuties')).get())!.flag).toBe('1');
    expect((await a.db.select().from(businessRule).where(eq(businessRule.ruleType, 'separationOfDuties')).get())!.flag).toBe('0');
  });

  it('given back by a test, is the next one reset to its template: no row of the last test, and a changed schema is not reused', async () => {
    const waitForRelease = () => new Promise((resolve) => setTimeout(resolve, 50));
    const first = await openTestDatabase();
    const client = embeddedClient(first);
    await first.db.insert(site).values({ name: 'left behind' });
    first.dispose();
    await waitForRelease();
    const next = await openTestDatabase();
    // the same connection, emptied and refilled with the template's rows
    expect(embeddedClient(next)).toBe(client);
    expect(await next.db.select().from(site).where(eq(site.name, 'left behind'))).toEqual([]);
    expect(await next.query('SELECT count(*) AS n FROM site')).toEqual([{ n: 1 }]);
    expect(await prepareDatabase(next.db, next.ctx, { adminPassword: TEST_PASSWORD })).toEqual({ adminCreated: false });
    await embeddedClient(next).execute('CREATE TRIGGER mark AFTER INSERT ON site BEGIN SELECT 1; END');
    next.dispose();
    await waitForRelease();
    const after = await openTestDatabase();
    expect(embeddedClient(after)).not.toBe(client);
    expect(await after.query("SELECT count(*) AS n FROM sqlite_master WHERE name = 'mark'")).toEqual([{ n: 0 }]);
    after.dispose();
  });
});
