import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaProject } from '../../db/schema/index.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import type { ProjectType } from '../../domain/fmea/vocabulary.ts';
import { InvalidInputError, NotAllowedError } from '../../errors.ts';
import { catalogCaller } from '../catalog/access.ts';
import { openableProject, projectNotFound, type LoadedProject } from '../fmea/access.ts';
import type { Operator, ServiceContext } from '../shared/context.ts';

/**
 * Who may read reports (docs/domain/reports.md "Who sees what"), asked by every report service so the API and
 * the CLI judge alike: the area's route `report_index` (administrators and the system operator hold it), and
 * for a project's report the project's own read access on top (`openableProject`: member, shared reader or
 * administrator, and the route serving the project's type).
 */
export const REPORT_ROUTE = 'report_index';

export async function assertReportReader(db: DbOrTx, operator: Operator) {
  const caller = await catalogCaller(db, operator, { route: REPORT_ROUTE });
  if (!caller.actor.isAdmin && caller.buttons === null) throw new NotAllowedError('permission.denied', { action: 'read' });
  return caller;
}

/** A project by its id or its number (DF…, PF…), opened for reading, of the side the report is about (design or process). */
export async function reportProject(ctx: ServiceContext, db: DbOrTx, ref: string, side?: 'design' | 'process'): Promise<LoadedProject> {
  await assertReportReader(db, ctx.actor);
  const wanted = ref.trim();
  const row = await db.select({ id: fmeaProject.id }).from(fmeaProject).where(or(eq(fmeaProject.id, wanted), eq(fmeaProject.serialNum, wanted))).get();
  if (!row) throw projectNotFound(wanted);
  const loaded = await openableProject(db, ctx.actor, row.id, ctx.now());
  const processModel = kindOf(loaded.project.projectType as ProjectType).processModel;
  if (side !== undefined && processModel !== (side === 'process')) throw new InvalidInputError(side === 'process' ? 'report.not_pfmea' : 'report.not_dfmea', { project: loaded.project.serialNum });
  return loaded;
}

/** Today as YYYY-MM-DD (UTC): what "overdue" is measured against, as action and task due days are calendar days. */
export const todayOf = (ctx: ServiceContext): string => ctx.now().toISOString().slice(0, 10);
