/**
 * The OpenID Connect sign-in (authorization code with PKCE, state and nonce)
 * through `openid-client` (docs/decisions/oidc.md: no hand-written token
 * handling), ending in the same server-side session a password sign-in gets.
 * The flow's secrets (state, nonce, PKCE verifier) travel in the caller's
 * flow record (the API keeps it in an HttpOnly cookie), so any server of the
 * installation can finish what another started.
 */
import * as oidc from 'openid-client';
import { eq } from 'drizzle-orm';
import { user, userRole } from '../../db/schema/index.ts';
import { isDeleted } from '../../db/live.ts';
import { ConflictError, type DomainError } from '../../errors.ts';
import type { ServiceContext } from '../shared/context.ts';
import { recordOperation } from '../shared/audit.ts';
import { getPasswordPolicy } from '../users/passwords.ts';
import { remainingLogins, sitesOfUser } from './login.ts';
import { createSession, invalidateUserSessions, liveSessions, type Session } from './session.ts';
import { getSsoSettings, type SsoSettings } from './sso-settings.ts';
import { checkTrialAtSignIn } from './trial.ts';

/** What the browser carries between the start and the callback (10 minutes). */
export interface SsoFlow {
  state: string;
  nonce: string;
  verifier: string;
  /** The /loginRedirect target to land on afterwards (message, dfmea, pfmea, dvp, taskTodo, home). */
  type: string;
  expiresAt: number;
}

export const SSO_FLOW_MINUTES = 10;

/**
 * The spec's lookup outcomes (000 §4 "Single-sign-on lookup flag": 1 found, 2 not in the product,
 * 3 no permission, 0 not logged in at the provider, other: system error) plus the licence refusal.
 */
export type SsoFailure = 'notFound' | 'noPermission' | 'notLoggedIn' | 'concurrency' | 'trialExpired' | 'illegalTime' | 'systemError';
export const SSO_FLAG: Record<SsoFailure | 'ok', string> = {
  ok: '1',
  notFound: '2',
  noPermission: '3',
  notLoggedIn: '0',
  concurrency: '4',
  trialExpired: '5',
  illegalTime: '6',
  systemError: '9',
};

export type SsoOutcome =
  | { status: 'ok'; token: string; session: Session; userId: string; userName: string; siteId: string; ended: string[]; type: string }
  | { status: SsoFailure; type: string; reason?: string };

/** Provider answers that mean "nobody is signed in there" (OpenID Connect Core §3.1.2.6). */
const NOT_LOGGED_IN = new Set(['login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

const configurations = new Map<string, Promise<oidc.Configuration>>();

/** The provider's discovered configuration, cached per issuer and client (a failed discovery is tried again next time). */
export function configurationOf(s: SsoSettings): Promise<oidc.Configuration> {
  const key = JSON.stringify([s.issuer, s.clientId, s.clientSecret]);
  let found = configurations.get(key);
  if (!found) {
    const loopbackHttp = new URL(s.issuer).protocol === 'http:';
    found = oidc.discovery(new URL(s.issuer), s.clientId, s.clientSecret || undefined, s.clientSecret ? undefined : oidc.None(), {
      // plain http only for a provider on loopback (isAllowedIssuer): the tests' provider
      execute: loopbackHttp ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    });
    found.catch(() => configurations.delete(key));
    configurations.set(key, found);
  }
  return found;
}

/** Builds the provider's authorization address and the flow record to keep; null when SSO is off. */
export async function startSso(ctx: ServiceContext, input: { redirectUri: string; type?: string }): Promise<{ authorizationUrl: string; flow: SsoFlow } | null> {
  const settings = await getSsoSettings(ctx.db);
  if (!settings.enabled) return null;
  let config: oidc.Configuration;
  try {
    config = await configurationOf(settings);
  } catch {
    throw new ConflictError('sso.provider_unreachable');
  }
  const verifier = oidc.randomPKCECodeVerifier();
  const flow: SsoFlow = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    type: input.type ?? '',
    expiresAt: ctx.now().getTime() + SSO_FLOW_MINUTES * 60_000,
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    scope: 'openid profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { authorizationUrl: url.href, flow };
}

/** The claim's value as a user name: from the ID token, else from the userinfo endpoint. */
async function userNameOf(config: oidc.Configuration, settings: SsoSettings, tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>): Promise<string | undefined> {
  const claims = tokens.claims();
  const inToken = claims?.[settings.userNameClaim];
  if (typeof inToken === 'string' && inToken.trim()) return inToken.trim();
  if (!claims?.sub) return undefined;
  const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  const value = info[settings.userNameClaim];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * Finishes the flow at the callback: the code is exchanged (state, nonce,
 * PKCE and the ID token checked by openid-client), the user looked up by the
 * configured claim, and a session created as for a password sign-in. A live
 * session elsewhere is ended, as a confirmed forced login would (the provider
 * has just proved who this is). Never throws: every failure is an outcome.
 */
export async function finishSso(
  ctx: ServiceContext,
  input: { callbackUrl: URL; flow: SsoFlow | undefined; userAgent?: string | null; ip?: string | null },
): Promise<SsoOutcome> {
  const type = input.flow?.type ?? '';
  const fail = (status: SsoFailure, reason?: string): SsoOutcome => ({ status, type, reason });
  const settings = await getSsoSettings(ctx.db);
  const providerError = input.callbackUrl.searchParams.get('error');
  if (providerError && NOT_LOGGED_IN.has(providerError)) return fail('notLoggedIn', providerError);
  if (!settings.enabled || !input.flow || input.flow.expiresAt < ctx.now().getTime()) return fail('systemError', 'no_flow');
  let userName: string | undefined;
  let provided: SsoSessionLink;
  try {
    const config = await configurationOf(settings);
    const tokens = await oidc.authorizationCodeGrant(config, input.callbackUrl, {
      pkceCodeVerifier: input.flow.verifier,
      expectedState: input.flow.state,
      expectedNonce: input.flow.nonce,
      idTokenExpected: true,
    });
    userName = await userNameOf(config, settings, tokens);
    const claims = tokens.claims();
    provided = { sid: typeof claims?.sid === 'string' ? claims.sid : null, sub: claims?.sub ?? null, idToken: tokens.id_token ?? null };
  } catch (e) {
    const error = (e as { error?: unknown }).error;
    if (typeof error === 'string' && NOT_LOGGED_IN.has(error)) return fail('notLoggedIn', error);
    return fail('systemError', typeof error === 'string' ? error : 'exchange_failed');
  }
  if (!userName) return fail('notFound', 'claim_missing');
  return signInByName(ctx, userName, type, { ...input, sso: provided });
}

/** What a session keeps of the provider's sign-in (docs/domain/sso.md "Signing out"). */
interface SsoSessionLink {
  sid: string | null;
  sub: string | null;
  idToken: string | null;
}

async function signInByName(
  ctx: ServiceContext,
  userName: string,
  type: string,
  meta: { userAgent?: string | null; ip?: string | null; sso: SsoSessionLink },
): Promise<SsoOutcome> {
  const now = ctx.now();
  try {
    await checkTrialAtSignIn(ctx.db, now);
  } catch (e) {
    return { status: (e as DomainError).messageKey === 'auth.illegal_time' ? 'illegalTime' : 'trialExpired', type };
  }
  const account = await ctx.db.select().from(user).where(eq(user.userName, userName)).get();
  if (!account || isDeleted(account)) return { status: 'notFound', type };
  const roles = await ctx.db.select({ roleId: userRole.roleId }).from(userRole).where(eq(userRole.userId, account.id));
  const sites = await sitesOfUser(ctx.db, account.id);
  const expired = account.validityDate !== null && account.validityDate.getTime() < now.getTime();
  // any lock counts here: the provider's sign-in does not lift a lock the product holds
  if (account.locked || expired || !roles.length || !sites.length) return { status: 'noPermission', type };
  const siteId = sites.find((s) => s.siteId === account.siteId)?.siteId ?? sites[0]!.siteId;
  const policy = await getPasswordPolicy(ctx.db);
  const others = await liveSessions(ctx.db, now, policy.idleLogoutMinutes, { userId: account.id });
  if ((await remainingLogins(ctx.db, siteId, now, policy.idleLogoutMinutes, account.id)) === 0) return { status: 'concurrency', type };
  return ctx.db.transaction(async (tx) => {
    const ended = others.length ? await invalidateUserSessions(tx, account.id) : [];
    const created = await createSession(tx, { userId: account.id, siteId, userAgent: meta.userAgent, ip: meta.ip, sso: meta.sso }, now);
    await tx.update(user).set({ failedLogins: 0, lastLoginAt: now, loginCount: account.loginCount + 1 }).where(eq(user.id, account.id));
    await recordOperation(tx, { userId: account.id, userName: account.userName, ip: meta.ip ?? null }, now, {
      action: 'auth.login_sso',
      entity: 'session',
      entityId: account.id,
      after: { siteId, endedSessions: ended.length },
    });
    return { status: 'ok' as const, token: created.token, session: created.session, userId: account.id, userName: account.userName, siteId, ended, type };
  });
}
