import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE } from './authenticate.ts';
import type { AppEnv } from './env.ts';
import { isHttps } from './origin.ts';

/**
 * The session cookie: HttpOnly, SameSite=Lax, whole site; Secure whenever the
 * browser reached us over HTTPS (directly, or through a proxy trusted with
 * TRUST_PROXY that says so), so it is never sent back over plain HTTP.
 */
export function setSessionCookie(c: Context<AppEnv>, token: string, expires: Date): void {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(c, c.var.services.web), expires });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c, c.var.services.web) });
}
