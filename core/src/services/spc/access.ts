import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { spcStudy } from '../../db/schema/index.ts';
import { assertCanEditProject, assertCanOperate, type Actor } from '../../domain/permissions/index.ts';
import { ConflictError, NotAllowedError, NotFoundError } from '../../errors.ts';
import { catalogCaller } from '../catalog/access.ts';
import { openableProject, projectAccess, type FmeaProjectRow } from '../fmea/access.ts';
import type { Operator } from '../shared/context.ts';
import type { SpcServiceMessageKey } from './messages.ts';

/**
 * The SPC area's permission layer (docs/domain/spc.md, "Who may do what"), asked by every SPC service so the
 * API, the CLI and a machine's posts are judged alike:
 * - the route `spc_index` must be held to read studies; a write needs its button (add: a new study; edit: the
 *   study, entered data, frozen limits; import: file imports and machine batches; del: deleting);
 * - a study belongs to a PFMEA project: reading it follows the project's read access (the PFMEA route, a
 *   member, an administrator or a share), writing the project's write rules (owner or collaborator, not a
 *   read-only member nor a shared reader). The PFMEA's review lock does not hold measurements back: a released
 *   PFMEA's process keeps being measured.
 */
export const SPC_ROUTE = 'spc_index';
export type SpcButton = 'add' | 'edit' | 'del' | 'import' | 'export';
export type SpcStudyRow = typeof spcStudy.$inferSelect;

export interface SpcCaller {
  readonly operator: Operator;
  readonly actor: Actor;
  /** Buttons held on spc_index; null for an administrator (all) or the system operator. */
  readonly buttons: ReadonlySet<string> | null;
}

/** Who is acting on SPC studies; refused unless they hold the route (and `button`, when named). */
export async function spcCaller(db: DbOrTx, operator: Operator, button?: SpcButton): Promise<SpcCaller> {
  const { actor, buttons } = await catalogCaller(db, operator, { route: SPC_ROUTE });
  if (!actor.isAdmin && buttons === null) throw new NotAllowedError('permission.denied', { action: 'read' });
  if (button) assertCanOperate({ actor, action: button, routePermissions: [...(buttons ?? [])], area: 'other', creatorRules: {} });
  return { operator, actor, buttons };
}

export const holds = (caller: SpcCaller, button: SpcButton): boolean => caller.actor.isAdmin || (caller.buttons?.has(button) ?? false);

export const studyNotFound = (study: string) => new NotFoundError('spc.study_not_found' satisfies SpcServiceMessageKey, { study });
export const staleStudy = (study: SpcStudyRow) => new ConflictError('spc.stale' satisfies SpcServiceMessageKey, { study: study.studyNum, currentVersion: study.version });

/** A study by id or number (SP…), or 404. */
export async function findStudy(db: DbOrTx, key: string): Promise<SpcStudyRow> {
  const row = await db.select().from(spcStudy).where(or(eq(spcStudy.id, key), eq(spcStudy.studyNum, key))).get();
  if (!row) throw studyNotFound(key);
  return row;
}

/** The project a study reads from: refused as the project's own read refuses. */
export async function readableProject(db: DbOrTx, caller: SpcCaller, projectId: string, now: Date): Promise<FmeaProjectRow> {
  return (await openableProject(db, caller.operator, projectId, now)).project;
}

/** A project the caller may write studies of: they may open it and edit it (owner or collaborator). */
export async function writableProject(db: DbOrTx, caller: SpcCaller, projectId: string, now: Date): Promise<FmeaProjectRow> {
  const loaded = await openableProject(db, caller.operator, projectId, now);
  assertCanEditProject(projectAccess(loaded.project, loaded.members), loaded.actor, now);
  return loaded.project;
}

/** Whether the caller may write the project's studies (for the answers' `can`), without throwing. */
export async function mayWrite(db: DbOrTx, caller: SpcCaller, projectId: string, now: Date): Promise<boolean> {
  try {
    await writableProject(db, caller, projectId, now);
    return true;
  } catch (error) {
    if (error instanceof NotAllowedError) return false;
    throw error;
  }
}

/** A study the caller may read (with its project), or 404 / 403. */
export async function readableStudy(db: DbOrTx, caller: SpcCaller, key: string, now: Date): Promise<{ study: SpcStudyRow; project: FmeaProjectRow }> {
  const study = await findStudy(db, key);
  return { study, project: await readableProject(db, caller, study.projectId, now) };
}

/** A study the caller may write, at the version read when one is given. */
export async function writableStudy(db: DbOrTx, caller: SpcCaller, key: string, now: Date, version?: number): Promise<{ study: SpcStudyRow; project: FmeaProjectRow }> {
  const study = await findStudy(db, key);
  const project = await writableProject(db, caller, study.projectId, now);
  if (version !== undefined && study.version !== version) throw staleStudy(study);
  return { study, project };
}
