import { createRequire } from 'node:module';

/**
 * Prepared-statement reuse for the embedded database.
 *
 * `@libsql/client` prepares every statement anew and asks the statement for
 * its columns twice per execution; on a write of ten statements that was a
 * fifth of the server's CPU (docs/decisions/database-connections.md). The
 * client offers no cache, so this module gives each `libsql` connection one:
 * `prepare(sql)` answers the statement already prepared for that text, with
 * its column list and whether it returns rows remembered. The client's own
 * code path (raw mode, safe integers, all/run) is unchanged.
 *
 * Safe because the driver is synchronous: a statement runs to completion
 * (`all`/`run` reset it first) before another execution can start. Schema
 * changes (CREATE/ALTER/DROP) empty the connection's cache, so no statement
 * outlives the table shape it was prepared for.
 */

interface LibsqlStatement {
  raw(raw?: boolean): LibsqlStatement;
  columns(): unknown[];
  all(...args: unknown[]): unknown[];
  readonly reader: boolean;
}

interface LibsqlDatabase {
  prepare(sql: string): LibsqlStatement;
}

/** The most statements one connection keeps (least recently used go first). */
export const STATEMENT_CACHE_SIZE = 500;

const DDL = /^\s*(create|alter|drop)\b/i;
const caches = new WeakMap<LibsqlDatabase, { generation: number; statements: Map<string, LibsqlStatement> }>();
/** Counts schema changes in this process: a connection's cache from an earlier generation is emptied. */
let schemaGeneration = 0;

/**
 * A statement whose column list and reader flag are asked of the driver once.
 * The column list is remembered only from the second execution on: a
 * statement prepared before its connection noticed a schema change reports
 * the old columns until its first run re-prepares it.
 */
function remember(stmt: LibsqlStatement): LibsqlStatement {
  const reader = stmt.reader;
  let columns: unknown[] | undefined;
  let ran = false;
  const columnsOf = stmt.columns.bind(stmt);
  const rawOf = stmt.raw.bind(stmt);
  const allOf = stmt.all.bind(stmt);
  return Object.assign(stmt, {
    columns: () => columns ?? (ran ? (columns = columnsOf()) : columnsOf()),
    all: (...args: unknown[]) => {
      const rows = allOf(...args);
      ran = true;
      return rows;
    },
    raw(raw?: boolean) {
      // the driver throws for statements that return no rows: say so without the native round trip
      if (!reader && raw !== false) throw new TypeError('The raw() method is only for statements that return data');
      rawOf(raw);
      return stmt;
    },
  });
}

let installed = false;

/** Makes every `libsql` connection of this process reuse its prepared statements (idempotent). */
export function installStatementCache(): void {
  if (installed) return;
  installed = true;
  const Database = createRequire(import.meta.url)('libsql') as { prototype: LibsqlDatabase };
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function cachedPrepare(this: LibsqlDatabase, sql: string): LibsqlStatement {
    if (DDL.test(sql)) {
      schemaGeneration += 1;
      return prepare.call(this, sql);
    }
    let entry = caches.get(this);
    if (!entry || entry.generation !== schemaGeneration) caches.set(this, (entry = { generation: schemaGeneration, statements: new Map() }));
    const cache = entry.statements;
    const hit = cache.get(sql);
    if (hit) {
      // least recently used last out: move the hit to the end
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const stmt = remember(prepare.call(this, sql));
    cache.set(sql, stmt);
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return stmt;
  };
}
