import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from './env.ts';

/**
 * The client's address: the socket's peer, or behind a proxy trusted with
 * TRUST_PROXY the address that proxy saw. That is the last entry of
 * X-Forwarded-For (the proxy appends it); earlier entries come from the client
 * and could be anything. Null off a real socket (tests).
 */
export function clientIp(c: Context<AppEnv>): string | null {
  if (c.var.services?.web.trustProxy) {
    const chain = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean);
    if (chain?.length) return chain[chain.length - 1]!.slice(0, 100);
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}
