import { getConnInfo } from '@hono/node-server/conninfo';

/** The peer address of the request (the proxy's when behind one), or null off a real socket (tests). */
export function clientIp(c: Parameters<typeof getConnInfo>[0]): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}
