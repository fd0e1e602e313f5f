import { is, SQL, sql } from 'drizzle-orm';
import { getTableConfig, SQLiteTable, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  bigint,
  check,
  customType,
  doublePrecision,
  foreignKey,
  index,
  json,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTable,
} from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL tables, built from the one declaration of every table (core/src/db/schema, written with
 * sqlite-core): a table is written once, and this file says how each kind of column is kept on PostgreSQL
 * (docs/decisions/postgresql.md). Values are the same on both engines, so raw SQL that compares them
 * (partial indexes, checks, filters), an installation's copy from one to the other and its content hashes
 * need no translation:
 *
 * - text (plain or one of an enum's values) → text; JSON text → json (kept as written, key order too);
 * - integers → bigint (SQLite's integers are 64-bit), answered as numbers; an integer primary key numbers
 *   itself (identity), as SQLite's rowid does;
 * - times (milliseconds since 1970, SQLite's `timestamp_ms`) → bigint milliseconds, answered as Dates;
 * - flags (SQLite's boolean mode: 0/1) → integer 0/1, answered as booleans;
 * - reals → double precision.
 *
 * A column kind or a default expression this file does not know throws when the tables are built, so a
 * new table that needs one fails its test instead of diverging.
 */

const millis = customType<{ data: Date; driverData: number | string }>({
  dataType: () => 'bigint',
  toDriver: (value) => value.getTime(),
  fromDriver: (value) => new Date(Number(value)),
});

const flag = customType<{ data: boolean; driverData: number }>({
  dataType: () => 'integer',
  toDriver: (value) => (value ? 1 : 0),
  fromDriver: (value) => Number(value) === 1,
});

/** The default expressions of the declaration, as PostgreSQL writes them. */
const DEFAULT_SQL: Record<string, SQL> = {
  "(unixepoch('subsec') * 1000)": sql`(floor(extract(epoch from clock_timestamp()) * 1000))::bigint`,
};

/** The text of a SQL default made of strings only (no parameters, no columns). */
function plainSql(value: SQL): string {
  return value.queryChunks
    .map((chunk) => {
      const strings = (chunk as { value?: unknown }).value;
      if (!Array.isArray(strings)) throw new Error('a default expression with parameters or columns');
      return strings.join('');
    })
    .join('');
}

function columnBuilder(column: AnySQLiteColumn): PgColumnBuilderBase {
  const name = column.name;
  switch (column.columnType) {
    case 'SQLiteText':
      return text(name, column.enumValues?.length ? { enum: column.enumValues as [string, ...string[]] } : {});
    case 'SQLiteTextJson':
      return json(name);
    case 'SQLiteInteger':
      // SQLite numbers an INTEGER PRIMARY KEY itself (its rowid): PostgreSQL's identity column does the same
      return column.primary ? bigint(name, { mode: 'number' }).generatedByDefaultAsIdentity() : bigint(name, { mode: 'number' });
    case 'SQLiteTimestamp':
      if ((column as { mode?: string }).mode !== 'timestamp_ms') throw new Error(`${name}: only timestamp_ms times are kept`);
      return millis(name);
    case 'SQLiteBoolean':
      return flag(name);
    case 'SQLiteReal':
      return doublePrecision(name);
    default:
      throw new Error(`${name}: no PostgreSQL column for ${column.columnType}`);
  }
}

type Builder = ReturnType<typeof text> & {
  notNull(): Builder;
  primaryKey(): Builder;
  default(value: unknown): Builder;
  $defaultFn(fn: () => unknown): Builder;
  $onUpdateFn(fn: () => unknown): Builder;
};

function pgColumn(column: AnySQLiteColumn): PgColumnBuilderBase {
  let builder = columnBuilder(column) as unknown as Builder;
  if (column.primary) builder = builder.primaryKey();
  if (column.notNull && !column.primary) builder = builder.notNull();
  if (column.default !== undefined) {
    if (is(column.default, SQL)) {
      const text = plainSql(column.default);
      const translated = DEFAULT_SQL[text];
      if (!translated) throw new Error(`${column.name}: no PostgreSQL default for ${text}`);
      builder = builder.default(translated);
    } else if (column.columnType === 'SQLiteBoolean') {
      builder = builder.default(sql.raw(column.default ? '1' : '0'));
    } else {
      builder = builder.default(column.default);
    }
  }
  if (column.defaultFn) builder = builder.$defaultFn(column.defaultFn);
  if (column.onUpdateFn) builder = builder.$onUpdateFn(column.onUpdateFn);
  return builder;
}

/** The PostgreSQL twin of every table of `schema` (any module namespace: non-tables are ignored), by export name. */
export function postgresTables<S extends Record<string, unknown>>(schema: S): Record<string, PgTable> {
  const built = new Map<SQLiteTable, PgTable>();
  const byName: Record<string, PgTable> = {};
  const sqliteTables = Object.entries(schema).filter((entry): entry is [string, SQLiteTable] => is(entry[1], SQLiteTable));
  // a column of a built table, by the SQLite column it stands for
  const twin = (column: AnySQLiteColumn): AnyPgColumn => {
    const table = built.get(column.table as SQLiteTable);
    if (!table) throw new Error(`${column.name}: its table is not in the schema`);
    const found = Object.values(getPgColumns(table)).find((c) => c.name === column.name);
    if (!found) throw new Error(`${column.name}: no PostgreSQL twin`);
    return found;
  };
  for (const [exportName, table] of sqliteTables) {
    const config = getTableConfig(table);
    const columns = Object.fromEntries(Object.entries(table).filter(([, value]) => config.columns.includes(value as AnySQLiteColumn)).map(([key, column]) => [key, pgColumn(column as AnySQLiteColumn)]));
    // a column of this table as the extra config sees it (index builders need those), by the SQLite column
    const keyOf = new Map(Object.entries(table).filter(([, value]) => config.columns.includes(value as AnySQLiteColumn)).map(([key, column]) => [column as AnySQLiteColumn, key]));
    const pg = pgTable(config.name, columns, (self) => {
      const own = (column: AnySQLiteColumn): AnyPgColumn => (column.table === table ? ((self as Record<string, AnyPgColumn>)[keyOf.get(column)!] ?? twin(column)) : twin(column));
      return [
      ...config.primaryKeys.map((pk) => primaryKey({ name: pk.getName(), columns: pk.columns.map(twin) as [AnyPgColumn, ...AnyPgColumn[]] })),
      ...config.foreignKeys.map((fk) => {
        const reference = fk.reference();
        const key = foreignKey({ name: fk.getName(), columns: reference.columns.map(twin) as [AnyPgColumn, ...AnyPgColumn[]], foreignColumns: reference.foreignColumns.map(twin) as [AnyPgColumn, ...AnyPgColumn[]] });
        if (fk.onDelete) key.onDelete(fk.onDelete);
        if (fk.onUpdate) key.onUpdate(fk.onUpdate);
        return key;
      }),
      ...config.indexes.map((ix) => {
        const parts = ix.config.columns.map((part) => (is(part, SQL) ? part : own(part as AnySQLiteColumn)));
        const made = (ix.config.unique ? uniqueIndex(ix.config.name) : index(ix.config.name)).on(...(parts as [AnyPgColumn, ...AnyPgColumn[]]));
        return ix.config.where ? made.where(ix.config.where) : made;
      }),
      ...config.checks.map((c) => check(c.name, c.value)),
      ];
    });
    built.set(table, pg);
    byName[exportName] = pg;
  }
  return byName;
}

function getPgColumns(table: PgTable): Record<string, AnyPgColumn> {
  return Object.fromEntries(Object.entries(table).filter(([, value]) => value && typeof value === 'object' && 'columnType' in value)) as Record<string, AnyPgColumn>;
}
