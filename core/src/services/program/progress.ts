import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { program, projectTask } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import { TASK_STATUS, type TaskStatus } from '../../domain/status/index.ts';
import { openableProject } from '../fmea/access.ts';
import type { ServiceContext } from '../shared/context.ts';
import { nodesAnalysis, type NodeAnalysis } from './analysis.ts';

/**
 * Task progress per FMEA node, for the mind map (spec 001 §7: a node shows its task's progress; issue 24).
 * Each node with tasks: the tasks (any program) with their status, and the node's progress — the percent
 * of its live, not cancelled tasks that are completed — and whether its analysis is complete (one run of the
 * checks before release for all of them). Anyone who may open the FMEA reads it.
 */
export interface NodeTask {
  id: string;
  taskNum: string;
  taskName: string;
  taskType: string;
  taskStatus: TaskStatus;
  handlerName: string | null;
  plannedEnd: string | null;
  programNum: string | null;
}

export interface NodeProgress {
  nodeId: string;
  /** The node as the spec's progress events name it (one of the two, by the FMEA's kind). */
  pptSerial: string | null;
  projectProcedureSerial: string | null;
  tasks: NodeTask[];
  /** Completed among the tasks that count (cancelled ones do not), in whole percent. */
  percent: number;
  /** Whether the node's analysis is complete (analysis.ts): its handler may then complete its task without review. */
  analysisComplete: boolean;
  /** What the checks before release find on the node or below it. */
  findings: number;
}

export async function nodeTaskProgress(ctx: ServiceContext, projectId: string): Promise<NodeProgress[]> {
  const loaded = await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const process = kindOf(loaded.project.projectType).processModel;
  const rows = await ctx.db
    .select({
      id: projectTask.id,
      taskNum: projectTask.taskNum,
      taskName: projectTask.name,
      taskType: projectTask.taskType,
      taskStatus: projectTask.status,
      handlerName: projectTask.handlerName,
      plannedEnd: projectTask.plannedEnd,
      nodeId: projectTask.nodeId,
      programNum: program.programNum,
    })
    .from(projectTask)
    .leftJoin(program, eq(program.id, projectTask.programId))
    .where(and(eq(projectTask.projectId, loaded.project.id), isNotNull(projectTask.nodeId), live(projectTask)))
    .orderBy(asc(projectTask.taskNum));
  const byNode = new Map<string, NodeTask[]>();
  for (const { nodeId, ...task } of rows) byNode.set(nodeId!, [...(byNode.get(nodeId!) ?? []), task]);
  const analysis = byNode.size ? await nodesAnalysis(ctx.db, loaded, [...byNode.keys()], ctx.now()) : new Map<string, NodeAnalysis>();
  return [...byNode].map(([nodeId, tasks]) => {
    const counted = tasks.filter((t) => t.taskStatus !== TASK_STATUS.cancelled);
    const done = counted.filter((t) => t.taskStatus === TASK_STATUS.completed).length;
    return {
      nodeId,
      pptSerial: process ? null : nodeId,
      projectProcedureSerial: process ? nodeId : null,
      tasks,
      percent: counted.length === 0 ? 0 : Math.floor((done / counted.length) * 100),
      analysisComplete: analysis.get(nodeId)?.complete ?? false,
      findings: analysis.get(nodeId)?.findings ?? 0,
    };
  });
}
