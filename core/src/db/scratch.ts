import { getTableName, sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Db, type DbOrTx } from './client.ts';
import { DIALECT } from './dialect.ts';
import { DECLARED_TABLES } from './declared-tables.ts';

/**
 * A database of the schema's tables that no one else sees and that is gone afterwards, with foreign keys
 * not checked: what a baseline's workbook is drawn in (services/fmea-baseline/render.ts), so the one
 * exporter reads a frozen snapshot and nothing live can leak in.
 *
 * - The embedded engine: a migrated `:memory:` database of its own.
 * - PostgreSQL: a transaction on the live database in which every table is shadowed by an empty temporary
 *   table of the same shape (`LIKE`, which copies defaults, checks and indexes but no foreign keys;
 *   temporary tables come first in the search path), rolled back at the end.
 */
export async function withScratchDatabase<T>(live: DbOrTx, draw: (db: Db) => Promise<T>): Promise<T> {
  if (DIALECT !== 'postgres') {
    const scratch = await openDatabase(':memory:');
    try {
      await migrateDatabase(scratch.db);
      await scratch.db.run(sql`PRAGMA foreign_keys = OFF`);
      return await draw(scratch.db);
    } finally {
      await scratch.close();
    }
  }
  const names = DECLARED_TABLES.map(([, table]) => getTableName(table));
  let drawn: { value: T } | undefined;
  try {
    await live.transaction(async (tx) => {
      for (const name of names) {
        await tx.run(sql.raw(`create temporary table "${name}" (like public."${name}" including defaults including identity including constraints including indexes) on commit drop`));
      }
      drawn = { value: await draw(tx as unknown as Db) };
      // nothing drawn here may stay: the temporary tables go with the transaction
      tx.rollback();
    });
  } catch (error) {
    if (!drawn) throw error;
  }
  return drawn!.value;
}
