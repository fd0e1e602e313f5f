/** The two engines (dialect.ts), and which one a URL names: a module of its own, so that reading it fixes nothing. */
export type Dialect = 'sqlite' | 'postgres';

/** The engine a database URL names: PostgreSQL for `postgres://` and `postgresql://`, libsql for the rest. */
export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//i.test(url) ? 'postgres' : 'sqlite';
}
