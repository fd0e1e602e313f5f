import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from './client.ts';
import { DIALECT } from './dialect.ts';

/**
 * Inserts thousands of rows in one statement: the rows go as one JSON array
 * parameter, unpacked by SQLite (`json_each`), instead of one bound parameter
 * per value — a multi-row insert's query building costs more than SQLite's
 * writing at that size, and its parameters are limited. Every row gives the
 * same columns (those of the first row); each value is converted as drizzle
 * would (dates to milliseconds, booleans to 0/1, JSON columns to text).
 * PostgreSQL unpacks the same array with json_populate_recordset.
 */
export async function insertRows<T extends SQLiteTable>(db: DbOrTx, table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]!).filter((key) => key in columns);
  const values = rows.map((row) => keys.map((key) => driverValue(columns[key]!, (row as Record<string, unknown>)[key])));
  const names = sql.raw(keys.map((key) => `"${columns[key]!.name}"`).join(', '));
  if (DIALECT === 'postgres') {
    // PostgreSQL takes the rows as JSON objects typed by the table itself (json_populate_recordset): a JSON
    // column's value goes in as JSON, not as the text SQLite keeps
    const objects = rows.map((row) =>
      Object.fromEntries(keys.map((key) => [columns[key]!.name, columns[key]!.getSQLType() === 'json' ? ((row as Record<string, unknown>)[key] ?? null) : driverValue(columns[key]!, (row as Record<string, unknown>)[key])])),
    );
    const table_ = sql.raw(`"${getTableName(table)}"`);
    await db.run(sql`insert into ${table_} (${names}) select ${names} from json_populate_recordset(null::${table_}, ${JSON.stringify(objects)}::json)`);
    return;
  }
  const picks = sql.raw(keys.map((_, i) => `value ->> ${i}`).join(', '));
  await db.run(sql`insert into ${sql.raw(`"${getTableName(table)}"`)} (${names}) select ${picks} from json_each(${JSON.stringify(values)})`);
}

function driverValue(column: ReturnType<typeof getTableColumns>[string], value: unknown): unknown {
  if (value === undefined || value === null) return null;
  const mapped = column.mapToDriverValue(value);
  return typeof mapped === 'boolean' ? Number(mapped) : mapped;
}
