import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from '@libsql/client';
import { is } from 'drizzle-orm';
import { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { InvalidInputError } from '../errors.ts';
import { RoutedClient } from './routed-client.ts';
import { installStatementCache } from './statement-cache.ts';
import type { WriteQueueOptions } from './write-queue.ts';
import { DIALECT, dialectOf, type Dialect } from './dialect.ts';
import * as schema from './schema/index.ts';
import { noteDatabaseLocation } from './secret-key.ts';

export type Schema = typeof schema;
export type Db = LibSQLDatabase<Schema>;
/** A drizzle transaction handle; services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const DEFAULT_DATABASE_URL = 'file:./data/fmea.db';

interface DatabaseBase {
  /** The drizzle database: sqlite-core's query API on both engines (postgres/compat.ts). */
  readonly db: Db;
  readonly url: string;
  /** Rows of one SQL text without parameters, on the fastest path the engine has (the auth stamp, health). */
  query(text: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** The embedded libsql file (or `:memory:`). */
export interface EmbeddedDatabase extends DatabaseBase {
  readonly dialect: 'sqlite';
  readonly client: Client;
}

/** A PostgreSQL database through a node-postgres pool. */
export interface PostgresDatabase extends DatabaseBase {
  readonly dialect: 'postgres';
  readonly pool: import('pg').Pool;
  /** A streaming replica for lists and reports (DATABASE_READ_URL), read only when it has caught up with the caller. */
  readonly replica?: { readonly db: Db; readonly pool: import('pg').Pool; readonly url: string };
}

export type Database = EmbeddedDatabase | PostgresDatabase;

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** An in-memory database exists only on the connection that opened it. */
const isMemory = (url: string) => url === ':memory:' || url.startsWith('file::memory:') || /[?&]mode=memory\b/.test(url);

/** `file:` URLs point at the embedded database. */
function localFilePath(url: string): string | undefined {
  if (!url.startsWith('file:')) return undefined;
  return url.slice('file:'.length).replace(/^\/\/(?=\/)/, '');
}

/** Where a database URL keeps its data, as an operator reads it (never with credentials). */
export type DatabaseLocation = { kind: 'file'; path: string } | { kind: 'memory' } | { kind: 'server'; url: string };

/** The location of `url`: an absolute file path (resolved against the working directory), memory, or a server's address without its query. */
export function databaseLocation(url: string): DatabaseLocation {
  if (isMemory(url)) return { kind: 'memory' };
  const file = localFilePath(url);
  if (file !== undefined) return { kind: 'file', path: resolve(file.replace(/\?.*$/, '')) };
  try {
    const parsed = new URL(url);
    return { kind: 'server', url: `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}` };
  } catch {
    return { kind: 'server', url: url.replace(/[?#].*$/, '').replace(/\/\/[^@/]*@/, '//') };
  }
}

/** The least time (ms) one turn of the write queue keeps taking queued writers into its shared transaction. */
export const WRITE_GROUP_MS = 2;
/**
 * A turn of writes may run this many times as long as the rest of the process
 * ran since the last one (see WriteQueueOptions): 2 gives a busy server's
 * writes about two thirds of its time, reads the rest (measured in
 * docs/decisions/database-connections.md). FMEA_WRITE_SHARE (0.25–8) changes it.
 */
export const WRITE_SHARE = writeShareFromEnv(process.env.FMEA_WRITE_SHARE);

function writeShareFromEnv(value: string | undefined): number {
  const share = Number(value ?? 2);
  return Number.isFinite(share) && share >= 0.25 && share <= 8 ? share : 2;
}

/**
 * Opens the database named by `url`, else DATABASE_URL, else ./data/fmea.db.
 * Embedded files get WAL, one writer connection fed by a write queue and a
 * reader connection of their own (RoutedClient; see
 * docs/decisions/database-connections.md); `:memory:` is one connection,
 * used by both. Any other URL is refused with a message naming it: a libSQL
 * server (`sqld`) was never tested here, so it is not offered (issue 22).
 */
export async function openDatabase(url?: string, options: { readUrl?: string } = {}): Promise<Database> {
  const target = url ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const readUrl = options.readUrl ?? (url === undefined ? process.env.DATABASE_READ_URL || undefined : undefined);
  const dialect = dialectOf(target);
  if (dialect === 'sqlite' && !isMemory(target) && localFilePath(target) === undefined) throw unsupported(target);
  if (readUrl !== undefined && (dialect !== 'postgres' || dialectOf(readUrl) !== 'postgres')) throw new InvalidInputError('db.read_url_needs_postgres', { url: addressWithoutSecrets(readUrl) });
  // the schema answers one engine's tables for the whole process (dialect.ts)
  if (dialect !== DIALECT) throw new InvalidInputError('db.dialect_mismatch', { url: addressWithoutSecrets(target) });
  // the installation's key for secrets in the database lives beside it (secret-key.ts)
  noteDatabaseLocation(databaseLocation(target));
  if (dialect === 'postgres') return openPostgres(target, readUrl);
  installStatementCache();
  const file = isMemory(target) ? undefined : localFilePath(target);
  if (file) mkdirSync(dirname(resolve(file)), { recursive: true });
  const client = isMemory(target) ? await openMemory(target) : await openFileClient(target);
  const db = drizzle({ client, schema });
  return {
    dialect: 'sqlite',
    db,
    client,
    url: target,
    query: async (text) => (await client.execute(text)).rows as unknown as Record<string, unknown>[],
    close: async () => client.close(),
  };
}

async function openPostgres(url: string, readUrl?: string): Promise<PostgresDatabase> {
  const { openPostgresPool, drizzleOnPool } = await import('./postgres/driver.ts');
  const pool = openPostgresPool(url);
  // typed as the declared (sqlite-core) database: the tables are their twins and the builders answer sqlite-core's API
  const db = drizzleOnPool(pool, schema) as unknown as Db;
  const readPool = readUrl === undefined ? undefined : openPostgresPool(readUrl);
  const replica = readPool && { db: drizzleOnPool(readPool, schema) as unknown as Db, pool: readPool, url: readUrl! };
  let ended: Promise<void> | undefined;
  return {
    dialect: 'postgres',
    db,
    pool,
    url,
    ...(replica ? { replica } : {}),
    query: async (text) => (await pool.query(text)).rows as Record<string, unknown>[],
    // once: a pool ended twice throws
    close: () => (ended ??= Promise.all([pool.end(), readPool?.end()]).then(() => undefined)),
  };
}

/** The libsql client of an embedded database, for what only SQLite does (VACUUM INTO, PRAGMA); refuses PostgreSQL. */
export function embeddedClient(database: Database): Client {
  if (database.dialect !== 'sqlite') throw new Error('an embedded (libsql) database was expected');
  return database.client;
}

/** The engine of a drizzle database opened here. */
export function dialectOfDb(db: DbOrTx): Dialect {
  return is(db, PgDatabase) ? 'postgres' : 'sqlite';
}

// busy timeout (ms), so writers in other processes (the CLI) wait instead of failing
const BUSY_TIMEOUT_MS = 5000;

/** The embedded file client of `openDatabase`; tests pass queue options to make grouping deterministic. */
export async function openFileClient(url: string, queue: WriteQueueOptions = { groupMs: WRITE_GROUP_MS, writeShare: WRITE_SHARE }): Promise<Client> {
  // one connection each: the driver is synchronous, so more would add no parallelism,
  // and the per-connection pragmas below stay in force
  const writer = createClient({ url, timeout: BUSY_TIMEOUT_MS, concurrency: 1 });
  try {
    await writer.execute('PRAGMA journal_mode = WAL');
    // with WAL, NORMAL never corrupts the file; a power cut may only lose the last commits
    await writer.execute('PRAGMA synchronous = NORMAL');
    await writer.execute('PRAGMA foreign_keys = ON');
    // 64 MB of page cache (SQLite's default is 2 MB): a knowledge base of 50,000 records and its indexes
    // stays in memory, so a bulk import's index updates and a list's scans don't read pages back from the OS
    await writer.execute('PRAGMA cache_size = -65536');
  } catch (error) {
    writer.close();
    throw error;
  }
  const reader = createClient({ url, timeout: BUSY_TIMEOUT_MS, concurrency: 1 });
  // a write that reached the reader by mistake fails loudly instead of bypassing the queue
  await reader.execute('PRAGMA query_only = ON');
  await reader.execute('PRAGMA cache_size = -65536');
  return new RoutedClient(writer, reader, queue);
}

async function openMemory(url: string): Promise<Client> {
  const only = createClient({ url, concurrency: 1 });
  await only.execute('PRAGMA foreign_keys = ON');
  return new RoutedClient(only, undefined, { groupMs: 0 });
}

/** A database URL as a message may name it: a server's address without credentials or query, anything else as given. */
export function addressWithoutSecrets(url: string): string {
  const location = databaseLocation(url);
  return location.kind === 'server' ? location.url : url;
}

/** A URL this build cannot open: named without credentials, with what it can open. */
function unsupported(url: string): InvalidInputError {
  return new InvalidInputError('db.url_unsupported', { url: addressWithoutSecrets(url) });
}

/**
 * Applies the committed drizzle-kit migrations; idempotent. Two processes
 * starting on a fresh database at once (a server and a CLI call) race: the
 * loser finds the tables made and fails. Once the winner has committed, a
 * second pass sees every migration applied and does nothing.
 */
export async function migrateDatabase(db: Db): Promise<void> {
  if (dialectOfDb(db) === 'postgres') {
    const { migratePostgres } = await import('./postgres/driver.ts');
    return migratePostgres((db as unknown as { $client: import('pg').Pool }).$client);
  }
  return migrateEmbedded(db);
}

/** Migrates an embedded database on a client of its own, whatever the process's dialect (db copy, backups). */
export async function migrateEmbeddedUrl(url: string): Promise<void> {
  const client = createClient({ url });
  try {
    await migrateEmbedded(drizzle({ client }) as unknown as Db);
  } finally {
    client.close();
  }
}

async function migrateEmbedded(db: Db): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrate(db, { migrationsFolder });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}
