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
/** Where a task opens: the FMEA at its node, the FMEA, or the to-do list at the task. */
export function taskLink(task: Pick<typeof projectTask.$inferSelect, 'id' | 'projectId' | 'nodeId'>, projectType: string | null | undefined): string {
  // the project pages take a project number or a node id as `serialNum` and open focused on the node
  const project = projectType && task.projectId ? projectLink(projectType, task.projectId) : null;
  if (project && task.nodeId) return `${project.slice(0, project.indexOf('?'))}?serialNum=${encodeURIComponent(task.nodeId)}`;
  return project ?? `${pagePath(taskArea, { microRoute: 'todoList' satisfies (typeof taskArea.pages)[number]['microRoute'] })}?task=${encodeURIComponent(task.id)}`;
}

/** `taskLink`, reading the FMEA's type. */
export async function taskRoute(db: DbOrTx, task: Pick<typeof projectTask.$inferSelect, 'id' | 'projectId' | 'nodeId'>): Promise<string> {
  const project = task.projectId ? await db.select({ type: fmeaProject.projectType }).from(fmeaProject).where(eq(fmeaProject.id, task.projectId)).get() : undefined;
  return taskLink(task, project?.type);
}

export async function programTasks(db: DbOrTx, { me }: TaskScope): Promise<MyTask<'program'>[]> {
  const rows = await db
    .select({ task: projectTask, projectType: fmeaProject.projectType, serialNum: fmeaProject.serialNum, projectName: fmeaProject.name, nodeName: fmeaNode.name })
    .from(projectTask)
    .leftJoin(fmeaProject, eq(fmeaProject.id, projectTask.projectId))
    .leftJoin(fmeaNode, eq(fmeaNode.id, projectTask.nodeId))
    .where(and(live(projectTask), todoOf(me)));
  return rows.map(({ task, projectType, serialNum, projectName, nodeName }) => {
    const route = taskLink(task, projectType);
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
