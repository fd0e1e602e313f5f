import { InvalidInputError, InvalidTransitionError, type Issue } from '../../errors.ts';
import { checkText } from '../validation/text.ts';

/**
 * Closing a problem (docs/domain/problems-8d.md "Closing"). Spec 001 §4: "the problem can only be closed 30
 * days after the operation"; §9 "problem closure 30 days after solving". The operation is the permanent
 * corrective action's implementation and verification, D6: the wait runs 30 full days (30 × 24 h) from the
 * moment D6 was finished, so the field has had time to prove the fix.
 */
export const PROBLEM_CLOSURE_WAIT_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;

/** When a problem whose D6 finished at that moment may close. */
export const closureAllowedAt = (d6FinishedAt: Date): Date => new Date(d6FinishedAt.getTime() + PROBLEM_CLOSURE_WAIT_DAYS * DAY);

/** Refuses closing before the wait is over (or before D6 is finished at all), naming the days left and the date. */
export function assertClosureDue(d6FinishedAt: Date | null, now: Date): void {
  if (!d6FinishedAt) throw new InvalidTransitionError('status.problem.closure_needs_d6', { from: 'released', event: 'close' });
  const allowed = closureAllowedAt(d6FinishedAt);
  if (now.getTime() < allowed.getTime()) {
    const daysLeft = Math.ceil((allowed.getTime() - now.getTime()) / DAY);
    throw new InvalidTransitionError('status.problem.closure_too_early', { from: 'released', event: 'close', days: PROBLEM_CLOSURE_WAIT_DAYS, daysLeft, date: allowed.toISOString().slice(0, 10) });
  }
}

export interface ClosedLoop {
  readonly closedLoop: boolean | null;
  readonly reason: string | null;
}

const reasonOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * A closed-loop decision: closed loop (the lesson reached the FMEA, the control plan and the standards) or not.
 * The first decision needs no reason; changing a decision does (spec: "a reason is required to change it"),
 * and the reason is kept with the decision.
 */
export function decideClosedLoop(current: ClosedLoop, next: boolean, reason: unknown): ClosedLoop {
  const issues: Issue[] = checkText(reason, { field: 'closedLoopReason' });
  if (issues.length) throw new InvalidInputError('validation.failed', {}, issues);
  const given = reasonOf(reason);
  if (current.closedLoop !== null && current.closedLoop !== next && given === null) {
    throw new InvalidInputError('validation.failed', {}, [{ messageKey: 'status.problem.closed_loop_reason_required', field: 'closedLoopReason', params: {} }]);
  }
  return { closedLoop: next, reason: given ?? (current.closedLoop === next ? current.reason : null) };
}

export const PROBLEM_CLOSURE_KEYS: readonly string[] = ['status.problem.closure_needs_d6', 'status.problem.closure_too_early', 'status.problem.closed_loop_reason_required', 'status.problem.closed_loop_undecided'];

/** A problem closes with its closed-loop decision made (docs/domain/problems-8d.md). */
export function assertClosedLoopDecided(closedLoop: boolean | null): void {
  if (closedLoop === null) throw new InvalidInputError('validation.failed', {}, [{ messageKey: 'status.problem.closed_loop_undecided', field: 'closedLoop', params: {} }]);
}
