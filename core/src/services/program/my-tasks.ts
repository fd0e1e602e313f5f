import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaNode, fmeaProject, projectTask } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import { pagePath } from '../../domain/areas/derive.ts';
import { taskArea } from '../../domain/areas/task.ts';
import { projectLink } from '../../domain/fmea/kinds.ts';
import { plannedDatesShown } from '../../domain/program/index.ts';
import type { MyTask, TaskScope } from '../my-work/index.ts';
import { todoOf } from './lists.ts';

/**
 * The program tasks' source of My tasks and the home page (TASK_SOURCES `program`, contributed by the task
 * area): the caller's to-do list (lists.ts `todoList`). A task on an FMEA node opens the FMEA at that node;
 * others open the to-do list at the task.
 */
export async function programTasks(db: DbOrTx, { me }: TaskScope): Promise<MyTask<'program'>[]> {
  const rows = await db
    .select({ task: projectTask, projectType: fmeaProject.projectType, serialNum: fmeaProject.serialNum, projectName: fmeaProject.name, nodeName: fmeaNode.name })
    .from(projectTask)
    .leftJoin(fmeaProject, eq(fmeaProject.id, projectTask.projectId))
    .leftJoin(fmeaNode, eq(fmeaNode.id, projectTask.nodeId))
    .where(and(live(projectTask), todoOf(me)));
  const todo = pagePath(taskArea, { microRoute: 'todoList' satisfies (typeof taskArea.pages)[number]['microRoute'] });
  return rows.map(({ task, projectType, serialNum, projectName, nodeName }) => {
    // the project pages take a project number or a node id as `serialNum` and open focused on the node
    const project = projectType && task.projectId ? projectLink(projectType, task.projectId) : null;
    const route = project && task.nodeId ? `${project.slice(0, project.indexOf('?'))}?serialNum=${encodeURIComponent(task.nodeId)}` : (project ?? `${todo}?task=${encodeURIComponent(task.id)}`);
    return {
      id: task.id,
      taskSource: 'program' as const,
      taskType: task.taskType,
      taskDesc: task.name,
      reviewStep: null,
      reviewRoles: [],
      taskNum: task.taskNum,
      projectId: task.projectId,
      projectType: projectType ?? null,
      fmeaNum: serialNum ?? null,
      fmeaName: projectName ?? null,
      nodeName: nodeName ?? null,
      taskLaunchDate: task.createdAt,
      // spec 001 §9: the planned end shows only for types 1, 3, 6 on a DFMEA or PFMEA
      taskEndDate: plannedDatesShown(task.taskType, task.taskObject) ? task.plannedEnd : null,
      taskCompleteDate: task.completeDate,
      taskStatus: task.status,
      route,
    };
  });
}
