import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { openDatabase, type Database, type PostgresDatabase } from '../db/client.ts';
import { startTestCluster } from './postgres.ts';

/**
 * Test databases on PostgreSQL (issue 22): the same templates as on the embedded file (template.ts), made
 * the way PostgreSQL copies a database, `CREATE DATABASE … TEMPLATE` (a file copy of the template, no
 * replay). The cluster is the one the test run started (FMEA_TEST_POSTGRES_URL, its maintenance database,
 * set by tests/postgres-setup.ts) or, for a file run on its own, one this process starts and stops.
 */
export interface PostgresTemplate {
  readonly dialect: 'postgres';
  readonly name: string;
}

let admin: Promise<{ pool: pg.Pool; urlOf: (name: string) => string }> | undefined;

function maintenance() {
  admin ??= (async () => {
    const { default: pgModule } = await import('pg');
    let url = process.env.FMEA_TEST_POSTGRES_URL;
    if (!url) {
      const cluster = await startTestCluster();
      process.once('beforeExit', () => void cluster.stop());
      url = cluster.url;
    }
    const pool = new pgModule.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => undefined);
    const urlOf = (name: string) => {
      const address = new URL(url);
      address.pathname = `/${name}`;
      return address.toString();
    };
    return { pool, urlOf };
  })();
  return admin;
}

/** Names unique across the workers sharing one cluster. */
const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(5).toString('hex')}`;

/** A new, empty database of the test cluster, opened. */
export async function openEmptyPostgres(): Promise<PostgresDatabase> {
  const { pool, urlOf } = await maintenance();
  const name = uniqueName('t');
  await pool.query(`CREATE DATABASE ${name}`);
  return (await openDatabase(urlOf(name))) as PostgresDatabase;
}

/** What `source` holds now as a template. PostgreSQL copies a database no one is connected to: `source` is closed. */
export async function savePostgresTemplate(source: Database): Promise<PostgresTemplate> {
  const { pool } = await maintenance();
  await source.close();
  const from = databaseName(source.url);
  const name = uniqueName('tpl');
  await pool.query(`CREATE DATABASE ${name} TEMPLATE ${from} STRATEGY FILE_COPY`);
  return { dialect: 'postgres', name };
}

/** A fresh database of the test's own, a copy of the template. */
export async function openPostgresCopy(template: PostgresTemplate): Promise<PostgresDatabase> {
  const { pool, urlOf } = await maintenance();
  const name = uniqueName('t');
  // FILE_COPY: a small database is copied as files faster than through the write-ahead log (15's default)
  await pool.query(`CREATE DATABASE ${name} TEMPLATE ${template.name} STRATEGY FILE_COPY`);
  return (await openDatabase(urlOf(name))) as PostgresDatabase;
}

/** Closes a test database and drops it (in the background: the test has ended). */
export function dropPostgresCopy(database: Database): void {
  const name = databaseName(database.url);
  void database
    .close()
    .catch(() => undefined)
    .then(async () => (await maintenance()).pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    .catch(() => undefined);
}

function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a test database: ${name}`);
  return name;
}
