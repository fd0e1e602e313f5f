import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { postgresAvailable, startTestCluster, type TestCluster } from './postgres.ts';

// Debian's postgresql is part of what the tests need (.ci/run installs it): no silent skip when it is missing
let cluster: TestCluster;
beforeAll(async () => {
  expect(postgresAvailable(), 'Debian package postgresql').toBe(true);
  cluster = await startTestCluster();
}, 120_000);
afterAll(() => cluster?.stop());

describe('a throwaway PostgreSQL cluster', () => {
  it('answers on loopback with its password only, and makes empty databases', async () => {
    expect(cluster.url).toMatch(/^postgres:\/\/fmea:[^@]+@127\.0\.0\.1:\d+\/postgres$/);
    const url = await cluster.createDatabase('plant_a');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const answer = await client.query<{ db: string; version: string }>('select current_database() as db, current_setting(\'server_version_num\') as version');
      expect(answer.rows[0]!.db).toBe('plant_a');
      expect(Number(answer.rows[0]!.version)).toBeGreaterThanOrEqual(150000);
    } finally {
      await client.end();
    }
    const wrong = new pg.Client({ connectionString: url.replace(/:[^:@/]+@/, ':wrong@') });
    await expect(wrong.connect()).rejects.toThrow(/password authentication failed/);
  });
});
