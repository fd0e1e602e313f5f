import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Database, Db, PostgresDatabase } from '@fmea/core';
import type { AppEnv } from './env.ts';
import { isHttps } from './origin.ts';

/**
 * The optional read replica (DATABASE_READ_URL, issue 22): lists and reports read from it, and a user
 * always reads their own writes. After a call that may have written, the primary's write-ahead-log
 * position is remembered for the session, here and in a cookie the browser sends to whichever server it
 * reaches next; a list reads from the replica only when the replica has replayed past that position, else
 * from the primary. Others' writes appear on the replica as it replays them (milliseconds on a healthy one).
 */
export const READ_POSITION_COOKIE = 'fmea_lsn';

/** A write-ahead-log position ('16/B374D848') as a number that orders them. */
export function lsnValue(lsn: string | null | undefined): bigint | undefined {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn ?? '');
  return match ? (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`) : undefined;
}

/** How long a replica's replayed position is trusted before it is asked again (ms). */
const REPLAYED_TTL_MS = 20;

export class ReadRouter {
  /** The last write position of each session on this server (clients without cookies keep their server). */
  private readonly written = new Map<string, bigint>();
  private replayed: { at: number; value: Promise<bigint | undefined> } | undefined;

  constructor(private readonly database: PostgresDatabase & { replica: NonNullable<PostgresDatabase['replica']> }) {}

  /**
   * Remembers where the primary's log stands after a session's write: its insert position, which holds the
   * write's commit record even when commits do not wait for the log to be written (synchronous_commit off).
   */
  async noteWrite(sessionId: string): Promise<string | undefined> {
    const { rows } = await this.database.pool.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
    const lsn = rows[0]?.lsn;
    const value = lsnValue(lsn);
    if (value === undefined) return undefined;
    if ((this.written.get(sessionId) ?? 0n) < value) this.written.set(sessionId, value);
    // a bounded memory: the cookie carries the rest
    if (this.written.size > 10_000) this.written.delete(this.written.keys().next().value!);
    return lsn;
  }

  /** The replica when it has replayed past what the caller wrote, else the primary. */
  async readerFor(sessionId: string | undefined, cookie: string | undefined): Promise<Db> {
    const needed = [lsnValue(cookie), sessionId ? this.written.get(sessionId) : undefined].reduce<bigint>((max, v) => (v !== undefined && v > max ? v : max), 0n);
    const replayed = await this.replayedPosition();
    return replayed !== undefined && replayed >= needed ? this.database.replica.db : this.database.db;
  }

  private replayedPosition(): Promise<bigint | undefined> {
    const now = Date.now();
    if (!this.replayed || now - this.replayed.at > REPLAYED_TTL_MS) {
      const value = this.database.replica.pool
        .query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn')
        .then(({ rows }) => lsnValue(rows[0]?.lsn))
        // a replica that does not answer is not read
        .catch(() => undefined);
      this.replayed = { at: now, value };
    }
    return this.replayed.value;
  }
}

/** The router of a database with a replica, else none. */
export function readRouterOf(database: Database): ReadRouter | undefined {
  return database.dialect === 'postgres' && database.replica ? new ReadRouter({ ...database, replica: database.replica }) : undefined;
}

/** After a signed-in call that may have written (any but GET and HEAD, answered without an error), the session's write position is kept. */
export const noteWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const router = c.var.services.readRouter;
  const session = c.var.auth?.session.id;
  // a refused call rolled its transaction back: nothing to read back
  if (!router || !session || c.req.method === 'GET' || c.req.method === 'HEAD' || c.res.status >= 400) return;
  const lsn = await router.noteWrite(session).catch(() => undefined);
  if (lsn) setCookie(c, READ_POSITION_COOKIE, lsn, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(c, c.var.services.web) });
};

/** Where the call's lists read (ServiceContext.reader). */
export function readerOf(c: Context<AppEnv>): (() => Promise<Db>) | undefined {
  const router = c.var.services.readRouter;
  if (!router) return undefined;
  const session = c.var.auth?.session.id;
  const cookie = getCookie(c, READ_POSITION_COOKIE);
  return () => router.readerFor(session, cookie);
}
