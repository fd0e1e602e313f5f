import { InvalidInputError, InvalidTransitionError } from '../../errors.ts';

/** 8D problem-handling steps in order; 7A and 7B are parallel halves of step 7. */
export const PROBLEM_STEPS = ['0', '1', '2', '3', '4', '5', '6', '7A', '7B', '8'] as const;
export type ProblemStep = (typeof PROBLEM_STEPS)[number];

export const PROBLEM_STEP_KEYS = {
  '0': 'status.problem.step.team',
  '1': 'status.problem.step.describe',
  '2': 'status.problem.step.temporary_measures',
  '3': 'status.problem.step.root_cause',
  '4': 'status.problem.step.permanent_measures',
  '5': 'status.problem.step.verify',
  '6': 'status.problem.step.prevent_recurrence',
  '7A': 'status.problem.step.7a',
  '7B': 'status.problem.step.7b',
  '8': 'status.problem.step.close',
} as const satisfies Record<ProblemStep, string>;

/** Every refusal key of completeStep. */
export const PROBLEM_REFUSAL_KEYS = [
  'status.problem.unknown_step',
  'status.problem.step_already_completed',
  'status.problem.earlier_step_unfinished',
  'status.problem.closure_too_early',
] as const;

/** Steps completable in either order: neither waits for the other. */
const PARALLEL: readonly (readonly ProblemStep[])[] = [['7A', '7B']];

/** Closing waits this long after the step-6 date (spec 000 §9, 001 §9). */
export const PROBLEM_CLOSURE_WAIT_DAYS = 30;
const DAY_MS = 86_400_000;

export interface ProblemProgress {
  /** Completion date per finished step. */
  readonly completed: Partial<Record<ProblemStep, Date>>;
}

export const isProblemStep = (value: string): value is ProblemStep => (PROBLEM_STEPS as readonly string[]).includes(value);

/** Steps that must be complete before `step` may be: every earlier one except its parallel partner. */
export function prerequisites(step: ProblemStep): ProblemStep[] {
  const group = PARALLEL.find((g) => g.includes(step)) ?? [step];
  return PROBLEM_STEPS.slice(0, PROBLEM_STEPS.indexOf(step)).filter((s) => !group.includes(s));
}

const missingBefore = (state: ProblemProgress, step: ProblemStep) =>
  prerequisites(step).filter((s) => state.completed[s] === undefined);

/** When closing becomes possible, or null while step 6 is unfinished. */
export function closureAllowedAt(state: ProblemProgress): Date | null {
  const step6 = state.completed['6'];
  return step6 ? new Date(step6.getTime() + PROBLEM_CLOSURE_WAIT_DAYS * DAY_MS) : null;
}

/**
 * Marks a step complete at `now` and returns the new progress. Refuses an
 * unknown step, a step already complete, a step while an earlier one is
 * unfinished (names the first missing one), and closing (8) before the
 * waiting period after step 6 has passed.
 */
export function completeStep(state: ProblemProgress, step: string, now: Date): ProblemProgress {
  if (!isProblemStep(step)) throw new InvalidInputError('status.problem.unknown_step', { step });
  if (state.completed[step] !== undefined) {
    throw new InvalidTransitionError('status.problem.step_already_completed', { step });
  }
  const [missing] = missingBefore(state, step);
  if (missing !== undefined) {
    throw new InvalidTransitionError('status.problem.earlier_step_unfinished', { step, missing });
  }
  if (step === '8') {
    const allowedAt = closureAllowedAt(state)!; // step 6 is a prerequisite of 8
    const waitMs = allowedAt.getTime() - now.getTime();
    if (waitMs > 0) {
      throw new InvalidTransitionError('status.problem.closure_too_early', {
        days: PROBLEM_CLOSURE_WAIT_DAYS,
        daysLeft: Math.ceil(waitMs / DAY_MS),
      });
    }
  }
  return { completed: { ...state.completed, [step]: now } };
}

/** Steps whose order allows completing them now (closure's waiting period aside). */
export function availableSteps(state: ProblemProgress): ProblemStep[] {
  return PROBLEM_STEPS.filter((s) => state.completed[s] === undefined && missingBefore(state, s).length === 0);
}

export function isProblemClosed(state: ProblemProgress): boolean {
  return state.completed['8'] !== undefined;
}
