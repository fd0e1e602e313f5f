import type { Context } from 'hono';
import { NotAllowedError } from '@fmea/core';
import { caller, hasAccess, type Access } from '../../http/authenticate.ts';
import type { AppEnv } from '../../http/env.ts';

export { serviceContext } from '../../http/context.ts';

/**
 * A second, finer check inside a handler, for calls whose button depends on
 * the body (saveOrUpdate: `add` without an id, `edit` with one).
 */
export function assertAccess(c: Context<AppEnv>, access: Exclude<Access, 'public'>): void {
  if (!hasAccess(caller(c), access)) throw new NotAllowedError();
}
