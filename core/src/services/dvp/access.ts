import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dvpPlan } from '../../db/schema/index.ts';
import { NotAllowedError, NotFoundError } from '../../errors.ts';
import { assertCanEditProject, assertCanOperate, type Actor } from '../../domain/permissions/index.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import { DVP_SIDE } from '../../domain/dvp/index.ts';
import { catalogCaller } from '../catalog/access.ts';
import { openableProject, projectAccess, type LoadedProject } from '../fmea/access.ts';
import type { Operator } from '../shared/context.ts';
import type { DvpMessageKey } from './messages.ts';

/**
 * The DVP&R's permission layer (issue 25; docs/domain/dvp.md "Who may do what"), asked by every DVP service so
 * the API and the CLI are judged alike:
 * - the route `dvp_index` must be held (administrators and the system operator hold all), with the operation's
 *   button for a write (add, edit, del, import, export);
 * - a plan is read by whoever may open its DFMEA (the engine's own `openableProject`: members, administrators,
 *   shared readers; the DFMEA's route held);
 * - a plan is written by whoever may edit its DFMEA's content (a member in role 0 or 1, or an administrator:
 *   `assertCanEditProject`), but the DFMEA's review lock does not apply: tests run while the DFMEA is released.
 */
export const DVP_ROUTE = 'dvp_index';
export type DvpButton = 'add' | 'edit' | 'del' | 'import' | 'export';

export interface DvpCaller {
  readonly operator: Operator;
  readonly actor: Actor;
  readonly buttons: ReadonlySet<string> | null;
}

export type DvpPlanRow = typeof dvpPlan.$inferSelect;

/** Who is acting on DVP&Rs; refused unless they hold the area's route (and `button`, when named). */
export async function dvpCaller(db: DbOrTx, operator: Operator, button?: DvpButton): Promise<DvpCaller> {
  const { actor, buttons } = await catalogCaller(db, operator, { route: DVP_ROUTE });
  if (!actor.isAdmin && buttons === null) throw new NotAllowedError('permission.denied', { action: 'read' });
  if (button) assertCanOperate({ actor, action: button, routePermissions: [...(buttons ?? [])], area: 'other', creatorRules: {} });
  return { operator, actor, buttons };
}

export const holds = (caller: DvpCaller, button: DvpButton): boolean => caller.actor.isAdmin || (caller.buttons?.has(button) ?? false);

export const planNotFound = (plan: string) => new NotFoundError('dvp.plan_not_found' satisfies DvpMessageKey, { plan });

/** A DFMEA the caller may open, for a plan: a design-side FMEA (DFMEA, MSR), not a template. */
export async function openDfmea(db: DbOrTx, caller: DvpCaller, projectId: string, now: Date): Promise<LoadedProject> {
  const loaded = await openableProject(db, caller.operator, projectId, now);
  if (kindOf(loaded.project.projectType).side !== DVP_SIDE || loaded.project.isTemplate) throw new NotAllowedError('dvp.not_dfmea' satisfies DvpMessageKey, { project: loaded.project.serialNum });
  return loaded;
}

/** Whether the caller may change the DFMEA's DVP (its content editors; administrators). */
export function mayEdit(loaded: LoadedProject, now: Date): boolean {
  try {
    assertEditable(loaded, now);
    return true;
  } catch {
    return false;
  }
}

function assertEditable(loaded: LoadedProject, now: Date): void {
  if (loaded.access === 'shared') throw new NotAllowedError('permission.project_read_only');
  assertCanEditProject(projectAccess(loaded.project, loaded.members), loaded.actor, now);
}

/** A plan the caller may read, by id or DP number, with its DFMEA opened; 404 when unknown or its DFMEA is gone. */
export async function readablePlan(db: DbOrTx, caller: DvpCaller, key: string, now: Date): Promise<{ plan: DvpPlanRow; loaded: LoadedProject }> {
  const plan = await db.select().from(dvpPlan).where(or(eq(dvpPlan.id, key), eq(dvpPlan.dvpNum, key))).get();
  if (!plan) throw planNotFound(key);
  const loaded = await openableProject(db, caller.operator, plan.projectId, now);
  return { plan, loaded };
}

/** As readable, and the caller may edit the DFMEA's content. */
export async function writablePlan(db: DbOrTx, caller: DvpCaller, key: string, now: Date): Promise<{ plan: DvpPlanRow; loaded: LoadedProject }> {
  const found = await readablePlan(db, caller, key, now);
  assertEditable(found.loaded, now);
  return found;
}

/** Asserts the caller may write the DVP of this loaded DFMEA. */
export const assertDvpEditable = assertEditable;
