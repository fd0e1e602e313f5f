import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { live } from '../../db/live.ts';
import { dvpPlan, dvpTest, fmeaProject } from '../../db/schema/index.ts';
import { dvpDetailsPath } from '../../domain/areas/dvp.ts';
import { TASK_STATUS } from '../../domain/status/task.ts';

/**
 * My tasks' DVP source (contributed by the DVP area): the tests whose responsible person is the caller and that
 * have no result yet, on live DFMEAs; in progress once an actual start is entered. A test is an update task
 * (spec 001 §4 type 3), opening its plan at the test. Typed by the caller (services/my-work) as its MyTask.
 */
export async function dvpTestTasks(db: DbOrTx, { me }: { me: string }) {
  const rows = await db
    .select({ test: dvpTest, dvpNum: dvpPlan.dvpNum, planName: dvpPlan.name, projectId: fmeaProject.id, projectType: fmeaProject.projectType })
    .from(dvpTest)
    .innerJoin(dvpPlan, eq(dvpPlan.id, dvpTest.planId))
    .innerJoin(fmeaProject, eq(fmeaProject.id, dvpTest.projectId))
    .where(and(eq(dvpTest.responsibleUserId, me), isNull(dvpTest.result), live(fmeaProject)));
  return rows.map((r) => ({
    id: `dvp:${r.test.id}`,
    taskSource: 'dvp' as const,
    taskNum: r.test.testNum,
    taskType: '3' as const,
    taskDesc: r.test.name,
    reviewStep: null,
    reviewRoles: [],
    projectId: r.projectId,
    projectType: r.projectType,
    fmeaNum: r.dvpNum,
    fmeaName: r.planName,
    nodeName: r.test.testItem,
    taskLaunchDate: r.test.createdAt,
    taskEndDate: r.test.plannedEnd,
    taskCompleteDate: null,
    taskStatus: r.test.actualStart ? TASK_STATUS.inProgress : TASK_STATUS.notStarted,
    route: dvpDetailsPath(r.dvpNum, r.test.id),
  }));
}
