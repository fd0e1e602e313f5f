import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { startTestCluster, type TestCluster } from '../../testing/postgres.ts';
import { drizzleOnPool, openPostgresPool } from './driver.ts';

let cluster: TestCluster;
let pool: pg.Pool;
beforeAll(async () => {
  cluster = await startTestCluster();
  pool = openPostgresPool(await cluster.createDatabase('driver'), 2);
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await cluster?.stop();
});

describe('the PostgreSQL driver', () => {
  it('answers raw SQL as SQLite does: bigint and numeric as numbers, json as its text', async () => {
    // drizzle hands each query pg's global parsers, not the pool's: the driver sets those
    const db = drizzleOnPool(pool, {}) as unknown as { all<T>(query: unknown): Promise<T[]> };
    const [row] = await db.all<Record<string, unknown>>(sql`select count(*) as n, sum(x) as total, json_build_array(1, 'a') as list from (values (1::bigint), (2::bigint)) v(x)`);
    expect(row).toEqual({ n: 2, total: 3, list: '[1, "a"]' });
  });
});
