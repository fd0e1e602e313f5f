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
