import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DIALECT } from './dialect.ts';

/**
 * Raw SQL that the two engines write differently, one version per dialect beside each other (issue 22).
 * Services build their raw SQL from these where SQLite and PostgreSQL part ways; everything else they
 * write is portable as it stands. Each helper is run on both engines by the tests of its callers (the
 * `node` project on the embedded file, the `postgres` project on PostgreSQL).
 */
const pg = DIALECT === 'postgres';

/** A JSON column holding a number (or nothing), plus one, as the column's type. */
export function jsonNumberPlusOne(column: SQLWrapper): SQL {
  return pg ? sql`to_json(coalesce((${column} #>> '{}')::bigint, 0) + 1)` : sql`coalesce(${column}, 0) + 1`;
}

/** The larger of two values (SQLite's two-argument `max`, PostgreSQL's `greatest`). */
export function larger(a: SQLWrapper | number, b: SQLWrapper | number): SQL {
  return pg ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`;
}

/**
 * A JSON array's elements as a row source with one text column `value`: a JSON column, or a list the
 * caller passes as one parameter (thousands of values in one bound parameter, where `in (?, ?, …)` would
 * hit the engines' parameter limits). `select value from ${jsonElements(x)}`.
 */
export function jsonElements(array: SQLWrapper | readonly unknown[]): SQL {
  const json = Array.isArray(array) ? sql`${JSON.stringify(array)}` : sql`${array as SQLWrapper}`;
  return pg ? sql`json_array_elements_text(${json}::json) as json_element(value)` : sql`json_each(${json})`;
}

/**
 * The rows a query selects, aggregated into one JSON text: an array of arrays, one per row, of the values
 * in the order given. Thousands of rows come back as one value, parsed at once, instead of a driver object
 * per row (a program's plan of 10,000 tasks: services/program/plan.ts).
 */
export function jsonRows(values: readonly SQLWrapper[]): SQL<string | null> {
  const list = sql.join(values.map((v) => sql`${v}`), sql`, `);
  return pg ? sql<string | null>`json_agg(json_build_array(${list}))::text` : sql<string | null>`json_group_array(json_array(${list}))`;
}

/** One key of a JSON object column, as text (SQLite's json_extract answers numbers as numbers; callers compare text). */
export function jsonField(column: SQLWrapper, key: string): SQL {
  return pg ? sql`(${column} ->> ${key}::text)` : sql`json_extract(${column}, ${`$.${key}`})`;
}

/** The elements of a JSON array held under `key` of a JSON object column, joined by commas in their order. */
export function jsonListJoined(column: SQLWrapper, key: string): SQL {
  return pg
    ? sql`(select string_agg(value, ',' order by n) from json_array_elements_text(${column} -> ${key}::text) with ordinality as json_element(value, n))`
    : sql`(select group_concat(value, ',') from json_each(${column}, ${`$.${key}`}))`;
}

/** Text holding a number (a custom field's canonical form), as a number: compared and ordered as one (9 before 10). */
export function textAsNumber(expression: SQLWrapper): SQL {
  return pg ? sql`cast(${expression} as double precision)` : sql`cast(${expression} as real)`;
}

/** `expression LIKE pattern` without regard to letter case (SQLite's LIKE is so for ASCII; PostgreSQL's ILIKE). Backslash escapes. */
export function likeAnyCase(expression: SQLWrapper, pattern: string): SQL {
  return pg ? sql`${expression} ilike ${pattern} escape '\\'` : sql`${expression} like ${pattern} escape '\\'`;
}

/** A unique-index violation, whatever the driver wraps it in (libsql's SQLITE_CONSTRAINT_UNIQUE, PostgreSQL's 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '23505') return true;
    if (/UNIQUE constraint failed|SQLITE_CONSTRAINT_UNIQUE/.test(`${typeof code === 'string' ? code : ''} ${(e as Error).message ?? ''}`)) return true;
  }
  return false;
}

/** Pairs [text, number] passed as one JSON parameter, as a row source with columns `k` (text) and `v` (integer). */
export function jsonPairs(pairs: readonly (readonly [string, number])[]): SQL {
  const json = JSON.stringify(pairs);
  return pg
    ? sql`(select value ->> 0 as k, (value ->> 1)::bigint as v from json_array_elements(${json}::json) as json_element(value))`
    : sql`(select value ->> 0 as k, value ->> 1 as v from json_each(${json}))`;
}

/**
 * After a bulk write (thousands of rows at once), PostgreSQL's planner still plans with the tables' old
 * statistics until autovacuum gets to them, and picks plans for tables it thinks are small: the risk grid
 * of a freshly imported 20,000-chain FMEA read three times slower. `ANALYZE` refreshes them (tens of
 * milliseconds). SQLite plans from its indexes alone here: nothing to do.
 */
export async function refreshStatistics(db: { run(query: SQL): Promise<unknown> }, tables: readonly string[]): Promise<void> {
  if (!pg || tables.length === 0) return;
  await db.run(sql.raw(`analyze ${tables.map((t) => `"${t.replaceAll('"', '""')}"`).join(', ')}`));
}

/**
 * Whether the database orders and folds text as the embedded one does (bytes; case for ASCII only): always
 * on SQLite; on PostgreSQL when the database was created with the C (or POSIX) collation of libc, not an
 * ICU or language collation (`createdb --locale=C`, the README's instruction). Lists sorted by name and
 * case-free searches differ otherwise, and `fmea serve` says so.
 */
export async function textOrderAsEmbedded(database: { dialect: string; query(text: string): Promise<Record<string, unknown>[]> }): Promise<boolean> {
  if (database.dialect !== 'postgres') return true;
  const [row] = await database.query("select datcollate, datlocprovider from pg_database where datname = current_database()");
  return String(row?.datlocprovider) === 'c' && /^(C|POSIX)(\.utf-?8)?$/i.test(String(row?.datcollate));
}
