import { and, eq, isNull, sql } from 'drizzle-orm';
import { fmeaNode } from '../../db/schema/index.ts';
import { taskStatusIssues, type ProcessLevel } from '../../domain/pfmea/index.ts';
import { TASK_STATUS, type TaskStatus } from '../../domain/status/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertVersion, editableProject, nextVersion, updatedOrStale } from './access.ts';
import { isPfmea, levelOfNode } from './process-structure.ts';
import { findNode, type FmeaNodeRow } from './structure.ts';

/** How far a PFMEA's process steps are: steps with a task, completed ones ('3'), and the whole percent. */
export interface ProcessProgress {
  steps: number;
  withTask: number;
  completed: number;
  percent: number;
}

/** The progress of a project's steps (the children of the process item), for the map and the progress notice. */
export async function processProgress(db: DbOrTx, projectId: string): Promise<ProcessProgress> {
  const root = db.select({ id: fmeaNode.id }).from(fmeaNode).where(and(eq(fmeaNode.projectId, projectId), isNull(fmeaNode.parentId)));
  const [row] = await db
    .select({
      steps: sql<number>`count(*)`,
      withTask: sql<number>`count(${fmeaNode.taskStatus})`,
      completed: sql<number>`sum(case when ${fmeaNode.taskStatus} = ${TASK_STATUS.completed} then 1 else 0 end)`,
    })
    .from(fmeaNode)
    .where(and(eq(fmeaNode.projectId, projectId), sql`${fmeaNode.parentId} in ${root}`));
  const steps = Number(row?.steps ?? 0);
  const completed = Number(row?.completed ?? 0);
  const withTask = Number(row?.withTask ?? 0);
  return { steps, withTask, completed, percent: withTask === 0 ? 0 : Math.floor((completed / withTask) * 100) };
}

/**
 * A progress update of a PFMEA process step (spec 001 §7: projectProcedureSerial
 * + taskStatus): the step's id and a task code '0'–'7' (null: no task). An
 * edit of the step like any other (editing members only; the step's version
 * moves on, named when the caller read it); the answer carries the project's
 * step progress so the caller can tell the open maps.
 */
export async function updateProcedureTaskStatus(
  ctx: ServiceContext,
  input: { projectProcedureSerial: string; taskStatus: TaskStatus | null; version?: number },
): Promise<{ node: FmeaNodeRow; level: ProcessLevel; progress: ProcessProgress }> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findNode(tx, input.projectProcedureSerial);
    const { project } = await editableProject(tx, ctx.actor, before.projectId, ctx.now(), 'edit');
    const level = isPfmea(project) ? await levelOfNode(tx, project.id, before.id) : 'item';
    assertNoIssues(taskStatusIssues(level, input.taskStatus));
    if (input.version !== undefined) assertVersion(before, input.version, 'fmea_node');
    const rows = await tx
      .update(fmeaNode)
      .set({ taskStatus: input.taskStatus, ...nextVersion(txCtx) })
      .where(and(eq(fmeaNode.id, before.id), eq(fmeaNode.version, input.version ?? before.version)))
      .returning();
    const node = updatedOrStale(rows, 'fmea_node');
    const progress = await processProgress(tx, project.id);
    return { result: { node, level, progress }, log: { action: 'fmea.node.update', entity: 'fmea_node', entityId: node.id, before, after: node } };
  });
}
