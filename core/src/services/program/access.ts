import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { program, projectTask } from '../../db/schema/index.ts';
import { isDeleted } from '../../db/live.ts';
import { NotAllowedError, NotFoundError } from '../../errors.ts';
import { assertCanOperate, type Actor } from '../../domain/permissions/index.ts';
import type { ProgramMessageKey } from '../../domain/program/index.ts';
import { catalogCaller } from '../catalog/access.ts';
import type { Operator } from '../shared/context.ts';

/**
 * The permission layer of programs and tasks (issue 24; docs/domain/programs-tasks.md "Who may do what"),
 * asked by every service so the API and the CLI are judged alike. Routes: program_index (the list and its
 * buttons add, edit, del, import, export, audit), program_detail (the plan: schedule, baseline), task_index
 * (the task lists: add, edit, del, import, export, cancel). Edit and delete follow the project-creator rule
 * xmcjzRule through core's one `assertCanOperate` (rule on: the creator only; off: the creator or holders
 * of audit). Administrators and the system operator (CLI) hold everything.
 */
export const PROGRAM_ROUTE = 'program_index';
export const PROGRAM_DETAIL_ROUTE = 'program_detail';
export const TASK_ROUTE = 'task_index';
type Route = typeof PROGRAM_ROUTE | typeof PROGRAM_DETAIL_ROUTE | typeof TASK_ROUTE;

export interface ProgramCaller {
  readonly operator: Operator;
  readonly actor: Actor;
  /** Buttons held per route; null when the route is not held. */
  readonly buttons: Readonly<Record<Route, ReadonlySet<string> | null>>;
  readonly flags: Readonly<Record<string, string>>;
}

export type ProgramRow = typeof program.$inferSelect;
export type TaskRow = typeof projectTask.$inferSelect;

/** Who is acting on programs and tasks: the actor, the buttons of the three routes and the rule flags. */
export async function programCaller(db: DbOrTx, operator: Operator): Promise<ProgramCaller> {
  const first = await catalogCaller(db, operator, { route: PROGRAM_ROUTE });
  const known = { actor: first.actor, flags: first.flags, rules: first.rules };
  const [detail, tasks] = await Promise.all([catalogCaller(db, operator, { route: PROGRAM_DETAIL_ROUTE }, known), catalogCaller(db, operator, { route: TASK_ROUTE }, known)]);
  return { operator, actor: first.actor, flags: first.flags, buttons: { [PROGRAM_ROUTE]: first.buttons, [PROGRAM_DETAIL_ROUTE]: detail.buttons, [TASK_ROUTE]: tasks.buttons } as ProgramCaller['buttons'] };
}

const holds = (caller: ProgramCaller, route: Route) => caller.actor.isAdmin || caller.buttons[route] !== null;

/** Reading programs and their plans: program_index or program_detail. */
export function assertProgramRead(caller: ProgramCaller): void {
  if (!holds(caller, PROGRAM_ROUTE) && !holds(caller, PROGRAM_DETAIL_ROUTE)) throw new NotAllowedError('permission.denied', { action: 'read' });
}

/** Reading the task lists (beyond one's own tasks, which need no route): task_index, or a program route. */
export const mayReadTasks = (caller: ProgramCaller): boolean => holds(caller, TASK_ROUTE) || holds(caller, PROGRAM_ROUTE) || holds(caller, PROGRAM_DETAIL_ROUTE);

/** An operation on a route (its button), on a record when given: edit and del under xmcjzRule. */
export function assertOperate(caller: ProgramCaller, route: Route, action: string, record?: { creatorId: string | null; creatorName: string | null }): void {
  assertCanOperate({ actor: caller.actor, action, routePermissions: [...(caller.buttons[route] ?? [])], record: record ?? null, area: 'program', creatorRules: { xmcjzRule: caller.flags.xmcjzRule } });
}

/** Whether the caller may do an operation (a page shows the button only then; the same judgement as assertOperate). */
export function mayOperate(caller: ProgramCaller, route: Route, action: string, record?: { creatorId: string | null; creatorName: string | null }): boolean {
  try {
    assertOperate(caller, route, action, record);
    return true;
  } catch (error) {
    if (error instanceof NotAllowedError) return false;
    throw error;
  }
}

/** Whether the caller holds a button of a route (administrators hold all). */
export const holdsButton = (caller: ProgramCaller, route: Route, button: string): boolean => caller.actor.isAdmin || (caller.buttons[route]?.has(button) ?? false);

export const programNotFound = (key: string) => new NotFoundError('program.not_found' satisfies ProgramMessageKey, { program: key });
export const taskNotFound = (key: string) => new NotFoundError('task.not_found' satisfies ProgramMessageKey, { task: key });

/** A live program by its id or number (PN…), or 404. */
export async function findProgram(db: DbOrTx, key: string): Promise<ProgramRow> {
  const row = await db.select().from(program).where(or(eq(program.id, key), eq(program.programNum, key))).get();
  if (!row || isDeleted(row)) throw programNotFound(key);
  return row;
}

/** A live task by its id or number (PR… / PT…), or 404. */
export async function findTask(db: DbOrTx, key: string): Promise<TaskRow> {
  const row = await db.select().from(projectTask).where(or(eq(projectTask.id, key), eq(projectTask.taskNum, key))).get();
  if (!row || isDeleted(row)) throw taskNotFound(key);
  return row;
}
