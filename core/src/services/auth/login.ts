import { asc, eq, inArray } from 'drizzle-orm';
import { site, user, userSite } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ConflictError, InvalidInputError, NotAllowedError } from '../../errors.ts';
import { isLockExpired, passwordState, shouldLock } from '../../domain/password/index.ts';
import type { OperationAction } from '../../domain/oplog/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { recordOperation } from '../shared/audit.ts';
import { hashPassword, verifyPassword } from '../shared/password-hash.ts';
import { getPasswordPolicy } from '../users/passwords.ts';
import { createSession, invalidateUserSessions, liveSessions, type Session } from './session.ts';
import { issuePasswordTicket } from './password-ticket.ts';
import { clearSignInFailures, recordSignInFailure, signInDelayMs } from './throttle.ts';
import { isDeleted } from '../../db/live.ts';
import { checkTrialAtSignIn } from './trial.ts';

export interface LoginInput {
  userName: string;
  password: string;
  siteId?: string;
  /** Confirms ending the account's other sessions (answer to a `forceLogin` reply). */
  forceLogin?: boolean;
  userAgent?: string | null;
  ip?: string | null;
}

export interface SiteChoice {
  siteId: string;
  siteName: string;
  siteNameEn: string;
}

export type LoginResult =
  | { status: 'ok'; token: string; session: Session; userId: string; userName: string; siteId: string | null }
  | { status: 'chooseSite'; sites: SiteChoice[] }
  | { status: 'forceLogin' }
  /** `changeToken` is the one-use ticket /api/user/resetPwd needs: the change is bound to this sign-in. */
  | { status: 'changePassword'; reason: 'expired' | 'first_login'; userId: string; changeToken: string };

/** Side effects the transport layer turns into realtime events, and the throttle's wait. */
export interface LoginHooks {
  /** Another sign-in ended these sessions (`forceLogin` event). */
  sessionsEnded?: (userId: string, sessionIds: string[]) => void;
  /** Holds the sign-in back for the throttle's delay (tests record it instead of waiting); default a timer. */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let dummyHash: Promise<string> | undefined;

/** Spends the same argon2 time for unknown users, so timing does not reveal which names exist. */
async function burnVerify(password: string) {
  dummyHash ??= hashPassword('Unknown#User#Placeholder1');
  await verifyPassword(await dummyHash, password);
}

export async function sitesOfUser(db: DbOrTx, userId: string): Promise<SiteChoice[]> {
  const rows = await db
    .select({ siteId: site.id, siteName: site.name, siteNameEn: site.nameEn })
    .from(userSite)
    .innerJoin(site, eq(site.id, userSite.siteId))
    .where(eq(userSite.userId, userId))
    .orderBy(asc(site.name));
  return rows;
}

/** Licences left on a site: null when the site is unlimited (licence count 0). */
export async function remainingLogins(db: DbOrTx, siteId: string, now: Date, idleMinutes: number, ignoreUserId?: string): Promise<number | null> {
  const target = await db.select({ licenceCount: site.licenceCount }).from(site).where(eq(site.id, siteId)).get();
  if (!target || target.licenceCount <= 0) return null;
  const live = await liveSessions(db, now, idleMinutes, { siteId });
  const users = new Set(live.map((s) => s.userId).filter((id) => id !== ignoreUserId));
  return Math.max(0, target.licenceCount - users.size);
}

type PolicyOf = Awaited<ReturnType<typeof getPasswordPolicy>>;

/** A locked account: a lock from wrong passwords says when it lifts; an administrator's says whom to ask. */
export function lockedError(account: { lockReason: string | null; lockedAt: Date | null }, policy: PolicyOf, now: Date) {
  if (account.lockReason === 'failures' && account.lockedAt && policy.lockoutMinutes > 0) {
    const left = account.lockedAt.getTime() + policy.lockoutMinutes * 60_000 - now.getTime();
    return new NotAllowedError('auth.user_locked_for', { minutes: Math.max(1, Math.ceil(left / 60_000)) });
  }
  return new NotAllowedError('auth.user_locked');
}

/** The answer to the wrong password that locks the account. */
export function lockedNowError(policy: PolicyOf) {
  return policy.lockoutMinutes > 0
    ? new NotAllowedError('auth.user_locked_now_for', { attempts: policy.maxWrongAttempts, minutes: policy.lockoutMinutes })
    : new NotAllowedError('auth.user_locked_now', { attempts: policy.maxWrongAttempts });
}

/**
 * The sign-in flow of spec 000 §2–§5: credentials (with lockout after the
 * policy's wrong attempts), access, password state, site choice, the
 * forced-login confirmation, and site concurrency licences.
 */
export async function login(ctx: ServiceContext, input: LoginInput, hooks: LoginHooks = {}): Promise<LoginResult> {
  const policy = await getPasswordPolicy(ctx.db);
  const userName = input.userName.trim();
  const wait = async (ms: number) => (ms > 0 ? (hooks.wait ?? sleep)(ms) : undefined);
  // the throttle slows guessing and refuses nobody: this address and name wait for their own earlier failures, then are checked
  await wait(await signInDelayMs(ctx.db, input.ip, userName, policy, ctx.now()));
  const now = ctx.now();
  // the trial licence refuses everyone alike, before any name or password is looked at
  await checkTrialAtSignIn(ctx.db, now);
  const account = userName ? await ctx.db.select().from(user).where(eq(user.userName, userName)).get() : undefined;
  const audit = (action: OperationAction, userId: string | null, after?: unknown) =>
    recordOperation(ctx.db, { userId, userName: userName || '?', ip: input.ip ?? null }, now, { action, entity: 'session', entityId: userId, after });

  if (!account || isDeleted(account)) {
    await burnVerify(input.password);
    const slow = await recordSignInFailure(ctx.db, input.ip, userName, policy, now);
    await audit('auth.login_failed', null, { reason: 'unknown_user' });
    // an address past its limit has each failure answered more slowly
    await wait(slow);
    throw new InvalidInputError('auth.bad_credentials', { attempts: policy.maxWrongAttempts });
  }
  if (account.locked && isLockExpired(account, policy, now)) {
    // a lock from wrong passwords lifts by itself after the policy's minutes; an administrator's never does
    await ctx.db.update(user).set({ locked: false, lockedAt: null, lockReason: null, failedLogins: 0 }).where(eq(user.id, account.id));
    await audit('auth.lock_expired', account.id);
    account.locked = false;
    account.failedLogins = 0;
  }
  if (account.locked) throw lockedError(account, policy, now);
  if (!(await verifyPassword(account.passwordHash, input.password))) {
    const failures = account.failedLogins + 1;
    const lock = shouldLock(failures, policy);
    await ctx.db
      .update(user)
      .set({ failedLogins: failures, locked: lock, ...(lock ? { lockedAt: now, lockReason: 'failures' as const } : {}) })
      .where(eq(user.id, account.id));
    const slow = await recordSignInFailure(ctx.db, input.ip, userName, policy, now);
    await audit(lock ? 'auth.locked' : 'auth.login_failed', account.id, { failures });
    await wait(slow);
    // a lock stops new sign-ins only: the account's live sessions go on (session.ts), so a stranger's guesses end nobody's work
    if (lock) throw lockedNowError(policy);
    throw new InvalidInputError('auth.bad_credentials', { attempts: policy.maxWrongAttempts });
  }
  await clearSignInFailures(ctx.db, input.ip, userName);
  if (account.validityDate && account.validityDate.getTime() < now.getTime()) throw new NotAllowedError('auth.no_access');

  const state = passwordState(policy, account, now);
  if (state.state === 'must_change' || state.state === 'expired') {
    const changeToken = await issuePasswordTicket(ctx.db, account.id, now);
    return { status: 'changePassword', reason: state.state === 'expired' ? 'expired' : 'first_login', userId: account.id, changeToken };
  }

  const sites = await sitesOfUser(ctx.db, account.id);
  if (sites.length === 0) throw new NotAllowedError('auth.no_access');
  let siteId: string;
  if (input.siteId) {
    if (!sites.some((s) => s.siteId === input.siteId)) throw new NotAllowedError('auth.no_access');
    siteId = input.siteId;
  } else if (sites.length > 1) {
    return { status: 'chooseSite', sites };
  } else siteId = sites[0]!.siteId;

  const others = await liveSessions(ctx.db, now, policy.idleLogoutMinutes, { userId: account.id });
  if (others.length && !input.forceLogin) return { status: 'forceLogin' };

  const remaining = await remainingLogins(ctx.db, siteId, now, policy.idleLogoutMinutes, account.id);
  if (remaining === 0) throw new ConflictError('auth.concurrency_exceeded', { remaining });

  const result = await ctx.db.transaction(async (tx) => {
    const ended = others.length ? await invalidateUserSessions(tx, account.id) : [];
    const created = await createSession(tx, { userId: account.id, siteId, userAgent: input.userAgent, ip: input.ip }, now);
    await tx
      .update(user)
      .set({ failedLogins: 0, lastLoginAt: now, loginCount: account.loginCount + 1 })
      .where(eq(user.id, account.id));
    await recordOperation(tx, { userId: account.id, userName: account.userName, ip: input.ip ?? null }, now, {
      action: ended.length ? 'auth.login_forced' : 'auth.login',
      entity: 'session',
      entityId: account.id,
      after: { siteId, endedSessions: ended.length },
    });
    return { ended, signedIn: { status: 'ok' as const, token: created.token, session: created.session, userId: account.id, userName: account.userName, siteId } };
  });
  // only once committed: the other sessions' tabs are told they ended
  if (result.ended.length) hooks.sessionsEnded?.(account.id, result.ended);
  return result.signedIn;
}

/**
 * Changes the signed-in user's group (site): refused with `cannotChangeGroup`
 * when the target site is full; otherwise the old session ends and a new one
 * on the chosen site begins.
 */
export async function changeGroup(ctx: ServiceContext, current: Session, targetSiteId: string) {
  const now = ctx.now();
  const policy = await getPasswordPolicy(ctx.db);
  const sites = await sitesOfUser(ctx.db, current.userId);
  if (!sites.some((s) => s.siteId === targetSiteId)) throw new NotAllowedError('auth.no_access');
  const remaining = await remainingLogins(ctx.db, targetSiteId, now, policy.idleLogoutMinutes, current.userId);
  if (remaining === 0) throw new ConflictError('auth.cannot_change_group');
  return ctx.db.transaction(async (tx) => {
    await invalidateUserSessions(tx, current.userId);
    const created = await createSession(tx, { userId: current.userId, siteId: targetSiteId, userAgent: current.userAgent, ip: current.ip }, now);
    await recordOperation(tx, ctx.actor, now, { action: 'auth.change_group', entity: 'session', entityId: current.userId, before: { siteId: current.siteId }, after: { siteId: targetSiteId } });
    return { token: created.token, session: created.session };
  });
}

/** Online users for the shell's drawer (spec 000 §2.3): everyone, or one site's. */
export async function onlineUsers(db: DbOrTx, now: Date, idleMinutes: number, siteId?: string) {
  const live = await liveSessions(db, now, idleMinutes, siteId ? { siteId } : {});
  if (!live.length) return [];
  const ids = [...new Set(live.map((s) => s.userId))];
  const users = await db.select().from(user).where(inArray(user.id, ids));
  const siteRows = await db.select().from(site);
  const siteById = new Map(siteRows.map((s) => [s.id, s]));
  return live.map((s) => {
    const u = users.find((x) => x.id === s.userId)!;
    const st = s.siteId ? siteById.get(s.siteId) : undefined;
    return { userId: u.id, userName: u.userName, realName: u.realName, realNameEn: u.realNameEn, avatar: u.avatar, siteId: s.siteId, siteName: st?.name ?? null, siteNameEn: st?.nameEn ?? null, sessionId: s.id, since: s.createdAt };
  });
}
