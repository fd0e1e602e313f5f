import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ewo, user, userSite } from '../../db/schema/index.ts';
import { isDeleted, live } from '../../db/live.ts';
import { NotAllowedError, NotFoundError } from '../../errors.ts';
import { assertCanOperate, type Actor } from '../../domain/permissions/index.ts';
import type { Rules } from '../../domain/rules/index.ts';
import { catalogCaller } from '../catalog/access.ts';
import type { Operator } from '../shared/context.ts';
import type { EwoMessageKey } from './messages.ts';

/**
 * The EWO area's permission layer (issue 24; docs/domain/ewo.md "Who may do what"), asked by every EWO service
 * so the API and the CLI are judged alike:
 * - the route `ewo_index` must be held to read EWOs; an operation needs its button (add, edit, del, import,
 *   export, audit); administrators and the system operator (CLI) hold all;
 * - site scope: an EWO opened in a site's session is read by the users of that site (their own site or one they
 *   may sign in to); one opened without a site (CLI, seeding) by every holder of the route;
 * - an EWO's content (details, affected items, documents) and its flow are the creator's and the tracker's:
 *   the edit button alone is not enough to change someone else's change order;
 * - the publish decision is the named approver's alone, who must hold the audit button.
 */
export const EWO_ROUTE = 'ewo_index';
export type EwoButton = 'add' | 'edit' | 'del' | 'import' | 'export' | 'audit';

export interface EwoCaller {
  readonly operator: Operator;
  readonly actor: Actor;
  /** Buttons held on ewo_index; null when the route is not held (or for an administrator, who holds all). */
  readonly buttons: ReadonlySet<string> | null;
  readonly rules: Rules;
  /** The sites whose EWOs the caller reads; null: all (administrators, the system operator). */
  readonly sites: ReadonlySet<string> | null;
}

export type EwoRow = typeof ewo.$inferSelect;

/** The sites a user belongs to: their own and those they may sign in to. */
export async function sitesOf(db: DbOrTx, userId: string): Promise<Set<string>> {
  const [own, more] = await Promise.all([
    db.select({ siteId: user.siteId }).from(user).where(eq(user.id, userId)).get(),
    db.select({ siteId: userSite.siteId }).from(userSite).where(eq(userSite.userId, userId)),
  ]);
  return new Set([own?.siteId, ...more.map((r) => r.siteId)].filter((s): s is string => !!s));
}

/** Who is acting on EWOs; refused unless they hold the area's route (and `button`, when named). */
export async function ewoCaller(db: DbOrTx, operator: Operator, button?: EwoButton): Promise<EwoCaller> {
  const { actor, buttons, rules } = await catalogCaller(db, operator, { route: EWO_ROUTE });
  if (!actor.isAdmin && buttons === null) throw new NotAllowedError('permission.denied', { action: 'read' });
  if (button) assertCanOperate({ actor, action: button, routePermissions: [...(buttons ?? [])], area: 'other', creatorRules: {} });
  const sites = actor.isAdmin ? null : await sitesOf(db, actor.userId);
  return { operator, actor, buttons, rules, sites };
}

/** Whether the caller holds a button of the route (administrators hold all). */
export const holds = (caller: EwoCaller, button: EwoButton): boolean => caller.actor.isAdmin || (caller.buttons?.has(button) ?? false);

/** The WHERE part of a list: EWOs of the caller's sites, and those of no site. */
export function siteScope(caller: EwoCaller): SQL | undefined {
  if (caller.sites === null) return undefined;
  return caller.sites.size ? or(isNull(ewo.siteId), inArray(ewo.siteId, [...caller.sites])) : isNull(ewo.siteId);
}

export const ewoNotFound = (key: string) => new NotFoundError('ewo.not_found' satisfies EwoMessageKey, { ewo: key });

/** A live EWO the caller may read, by its id or its number (EC…), or 404 (also for one of another site: its existence is not confirmed). */
export async function readableEwo(db: DbOrTx, caller: EwoCaller, key: string): Promise<EwoRow> {
  const row = await db.select().from(ewo).where(or(eq(ewo.id, key), eq(ewo.ewoNum, key))).get();
  if (!row || isDeleted(row)) throw ewoNotFound(key);
  if (caller.sites !== null && row.siteId !== null && !caller.sites.has(row.siteId)) throw ewoNotFound(key);
  return row;
}

const isCreator = (caller: EwoCaller, row: EwoRow) => !!caller.actor.userId && row.creatorId === caller.actor.userId;
const isTracker = (caller: EwoCaller, row: EwoRow) => !!caller.actor.userId && row.trackerId === caller.actor.userId;

/** Changing the EWO's content or moving its flow: its creator or tracker (administrators too). */
export function assertOwner(caller: EwoCaller, row: EwoRow): void {
  if (caller.actor.isAdmin || isCreator(caller, row) || isTracker(caller, row)) return;
  throw new NotAllowedError('ewo.owner_only' satisfies EwoMessageKey, { ewo: row.ewoNum });
}

/** Deleting: the creator (administrators too). */
export function assertCreator(caller: EwoCaller, row: EwoRow): void {
  if (caller.actor.isAdmin || isCreator(caller, row)) return;
  throw new NotAllowedError('ewo.creator_only' satisfies EwoMessageKey, { ewo: row.ewoNum });
}

/** Whether the caller may change this EWO (for the answer's `canEdit`, so the page offers what the server allows). */
export const mayOwn = (caller: EwoCaller, row: EwoRow): boolean => caller.actor.isAdmin || isCreator(caller, row) || isTracker(caller, row);
export const mayDelete = (caller: EwoCaller, row: EwoRow): boolean => holds(caller, 'del') && (caller.actor.isAdmin || isCreator(caller, row));

/** `and` of the live EWOs the caller may read. */
export const readableWhere = (caller: EwoCaller) => and(live(ewo), siteScope(caller));
