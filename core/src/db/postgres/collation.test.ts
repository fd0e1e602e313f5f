import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestCluster, type TestCluster } from '../../testing/postgres.ts';
import { textOrderAsEmbedded } from '../portable.ts';

/** `fmea serve` warns when a PostgreSQL database orders text otherwise than the embedded one (portable.ts). */
let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startTestCluster();
}, 120_000);
afterAll(() => cluster?.stop());

async function ordersAsEmbedded(create: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  const name = `d${Math.random().toString(36).slice(2, 10)}`;
  try {
    await admin.query(create.replace('$name', name));
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: cluster.urlOf(name) });
  await client.connect();
  try {
    return await textOrderAsEmbedded({ dialect: 'postgres', query: async (text) => (await client.query(text)).rows });
  } finally {
    await client.end();
  }
}

describe('the text order of a database', () => {
  it('is the embedded one’s for the C collation, not for a language’s (ICU)', async () => {
    expect(await ordersAsEmbedded('CREATE DATABASE $name TEMPLATE template0 LOCALE \'C\'')).toBe(true);
    expect(await ordersAsEmbedded("CREATE DATABASE $name TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C'")).toBe(false);
    expect(await textOrderAsEmbedded({ dialect: 'sqlite', query: async () => [] })).toBe(true);
  });
});
