import { InvalidInputError, InvalidTransitionError, NotAllowedError } from '../../errors.ts';
import { FMEA_OPINION_ROLES, type FmeaReviewRole, type FmeaReviewState } from './fmea-review.ts';

/**
 * The review walk (spec 001 §4 "reviews proceed in order starting from the
 * block diagram"; §6 "unfinished earlier steps block an operation";
 * docs/domain/fmea-review.md): in a review round each opinion-giving reviewer
 * goes through the project's steps in order and marks each reviewed; their
 * opinion waits until the walk is complete. The business rule
 * `fmeaReviewInOrder` ('1' default) switches the enforcement off.
 *
 * The step keys are the workbench's tab keys, so a mark opens its step. Which
 * steps a kind walks, in which order, is its record's `reviewWalk` (domain/fmea/kinds.ts).
 */
// the FMEA-MSR steps' tabs after the optimisation (an MSR project's walk, domain/fmea/kinds.ts); an FMEDA's worksheet
export const FMEA_REVIEW_WALK_STEPS = ['interfaces', 'flow', 'structure', 'function', 'failure', 'risk', 'optimization', 'msrFailure', 'msrRisk', 'msrOptimization', 'controlPlan', 'worksheet'] as const;
export type FmeaReviewWalkStep = (typeof FMEA_REVIEW_WALK_STEPS)[number];

export const FMEA_REVIEW_WALK_REFUSAL_KEYS = [
  'status.fmea_review.earlier_steps_unfinished',
  'status.fmea_review.walk_incomplete',
  'status.fmea_review.walk_step_unknown',
] as const;
export type FmeaReviewWalkRefusalKey = (typeof FMEA_REVIEW_WALK_REFUSAL_KEYS)[number];

export const isReviewWalkStep = (value: unknown): value is FmeaReviewWalkStep => (FMEA_REVIEW_WALK_STEPS as readonly unknown[]).includes(value);

/** The steps of the walk still unmarked, in order (the first is where the reviewer goes next). */
export function openWalkSteps(walk: readonly FmeaReviewWalkStep[], marked: readonly string[]): FmeaReviewWalkStep[] {
  return walk.filter((step) => !marked.includes(step));
}

/** The opinion roles the user holds in the round (walking is theirs). */
export function walkingRoles(state: FmeaReviewState, userId: string): FmeaReviewRole[] {
  return state.assignees ? FMEA_OPINION_ROLES.filter((role) => state.assignees![role] === userId) : [];
}

/**
 * Marks `step` reviewed in the user's walk; returns the marked steps after
 * (unchanged when it was marked already: marking twice is harmless). Refused
 * outside a review, for someone who gives no opinion, for a step not in the
 * walk, and — while `inOrder` — while an earlier step is unmarked.
 */
export function markWalkStep(
  state: FmeaReviewState,
  input: { readonly walk: readonly FmeaReviewWalkStep[]; readonly userId: string; readonly marked: readonly string[]; readonly step: string; readonly inOrder: boolean },
): FmeaReviewWalkStep[] {
  if (state.status !== 'under_review') {
    throw new InvalidTransitionError('status.fmea_review.invalid_transition', { from: state.status, event: 'walk' });
  }
  if (walkingRoles(state, input.userId).length === 0) throw new NotAllowedError('status.fmea_review.not_current_reviewer');
  const walk = input.walk;
  const step = walk.find((s) => s === input.step);
  if (!step) throw new InvalidInputError('status.fmea_review.walk_step_unknown' satisfies FmeaReviewWalkRefusalKey, { step: String(input.step) });
  const marked = walk.filter((s) => input.marked.includes(s));
  if (marked.includes(step)) return marked;
  if (input.inOrder) {
    const missing = walk.slice(0, walk.indexOf(step)).find((s) => !marked.includes(s));
    if (missing) throw new InvalidTransitionError('status.fmea_review.earlier_steps_unfinished' satisfies FmeaReviewWalkRefusalKey, { step, missing, position: walk.indexOf(missing) + 1 });
  }
  return walk.filter((s) => s === step || marked.includes(s));
}

/** Before an opinion: while the rule is on, every step of the walk must be marked. */
export function assertWalkComplete(input: { readonly walk: readonly FmeaReviewWalkStep[]; readonly marked: readonly string[]; readonly inOrder: boolean }): void {
  if (!input.inOrder) return;
  const open = openWalkSteps(input.walk, input.marked);
  if (open.length > 0) {
    throw new InvalidTransitionError('status.fmea_review.walk_incomplete' satisfies FmeaReviewWalkRefusalKey, { from: 'under_review', event: 'opinion', missing: open[0]!, open: open.length });
  }
}
