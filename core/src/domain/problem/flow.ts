import { InvalidTransitionError } from '../../errors.ts';
import { defineMachine } from '../status/machine.ts';
import { PROBLEM_STEPS, type ProblemStatus, type ProblemStep, type ProblemStepState } from './vocabulary.ts';

/**
 * The 8D's two status machines (docs/domain/problems-8d.md; docs/decisions/review-engines.md: one record,
 * one decider per step → a status machine):
 * - a problem: worked (open) → its 8D report under review → released by the named approver → closed;
 * - each step D0…D8: not started → in progress → done, reopened while no later step is done.
 * The order of the steps is a guard over the machines (`assertStepMove`): a step cannot start or finish
 * while an earlier one is unfinished; 7A and 7B do not wait for each other, D8 waits for both.
 */
const PROBLEM_FLOW = {
  name: 'problem',
  states: ['open', 'underReview', 'released', 'closed'],
  transitions: {
    open: { submit: 'underReview' },
    underReview: { approve: 'released', reject: 'open', withdraw: 'open' },
    released: { close: 'closed', revoke: 'open' },
  },
  refusals: {
    open: { approve: 'status.problem.not_under_review', reject: 'status.problem.not_under_review', withdraw: 'status.problem.not_under_review', close: 'status.problem.close_needs_release', revoke: 'status.problem.not_released' },
    underReview: { submit: 'status.problem.already_under_review', close: 'status.problem.close_needs_release', revoke: 'status.problem.not_released' },
    released: { submit: 'status.problem.already_released', approve: 'status.problem.not_under_review', reject: 'status.problem.not_under_review', withdraw: 'status.problem.not_under_review' },
    closed: 'status.problem.closed',
  },
} as const;

export const problemFlow = defineMachine(PROBLEM_FLOW);
export type ProblemEvent = (typeof problemFlow.allEvents)[number];

const STEP_FLOW = {
  name: 'problem_step',
  states: ['notStarted', 'inProgress', 'done'],
  transitions: {
    notStarted: { start: 'inProgress' },
    inProgress: { finish: 'done' },
    done: { reopen: 'inProgress' },
  },
  refusals: {
    notStarted: { finish: 'status.problem_step.not_started', reopen: 'status.problem_step.not_done' },
    inProgress: { start: 'status.problem_step.already_started', reopen: 'status.problem_step.not_done' },
    done: { start: 'status.problem_step.already_done', finish: 'status.problem_step.already_done' },
  },
} as const;

export const problemStepFlow = defineMachine(STEP_FLOW);
export type ProblemStepEvent = (typeof problemStepFlow.allEvents)[number];

/** The steps that must be done before a step starts or finishes: every earlier one, except 7A/7B for each other. */
export function stepsBefore(step: ProblemStep): ProblemStep[] {
  const at = PROBLEM_STEPS.indexOf(step);
  return PROBLEM_STEPS.slice(0, at).filter((earlier) => !(step === 'D7B' && earlier === 'D7A'));
}

/** The steps that wait for a step (whose being done forbids reopening it). */
export const stepsAfter = (step: ProblemStep): ProblemStep[] => PROBLEM_STEPS.filter((later) => stepsBefore(later).includes(step));

export const isProblemStep = (value: string): value is ProblemStep => (PROBLEM_STEPS as readonly string[]).includes(value);

export type StepStates = Readonly<Record<ProblemStep, ProblemStepState>>;

const LOCKED: Record<Exclude<ProblemStatus, 'open'>, string> = {
  underReview: 'status.problem.locked_under_review',
  released: 'status.problem.locked_released',
  closed: 'status.problem.locked_closed',
};

/** A problem's content (its fields, steps, team, analysis, actions) changes only while it is open. */
export function assertProblemEditable(status: string): void {
  if (status === 'open') return;
  const key = (LOCKED as Record<string, string>)[status] ?? 'status.problem.invalid_transition';
  throw new InvalidTransitionError(key, { from: status, event: 'edit' });
}

/**
 * A step's state after the event, with the 8D's order enforced: "unfinished earlier steps block an
 * operation" (spec 001 §4) on start and finish; reopening is refused while a later step is done; D8 is
 * finished only by closing the problem (`closeProblem`). Refusals name the step and the first step in the way.
 */
export function assertStepMove(status: string, steps: StepStates, step: ProblemStep, event: ProblemStepEvent): ProblemStepState {
  assertProblemEditable(status);
  const next = problemStepFlow.next(steps[step], event);
  if (event === 'finish' && step === 'D8') throw new InvalidTransitionError('status.problem_step.d8_by_closing', { from: steps[step], event, step });
  if (event === 'start' || event === 'finish') {
    const missing = stepsBefore(step).find((earlier) => steps[earlier] !== 'done');
    if (missing) throw new InvalidTransitionError('status.problem.earlier_step_unfinished', { from: steps[step], event, step, missing });
  } else {
    const later = stepsAfter(step).find((after) => steps[after] === 'done');
    if (later) throw new InvalidTransitionError('status.problem_step.later_step_done', { from: steps[step], event, step, later });
  }
  return next;
}

/** The 8D report goes to review once every step before D8 is done (D8 is the closing, after the release). */
export function assertReportComplete(steps: StepStates): void {
  const missing = stepsBefore('D8').find((step) => steps[step] !== 'done');
  if (missing) throw new InvalidTransitionError('status.problem.submit_steps_unfinished', { from: 'open', event: 'submit', missing });
}

export const PROBLEM_FLOW_KEYS: readonly string[] = [
  ...problemFlow.messageKeys,
  ...problemStepFlow.messageKeys,
  ...Object.values(LOCKED),
  'status.problem_step.d8_by_closing',
  'status.problem.earlier_step_unfinished',
  'status.problem_step.later_step_done',
  'status.problem.submit_steps_unfinished',
];
