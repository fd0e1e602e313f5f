import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { getPasswordPolicy, permittedRoutes, productTypesOfRoles, readAuthStamp, rolesOfUser, sessionIdOf, validateSessionToken, NotAllowedError, UnauthenticatedError, type ButtonOf, type RouteName } from '@fmea/core';
import type { AppEnv, AppServices, AuthInfo } from './env.ts';

export const SESSION_COOKIE = 'fmea_session';

/** How a request carries its session token: only the cookie is sent by a browser on its own, so only it needs the origin check. */
export interface Credential {
  token: string;
  via: 'header' | 'bearer' | 'cookie';
}

/** The token as the spec's client sends it (`token` header), as a Bearer token, or in the session cookie, in that order. */
export function credentialOf(c: Context): Credential | undefined {
  const header = c.req.header('token')?.trim();
  if (header) return { token: header, via: 'header' };
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

/**
 * Whether the request names its session in a header (token or Bearer), as the workbench and scripts do: only
 * then may a GET leave bookkeeping behind (a project's visit). On the cookie alone a GET only reads, since any
 * page can make a browser send the cookie with a link or an image.
 */
export function sentWithHeader(c: Context): boolean {
  const via = credentialOf(c)?.via;
  return via !== undefined && via !== 'cookie';
}

export function readToken(c: Context<AppEnv>): string | undefined {
  return credentialOf(c)?.token;
}

export async function idleMinutes(services: AppServices): Promise<number> {
  const now = services.now().getTime();
  let policy = services.auth.getPolicy(now);
  if (!policy) {
    policy = await getPasswordPolicy(services.database.db);
    services.auth.setPolicy(policy, now);
  }
  return policy.idleLogoutMinutes;
}

/** Resolves a token to the caller, from the cache or the database. */
export async function resolveAuth(services: AppServices, token: string): Promise<AuthInfo | undefined> {
  const sessionId = sessionIdOf(token);
  const now = services.now();
  const cached = services.auth.getSession(sessionId, now.getTime());
  if (cached) return cached;
  const db = services.database.db;
  const validated = await validateSessionToken(db, token, now, await idleMinutes(services));
  if (!validated) return undefined;
  const { roles, isAdmin } = await rolesOfUser(db, validated.user.id);
  const routers = await permittedRoutes(db, validated.user.id);
  const info: AuthInfo = {
    session: validated.session,
    user: validated.user,
    isAdmin,
    roleTypes: [...new Set(roles.map((r) => r.roleType))],
    productTypes: productTypesOfRoles(roles),
    routes: new Map(routers.map((r) => [r.routeName, new Set(r.buttons)])),
    routers,
  };
  services.auth.setSession(sessionId, info, now.getTime());
  return info;
}

/** Sets `auth` when the request carries a live session; never refuses by itself. */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = readToken(c);
  if (token) {
    const services = c.var.services;
    // a lock or role change made anywhere (the CLI, another server) counts from this request on
    await services.auth.sync(() => readAuthStamp(services.database));
    const auth = await resolveAuth(services, token);
    if (auth) c.set('auth', auth);
  }
  await next();
};

/**
 * Holders of a route (any of a list), and when buttons are named, one of them
 * on that route. Route and button names are those the work areas define
 * (core/src/domain/areas), so a typo does not compile.
 */
export interface RouteAccess<R extends RouteName = RouteName> {
  route: R | readonly R[];
  button?: ButtonOf<R> | readonly ButtonOf<R>[];
}

/** Who may call a route: anyone, any signed-in user, or holders of a route (and one of its buttons). */
export type Access<R extends RouteName = RouteName> = 'public' | 'user' | RouteAccess<R>;

export function hasAccess<R extends RouteName>(auth: AuthInfo, access: Exclude<Access<R>, 'public'>): boolean {
  if (access === 'user' || auth.isAdmin) return true;
  // a list of routes means any of them (e.g. pickers used by several admin pages)
  const routes = typeof access.route === 'string' ? [access.route] : access.route;
  const wanted = access.button === undefined ? undefined : typeof access.button === 'string' ? [access.button] : access.button;
  return routes.some((route) => {
    const buttons = auth.routes.get(route);
    return buttons !== undefined && (wanted === undefined || wanted.some((b) => buttons.has(b)));
  });
}

/**
 * Server-side authorisation of every call: 401 without a session, 403 without the permission.
 * `headerOnly` (a GET that changes something): a session that came in the cookie alone is refused,
 * since any page can make a browser send the cookie with a link or an image, never a header.
 */
export function authorize<R extends RouteName>(access: Access<R>, options: { headerOnly?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (access !== 'public') {
      const auth = c.var.auth;
      if (!auth) throw new UnauthenticatedError();
      if (options.headerOnly && credentialOf(c)?.via === 'cookie') throw new NotAllowedError('request.token_header_required');
      if (!hasAccess(auth, access)) throw new NotAllowedError();
    }
    await next();
  };
}

/** The signed-in caller; only for handlers behind `authorize` with a non-public access. */
export function caller(c: Context<AppEnv>): AuthInfo {
  const auth = c.var.auth;
  if (!auth) throw new UnauthenticatedError();
  return auth;
}
