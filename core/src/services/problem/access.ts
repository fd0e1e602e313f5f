import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { problem, problemMember, problemStep, userSite } from '../../db/schema/index.ts';
import { isDeleted } from '../../db/live.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { assertProblemOperate, mayOperateProblem, type Actor, type ProblemAction, type ProblemPeople } from '../../domain/permissions/index.ts';
import { catalogCaller } from '../catalog/access.ts';
import { actorOf } from '../shared/actor.ts';
import type { Operator } from '../shared/context.ts';
import type { ProblemMessageKey } from './messages.ts';

/**
 * The problem area's permission layer (docs/domain/problems-8d.md "Who may do what"; the rules are
 * core/src/domain/permissions/problem.ts), asked by every problem service so the API and the CLI are judged
 * alike. Internal problems are governed by problem_index, customer problems by fawProblem_index.
 */
export const PROBLEM_ROUTE = 'problem_index';
export const CUSTOMER_PROBLEM_ROUTE = 'fawProblem_index';
export const routeOfProblem = (customerProblem: boolean) => (customerProblem ? CUSTOMER_PROBLEM_ROUTE : PROBLEM_ROUTE);

export type ProblemRow = typeof problem.$inferSelect;

export interface ProblemCaller {
  readonly operator: Operator;
  readonly actor: Actor;
  /** Buttons held on each route; null when the route is not held. */
  readonly internal: ReadonlySet<string> | null;
  readonly customer: ReadonlySet<string> | null;
  readonly siteIds: readonly string[];
}

export async function problemCaller(db: DbOrTx, operator: Operator): Promise<ProblemCaller> {
  const actor = await actorOf(db, operator);
  const known = await catalogCaller(db, operator, { route: PROBLEM_ROUTE }, undefined);
  const customer = actor.isAdmin ? null : (await catalogCaller(db, operator, { route: CUSTOMER_PROBLEM_ROUTE }, known)).buttons;
  const sites = operator.userId ? await db.select({ siteId: userSite.siteId }).from(userSite).where(eq(userSite.userId, operator.userId)) : [];
  return { operator, actor, internal: known.buttons, customer, siteIds: sites.map((s) => s.siteId) };
}

export const buttonsFor = (caller: ProblemCaller, customerProblem: boolean) => (customerProblem ? caller.customer : caller.internal);

/** Whether the caller may take the action on problems of this kind (and on this one, when given). */
export const mayOnProblem = (caller: ProblemCaller, action: ProblemAction, customerProblem: boolean, people?: ProblemPeople): boolean =>
  mayOperateProblem({ actor: caller.actor, buttons: buttonsFor(caller, customerProblem), siteIds: caller.siteIds, action, problem: people });

/** Refuses with the spec's "insufficient authority to open, modify or delete a problem". */
export function assertOnProblem(caller: ProblemCaller, action: ProblemAction, customerProblem: boolean, people?: ProblemPeople, problemNum?: string): void {
  assertProblemOperate({ actor: caller.actor, buttons: buttonsFor(caller, customerProblem), siteIds: caller.siteIds, action, problem: people }, { problem: problemNum });
}

export const problemNotFound = (key: string) => new NotFoundError('problem.not_found' satisfies ProblemMessageKey, { problem: key });
export const staleProblem = (row: Pick<ProblemRow, 'problemNum' | 'version'>) => new ConflictError('problem.stale' satisfies ProblemMessageKey, { problem: row.problemNum, currentVersion: row.version });

/** A live problem by its id or its number (RS…), or 404. */
export async function findProblem(db: DbOrTx, key: string): Promise<ProblemRow> {
  const row = await db.select().from(problem).where(or(eq(problem.id, key), eq(problem.problemNum, key))).get();
  if (!row || isDeleted(row)) throw problemNotFound(key);
  return row;
}

/** The people of the 8D, for the permission rules: its team and the owners of its steps (a step given to someone is theirs to work). */
export async function peopleOf(db: DbOrTx, row: ProblemRow): Promise<ProblemPeople> {
  const members = await db.select({ userId: problemMember.userId }).from(problemMember).where(eq(problemMember.problemId, row.id));
  const owners = await db.select({ userId: problemStep.ownerId }).from(problemStep).where(eq(problemStep.problemId, row.id));
  const ids = new Set([...members.map((m) => m.userId), ...owners.map((o) => o.userId).filter((id): id is string => id !== null)]);
  return { creatorId: row.creatorId, creatorName: row.creatorName, responsibleId: row.responsibleId, memberIds: [...ids], siteId: row.siteId };
}

/** A live problem the caller may take the action on (read: open it), or 404 / 403. */
export async function problemFor(db: DbOrTx, caller: ProblemCaller, key: string, action: ProblemAction): Promise<ProblemRow> {
  const row = await findProblem(db, key);
  assertOnProblem(caller, action, row.customerProblem, await peopleOf(db, row), row.problemNum);
  return row;
}

/** The row as read, at the version the caller based the change on (409 otherwise). */
export function assertVersion(row: ProblemRow, version: number): void {
  if (row.version !== version) throw staleProblem(row);
}

