/**
 * Signing out of a single sign-on session (docs/domain/sso.md "Signing out"):
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0: the provider's
 * end_session_endpoint with id_token_hint), and Back-Channel Logout 1.0 (the
 * provider posts a signed logout token; the matching sessions end here).
 * Tokens are checked by `jose`, the library under openid-client.
 */
import * as oidc from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { session } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bumpAuthStamp } from '../shared/auth-stamp.ts';
import { recordOperation } from '../shared/audit.ts';
import type { ServiceContext } from '../shared/context.ts';
import type { Session } from './session.ts';
import { getSsoSettings } from './sso-settings.ts';
import { configurationOf } from './sso.ts';

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** How old a logout token may be (its iat): the provider sends it at once. */
const LOGOUT_TOKEN_MAX_AGE = '10m';

/**
 * Where the browser goes after signing out of a session that began at the
 * provider: its end-session address with the session's ID token as hint and
 * `postLogoutRedirectUri` (the login page) to come back to. Null for a
 * password session, with SSO off, or when the provider has no such endpoint
 * or cannot be reached (the session here has ended all the same).
 */
export async function endSessionUrlOf(db: DbOrTx, ended: Pick<Session, 'ssoIdToken'>, postLogoutRedirectUri: string): Promise<string | null> {
  if (!ended.ssoIdToken) return null;
  const settings = await getSsoSettings(db);
  if (!settings.enabled) return null;
  try {
    const config = await configurationOf(settings);
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, { id_token_hint: ended.ssoIdToken, post_logout_redirect_uri: postLogoutRedirectUri }).href;
  } catch {
    return null;
  }
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySetOf(jwksUri: string) {
  let found = keySets.get(jwksUri);
  if (!found) keySets.set(jwksUri, (found = createRemoteJWKSet(new URL(jwksUri))));
  return found;
}

export type BackChannelOutcome = { ok: true; ended: string[] } | { ok: false; error: 'invalid_request'; reason: string };

/** Checks a logout token as Back-Channel Logout 1.0 §2.6 says; answers its sid and sub, or why it is refused. */
async function verifyLogoutToken(db: DbOrTx, token: string): Promise<{ sid?: string; sub?: string } | string> {
  const settings = await getSsoSettings(db);
  if (!settings.enabled) return 'sso_off';
  let config: oidc.Configuration;
  try {
    config = await configurationOf(settings);
  } catch {
    return 'provider_unreachable';
  }
  const metadata = config.serverMetadata();
  if (!metadata.jwks_uri) return 'no_jwks';
  let payload: JWTPayload;
  try {
    // signature against the provider's published keys (asymmetric only), iss, aud, iat present and recent, exp when given
    ({ payload } = await jwtVerify(token, keySetOf(metadata.jwks_uri), {
      issuer: metadata.issuer,
      audience: settings.clientId,
      requiredClaims: ['iat'],
      maxTokenAge: LOGOUT_TOKEN_MAX_AGE,
      clockTolerance: 60,
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'],
    }));
  } catch (e) {
    return (e as { code?: string }).code ?? 'invalid_token';
  }
  const events = payload.events as Record<string, unknown> | undefined;
  const event = events && typeof events === 'object' ? events[BACKCHANNEL_EVENT] : undefined;
  if (!event || typeof event !== 'object' || Array.isArray(event)) return 'no_logout_event';
  // a logout token is not an ID token: one with a nonce is refused (§2.6 step 7)
  if ('nonce' in payload) return 'nonce_present';
  const sid = typeof payload.sid === 'string' && payload.sid ? payload.sid : undefined;
  const sub = typeof payload.sub === 'string' && payload.sub ? payload.sub : undefined;
  if (!sid && !sub) return 'no_sid_or_sub';
  return { sid, sub };
}

/**
 * The provider says a user signed out there: every session here that came
 * from that provider session (`sid`), or from that subject when the token
 * names no session, ends. Sessions signed in with a password are never touched.
 */
export async function backChannelLogout(ctx: ServiceContext, logoutToken: string): Promise<BackChannelOutcome> {
  const verified = await verifyLogoutToken(ctx.db, logoutToken);
  if (typeof verified === 'string') return { ok: false, error: 'invalid_request', reason: verified };
  const match: SQL[] = [];
  if (verified.sid) match.push(eq(session.ssoSid, verified.sid));
  if (verified.sub) match.push(eq(session.ssoSub, verified.sub));
  return ctx.db.transaction(async (tx) => {
    const targets = await tx.select({ id: session.id, userId: session.userId }).from(session).where(and(...match));
    if (!targets.length) return { ok: true as const, ended: [] };
    const ids = targets.map((t) => t.id);
    await tx.delete(session).where(inArray(session.id, ids));
    await bumpAuthStamp(tx);
    for (const userId of new Set(targets.map((t) => t.userId))) {
      await recordOperation(tx, { userId: null, userName: 'sso', ip: ctx.actor.ip ?? null }, ctx.now(), {
        action: 'auth.logout_sso',
        entity: 'session',
        entityId: userId,
        after: { endedSessions: targets.filter((t) => t.userId === userId).length },
      });
    }
    return { ok: true as const, ended: ids };
  });
}
