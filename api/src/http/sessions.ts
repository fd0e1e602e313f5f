import { invalidateUserSessions, liveSessions } from '@fmea/core';
import type { AppServices } from './env.ts';

/** Session ids of a user that are not expired (idle ones included: their sockets may still be open). */
export async function sessionIdsOf(services: AppServices, userId: string, siteId?: string): Promise<string[]> {
  const sessions = await liveSessions(services.database.db, services.now(), 0, siteId ? { userId, siteId } : { userId });
  return sessions.map((s) => s.id);
}

/** Forgets ended sessions in the auth cache and tells their sockets (`removeLogin`), which then close. */
export function forgetSessions(services: AppServices, sessionIds: readonly string[], reason: string): void {
  sessionIds.forEach((id) => services.auth.dropSession(id));
  if (sessionIds.length) services.realtime.endSessions(sessionIds, 'removeLogin', { reason });
}

/** Ends every session of a user now: database, cache and sockets. */
export async function endUserSessions(services: AppServices, userId: string, reason: string): Promise<number> {
  const ended = await invalidateUserSessions(services.database.db, userId);
  forgetSessions(services, ended, reason);
  return ended.length;
}
