import { asc, eq } from 'drizzle-orm';
import { readCustomValues, type StoredCustomValues } from '../custom-fields/values.ts';
import type { DbOrTx } from '../../db/client.ts';
import { problemAction, problemCause, problemIsNot, problemMember, problemStep, problemWhy } from '../../db/schema/index.ts';
import { PROBLEM_STEPS, closureAllowedAt, type ProblemStep, type StepStates } from '../../domain/problem/index.ts';
import { mayOnProblem, peopleOf, type ProblemCaller, type ProblemRow } from './access.ts';

/** A problem as lists show it (spec 001 §3 "Problem"). */
export type ProblemSummary = Omit<ProblemRow, 'delFlg' | 'deletedAt' | 'siteId' | 'updaterId'>;

/** A list row: the summary with its custom field values (read for the whole page in one query). */
export type ProblemListItem = ProblemSummary & { customFields: StoredCustomValues };

export type ProblemStepRow = typeof problemStep.$inferSelect;
export type ProblemMemberRow = typeof problemMember.$inferSelect;
export type ProblemIsNotRow = typeof problemIsNot.$inferSelect;
export type ProblemCauseRow = typeof problemCause.$inferSelect;
export type ProblemWhyRow = typeof problemWhy.$inferSelect;
export type ProblemActionRow = typeof problemAction.$inferSelect;

/** One problem whole: its fields, the ten steps, the team, the analysis, the actions, and what the caller may do. */
export interface ProblemView extends ProblemSummary {
  steps: ProblemStepRow[];
  members: ProblemMemberRow[];
  isNot: ProblemIsNotRow[];
  causes: ProblemCauseRow[];
  whys: ProblemWhyRow[];
  actions: ProblemActionRow[];
  /** When the problem may close (30 days after D6 was finished); null until D6 is. */
  closureAllowedAt: Date | null;
  /** Custom field values by system name (System › Customisation forms). */
  customFields: StoredCustomValues;
  /** What the caller may do on it (the page follows; the server checks again). */
  can: { edit: boolean; del: boolean; decide: boolean };
}

export const summaryOf = (row: ProblemRow): ProblemSummary => {
  const { delFlg: _d, deletedAt: _a, siteId: _s, updaterId: _u, ...rest } = row;
  return rest;
};

/** The states of the ten steps, for the rules. */
export const stepStatesOf = (steps: readonly Pick<ProblemStepRow, 'step' | 'state'>[]): StepStates =>
  Object.fromEntries(PROBLEM_STEPS.map((s) => [s, steps.find((row) => row.step === s)?.state ?? 'notStarted'])) as StepStates;

const stepOrder = (a: { step: ProblemStep }, b: { step: ProblemStep }) => PROBLEM_STEPS.indexOf(a.step) - PROBLEM_STEPS.indexOf(b.step);

export async function stepsOf(db: DbOrTx, problemId: string): Promise<ProblemStepRow[]> {
  return (await db.select().from(problemStep).where(eq(problemStep.problemId, problemId))).sort(stepOrder);
}

export async function problemView(db: DbOrTx, caller: ProblemCaller, row: ProblemRow): Promise<ProblemView> {
  const [steps, members, isNot, causes, whys, actions] = await Promise.all([
    stepsOf(db, row.id),
    db.select().from(problemMember).where(eq(problemMember.problemId, row.id)).orderBy(asc(problemMember.sort), asc(problemMember.userName)),
    db.select().from(problemIsNot).where(eq(problemIsNot.problemId, row.id)).orderBy(asc(problemIsNot.sort), asc(problemIsNot.id)),
    db.select().from(problemCause).where(eq(problemCause.problemId, row.id)).orderBy(asc(problemCause.track), asc(problemCause.sort), asc(problemCause.id)),
    db.select().from(problemWhy).where(eq(problemWhy.problemId, row.id)).orderBy(asc(problemWhy.track), asc(problemWhy.chain), asc(problemWhy.level)),
    db.select().from(problemAction).where(eq(problemAction.problemId, row.id)).orderBy(asc(problemAction.kind), asc(problemAction.sort), asc(problemAction.id)),
  ]);
  const people = await peopleOf(db, row);
  const d6 = steps.find((s) => s.step === 'D6');
  return {
    ...summaryOf(row),
    steps,
    members,
    isNot,
    causes,
    whys,
    actions,
    customFields: (await readCustomValues(db, 'problem', [row.id])).get(row.id) ?? {},
    closureAllowedAt: d6?.state === 'done' && d6.finishedAt ? closureAllowedAt(d6.finishedAt) : null,
    can: {
      edit: mayOnProblem(caller, 'edit', row.customerProblem, people),
      del: mayOnProblem(caller, 'del', row.customerProblem, people),
      decide: row.status === 'underReview' && row.approverId !== null && row.approverId === caller.actor.userId,
    },
  };
}
