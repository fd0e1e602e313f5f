import type { Db, DbOrTx } from '../../db/client.ts';

/** Who is acting: a signed-in user, or the local system (CLI, seeding, CI). */
export interface Operator {
  readonly userId: string | null;
  readonly userName: string;
  readonly ip?: string | null;
  /** The site (group) of the operator's session: where a site administrator acts. */
  readonly siteId?: string | null;
  /**
   * The operator's roles as the caller already resolved them (the API's
   * session cache, dropped on every role or grant change like the route
   * checks it serves); absent, services read them from the database.
   */
  readonly roles?: OperatorRoles;
  /**
   * The menu routes and their buttons the operator's session holds (the API's
   * session cache). Services of areas gated by a route (an FMEA project is
   * gated by the route of the area serving its type) check them; absent for
   * the system operator (CLI, seeding) and for callers that checked the menu
   * themselves.
   */
  readonly grants?: ReadonlyMap<string, ReadonlySet<string>>;
}

export interface OperatorRoles {
  readonly isAdmin: boolean;
  readonly roleTypes: readonly string[];
  readonly productTypes: readonly string[];
}

export const SYSTEM_OPERATOR: Operator = { userId: null, userName: 'system' };

/**
 * Every service takes this first. Authorisation is the caller's job (the API
 * checks the signed-in user's permissions before calling; the CLI runs with
 * the rights of whoever can open the database file, like `sqlite3` would).
 */
export interface ServiceContext {
  readonly db: Db;
  readonly actor: Operator;
  readonly now: () => Date;
  /**
   * Where lists and reports may read: a read replica (DATABASE_READ_URL) when it has replayed everything
   * this caller wrote, else the database itself (api/src/http/read-replica.ts decides). Absent: `db`.
   */
  readonly reader?: () => Promise<Db>;
}

/** The database a list or report reads from (readDb), never for a read that decides a write. */
export async function readDb(ctx: ServiceContext): Promise<Db> {
  return ctx.reader ? ctx.reader() : ctx.db;
}

export function createContext(db: Db, actor: Operator = SYSTEM_OPERATOR, now: () => Date = () => new Date()): ServiceContext {
  return { db, actor, now };
}

/** A context bound to a transaction handle, for services composed inside one transaction. */
export interface TxContext extends Omit<ServiceContext, 'db'> {
  readonly db: DbOrTx;
}
