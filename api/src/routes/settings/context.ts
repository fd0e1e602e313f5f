import type { Context } from 'hono';
import { createContext, NotAllowedError, type ServiceContext } from '@fmea/core';
import { caller, hasAccess, type Access } from '../../http/authenticate.ts';
import type { AppEnv } from '../../http/env.ts';
import { clientIp } from '../auth/login.ts';

/**
 * The service context of a signed-in call: the caller is the operator the
 * operation log records (with the client address). Shared by the
 * dictionaries, notices, rules and settings routes; a candidate for api/src/http.
 */
export function serviceContext(c: Context<AppEnv>): ServiceContext {
  const { database, now } = c.var.services;
  const auth = caller(c);
  return createContext(database.db, { userId: auth.user.id, userName: auth.user.userName, ip: clientIp(c) }, now);
}

/**
 * A second, finer check inside a handler, for calls whose button depends on
 * the body (saveOrUpdate: `add` without an id, `edit` with one).
 */
export function assertAccess(c: Context<AppEnv>, access: Exclude<Access, 'public'>): void {
  if (!hasAccess(caller(c), access)) throw new NotAllowedError();
}
