import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { user, userSite } from '../../db/schema/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { contains, MAX_LIMIT } from '../shared/paging.ts';
import { findSite } from '../org/sites.ts';
import { verifyPassword } from '../shared/password-hash.ts';
import { findUserRow, getUser, presentUser } from './users.ts';
import { getPasswordPolicy } from './passwords.ts';
import { clearSignInFailures, recordSignInFailure, signInDelayMs } from '../auth/throttle.ts';
import { projectReaderTest } from '../fmea/readers.ts';
import { openableProject } from '../fmea/access.ts';
import { fmeaWorkflowOf, nominationContext, nomineeRefusals } from '../workflow/index.ts';
import type { FmeaReviewRole } from '../../domain/status/fmea-review.ts';
import { live } from '../../db/live.ts';

export interface UserOption {
  id: string;
  userName: string;
  realName: string;
}

export interface UserOptionQuery {
  search?: string;
  /** Site id or name: its members only. */
  site?: string;
  /** An FMEA project's id: only users who may read it (its team, administrators, whom it is shared with); the caller must be able to open it. */
  readerOf?: string;
  /**
   * With `readerOf`: only the readers the FMEA type's review requirements let the caller name for this review
   * role ("who may be named"; the rule the submit applies, so the review pickers offer nobody it would refuse).
   */
  nomineeFor?: FmeaReviewRole;
  limit?: number;
}

/**
 * A light list for pickers (autocomplete, person-in-charge): id, user name and
 * real name only, one query, live users only.
 */
export async function listUserOptions(ctx: ServiceContext, query: UserOptionQuery = {}): Promise<UserOption[]> {
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.trunc(query.limit ?? 10)));
  const search = query.search?.trim();
  const conditions: (SQL | undefined)[] = [live(user)];
  if (search) conditions.push(or(contains(user.userName, search), contains(user.realName, search), contains(user.jobNumber, search)));
  if (query.site) {
    const owner = await findSite(ctx.db, query.site);
    const linked = ctx.db.select({ id: userSite.userId }).from(userSite).where(eq(userSite.siteId, owner.id));
    conditions.push(or(eq(user.siteId, owner.id), inArray(user.id, linked)));
  }
  const rows = ctx.db
    .select({ id: user.id, userName: user.userName, realName: user.realName })
    .from(user)
    .where(and(...conditions))
    .orderBy(asc(user.userName));
  if (!query.readerOf) return rows.limit(limit);
  // the project's readers by the rule that opens it, then the page (a live user list: no limit before the test)
  const reads = await projectReaderTest(ctx.db, ctx.actor, query.readerOf, ctx.now());
  const readers = (await rows).filter((u) => reads(u.id));
  if (!query.nomineeFor) return readers.slice(0, limit);
  const loaded = await openableProject(ctx.db, ctx.actor, query.readerOf, ctx.now());
  const workflow = await fmeaWorkflowOf(ctx.db, loaded.project.projectType);
  const context = await nominationContext(ctx.db, loaded, ctx.actor.siteId ?? null);
  const refused = await nomineeRefusals(ctx.db, context, workflow, query.nomineeFor, readers.map((u) => u.id));
  return readers.filter((u) => refused.get(u.id)?.length === 0).slice(0, limit);
}

export interface OwnPasswordOptions {
  /** Count wrong answers in the sign-in throttle (the administrators' adminCheckOldPwd): its checks wait as sign-ins do. */
  throttle?: boolean;
  /** The caller's address, the throttle's key. */
  ip?: string | null;
  /** Holds the check back for the throttle's delay (tests record it); default a timer. */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Whether `password` is the user's current password (the spec's checkOldPwd,
 * asked by the change-password form before it submits). Without `throttle`
 * nothing is counted or written: the caller is signed in already. With it (an
 * administrator confirming who they are before a sensitive change) the
 * sign-in throttle counts wrong answers for the address and user name, and a
 * check waits for their earlier failures as a sign-in does: a stolen session
 * cannot guess the password faster than the sign-in page.
 */
export async function isOwnPassword(ctx: ServiceContext, userId: string, password: string, options: OwnPasswordOptions = {}): Promise<boolean> {
  const row = await findUserRow(ctx.db, userId);
  if (!options.throttle) return verifyPassword(row.passwordHash, password);
  const policy = await getPasswordPolicy(ctx.db);
  const wait = async (ms: number) => (ms > 0 ? (options.wait ?? sleep)(ms) : undefined);
  await wait(await signInDelayMs(ctx.db, options.ip, row.userName, policy, ctx.now()));
  if (await verifyPassword(row.passwordHash, password)) {
    await clearSignInFailures(ctx.db, options.ip, row.userName);
    return true;
  }
  await wait(await recordSignInFailure(ctx.db, options.ip, row.userName, policy, ctx.now()));
  return false;
}

/** A person as the relation answer names them. */
export interface RelatedPerson {
  id: string;
  userName: string;
  realName: string;
  realNameEn: string;
}

export interface UserRelations {
  user: RelatedPerson;
  superior: RelatedPerson | null;
  /** Live users who name this user as their superior, by user name. */
  subordinates: RelatedPerson[];
  departmentId: string | null;
  siteId: string | null;
  siteIds: string[];
  roleIds: string[];
}

const personColumns = { id: user.id, userName: user.userName, realName: user.realName, realNameEn: user.realNameEn };

/**
 * A user's reporting line and memberships (the spec's getUserRelationInfo).
 * One's own is always readable; another user's follows the administration
 * reading rules (`getUser`: a site administrator reads their own site only).
 */
export async function userRelations(ctx: ServiceContext, userId: string): Promise<UserRelations> {
  const view = userId === ctx.actor.userId ? await presentUser(ctx.db, await findUserRow(ctx.db, userId)) : await getUser(ctx, userId);
  const superior = view.superiorId ? await ctx.db.select(personColumns).from(user).where(and(eq(user.id, view.superiorId), live(user))).get() : undefined;
  const subordinates = await ctx.db.select(personColumns).from(user).where(and(eq(user.superiorId, view.id), live(user))).orderBy(asc(user.userName));
  return {
    user: { id: view.id, userName: view.userName, realName: view.realName, realNameEn: view.realNameEn },
    superior: superior ?? null,
    subordinates,
    departmentId: view.departmentId,
    siteId: view.siteId,
    siteIds: view.siteIds,
    roleIds: view.roles.map((r) => r.id),
  };
}
