import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ftaTree } from '../../db/schema/index.ts';
import { isDeleted, live } from '../../db/live.ts';
import { NotAllowedError, NotFoundError, isDomainError } from '../../errors.ts';
import { assertCanOperate, isProjectMember, type Actor } from '../../domain/permissions/index.ts';
import { catalogCaller } from '../catalog/access.ts';
import { openableProject } from '../fmea/access.ts';
import type { Operator } from '../shared/context.ts';
import type { FtaMessageKey } from './messages.ts';

/**
 * The FTA area's permission layer (issue 23; docs/domain/fta.md, "Who may do what"), asked by every FTA
 * service so the API and the CLI are judged alike:
 * - the area's route `fta_index` must be held to read trees, and an operation needs its button
 *   (add, edit, del, import, export); administrators and the system operator (CLI) hold all;
 * - a tree linked to an FMEA project is read only by those who may open that project (members, shared
 *   readers, administrators: `openableProject`, which also asks for the route serving the project's type);
 * - generating a tree from a DFMEA needs membership of the project, not only read access.
 * There is no creator rule for trees (the spec names none for FTA): the button decides.
 */
export const FTA_ROUTE = 'fta_index';
export type FtaButton = 'add' | 'edit' | 'del' | 'import' | 'export';

export interface FtaCaller {
  readonly operator: Operator;
  readonly actor: Actor;
  /** Buttons held on fta_index; null when the route is not held. */
  readonly buttons: ReadonlySet<string> | null;
}

export type FtaTreeRow = typeof ftaTree.$inferSelect;

/** Who is acting on fault trees; refused unless they hold the area's route (and `button`, when named). */
export async function ftaCaller(db: DbOrTx, operator: Operator, button?: FtaButton): Promise<FtaCaller> {
  const { actor, buttons } = await catalogCaller(db, operator, { route: FTA_ROUTE });
  if (!actor.isAdmin && buttons === null) throw new NotAllowedError('permission.denied', { action: 'read' });
  if (button) assertCanOperate({ actor, action: button, routePermissions: [...(buttons ?? [])], area: 'other', creatorRules: {} });
  return { operator, actor, buttons };
}

export const treeNotFound = (tree: string) => new NotFoundError('fta.tree_not_found' satisfies FtaMessageKey, { tree });

/** A live tree by its id or its number (FT…), or 404. */
export async function findTree(db: DbOrTx, key: string): Promise<FtaTreeRow> {
  const row = await db.select().from(ftaTree).where(or(eq(ftaTree.id, key), eq(ftaTree.ftaNum, key))).get();
  if (!row || isDeleted(row)) throw treeNotFound(key);
  return row;
}

/**
 * The linked project must be one the caller may open. A project deleted since (or gone) restricts nothing
 * any more: the tree stays readable under the area's route, rather than lost to everyone.
 */
export async function assertTreeReadable(db: DbOrTx, caller: FtaCaller, tree: Pick<FtaTreeRow, 'projectId'>, now: Date): Promise<void> {
  if (!tree.projectId) return;
  try {
    await openableProject(db, caller.operator, tree.projectId, now);
  } catch (error) {
    if (!(isDomainError(error) && error.code === 'not_found')) throw error;
  }
}

/** A live tree the caller may read. */
export async function readableTree(db: DbOrTx, caller: FtaCaller, key: string, now: Date): Promise<FtaTreeRow> {
  const row = await findTree(db, key);
  await assertTreeReadable(db, caller, row, now);
  return row;
}

/** Which of these projects the caller may open (for lists: trees of the others are left out). */
export async function openableProjects(db: DbOrTx, caller: FtaCaller, projectIds: readonly string[], now: Date): Promise<Set<string>> {
  const open = new Set<string>();
  for (const id of new Set(projectIds)) {
    try {
      await assertTreeReadable(db, caller, { projectId: id }, now);
      open.add(id);
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'not_allowed') throw error;
    }
  }
  return open;
}

/** Generating from a DFMEA: the caller opens the project and is one of its members (administrators too). */
export async function assertProjectMember(db: DbOrTx, caller: FtaCaller, projectId: string, now: Date) {
  const loaded = await openableProject(db, caller.operator, projectId, now);
  if (!caller.actor.isAdmin && !isProjectMember({ kind: 'process', members: loaded.members }, caller.actor.userId)) throw new NotAllowedError('fta.project_member_required' satisfies FtaMessageKey, { project: loaded.project.serialNum });
  return loaded;
}

/** Trees whose numbers are named (transfers), live ones only. */
export const liveTreeByNumber = (num: string) => and(eq(ftaTree.ftaNum, num), live(ftaTree));
