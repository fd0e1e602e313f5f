import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Inserts rows in chunks of 100: drizzle multi-row inserts do best at 25–200
 * rows per statement on libsql (docs: /work/shared/stack.md measurements).
 */
export async function insertChunks<T extends SQLiteTable>(db: DbOrTx, table: T, rows: readonly T['$inferInsert'][], size = 100): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await db.insert(table).values(rows.slice(i, i + size) as T['$inferInsert'][]);
}
