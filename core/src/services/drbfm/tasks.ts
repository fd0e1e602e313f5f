import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { live } from '../../db/live.ts';
import { drbfmAction, drbfmConcern, fmeaProject } from '../../db/schema/index.ts';
import { projectLink } from '../../domain/fmea/kinds.ts';
import type { ProjectType } from '../../domain/fmea/vocabulary.ts';
import { TASK_STATUS } from '../../domain/status/task.ts';

/**
 * My tasks' DRBFM source (issue 25): the open design and evaluation actions of live DRBFMs the caller is
 * responsible for, as optimisation tasks (type 6) due on their date, each opening the DRBFM's worksheet; the
 * concern stands where an FMEA task names its structure element.
 */
export async function drbfmActionTasks(db: DbOrTx, scope: { me: string; projectTypes: readonly string[] }) {
  if (scope.projectTypes.length === 0) return [];
  const rows = await db
    .select({ action: drbfmAction, concern: drbfmConcern.concern, serialNum: fmeaProject.serialNum, name: fmeaProject.name, projectType: fmeaProject.projectType })
    .from(drbfmAction)
    .innerJoin(drbfmConcern, eq(drbfmConcern.id, drbfmAction.concernId))
    .innerJoin(fmeaProject, eq(fmeaProject.id, drbfmAction.projectId))
    .where(and(eq(drbfmAction.responsibleUserId, scope.me), eq(drbfmAction.status, 'open'), live(fmeaProject), inArray(fmeaProject.projectType, scope.projectTypes as ProjectType[])));
  return rows.map(({ action: a, concern, serialNum, name, projectType }) => ({
    id: `drbfmAction:${a.id}`,
    taskSource: 'drbfmAction' as const,
    taskNum: null,
    taskType: '6' as const,
    taskDesc: a.description,
    reviewStep: null,
    reviewRoles: [],
    projectId: a.projectId,
    projectType,
    fmeaNum: serialNum,
    fmeaName: name,
    nodeName: concern,
    taskLaunchDate: a.createdAt,
    taskEndDate: a.targetDate,
    taskCompleteDate: null,
    taskStatus: TASK_STATUS.notStarted,
    route: projectLink(projectType, a.projectId),
  }));
}
