import { and, eq, gt } from 'drizzle-orm';
import { passwordChangeTicket } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { UnauthenticatedError } from '../../errors.ts';
import { generateSessionToken, sessionIdOf } from './session.ts';

/** A password-change ticket lives as long as a user needs to type a new password. */
export const PASSWORD_TICKET_LIFETIME_MS = 15 * 60 * 1000;

/**
 * Issued when a sign-in with the right password must change it first (login
 * flag 4). The token goes to the client; the database keeps its SHA-256.
 * Earlier tickets of the user end.
 */
export async function issuePasswordTicket(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const token = generateSessionToken();
  await db.delete(passwordChangeTicket).where(eq(passwordChangeTicket.userId, userId));
  await db.insert(passwordChangeTicket).values({ id: sessionIdOf(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + PASSWORD_TICKET_LIFETIME_MS) });
  return token;
}

/** The user a live ticket was issued to; a missing or expired ticket means signing in again. */
export async function userOfPasswordTicket(db: DbOrTx, token: string, now: Date): Promise<string> {
  const row = await db
    .select({ userId: passwordChangeTicket.userId })
    .from(passwordChangeTicket)
    .where(and(eq(passwordChangeTicket.id, sessionIdOf(token)), gt(passwordChangeTicket.expiresAt, now)))
    .get();
  if (!row) throw new UnauthenticatedError('auth.password_ticket_invalid');
  return row.userId;
}

/** Tickets end once the password is changed. */
export async function endPasswordTickets(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(passwordChangeTicket).where(eq(passwordChangeTicket.userId, userId));
}
