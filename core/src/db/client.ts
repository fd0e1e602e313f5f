import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = LibSQLDatabase<Schema>;
/** A drizzle transaction handle; services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const DEFAULT_DATABASE_URL = 'file:./data/fmea.db';

export interface Database {
  readonly db: Db;
  readonly client: Client;
  readonly url: string;
  close(): void;
}

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** `file:` URLs point at the embedded database; everything else is a libSQL server or memory. */
function localFilePath(url: string): string | undefined {
  if (!url.startsWith('file:')) return undefined;
  return url.slice('file:'.length).replace(/^\/\/(?=\/)/, '');
}

/**
 * Opens the database named by `url`, else DATABASE_URL, else ./data/fmea.db.
 * Embedded files get WAL and a busy timeout (foreign keys are on by default in
 * libsql); `libsql://` and `http(s)://` URLs reach a libSQL server, with
 * DATABASE_AUTH_TOKEN when set.
 */
export async function openDatabase(url?: string): Promise<Database> {
  const target = url ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const file = localFilePath(target);
  if (file) mkdirSync(dirname(resolve(file)), { recursive: true });
  const client = createClient({
    url: target,
    authToken: process.env.DATABASE_AUTH_TOKEN,
    // busy timeout (ms), so writers in other processes (the CLI) wait instead of failing
    timeout: 5000,
    // The embedded driver runs synchronously inside this process, so more connections add no
    // parallelism; one connection keeps the pragmas below in force for every statement.
    ...(file ? { concurrency: 1 } : {}),
  });
  if (file) {
    await client.execute('PRAGMA journal_mode = WAL');
    // with WAL, NORMAL never corrupts the file; a power cut may only lose the last commits
    await client.execute('PRAGMA synchronous = NORMAL');
  }
  await client.execute('PRAGMA foreign_keys = ON');
  const db = drizzle({ client, schema });
  return { db, client, url: target, close: () => client.close() };
}

/**
 * Applies the committed drizzle-kit migrations; idempotent. Two processes
 * starting on a fresh database at once (a server and a CLI call) race: the
 * loser finds the tables made and fails. Once the winner has committed, a
 * second pass sees every migration applied and does nothing.
 */
export async function migrateDatabase(db: Db): Promise<void> {
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
