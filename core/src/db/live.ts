import { eq, ne, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/**
 * Soft delete in one place. The tables keep the spec's `delFlg` column
 * (0 live, 1 deleted; schema/columns.ts) and the API presenters answer it
 * under that name; everything in between says "live" and "deleted" through
 * these helpers, never `eq(x.delFlg, 0)` or `row.delFlg === 1`
 * (`live.test.ts` holds the rest of core to it). Anything but 0 reads as
 * deleted.
 */
interface SoftDeleted {
  readonly delFlg: SQLiteColumn;
}

const LIVE = 0;
const DELETED = 1;

/** The SQL condition "this row is not deleted", for `where` and join conditions. */
export const live = (table: SoftDeleted): SQL => eq(table.delFlg, LIVE);

/** The SQL condition "this row is deleted" (e.g. to find a deleted row a new one may take the place of). */
export const deleted = (table: SoftDeleted): SQL => ne(table.delFlg, LIVE);

/** Whether a row read from a soft-deleting table is live. */
export const isLive = (row: { readonly delFlg: number }): boolean => row.delFlg === LIVE;

/** Whether a row read from a soft-deleting table is deleted. */
export const isDeleted = (row: { readonly delFlg: number }): boolean => !isLive(row);

/** The column values that delete a row softly: `.set({ ...softDeleted(), deletedAt: now })`. */
export const softDeleted = () => ({ delFlg: DELETED });
