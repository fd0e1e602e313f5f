/**
 * A real OpenID Connect provider (`oidc-provider`, the certified Node
 * implementation) on 127.0.0.1 with a random port, for the SSO tests: not a
 * mock. Its development interactions take any login name with any password
 * (the name becomes the account, and its `preferred_username`); consent is
 * granted as a company's provider does for its own applications.
 * Kept out of `@fmea/core/testing`'s index so other tests do not load it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export interface TestOidcProviderOptions {
  /** The product's callback address(es) registered for the client. */
  redirectUris: string[];
  /** The claims an account carries beyond `sub` (default: preferred_username = the login name). */
  claimsOf?: (login: string) => Record<string, unknown>;
  /** Where the provider may send the browser after signing out there (RP-initiated logout). */
  postLogoutRedirectUris?: string[];
  /** The product's back-channel logout address: the provider posts a logout token there (with `sid`) when a user signs out at it. */
  backchannelLogoutUri?: string;
}

export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'fmea-workbench';
  const clientSecret = 'test-secret-' + Math.random().toString(36).slice(2);
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        ...(options.postLogoutRedirectUris ? { post_logout_redirect_uris: options.postLogoutRedirectUris } : {}),
        ...(options.backchannelLogoutUri ? { backchannel_logout_uri: options.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
      },
    ],
    // RP-initiated logout is on by default; back-channel logout is switched on here
    features: { backchannelLogout: { enabled: true } },
    // the product listens on loopback too: the provider's guard against calls to local addresses (SSRF) is for production
    fetch: (input, init) => {
      const { dispatcher: _guarded, ...rest } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
      return fetch(input, rest);
    },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name', 'email'] },
    // lifetimes set, so the provider does not warn about its defaults
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    cookies: { keys: ['test-cookie-key-' + clientSecret] },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, ...(options.claimsOf ? options.claimsOf(sub) : { preferred_username: sub }) }),
    }),
    // a first-party application: the grant is given without a consent screen
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A tiny cookie jar for following the provider's redirects with fetch (one host per jar). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Walks the browser's part at the provider: from the authorization address
 * through the login form (signed in as `login`) until the provider redirects
 * to an address outside itself (the product's callback), which is returned.
 * Without `login`, the first login form ends the walk (returns undefined).
 */
export async function signInAtProvider(authorizationUrl: string, login: string | undefined, jar = new CookieJar()): Promise<string | undefined> {
  const origin = new URL(authorizationUrl).origin;
  let next: { url: string; init?: RequestInit } | undefined = { url: authorizationUrl };
  for (let hops = 0; next && hops < 20; hops++) {
    const response: Response = await fetch(next.url, { ...next.init, redirect: 'manual', headers: { ...(next.init?.headers as Record<string, string>), cookie: jar.header() } });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next.url);
      if (target.origin !== origin) return target.href;
      next = { url: target.href };
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`the provider answered ${response.status} without a form or a redirect`);
    if (prompt === 'login' && login === undefined) return undefined;
    const body = new URLSearchParams(prompt === 'login' ? { prompt, login: login!, password: 'any' } : { prompt });
    next = { url: new URL(action.replace(/&amp;/g, '&'), next.url).href, init: { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } } };
  }
  throw new Error('the provider did not send the browser back');
}

/**
 * Follows a sign-out at the provider (its end-session address, RP-initiated
 * logout) with the browser's cookies there: confirms the provider's "sign
 * out?" form, which also sends the back-channel logout tokens, and answers
 * the address outside the provider it sends the browser to, if any.
 */
export async function signOutAtProvider(endSessionUrl: string, jar: CookieJar): Promise<string | undefined> {
  const origin = new URL(endSessionUrl).origin;
  let next: { url: string; init?: RequestInit } | undefined = { url: endSessionUrl };
  for (let hops = 0; next && hops < 10; hops++) {
    const response: Response = await fetch(next.url, { ...next.init, redirect: 'manual', headers: { ...(next.init?.headers as Record<string, string>), cookie: jar.header() } });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next.url);
      if (target.origin !== origin) return target.href;
      next = { url: target.href };
      continue;
    }
    const html = await response.text();
    const form = /<form[^>]*id="op.logoutForm"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    if (!form) return undefined;
    const action = /action="([^"]+)"/.exec(form[0])![1]!;
    const fields = new URLSearchParams({ logout: 'yes' });
    for (const input of form[1]!.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields.set(input[1]!, input[2]!);
    next = { url: new URL(action.replace(/&amp;/g, '&'), next.url).href, init: { method: 'POST', body: fields, headers: { 'content-type': 'application/x-www-form-urlencoded' } } };
  }
  throw new Error('the provider did not finish the sign-out');
}
