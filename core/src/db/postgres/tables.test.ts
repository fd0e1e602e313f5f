import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, is, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import * as schema from '../schema/declared.ts';
import { startTestCluster, type TestCluster } from '../../testing/postgres.ts';
import { pgTypes } from './driver.ts';
import { PG_MIGRATIONS, pendingPostgresChange } from './migrations.ts';
import { postgresTables } from './tables.ts';

let cluster: TestCluster;
let pool: pg.Pool;
beforeAll(async () => {
  cluster = await startTestCluster();
  pool = new pg.Pool({ connectionString: await cluster.createDatabase('tables'), types: pgTypes });
  await migrate(drizzle({ client: pool }), { migrationsFolder: PG_MIGRATIONS });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await cluster?.stop();
});

const sqliteTables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));

describe('the PostgreSQL tables, built from the one declaration', () => {
  it('are current in the committed migrations (npm run db:generate writes both dialects)', async () => {
    expect((await pendingPostgresChange()).statements).toEqual([]);
  });

  it('have every table, column, not-null rule and index the SQLite declaration has', async () => {
    const columns = await pool.query<{ table_name: string; column_name: string; is_nullable: string }>(
      "select table_name, column_name, is_nullable from information_schema.columns where table_schema = 'public'",
    );
    const onPostgres = new Map<string, Map<string, boolean>>();
    for (const row of columns.rows) {
      if (row.table_name.startsWith('__drizzle') || row.column_name === 'rowid') continue;
      if (!onPostgres.has(row.table_name)) onPostgres.set(row.table_name, new Map());
      onPostgres.get(row.table_name)!.set(row.column_name, row.is_nullable === 'NO');
    }
    const declared = new Map(sqliteTables.map((table) => [getTableConfig(table).name, new Map(getTableConfig(table).columns.map((c) => [c.name, c.notNull || c.primary]))]));
    expect(onPostgres).toEqual(declared);
    const indexes = await pool.query<{ indexname: string }>("select indexname from pg_indexes where schemaname = 'public'");
    const names = new Set(indexes.rows.map((r) => r.indexname));
    for (const table of sqliteTables) for (const ix of getTableConfig(table).indexes) expect(names, ix.config.name).toContain(ix.config.name);
  });

  it('keep values as SQLite keeps them: times as milliseconds, flags as 0/1, JSON as written', async () => {
    // typed loosely: services will reach the twins through the data layer (issue 22), this test by name
    const tables = postgresTables(schema) as Record<string, any>;
    const db = drizzle({ client: pool });
    const at = new Date('2026-12-06T10:15:49.123Z');
    const [made] = (await db
      .insert(tables.user)
      .values({ userName: 'li.wei', passwordHash: 'x', mustChangePassword: true, validityDate: at })
      .returning()) as Record<string, unknown>[];
    expect(made).toMatchObject({ userName: 'li.wei', mustChangePassword: true, locked: false, validityDate: at, failedLogins: 0 });
    expect(made!.createdAt).toBeInstanceOf(Date);
    const stored = await pool.query('select must_change_password, locked, validity_date, created_at from "user" where user_name = $1', ['li.wei']);
    expect(stored.rows[0]).toMatchObject({ must_change_password: 1, locked: 0, validity_date: at.getTime() });
    expect(Math.abs(Number(stored.rows[0].created_at) - Date.now())).toBeLessThan(60_000);
    const [read] = await db.select().from(tables.user).where(eq(tables.user.userName, 'li.wei'));
    expect(read).toEqual(made);
    // a partial unique index written in SQL on a flag column (is_latest_version = 1) holds on both engines
    const record = { type: 'failureMode', rootId: 'root-1', serialNum: 'KB-1', text: 'Gear breaks', data: { b: 1, a: [2, 'x'] } };
    await db.insert(tables.catalogRecord).values(record);
    await expect(db.insert(tables.catalogRecord).values({ ...record, serialNum: 'KB-2' })).rejects.toThrow();
    const [json] = (await db.execute(sql`select data::text as data from catalog_record where serial_num = 'KB-1'`)).rows as { data: string }[];
    expect(json!.data).toBe('{"b":1,"a":[2,"x"]}');
    // an integer primary key numbers itself, as SQLite's rowid does (the operation log)
    const logged = (await db.insert(tables.operationLog).values([{ at: at, userName: 'system', action: 'a', entity: 'e' }, { at: at, userName: 'system', action: 'b', entity: 'e' }]).returning()) as { id: number }[];
    expect(logged.map((row) => row.id)).toEqual([1, 2]);
  });

  it('refuse to change a baseline, or to delete one while its project exists, as the SQLite triggers do', async () => {
    const tables = postgresTables(schema) as Record<string, any>;
    const db = drizzle({ client: pool });
    const [project] = (await db.insert(tables.fmeaProject).values({ serialNum: 'DF1', projectType: 'dfmea', name: 'Window lifter', apTable: 'dfmea' }).returning()) as { id: string }[];
    const baseline = { projectId: project!.id, projectType: 'dfmea', seq: 1, round: 1, versionLabel: 'A', label: 'BL1', content: '{}', contentHash: 'h', nodeCount: 0, chainCount: 0, createdAt: new Date() };
    await db.insert(tables.fmeaBaseline).values(baseline as never);
    await expect(db.update(tables.fmeaBaseline).set({ label: 'changed' })).rejects.toThrow();
    await expect(db.delete(tables.fmeaBaseline)).rejects.toThrow();
    await db.delete(tables.fmeaProject).where(eq(tables.fmeaProject.id, project!.id));
    expect((await db.select().from(tables.fmeaBaseline)).length).toBe(0);
  });
});
