import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database, type EmbeddedDatabase } from '../db/client.ts';
import { DIALECT } from '../db/dialect.ts';
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

/** A fresh database holding the template's schema and rows: in memory, or a copy of a PostgreSQL template. */
export async function openTemplateCopy(template: DatabaseTemplate): Promise<Database> {
  if (template.dialect === 'postgres') return openPostgresCopy(template);
  const { path, schema, tables, sequence } = template;
  const database = (await openDatabase(':memory:')) as EmbeddedDatabase;
  // foreign keys are checked on every write after the copy, as on a migrated database; the copy itself is the template's rows in table order
  await database.client.executeMultiple(
    [
      'PRAGMA foreign_keys = OFF;',
      ...schema,
      `ATTACH DATABASE '${path.replaceAll("'", "''")}' AS template;`,
      ...tables.map((t) => `INSERT INTO main.${quote(t)} SELECT * FROM template.${quote(t)};`),
      // the inserts above counted their own AUTOINCREMENT rows: the template's counters replace them
      ...(sequence ? ['DELETE FROM main.sqlite_sequence;', 'INSERT INTO main.sqlite_sequence SELECT * FROM template.sqlite_sequence;'] : []),
      'DETACH DATABASE template;',
      'PRAGMA foreign_keys = ON;',
    ].join('\n'),
  );
  return database;
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
