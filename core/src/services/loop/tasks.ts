import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { live } from '../../db/live.ts';
import { fmeaChangeProposal, fmeaProject } from '../../db/schema/index.ts';
import type { ProjectType } from '../../domain/fmea/vocabulary.ts';
import { TASK_STATUS } from '../../domain/status/task.ts';
import type { MyTask, TaskScope } from '../my-work/index.ts';
import { proposalsLink } from './proposals.ts';

/**
 * My tasks' source 'proposal' (contributed by the DFMEA and PFMEA areas):
 * the open FMEA change proposals on the live projects the caller is
 * responsible for (role 0, who decides them). Task type 3 (update the FMEA).
 */
export async function proposalTasks(db: DbOrTx, { me, projectTypes }: TaskScope): Promise<MyTask<'proposal'>[]> {
  const rows = await db
    .select({ proposal: fmeaChangeProposal, projectType: fmeaProject.projectType, serialNum: fmeaProject.serialNum, projectName: fmeaProject.name })
    .from(fmeaChangeProposal)
    .innerJoin(fmeaProject, eq(fmeaProject.id, fmeaChangeProposal.projectId))
    .where(and(eq(fmeaChangeProposal.status, 'open'), eq(fmeaProject.responsibleUserId, me), live(fmeaProject), inArray(fmeaProject.projectType, projectTypes as ProjectType[])));
  return rows.map(({ proposal: p, ...r }) => ({
    id: p.id,
    taskSource: 'proposal' as const,
    taskNum: null,
    taskType: '3',
    taskDesc: `${p.sourceNumber}: ${p.description}`,
    reviewStep: null,
    reviewRoles: [],
    projectId: p.projectId,
    projectType: r.projectType,
    fmeaNum: r.serialNum,
    fmeaName: r.projectName,
    nodeName: p.targetText,
    taskLaunchDate: p.createdAt,
    taskEndDate: null,
    taskCompleteDate: null,
    taskStatus: TASK_STATUS.notStarted,
    route: proposalsLink(r.projectType, p.projectId),
  }));
}
