/**
 * Database sessions the way the Lucia guide teaches (lucia-auth.com, "Basic
 * API"): the client holds a random token; the database stores only its
 * SHA-256 as the session id, so a leaked table cannot be replayed. Expiry
 * slides: a session used in its second half is extended to a full lifetime.
 */
import { bumpAuthStamp } from '../shared/auth-stamp.ts';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, gt, inArray, lt, ne, or } from 'drizzle-orm';
import { session, user } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isDeleted } from '../../db/live.ts';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_WITHIN_MS = SESSION_LIFETIME_MS / 2;
/** lastSeenAt is written at most this often: idle logout needs minutes, not milliseconds. */
const SEEN_RESOLUTION_MS = 30 * 1000;

export type Session = typeof session.$inferSelect;
export type SessionUser = typeof user.$inferSelect;

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdOf(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export interface NewSession {
  userId: string;
  siteId: string | null;
  userAgent?: string | null;
  ip?: string | null;
  /** A sign-in through OpenID Connect: what its sign-out and the provider's back-channel logout need. */
  sso?: { sid: string | null; sub: string | null; idToken: string | null };
}

export async function createSession(db: DbOrTx, input: NewSession, now: Date): Promise<{ token: string; session: Session }> {
  const token = generateSessionToken();
  const [row] = await db
    .insert(session)
    .values({
      id: sessionIdOf(token),
      userId: input.userId,
      siteId: input.siteId,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip ?? null,
      ssoSid: input.sso?.sid ?? null,
      ssoSub: input.sso?.sub ?? null,
      ssoIdToken: input.sso?.idToken ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    })
    .returning();
  return { token, session: row! };
}

/** A session is live until it expires or sits idle longer than the policy allows (0 = never idle out). */
export function isSessionLive(s: Pick<Session, 'expiresAt' | 'lastSeenAt'>, now: Date, idleLogoutMinutes: number): boolean {
  if (s.expiresAt.getTime() <= now.getTime()) return false;
  return idleLogoutMinutes <= 0 || now.getTime() - s.lastSeenAt.getTime() < idleLogoutMinutes * 60_000;
}

export interface ValidatedSession {
  session: Session;
  user: SessionUser;
}

/**
 * Resolves a token to its session and user, or null. Dead sessions (and
 * those of a deleted user or of one an administrator locked) are deleted on
 * sight; live ones get their idle clock and expiry moved on.
 */
export async function validateSessionToken(db: DbOrTx, token: string, now: Date, idleLogoutMinutes: number): Promise<ValidatedSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = sessionIdOf(token);
  const row = await db.select({ session, user }).from(session).innerJoin(user, eq(user.id, session.userId)).where(eq(session.id, id)).get();
  if (!row) return null;
  // a lock from wrong passwords stops new sign-ins only: its live sessions go on, so guessing at a name ends
  // nobody's work; an administrator's lock (or one of unknown cause) ends them
  const lockedOut = row.user.locked && row.user.lockReason !== 'failures';
  if (!isSessionLive(row.session, now, idleLogoutMinutes) || lockedOut || isDeleted(row.user)) {
    await db.delete(session).where(eq(session.id, id));
    return null;
  }
  const renew = row.session.expiresAt.getTime() - now.getTime() < RENEW_WITHIN_MS;
  const seen = now.getTime() - row.session.lastSeenAt.getTime() >= SEEN_RESOLUTION_MS;
  if (renew || seen) {
    const changes = { lastSeenAt: now, ...(renew ? { expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) } : {}) };
    await db.update(session).set(changes).where(eq(session.id, id));
    Object.assign(row.session, changes);
  }
  return row;
}

/**
 * Ends a session (sign-out). The auth stamp moves: a server that holds the session resolved in its cache
 * (another server on the same database) forgets it at its next request instead of after the cache's 30 s.
 */
export async function invalidateSession(db: DbOrTx, sessionId: string): Promise<void> {
  const ended = await db.delete(session).where(eq(session.id, sessionId)).returning({ id: session.id });
  if (ended.length) await bumpAuthStamp(db);
}

/** Ends every session of a user (but `exceptSessionId`); returns the ids ended. The auth stamp moves, as above. */
export async function invalidateUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string): Promise<string[]> {
  const ended = await db
    .delete(session)
    .where(and(eq(session.userId, userId), exceptSessionId ? ne(session.id, exceptSessionId) : undefined))
    .returning({ id: session.id });
  if (ended.length) await bumpAuthStamp(db);
  return ended.map((s) => s.id);
}

/** Live sessions, optionally of one user or one site. */
export async function liveSessions(db: DbOrTx, now: Date, idleLogoutMinutes: number, filter: { userId?: string; siteId?: string } = {}): Promise<Session[]> {
  const idleCutoff = new Date(now.getTime() - idleLogoutMinutes * 60_000);
  return db
    .select()
    .from(session)
    .where(
      and(
        gt(session.expiresAt, now),
        idleLogoutMinutes > 0 ? gt(session.lastSeenAt, idleCutoff) : undefined,
        filter.userId ? eq(session.userId, filter.userId) : undefined,
        filter.siteId ? eq(session.siteId, filter.siteId) : undefined,
      ),
    );
}

/** Housekeeping: drops expired and idle sessions (run on start and now and then). */
export async function purgeDeadSessions(db: DbOrTx, now: Date, idleLogoutMinutes: number): Promise<number> {
  const idleCutoff = new Date(now.getTime() - idleLogoutMinutes * 60_000);
  const dead = await db
    .delete(session)
    .where(or(lt(session.expiresAt, now), idleLogoutMinutes > 0 ? lt(session.lastSeenAt, idleCutoff) : undefined))
    .returning({ id: session.id });
  return dead.length;
}

export async function sessionsByIds(db: DbOrTx, ids: readonly string[]): Promise<Session[]> {
  return ids.length ? db.select().from(session).where(inArray(session.id, [...ids])) : [];
}
