import type { Context } from 'hono';
import { createContext, type ServiceContext } from '@fmea/core';
import { caller } from './authenticate.ts';
import type { AppEnv } from './env.ts';
import { clientIp } from './client-ip.ts';
import { readerOf } from './read-replica.ts';

/**
 * The service context of a signed-in call: the caller is the operator the
 * operation log records (with the client address), acting in the site of
 * their session (where a site administrator's rights apply).
 */
export function serviceContext(c: Context<AppEnv>): ServiceContext {
  const auth = caller(c);
  const { database, now } = c.var.services;
  const roles = { isAdmin: auth.isAdmin, roleTypes: auth.roleTypes, productTypes: auth.productTypes };
  const reader = readerOf(c);
  return {
    ...createContext(database.db, { userId: auth.user.id, userName: auth.user.userName, ip: clientIp(c), siteId: auth.session.siteId, roles, grants: auth.routes }, now),
    ...(reader ? { reader } : {}),
  };
}
