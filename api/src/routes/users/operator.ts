import type { Context } from 'hono';
import { invalidateUserSessions, liveSessions, NotAllowedError, type ButtonOf, type RouteName, type ServiceContext } from '@fmea/core';
import { caller, hasAccess, type RouteAccess } from '../../http/authenticate.ts';
import type { AppEnv, AppServices } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';

/**
 * Helpers shared by the administration routes (org, users, roles): who acts,
 * the per-payload button check of save routes, and ending sessions at once.
 */

/** The service context of a signed-in call: the caller is the operator the operation log records. */
export const operatorContext: (c: Context<AppEnv>) => ServiceContext = serviceContext;

/**
 * Save routes create without an id and update with one: the route's access
 * admits either button, this checks the one the payload needs.
 */
export function requireButton<R extends RouteName>(c: Context<AppEnv>, route: R, button: ButtonOf<R>): void {
  // the signature checks the pair; inside, the generic button type is not narrowed further
  if (!hasAccess(caller(c), { route, button } as RouteAccess)) throw new NotAllowedError();
}

/** The access of a save route: the route with its add or edit button (refined by `requireButton`); `defineRoute` checks the route offers both. */
export const saveAccess = <R extends RouteName>(route: R) => ({ route, button: ['add', 'edit'] as const });

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
