import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { openDatabase, type Database, type EmbeddedDatabase } from '../db/client.ts';
import { DIALECT } from '../db/dialect.ts';
import * as tables from '../db/schema/index.ts';
import { operationLog, user } from '../db/schema/index.ts';
import type { ServiceContext } from '../services/shared/context.ts';
import { createContext } from '../services/shared/context.ts';
import { ADMIN_USER_NAME, prepareDatabase } from '../services/system/seed.ts';
import { TEST_PASSWORD } from './password.ts';
import { dropDatabase, openEmptyPostgres, openPostgresCopy, savePostgresTemplate, type PostgresTemplate } from './postgres-template.ts';

/**
 * Test databases start as copies of a template (docs/decisions/test-databases.md).
 *
 * Migrating and seeding a database costs ≈ 110 ms (the migrations, the seed,
 * argon2 for the admin): paid once per test process here, into a file. A
 * test's in-memory database gets the template's schema (its final CREATE
 * statements, not the migration history) and rows (through ATTACH) in ≈ 10 ms;
 * a file database is a copy of the file. Each test still has a database of its
 * own: nothing one test writes is seen by another. Larger starting points (the
 * demo dataset) are templates made the same way from a test database.
 */
export type DatabaseTemplate = EmbeddedTemplate | PostgresTemplate;

export interface EmbeddedTemplate {
  readonly dialect: 'sqlite';
  /** The database, as a file. */
  readonly path: string;
  /** Its schema in an order that can be replayed: tables, then indexes, views and triggers. */
  readonly schema: readonly string[];
  /** Its tables, rows to copy. */
  readonly tables: readonly string[];
  /** Whether it has AUTOINCREMENT counters (sqlite_sequence). */
  readonly sequence: boolean;
}

let templates: string | undefined;

/** The folder of this process's templates, removed when the process exits. */
function templateDir(): string {
  if (!templates) {
    const dir = mkdtempSync(join(tmpdir(), 'fmea-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    templates = dir;
  }
  return templates;
}

let count = 0;

/** Saves what `source` holds now as a template (its file is a consistent copy: VACUUM INTO; on PostgreSQL its rows). */
export async function saveTemplate(source: Database): Promise<DatabaseTemplate> {
  if (source.dialect === 'postgres') return savePostgresTemplate(source);
  const path = join(templateDir(), `template-${++count}.db`);
  await source.client.execute({ sql: 'VACUUM INTO ?', args: [path] });
  const objects = await source.client.execute(
    "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, rowid",
  );
  const sequence = await source.client.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'");
  const tables = objects.rows.filter((r) => r.type === 'table').map((r) => String(r.name));
  return { dialect: 'sqlite', path, schema: objects.rows.map((r) => `${String(r.sql)};`), tables, sequence: sequence.rows.length > 0 };
}

/** `make()` once per process (again after a failure), shared by every caller. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((error) => {
      made = undefined;
      throw error;
    }));
}

/** The migrated and seeded database of a new installation, with the admin's password TEST_PASSWORD. */
export const seededTemplate = once(async () => {
  const source = DIALECT === 'postgres' ? await openEmptyPostgres() : await openDatabase(':memory:');
  try {
    await prepareDatabase(source.db, createContext(source.db), { adminPassword: TEST_PASSWORD });
    return await saveTemplate(source);
  } finally {
    if (source.dialect === 'postgres') await dropDatabase(source);
    else void source.close();
  }
});

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * In-memory databases given back by finished tests (`releaseTemplateCopy`), by schema: the next test of
 * this process gets one of them reset to its template instead of a new one. Replaying the schema (≈ 240
 * CREATE statements) was most of an in-memory copy's cost (≈ 13 ms of CPU of ≈ 15); emptying every table
 * and copying the template's rows back takes ≈ 4 ms, and the connection's prepared statements stay warm.
 */
interface HeldMemory {
  readonly database: EmbeddedDatabase;
  /** `PRAGMA schema_version` when it was made: a test that changed the schema (a trigger, a dropped check) changes it. */
  readonly schemaVersion: number;
  readonly schemaKey: string;
}

const freeMemory = new Map<string, HeldMemory[]>();
const heldMemory = new WeakMap<Database, HeldMemory>();
const schemaKeys = new WeakMap<EmbeddedTemplate, string>();
const schemaKeyOf = (template: EmbeddedTemplate) => {
  let key = schemaKeys.get(template);
  if (key === undefined) schemaKeys.set(template, (key = template.schema.join('\n')));
  return key;
};

const attach = (path: string) => `ATTACH DATABASE '${path.replaceAll("'", "''")}' AS template;`;
const copyRows = ({ tables, sequence }: EmbeddedTemplate) => [
  ...tables.map((t) => `INSERT INTO main.${quote(t)} SELECT * FROM template.${quote(t)};`),
  // the inserts above counted their own AUTOINCREMENT rows: the template's counters replace them
  ...(sequence ? ['DELETE FROM main.sqlite_sequence;', 'INSERT INTO main.sqlite_sequence SELECT * FROM template.sqlite_sequence;'] : []),
];

/** A fresh database holding the template's schema and rows: in memory, or a copy of a PostgreSQL template. */
export async function openTemplateCopy(template: DatabaseTemplate): Promise<Database> {
  if (template.dialect === 'postgres') return openPostgresCopy(template);
  const schemaKey = schemaKeyOf(template);
  const reused = freeMemory.get(schemaKey)?.pop();
  if (reused) {
    const { client } = reused.database;
    try {
      // every table emptied and the template's rows written back, foreign keys off for it as for the first copy
      await client.executeMultiple(
        ['PRAGMA foreign_keys = OFF;', attach(template.path), 'BEGIN;', ...template.tables.map((t) => `DELETE FROM main.${quote(t)};`), ...copyRows(template), 'COMMIT;', 'DETACH DATABASE template;', 'PRAGMA foreign_keys = ON;'].join('\n'),
      );
      // a drizzle database of its own: services keep caches per database object (the compiled AP tables)
      const fresh: EmbeddedDatabase = { ...reused.database, db: drizzle({ client, schema: tables }) };
      heldMemory.set(fresh, reused);
      return fresh;
    } catch {
      // the last test left a statement running (a read it did not finish holds the template attached):
      // that connection is dropped and the test gets a new copy
      client.close();
    }
  }
  const database = (await openDatabase(':memory:')) as EmbeddedDatabase;
  // foreign keys are checked on every write after the copy, as on a migrated database; the copy itself is the template's rows in table order
  await database.client.executeMultiple(['PRAGMA foreign_keys = OFF;', ...template.schema, attach(template.path), ...copyRows(template), 'DETACH DATABASE template;', 'PRAGMA foreign_keys = ON;'].join('\n'));
  heldMemory.set(database, { database, schemaVersion: await schemaVersion(database.client), schemaKey });
  return database;
}

const schemaVersion = async (client: Client) => Number((await client.execute('PRAGMA schema_version')).rows[0]![0]);

/**
 * A test's in-memory copy is done with: kept for the next test of this process when it is still open, its
 * schema as made and no temporary objects were added; else closed. A test whose work goes on after it
 * ended would write into the next test's database, as it does on PostgreSQL (postgres-template.ts).
 */
export function releaseTemplateCopy(database: Database): void {
  const held = database.dialect === 'sqlite' ? heldMemory.get(database) : undefined;
  if (!held || database.dialect !== 'sqlite') return void database.close();
  heldMemory.delete(database);
  void (async () => {
    const { client } = held.database;
    if (client.closed) return;
    const temporary = Number((await client.execute('SELECT count(*) FROM sqlite_temp_master')).rows[0]![0]);
    if (temporary === 0 && (await schemaVersion(client)) === held.schemaVersion) {
      const list = freeMemory.get(held.schemaKey) ?? [];
      freeMemory.set(held.schemaKey, list);
      list.push(held);
    } else client.close();
  })().catch(() => held.database.client.close());
}

/** A fresh file database (`file:<path>`) copied from the template's file (on PostgreSQL, any copy: every database takes several connections). */
export async function openTemplateFile(template: DatabaseTemplate, path: string): Promise<Database> {
  if (template.dialect === 'postgres') return openPostgresCopy(template);
  copyFileSync(template.path, path);
  return openDatabase(`file:${path}`);
}

/**
 * Gives the seeded rows that the seed stamps with its clock the test's clock,
 * as a seed with that clock would have: the admin's password date, then the
 * seed's operation-log entry (in that order, so a clock that counts its calls
 * reads as it did when every test seeded its own database).
 */
export async function stampSeed(ctx: ServiceContext): Promise<void> {
  const changed = ctx.now();
  const logged = ctx.now();
  await ctx.db.update(user).set({ passwordChangedAt: changed }).where(eq(user.userName, ADMIN_USER_NAME));
  await ctx.db.update(operationLog).set({ at: logged }).where(eq(operationLog.action, 'system.seed'));
}
