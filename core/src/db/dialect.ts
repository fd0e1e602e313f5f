/**
 * The database engine this process talks to, fixed when it starts (issue 22): the schema answers the
 * tables of this dialect (schema/index.ts), so services, routes and commands are written once and know
 * nothing of the engine. `FMEA_DIALECT` says it outright (tests, tools); otherwise a `postgres://` (or
 * `postgresql://`) DATABASE_URL means PostgreSQL and anything else the embedded libsql file. The CLI reads
 * its `--db` option before it loads the schema (cli/src/main.ts).
 */
import { dialectOf, type Dialect } from './dialect-of.ts';

export { dialectOf, type Dialect };

function processDialect(): Dialect {
  const stated = process.env.FMEA_DIALECT;
  if (stated === 'postgres' || stated === 'sqlite') return stated;
  return dialectOf(process.env.DATABASE_URL ?? '');
}

export const DIALECT: Dialect = processDialect();
