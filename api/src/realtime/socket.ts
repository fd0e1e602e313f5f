import type { OpenAPIHono } from '@hono/zod-openapi';
import { upgradeWebSocket } from '@hono/node-server';
import { getCookie } from 'hono/cookie';
import { onlineUsers } from '@fmea/core';
import { idleMinutes, resolveAuth, SESSION_COOKIE } from '../http/authenticate.ts';
import type { AuthInfo } from '../http/env.ts';
import { isAllowedOrigin, requestSource } from '../http/origin.ts';
import type { AppEnv, AppServices } from '../http/env.ts';
import { RealtimeHub, type BoundSocket } from './hub.ts';

export const SOCKET_PATH = '/api/ws';

/** Sends each watcher the online list it may see, and who just arrived (spec event amountChange), on every server. */
export async function announceOnline(services: AppServices, newcomer?: { userId: string; siteId: string | null }) {
  services.realtime.onlineChanged(newcomer);
  await announceOnlineHere(services, newcomer);
}

/** This server's watchers only (the other servers run it on the relay's word). */
export async function announceOnlineHere(services: AppServices, newcomer?: { userId: string; siteId: string | null }) {
  const watchers = services.realtime.all().filter((b) => b.isAdmin || b.roleTypes.includes('0') || b.roleTypes.includes('1'));
  if (!watchers.length) return;
  const everyone = await onlineUsers(services.database.db, services.now(), await idleMinutes(services));
  for (const watcher of watchers) {
    const visible = everyone.filter((u) => RealtimeHub.watches(watcher, u.siteId));
    const arrived = newcomer && RealtimeHub.watches(watcher, newcomer.siteId) ? everyone.find((u) => u.userId === newcomer.userId) : undefined;
    services.realtime.toSocket(watcher, 'amountChange', { onlineUsers: visible, count: visible.length, user: arrived ?? null });
  }
}

/**
 * GET /api/ws upgrades to a WebSocket. The token is not put in the URL: the
 * client's first message is `{ event: 'login', data: { token } }`, answered
 * with `loginFail` (and a close) when the session is not live. A browser tab
 * that holds only the HttpOnly session cookie is bound by that cookie when
 * the socket opens from one of our own pages (Origin checked, see http/origin.ts).
 */
export function mountSocket(app: OpenAPIHono<AppEnv>, services: AppServices) {
  app.get(
    SOCKET_PATH,
    upgradeWebSocket((c) => {
      let bound: BoundSocket | undefined;
      // a page of another site may open a socket too, and the browser sends our cookie with it: bind by cookie only for our own pages
      const source = requestSource(c);
      const cookieToken = source === undefined || isAllowedOrigin(c, services.web, source) ? getCookie(c, SESSION_COOKIE) : undefined;
      const bind = async (auth: AuthInfo, ws: { send: (text: string) => void; close: (code?: number, reason?: string) => void }) => {
        if (bound) return; // the cookie and a login message may both arrive
        bound = services.realtime.bind({
          socket: { send: (text) => ws.send(text), close: (code, reason) => ws.close(code, reason) },
          sessionId: auth.session.id,
          userId: auth.user.id,
          siteId: auth.session.siteId,
          roleTypes: auth.roleTypes,
          isAdmin: auth.isAdmin,
        });
        await announceOnline(services, { userId: auth.user.id, siteId: auth.session.siteId });
      };
      return {
        async onOpen(_event, ws) {
          const auth = cookieToken ? await resolveAuth(services, cookieToken) : undefined;
          if (auth && !bound) await bind(auth, ws);
        },
        async onMessage(event, ws) {
          let message: { event?: unknown; data?: { token?: unknown } };
          try {
            message = JSON.parse(String(event.data));
          } catch {
            return;
          }
          if (message.event !== 'login' || bound) return;
          const token = typeof message.data?.token === 'string' ? message.data.token : '';
          const auth = token ? await resolveAuth(services, token) : undefined;
          if (!auth) {
            ws.send(JSON.stringify({ event: 'loginFail', data: {} }));
            ws.close(4000, 'loginFail');
            return;
          }
          await bind(auth, ws);
        },
        async onClose() {
          if (bound && services.realtime.remove(bound)) await announceOnline(services);
        },
      };
    }),
  );
}
