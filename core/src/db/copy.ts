import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { createClient, type InStatement, type Transaction } from '@libsql/client';
import { ConflictError, InvalidInputError } from '../errors.ts';
import { addressWithoutSecrets, databaseLocation, migrateEmbeddedUrl } from './client.ts';
import { dialectOf as engineOf, type Dialect } from './dialect.ts';
import { DECLARED_TABLES } from './declared-tables.ts';

/**
 * `fmea db copy --from <url> --to <url>` (issue 22): a whole installation from the embedded file to
 * PostgreSQL or back. The target is migrated first, then every table is copied in one transaction on the
 * target (foreign keys checked at its end, so a row may point at one of its table written later), and
 * before that transaction commits, every table's row count and content hash on the target must equal the
 * source's: a copy that does not match leaves the target as it was. Uploaded files stay in FILES_DIR (the
 * database holds their references): several servers share that folder.
 *
 * Values are the same on both engines (core/src/db/postgres/tables.ts), so the hash of a table is the
 * same on both: each row's values in declared column order as JSON, hashed, the row hashes sorted (the
 * engines order text differently) and hashed together.
 */

type Row = unknown[];

interface Side {
  readonly dialect: Dialect;
  /** The table's rows in batches of at most `size`, within the side's open transaction. */
  batches(table: string, columns: readonly string[], size: number): AsyncIterable<Row[]>;
  count(table: string): Promise<number>;
  /** A table holding a row whose reference points nowhere (SQLite checks them here; PostgreSQL at commit). */
  brokenReference(): Promise<string | undefined>;
  insert(table: string, columns: readonly string[], rows: Row[]): Promise<void>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface TableCopy {
  table: string;
  rows: number;
  hash: string;
}

const dialectOf = (url: string): Dialect | undefined => (engineOf(url) === 'postgres' ? 'postgres' : databaseLocation(url).kind === 'file' ? 'sqlite' : undefined);
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The declared tables, parents before the tables that point at them (a table's own rows may point at each other). */
function tablesInOrder(): { name: string; columns: string[]; identity?: string }[] {
  const tables = DECLARED_TABLES.map(([, table]) => getTableConfig(table));
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const ordered: typeof tables = [];
  const visit = (name: string, path: Set<string>) => {
    if (done.has(name) || path.has(name)) return;
    path.add(name);
    for (const fk of byName.get(name)!.foreignKeys) {
      const parent = getTableConfig(fk.reference().foreignTable as SQLiteTable).name;
      if (parent !== name) visit(parent, path);
    }
    done.add(name);
    ordered.push(byName.get(name)!);
  };
  for (const t of tables) visit(t.name, new Set());
  return ordered.map((t) => ({
    name: t.name,
    columns: t.columns.map((c) => c.name),
    identity: t.columns.find((c) => c.primary && c.columnType === 'SQLiteInteger')?.name,
  }));
}

async function openSide(url: string): Promise<Side> {
  const dialect = dialectOf(url);
  if (dialect === 'sqlite') {
    // migrated on its own connection first (whatever engine this process's schema answers)
    const file = databaseLocation(url);
    if (file.kind === 'file') mkdirSync(dirname(file.path), { recursive: true });
    await migrateEmbeddedUrl(url);
    const client = createClient({ url });
    await client.execute('PRAGMA foreign_keys = ON');
    // the client's own transactions: a BEGIN sent through execute() is not kept for the next call
    let tx: Transaction | undefined;
    const run = (stmt: InStatement) => (tx ?? client).execute(stmt);
    return {
      dialect,
      // keyset paging on the rowid: each page is one indexed range, however large the table
      async *batches(table, columns, size) {
        let after: unknown;
        for (;;) {
          const where = after === undefined ? '' : 'WHERE rowid > ? ';
          const page = await run({ sql: `SELECT rowid, ${columns.map(quote).join(', ')} FROM ${quote(table)} ${where}ORDER BY rowid LIMIT ?`, args: (after === undefined ? [size] : [after, size]) as never });
          if (page.rows.length === 0) return;
          after = page.rows.at(-1)![0];
          yield page.rows.map((row) => columns.map((_, i) => row[i + 1]));
          if (page.rows.length < size) return;
        }
      },
      count: async (table) => Number((await run(`SELECT count(*) FROM ${quote(table)}`)).rows[0]![0]),
      // checked again before the commit, whether or not this connection enforces foreign keys
      brokenReference: async () => {
        const found = (await run('PRAGMA foreign_key_check')).rows[0];
        return found ? String(found[0]) : undefined;
      },
      insert: async (table, columns, rows) => {
        const placeholders = `(${columns.map(() => '?').join(', ')})`;
        await run({ sql: `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ${rows.map(() => placeholders).join(', ')}`, args: rows.flat() as never });
      },
      exec: async (sql) => {
        if (sql === 'BEGIN' || sql === 'BEGIN WRITE') {
          tx = await client.transaction(sql === 'BEGIN' ? 'read' : 'write');
          // rows may point at rows of their table written later: foreign keys checked at commit
          if (sql === 'BEGIN WRITE') await tx.execute('PRAGMA defer_foreign_keys = ON');
        } else if (sql === 'COMMIT' || sql === 'ROLLBACK') {
          const done = tx;
          tx = undefined;
          await (sql === 'COMMIT' ? done?.commit() : done?.rollback());
        } else await run(sql);
      },
      close: async () => client.close(),
    };
  }
  if (dialect === 'postgres') {
    const [{ default: pg }, { migratePostgres, pgTypes }] = await Promise.all([import('pg'), import('./postgres/driver.ts')]);
    // bigint as numbers and JSON as written: the values SQLite holds (tables.ts)
    const client = new pg.Client({ connectionString: url, types: pgTypes });
    await client.connect();
    await migratePostgres(client);
    return {
      dialect,
      // a cursor inside the open transaction: the server hands the rows over a batch at a time
      async *batches(table, columns, size) {
        // in the order the rows were written (the rowid every table has here, as SQLite's), which SQLite's rowids then keep
        await client.query(`DECLARE fmea_copy NO SCROLL CURSOR FOR SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)} ORDER BY rowid`);
        try {
          for (;;) {
            const page = await client.query({ text: `FETCH FORWARD ${size} FROM fmea_copy`, rowMode: 'array' });
            if (page.rows.length === 0) return;
            yield page.rows as Row[];
          }
        } finally {
          await client.query('CLOSE fmea_copy');
        }
      },
      count: async (table) => Number((await client.query({ text: `SELECT count(*) FROM ${quote(table)}`, rowMode: 'array' })).rows[0]![0]),
      brokenReference: async () => undefined,
      insert: async (table, columns, rows) => {
        let n = 0;
        const values = rows.map(() => `(${columns.map(() => `$${++n}`).join(', ')})`).join(', ');
        await client.query(`INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ${values}`, rows.flat());
      },
      exec: async (sql) => void (await client.query(sql)),
      close: () => client.end(),
    };
  }
  throw new InvalidInputError('db.copy_url_unsupported', { url: addressWithoutSecrets(url) });
}

/** One row's hash: its values in declared column order, as JSON. */
const rowHash = (row: Row) => createHash('sha256').update(JSON.stringify(row.map((v) => (typeof v === 'bigint' ? Number(v) : v instanceof ArrayBuffer ? Buffer.from(v).toString('base64') : v)))).digest();

/** A table's content hash: its row hashes sorted (order-free: the engines order text differently) and hashed together. */
function tableHash(rowHashes: Buffer[]): string {
  const hash = createHash('sha256');
  for (const row of rowHashes.sort(Buffer.compare)) hash.update(row);
  return hash.digest('hex');
}

/** Reads a table a batch at a time: its row count and content hash (and each batch to `each`). */
async function hashTable(side: Side, table: string, columns: readonly string[], size: number, each?: (rows: Row[]) => Promise<void>): Promise<{ rows: number; hash: string }> {
  const hashes: Buffer[] = [];
  for await (const rows of side.batches(table, columns, size)) {
    for (const row of rows) hashes.push(rowHash(row));
    await each?.(rows);
  }
  return { rows: hashes.length, hash: tableHash(hashes) };
}

/** Parameters per statement stay under both engines' limits (SQLite 32,766; PostgreSQL 65,535). */
const BATCH_PARAMETERS = 30_000;

export interface CopyOptions {
  from: string;
  to: string;
  force?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** The most rows read and written at a time (default: what fits one statement's parameters): memory against round trips. */
  batchRows?: number;
}

export async function copyDatabase(options: CopyOptions): Promise<TableCopy[]> {
  const [from, to] = [databaseLocation(options.from), databaseLocation(options.to)];
  if (options.from === options.to || (from.kind === 'file' && to.kind === 'file' && from.path === to.path)) throw new InvalidInputError('db.copy_same', { url: options.from });
  const tables = tablesInOrder();
  // replacing an embedded file's data: the file is set aside as it is (…before-copy-<time>) and the copy starts a new one
  if (options.force && to.kind === 'file' && existsSync(to.path) && statSync(to.path).size > 0) {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${to.path}${suffix}`)) renameSync(`${to.path}${suffix}`, `${to.path}.before-copy-${stamp}${suffix}`);
  }
  const source = await openSide(options.from);
  let target: Side | undefined;
  try {
    target = await openSide(options.to);
    // one query at a time: a side is one connection
    const held: number[] = [];
    for (const t of tables) held.push(await target.count(t.name));
    const seeded = held.some((n) => n > 0);
    if (seeded && !options.force) throw new ConflictError('db.copy_target_not_empty', { url: addressWithoutSecrets(options.to) });
    // one snapshot of the source, whatever a server writes meanwhile (SQLite's WAL; PostgreSQL's repeatable read)
    await source.exec(source.dialect === 'postgres' ? 'BEGIN ISOLATION LEVEL REPEATABLE READ' : 'BEGIN');
    await target.exec(target.dialect === 'sqlite' ? 'BEGIN WRITE' : 'BEGIN');
    if (target.dialect === 'postgres') await target.exec('SET CONSTRAINTS ALL DEFERRED');
    const copied: TableCopy[] = [];
    try {
      // replacing PostgreSQL's data: TRUNCATE fires no row triggers (a baseline refuses a DELETE while its project exists)
      if (seeded && target.dialect === 'postgres') await target.exec(`TRUNCATE ${tables.map((t) => quote(t.name)).join(', ')} RESTART IDENTITY CASCADE`);
      const counts: number[] = [];
      for (const t of tables) counts.push(await source.count(t.name));
      const total = counts.reduce((sum, n) => sum + n, 0);
      let done = 0;
      options.onProgress?.(0, total);
      for (const table of tables) {
        const batch = Math.max(1, Math.min(options.batchRows ?? Infinity, Math.floor(BATCH_PARAMETERS / table.columns.length)));
        const read = await hashTable(source, table.name, table.columns, batch, async (rows) => {
          await target!.insert(table.name, table.columns, rows);
          done += rows.length;
          options.onProgress?.(done, total);
        });
        if (table.identity && target.dialect === 'postgres') {
          // the identity goes on after the copied numbers
          await target.exec(`SELECT setval(pg_get_serial_sequence('${table.name}', '${table.identity}'), coalesce((SELECT max(${quote(table.identity)}) FROM ${quote(table.name)}), 0) + 1, false)`);
        }
        const written = await hashTable(target, table.name, table.columns, batch);
        if (written.rows !== read.rows || written.hash !== read.hash) throw new InvalidInputError('db.copy_mismatch', { table: table.name });
        copied.push({ table: table.name, rows: written.rows, hash: written.hash });
      }
      const broken = await target.brokenReference();
      if (broken) throw new InvalidInputError('db.copy_mismatch', { table: broken });
      await target.exec('COMMIT');
      await source.exec('COMMIT');
    } catch (error) {
      await target.exec('ROLLBACK').catch(() => undefined);
      await source.exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
    return copied;
  } finally {
    await Promise.all([source.close(), target?.close()]);
  }
}
