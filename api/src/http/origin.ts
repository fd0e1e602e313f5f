import type { Context, MiddlewareHandler } from 'hono';
import { InvalidInputError, NotAllowedError } from '@fmea/core';
import { credentialOf } from './authenticate.ts';
import type { AppEnv } from './env.ts';

/**
 * Which origins a browser may send state-changing requests from, and whether
 * a reverse proxy's X-Forwarded-Proto / X-Forwarded-Host describe the
 * address the browser used.
 */
export interface WebOrigins {
  /** TRUST_PROXY=1: the server sits behind a proxy that sets X-Forwarded-Proto and X-Forwarded-Host. */
  readonly trustProxy: boolean;
  /** ALLOWED_ORIGINS: more origins besides the served one (e.g. a Vite dev server on another port). */
  readonly allowedOrigins: readonly string[];
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['', '0', 'false', 'no', 'off'];

/** TRUST_PROXY as a yes/no; anything else stops the start with a message naming the variable. */
export function trustProxyFromEnv(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = (env.TRUST_PROXY ?? '').trim().toLowerCase();
  if (TRUE.includes(value)) return true;
  if (FALSE.includes(value)) return false;
  throw new InvalidInputError('config.trust_proxy_invalid', { option: 'TRUST_PROXY', value: env.TRUST_PROXY ?? '' });
}

/** An origin as a browser sends it (`https://host[:port]`), normalised; undefined when it is not one. */
export function parseOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** ALLOWED_ORIGINS: origins separated by commas or spaces; a value that is not a bare http(s) origin stops the start. */
export function allowedOriginsFromEnv(env: Readonly<Record<string, string | undefined>>): string[] {
  const entries = (env.ALLOWED_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean);
  return entries.map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    // a path, query or credentials would never match what a browser sends: refuse rather than ignore it
    const bare = url && (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (!url || !bare) throw new InvalidInputError('config.allowed_origins_invalid', { option: 'ALLOWED_ORIGINS', value: entry });
    return url.origin;
  });
}

export function webOriginsFromEnv(env: Readonly<Record<string, string | undefined>>): WebOrigins {
  return { trustProxy: trustProxyFromEnv(env), allowedOrigins: allowedOriginsFromEnv(env) };
}

/** The first value of a forwarded header (proxies append, the first is the browser's side). */
function forwarded(c: Context, name: string): string | undefined {
  return c.req.header(name)?.split(',')[0]?.trim() || undefined;
}

/** Whether the browser reached us over HTTPS: the connection itself, or a trusted proxy saying so. */
export function isHttps(c: Context, web: WebOrigins): boolean {
  if (web.trustProxy) {
    const proto = forwarded(c, 'x-forwarded-proto')?.toLowerCase();
    if (proto) return proto === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}

/** The origin the browser sees this server at: the Host header (or a trusted proxy's X-Forwarded-Host) and the scheme. */
export function servedOrigin(c: Context, web: WebOrigins): string | undefined {
  const host = (web.trustProxy ? forwarded(c, 'x-forwarded-host') : undefined) ?? c.req.header('host') ?? new URL(c.req.url).host;
  return parseOrigin(`${isHttps(c, web) ? 'https' : 'http'}://${host}`);
}

/** Whether `origin` (an Origin header or a Referer's origin) may act on this server. */
export function isAllowedOrigin(c: Context, web: WebOrigins, origin: string | undefined): boolean {
  if (!origin) return false;
  const normal = parseOrigin(origin);
  return normal !== undefined && (normal === servedOrigin(c, web) || web.allowedOrigins.includes(normal));
}

/** Where a browser says the request came from: Origin, else the Referer's origin; 'null' when it hides it. */
export function requestSource(c: Context): string | undefined {
  const origin = c.req.header('origin');
  if (origin !== undefined) return origin;
  const referer = c.req.header('referer');
  if (referer === undefined) return undefined;
  return parseOrigin(referer) ?? 'null';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A TLS-terminating proxy without TRUST_PROXY makes every browser look
 * foreign: tell the operator once per address pair (a few pairs at most, so a
 * flood of forged requests cannot fill the log).
 */
function warnOperator(source: string, served: string | undefined, warned: Set<string>): void {
  const key = `${source} ${served}`;
  if (warned.has(key) || warned.size >= 20) return;
  warned.add(key);
  console.warn(`[origin] refused a write sent from ${source.slice(0, 200)}; this server sees itself as ${served ?? '(no valid Host)'}. Behind a reverse proxy set TRUST_PROXY=1, or list the address in ALLOWED_ORIGINS.`);
}

/**
 * Cross-site request forgery guard for every state-changing call. A request
 * that carries its credential in the `token` or Authorization header cannot
 * be forged by another site (a browser only adds those on our own pages), so
 * it passes. Any other non-GET request must come from the served origin (or
 * an allowed one) when it names where it came from, and a request riding on
 * the session cookie must name it: browsers always send Origin on such
 * requests, so a missing one means a client that should use the token header.
 */
export function originGuard(web: WebOrigins): MiddlewareHandler<AppEnv> {
  const warned = new Set<string>();
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const credential = credentialOf(c);
    if (credential && credential.via !== 'cookie') return next();
    const source = requestSource(c);
    if (source === undefined) {
      if (credential?.via === 'cookie') throw new NotAllowedError('request.origin_missing');
      return next();
    }
    if (!isAllowedOrigin(c, web, source)) {
      warnOperator(source, servedOrigin(c, web), warned);
      throw new NotAllowedError('request.origin_foreign', { origin: source.slice(0, 200) });
    }
    return next();
  };
}
