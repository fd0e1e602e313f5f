import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { problem, problemStep } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import { problemDetailPath } from '../../domain/areas/problem.ts';
import { TASK_STATUS } from '../../domain/status/task.ts';

/**
 * My tasks' 8D source (contributed by the problem area as 'problemStep'): the unfinished steps the caller owns,
 * in live problems still being worked (open). Each opens the problem at its step.
 */
export interface ProblemStepTask {
  id: string;
  problemId: string;
  problemNum: string;
  brief: string;
  step: string;
  state: 'notStarted' | 'inProgress';
  dueAt: Date | null;
  createdAt: Date;
}

export async function openStepsOwnedBy(db: DbOrTx, me: string): Promise<ProblemStepTask[]> {
  const rows = await db
    .select({ id: problemStep.id, problemId: problem.id, problemNum: problem.problemNum, brief: problem.brief, step: problemStep.step, state: problemStep.state, dueAt: problemStep.dueAt, createdAt: problemStep.createdAt })
    .from(problemStep)
    .innerJoin(problem, eq(problem.id, problemStep.problemId))
    .where(and(eq(problemStep.ownerId, me), ne(problemStep.state, 'done'), live(problem), eq(problem.status, 'open')));
  return rows.map((r) => ({ ...r, state: r.state as ProblemStepTask['state'] }));
}

export const stepTaskStatus = (state: ProblemStepTask['state']) => (state === 'inProgress' ? TASK_STATUS.inProgress : TASK_STATUS.notStarted);
export const stepTaskRoute = (task: Pick<ProblemStepTask, 'problemNum' | 'step'>) => `${problemDetailPath(task.problemNum)}&step=${task.step}`;
