import { randomBytes } from 'node:crypto';
import { getTableName } from 'drizzle-orm';
import type pg from 'pg';
import { migrateDatabase, openDatabase, type Database, type Db, type PostgresDatabase } from '../db/client.ts';
import { drizzleOnPool } from '../db/postgres/driver.ts';
import * as schema from '../db/schema/index.ts';
import { DECLARED_TABLES } from '../db/declared-tables.ts';
import { startTestCluster } from './postgres.ts';

/**
 * Test databases on PostgreSQL (issue 22), with the promise of template.ts: each test has a database of
 * its own holding exactly its template's rows.
 *
 * A database per test made by `CREATE DATABASE … TEMPLATE` copies ≈ 11 MB of files (the system catalogs
 * are most of it) and each new database's connections start with cold catalog caches: the service and
 * route tests spent most of their time there. So a test's database is taken from this process's free
 * list when it has one, with its pool and warm connections, and reset to the template: every table
 * emptied (DELETE: cheaper than TRUNCATE's new files for small tables) and the template's rows written back (triggers off for the reset, so foreign keys are not
 * checked row by row and baselines may go), identities set after the restored numbers. Only when the list
 * is empty is a database made, from a migrated one no test uses. A database whose schema a test changed
 * (it dropped a check, say) is not reused.
 *
 * The cluster is the one the test run started (FMEA_TEST_POSTGRES_URL, set by tests/postgres-setup.ts)
 * or, for a file run on its own, one this process starts.
 */
export interface PostgresTemplate {
  readonly dialect: 'postgres';
  /** Each table's rows as JSON (json_agg of the rows), tables without rows left out. */
  readonly rows: ReadonlyMap<string, string>;
}

interface Cluster {
  pool: pg.Pool;
  urlOf(name: string): string;
  /** A migrated database no one connects to: what new test databases are copied from. */
  base: string;
}

let cluster: Promise<Cluster> | undefined;

function testCluster(): Promise<Cluster> {
  cluster ??= (async () => {
    const { default: pgModule } = await import('pg');
    let url = process.env.FMEA_TEST_POSTGRES_URL;
    if (!url) {
      const started = await startTestCluster();
      process.once('beforeExit', () => void started.stop());
      url = started.url;
    }
    const pool = new pgModule.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => undefined);
    const urlOf = (name: string) => {
      const address = new URL(url);
      address.pathname = `/${name}`;
      return address.toString();
    };
    const base = uniqueName('base');
    await pool.query(`CREATE DATABASE ${base}`);
    const migrated = (await openDatabase(urlOf(base))) as PostgresDatabase;
    try {
      await migrateDatabase(migrated.db);
      await migrated.pool.query(await resetFunction(migrated.pool));
    } finally {
      await migrated.close();
    }
    return { pool, urlOf, base };
  })();
  return cluster;
}

/** Names unique across the workers sharing one cluster. */
const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(5).toString('hex')}`;

const TABLES: readonly string[] = DECLARED_TABLES.map(([, table]) => getTableName(table));
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What a database's schema is made of, to tell one a test changed. */
const SHAPE = "select (select count(*) from pg_constraint) || '/' || (select count(*) from pg_class) || '/' || (select count(*) from pg_trigger) as shape";

interface Held {
  database: PostgresDatabase;
  shape: string;
  /** The template the database was last reset to: another one needs a whole reset. */
  template?: PostgresTemplate;
}

const free: Held[] = [];
const inUse = new WeakMap<Database, Held>();

/** A database with the migrated schema and no rows, this process's own until released. */
async function takeDatabase(): Promise<Held> {
  const reused = free.pop();
  if (reused) return reused;
  const { pool, urlOf, base } = await testCluster();
  const name = uniqueName('t');
  await pool.query(`CREATE DATABASE ${name} TEMPLATE ${base}`);
  const database = (await openDatabase(urlOf(name))) as PostgresDatabase;
  const shape = String((await database.pool.query(SHAPE)).rows[0].shape);
  return { database, shape };
}

/**
 * `fmea_test.reset(tables, rows, whole)` in every test database (made in the base they are copied from): empties
 * tables and writes each named table's rows back (triggers, and so foreign-key checks, off), then sets every
 * identity after the restored numbers, as in a copy of the template. One call instead of ≈ 100 statements sent
 * one by one: the function's statements are planned once per connection, where the same statements sent as
 * text were parsed and planned on every reset (≈ 15 ms of the server's CPU a test).
 *
 * `whole` empties every table; otherwise only the tables written since the last reset: a statement trigger on
 * every table (enabled ALWAYS, so writes in replica mode count too) notes the table in `fmea_test.written`, an
 * unlogged list without a key (so concurrent writers never wait on each other there, and a rolled-back write's
 * note goes with it). Emptying all ≈ 170 tables was most of a reset, and most tests write to a handful. A
 * database reset for another template than its last is reset whole (openPostgresCopy).
 * It lives in a schema of its own, beside the application's tables, and no test reads functions.
 */
async function resetFunction(pool: pg.Pool): Promise<string> {
  const { rows: found } = await pool.query<{ table_name: string; column_name: string }>(
    "select table_name, column_name from information_schema.columns where table_schema = 'public' and is_identity = 'YES' order by table_name, column_name",
  );
  const identities = found.map(
    ({ table_name: t, column_name: c }) => `PERFORM setval(pg_get_serial_sequence('${quote(t)}', '${c}'), coalesce((SELECT max(${quote(c)}) FROM ${quote(t)}), 0) + 1, false);`,
  );
  const triggers = TABLES.map(
    (t) =>
      `CREATE TRIGGER fmea_test_written AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.${quote(t)} FOR EACH STATEMENT EXECUTE FUNCTION fmea_test.note_written();
ALTER TABLE public.${quote(t)} ENABLE ALWAYS TRIGGER fmea_test_written;`,
  );
  return `CREATE SCHEMA fmea_test;
CREATE UNLOGGED TABLE fmea_test.written (name text NOT NULL);
CREATE FUNCTION fmea_test.note_written() RETURNS trigger LANGUAGE plpgsql AS $note$
BEGIN
  INSERT INTO fmea_test.written VALUES (TG_TABLE_NAME);
  RETURN NULL;
END
$note$;
${triggers.join('\n')}
CREATE FUNCTION fmea_test.reset(tables text[], rows json[], whole boolean) RETURNS void LANGUAGE plpgsql AS $reset$
DECLARE
  name text;
  i int;
BEGIN
  PERFORM set_config('session_replication_role', 'replica', true);
  IF whole THEN
    ${TABLES.map((t) => `DELETE FROM public.${quote(t)};`).join('\n    ')}
    FOR i IN 1 .. coalesce(array_length(tables, 1), 0) LOOP
      EXECUTE format('INSERT INTO public.%I SELECT * FROM json_populate_recordset(null::public.%I, $1)', tables[i], tables[i]) USING rows[i];
    END LOOP;
  ELSE
    FOR name IN SELECT DISTINCT w.name FROM fmea_test.written w LOOP
      EXECUTE format('DELETE FROM public.%I', name);
      i := array_position(tables, name);
      IF i IS NOT NULL THEN
        EXECUTE format('INSERT INTO public.%I SELECT * FROM json_populate_recordset(null::public.%I, $1)', name, name) USING rows[i];
      END IF;
    END LOOP;
  END IF;
  ${identities.join('\n  ')}
  -- the reset's own writes (noted too: the triggers fire in replica mode) are not a test's
  DELETE FROM fmea_test.written;
END
$reset$;`;
}

/** Brings the database to `rows` (`fmea_test.reset`): every table when `whole`, else those written since the last reset. */
async function reset(database: PostgresDatabase, rows: ReadonlyMap<string, string>, whole: boolean): Promise<void> {
  await database.pool.query('SELECT fmea_test.reset($1::text[], $2::json[], $3)', [[...rows.keys()], [...rows.values()], whole]);
}

/** A new database with nothing in it, not even the migrations. */
export async function openEmptyPostgres(): Promise<PostgresDatabase> {
  const { pool, urlOf } = await testCluster();
  const name = uniqueName('e');
  await pool.query(`CREATE DATABASE ${name}`);
  return (await openDatabase(urlOf(name))) as PostgresDatabase;
}

/** What `source` holds now as a template: every table's rows. */
export async function savePostgresTemplate(source: PostgresDatabase): Promise<PostgresTemplate> {
  const rows = new Map<string, string>();
  for (const table of TABLES) {
    const { rows: found } = await source.pool.query<{ rows: string | null }>(`SELECT json_agg(t)::text AS rows FROM ${quote(table)} t`);
    if (found[0]?.rows) rows.set(table, found[0].rows);
  }
  return { dialect: 'postgres', rows };
}

/**
 * A database of the test's own holding the template's rows. Its pool (warm connections) is reused, its
 * drizzle database is new: services keep caches per database object (the compiled AP tables), which must
 * not carry one test's rules into the next.
 */
export async function openPostgresCopy(template: PostgresTemplate): Promise<PostgresDatabase> {
  const held = await takeDatabase();
  await reset(held.database, template.rows, held.template !== template);
  held.template = template;
  const fresh: PostgresDatabase = { ...held.database, db: drizzleOnPool(held.database.pool, schema) as unknown as Db };
  inUse.set(fresh, held);
  return fresh;
}

/**
 * Gives a test's database back for the next test of this process: kept when its pool is open and its
 * schema as made, else closed and dropped (in the background: the test has ended).
 */
export function releasePostgresCopy(database: Database): void {
  const held = database.dialect === 'postgres' ? inUse.get(database) : undefined;
  if (held) inUse.delete(database);
  // a test that closed its database closed the pool the copy shares
  void (async () => {
    const shape = held && !held.database.pool.ended ? String((await held.database.pool.query(SHAPE)).rows[0].shape) : undefined;
    if (held && shape === held.shape) free.push(held);
    else await dropDatabase(database);
  })().catch(() => dropDatabase(database));
}

/** Closes a database of the test cluster and drops it. */
export async function dropDatabase(database: Database): Promise<void> {
  const name = new URL(database.url).pathname.slice(1);
  await database.close().catch(() => undefined);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) return;
  await (await testCluster()).pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
}
