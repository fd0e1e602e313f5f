import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { installSqliteQueryApi } from './compat.ts';
import { PG_MIGRATIONS } from './migrations.ts';

/**
 * node-postgres as the data layer uses it (issue 22). Values come back as SQLite answers them
 * (tables.ts): bigint (counts, times in milliseconds, integers) and numeric (sums) as numbers, JSON as the
 * text it was written as (drizzle's json columns parse it; raw SQL reads it as SQLite's callers do).
 */
const INT8 = 20;
const NUMERIC = 1700;
const JSON_OID = 114;

export const pgTypes = {
  getTypeParser: (oid: number, format?: string) =>
    oid === INT8 || oid === NUMERIC ? (text: string) => Number(text) : oid === JSON_OID ? (text: string) => text : pg.types.getTypeParser(oid, format as 'text'),
};

/** Connections per server process (DATABASE_POOL_SIZE, 1–200): PostgreSQL's writes run concurrently, each in its own. */
export function poolSizeFromEnv(value = process.env.DATABASE_POOL_SIZE): number {
  const size = Number(value ?? 10);
  return Number.isInteger(size) && size >= 1 && size <= 200 ? size : 10;
}

/**
 * drizzle's node-postgres session gives every query its own type parsers, which fall back to pg's global
 * ones and so override the pool's `types`: without this, raw SQL read bigint and numeric as strings and
 * `json` already parsed. The process talks to one engine (dialect.ts), so pg's global parsers are set too.
 */
function installTypeParsers(): void {
  for (const oid of [INT8, NUMERIC, JSON_OID]) pg.types.setTypeParser(oid, pgTypes.getTypeParser(oid));
}

export function openPostgresPool(url: string, max = poolSizeFromEnv()): pg.Pool {
  installSqliteQueryApi();
  installTypeParsers();
  const pool = new pg.Pool({ connectionString: url, max, types: pgTypes });
  // an idle connection the server closed (a restart, a failover) is dropped from the pool, not thrown
  pool.on('error', () => undefined);
  return pool;
}

export function drizzleOnPool<S extends Record<string, unknown>>(pool: pg.Pool, schema: S) {
  return serializable(drizzle({ client: pool, schema }));
}

/** Serialization failures and deadlocks: the transaction did nothing and may run again. */
const RETRYABLE = new Set(['40001', '40P01']);
/**
 * How long a refused transaction keeps being tried again. Concurrent writers on one hot spot (two hundred
 * controls added to one cause at once, each reading the cause's next sort number) commit one per round,
 * so a count of attempts runs out under such a burst (bench:cluster saw 3–5 % of 200 fail after 20); a
 * deadline does not, and waits that grow (to 100 ms, randomised) thin the rounds out.
 */
export const TRANSACTION_RETRY_MS = 15_000;
const RETRY_WAIT_MAX_MS = 100;

function retryable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if (RETRYABLE.has((e as { code?: string }).code ?? '')) return true;
  return false;
}

/**
 * Every transaction of the database runs SERIALIZABLE and runs again when PostgreSQL refuses it for a
 * concurrent one (issue 22). SQLite runs one writer at a time, so services read and then write inside a
 * transaction (the next sort number, a document number, a version check) and rely on nothing changing in
 * between; on PostgreSQL writers run concurrently, and serializable isolation keeps exactly that promise:
 * a transaction that would have seen another's write is rolled back whole and tried again, after a short
 * random wait that grows, for up to TRANSACTION_RETRY_MS. Work inside a transaction is database work only (no files, no messages to sockets), so
 * running it again is safe. Savepoints (a transaction inside one) are not retried on their own.
 */
function serializable<D extends { transaction: (...args: never[]) => Promise<unknown> }>(db: D): D {
  const once = db.transaction.bind(db) as (work: unknown, config?: Record<string, unknown>) => Promise<unknown>;
  const transaction = async (work: unknown, config?: Record<string, unknown>) => {
    const deadline = Date.now() + TRANSACTION_RETRY_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(work, { isolationLevel: 'serializable', ...config });
      } catch (error) {
        if (!retryable(error) || Date.now() >= deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(RETRY_WAIT_MAX_MS, 2 ** attempt)));
      }
    }
  };
  return Object.assign(db, { transaction }) as D;
}

/** Any lock key, the same in every process: two servers starting at once migrate one after the other. */
const MIGRATION_LOCK = 4_224_022;

/** Applies PostgreSQL's committed migrations (migrations-pg), one process at a time. */
export async function migratePostgres(on: pg.Pool | pg.Client): Promise<void> {
  const client = on instanceof pg.Pool ? await on.connect() : on;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: PG_MIGRATIONS });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    if (on instanceof pg.Pool) (client as pg.PoolClient).release();
  }
}
