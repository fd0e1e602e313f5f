import { PgDatabase, PgDeleteBase, PgInsertBase, PgSelectBase, PgUpdateBase } from 'drizzle-orm/pg-core';
import type { SQLWrapper } from 'drizzle-orm';

/**
 * sqlite-core's query API on PostgreSQL's query builders (issue 22): services are written once, typed
 * against the declared (sqlite-core) tables, and end their queries the way sqlite-core does — `.get()` for
 * the first row, `.all()` for all of them, `.run()` to run a statement — and call `db.all(sql)`,
 * `db.get(sql)` and `db.run(sql)` for raw SQL. PostgreSQL's builders run with `await` (their `execute`)
 * and have none of these, so they are added here: each is the builder's own `execute`, shaped as
 * sqlite-core answers it (a row or undefined, the rows, the driver's result). Nothing else changes: the
 * SQL is pg-core's own.
 */

type Executable = { execute(): Promise<unknown> };
type Raw = { execute(query: SQLWrapper | string): Promise<{ rows: Record<string, unknown>[] }> };

const firstRow = (result: unknown) => (Array.isArray(result) ? result[0] : (result as { rows?: unknown[] }).rows?.[0]);
const allRows = (result: unknown) => (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []));

let installed = false;

export function installSqliteQueryApi(): void {
  if (installed) return;
  installed = true;
  for (const builder of [PgSelectBase, PgInsertBase, PgUpdateBase, PgDeleteBase] as unknown as { prototype: Record<string, unknown> }[]) {
    Object.assign(builder.prototype, {
      get(this: Executable) {
        return this.execute().then(firstRow);
      },
      all(this: Executable) {
        return this.execute().then(allRows);
      },
      run(this: Executable) {
        return this.execute();
      },
    });
  }
  // raw SQL on the database and its transactions (PgTransaction extends PgDatabase)
  Object.assign((PgDatabase as unknown as { prototype: Record<string, unknown> }).prototype, {
    get(this: Raw, query: SQLWrapper) {
      return this.execute(query).then((r) => r.rows[0]);
    },
    all(this: Raw, query: SQLWrapper) {
      return this.execute(query).then((r) => r.rows);
    },
    values(this: Raw, query: SQLWrapper) {
      return this.execute(query).then((r) => r.rows.map((row) => Object.values(row)));
    },
    run(this: Raw, query: SQLWrapper) {
      return this.execute(query);
    },
  });
}
