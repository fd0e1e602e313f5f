import { ConflictError, InvalidInputError, InvalidTransitionError, NotAllowedError } from '../../errors.ts';

/** The review path of spec 001 §4: application → review → approval → released, or rejected. */
export type ReviewStage = 'application' | 'review' | 'approval' | 'released' | 'rejected' | 'revoked';
export type DecisionStage = 'review' | 'approval';
/** 'one': the first agreement completes a step; 'all': every assignee of the step must agree. */
export type ReleaseCondition = 'one' | 'all';

/** Display names for stages, for lists and history. */
export const REVIEW_STAGE_KEYS = {
  application: 'status.review.stage.application',
  review: 'status.review.stage.review',
  approval: 'status.review.stage.approval',
  released: 'status.review.stage.released',
  rejected: 'status.review.stage.rejected',
  revoked: 'status.review.stage.revoked',
} as const satisfies Record<ReviewStage, string>;

/** Every refusal key of the reducer. */
export const REVIEW_REFUSAL_KEYS = [
  'status.review.invalid_transition',
  'status.review.approver_required',
  'status.review.not_current_approver',
  'status.review.already_decided',
  'status.review.opinion_required',
  'status.review.opinion_too_long',
] as const;

export const RELEASE_CONDITIONS = ['one', 'all'] as const satisfies readonly ReleaseCondition[];

/** Opinions are text fields, limited like the others (spec 001 §5). */
export const REVIEW_OPINION_MAX_LENGTH = 200;

export interface ReviewDecision {
  readonly userId: string;
  readonly stage: DecisionStage;
  readonly agree: boolean;
  readonly opinion: string;
  readonly decidedAt: Date;
  /** Which submission the decision belongs to; earlier rounds are kept as history. */
  readonly round: number;
}

export interface ReviewState {
  readonly stage: ReviewStage;
  readonly releaseCondition: ReleaseCondition;
  readonly reviewers: readonly string[];
  readonly approvers: readonly string[];
  /** Starts at 1 and grows with every resubmission. */
  readonly round: number;
  readonly decisions: readonly ReviewDecision[];
}

export type ReviewAction =
  | { readonly type: 'submit' }
  | { readonly type: 'decide'; readonly userId: string; readonly agree: boolean; readonly opinion: string }
  /** "Repeal publication". */
  | { readonly type: 'revoke' }
  /** Back to application after a rejection or revocation, optionally with new assignees. */
  | { readonly type: 'resubmit'; readonly reviewers?: readonly string[]; readonly approvers?: readonly string[] };

export interface ReviewContext {
  readonly now: Date;
}

export function createReview(input: {
  reviewers: readonly string[];
  approvers: readonly string[];
  releaseCondition: ReleaseCondition;
}): ReviewState {
  return {
    stage: 'application',
    releaseCondition: input.releaseCondition,
    reviewers: [...new Set(input.reviewers)],
    approvers: [...new Set(input.approvers)],
    round: 1,
    decisions: [],
  };
}

const invalid = (state: ReviewState, event: string) =>
  new InvalidTransitionError('status.review.invalid_transition', { from: state.stage, event });

/** The first stage with someone assigned; reviewers are optional, approvers are not. */
const firstStage = (state: ReviewState): DecisionStage => (state.reviewers.length > 0 ? 'review' : 'approval');

const assignees = (state: ReviewState, stage: DecisionStage) =>
  stage === 'review' ? state.reviewers : state.approvers;

const decisionsNow = (state: ReviewState, stage: DecisionStage) =>
  state.decisions.filter((d) => d.round === state.round && d.stage === stage);

/** Who still has to decide in the current stage (empty outside review and approval). */
export function pendingDeciders(state: ReviewState): string[] {
  if (state.stage !== 'review' && state.stage !== 'approval') return [];
  const decided = new Set(decisionsNow(state, state.stage).map((d) => d.userId));
  return assignees(state, state.stage).filter((userId) => !decided.has(userId));
}

function decide(state: ReviewState, action: Extract<ReviewAction, { type: 'decide' }>, now: Date): ReviewState {
  const stage = state.stage;
  if (stage !== 'review' && stage !== 'approval') throw invalid(state, 'decide');
  const { userId, agree } = action;
  if (!assignees(state, stage).includes(userId)) {
    throw new NotAllowedError('status.review.not_current_approver', { stage });
  }
  if (decisionsNow(state, stage).some((d) => d.userId === userId)) {
    throw new ConflictError('status.review.already_decided', { stage });
  }
  const opinion = action.opinion.trim();
  if (opinion === '') throw new InvalidInputError('status.review.opinion_required');
  if ([...opinion].length > REVIEW_OPINION_MAX_LENGTH) {
    throw new InvalidInputError('status.review.opinion_too_long', { max: REVIEW_OPINION_MAX_LENGTH });
  }

  const decision: ReviewDecision = { userId, stage, agree, opinion, decidedAt: now, round: state.round };
  const decided: ReviewState = { ...state, decisions: [...state.decisions, decision] };
  // Any disagreement rejects at once, whatever the release condition.
  if (!agree) return { ...decided, stage: 'rejected' };
  const stepDone = state.releaseCondition === 'one' || pendingDeciders(decided).length === 0;
  if (!stepDone) return decided;
  return { ...decided, stage: stage === 'review' ? 'approval' : 'released' };
}

/**
 * Pure reducer over the review path. Returns the next state or throws:
 * InvalidTransitionError for an action the stage does not accept,
 * NotAllowedError for someone not assigned to the current stage,
 * ConflictError for a second decision, InvalidInputError for a bad opinion
 * or a submission without approvers.
 */
export function reviewReducer(state: ReviewState, action: ReviewAction, { now }: ReviewContext): ReviewState {
  switch (action.type) {
    case 'submit':
      if (state.stage !== 'application') throw invalid(state, 'submit');
      if (state.approvers.length === 0) throw new InvalidInputError('status.review.approver_required');
      return { ...state, stage: firstStage(state) };
    case 'decide':
      return decide(state, action, now);
    case 'revoke':
      if (state.stage !== 'released') throw invalid(state, 'revoke');
      return { ...state, stage: 'revoked' };
    case 'resubmit':
      if (state.stage !== 'rejected' && state.stage !== 'revoked') throw invalid(state, 'resubmit');
      return {
        ...state,
        stage: 'application',
        round: state.round + 1,
        reviewers: action.reviewers ? [...new Set(action.reviewers)] : state.reviewers,
        approvers: action.approvers ? [...new Set(action.approvers)] : state.approvers,
      };
    default:
      // Unreachable for typed callers; guards actions built from untyped input.
      throw invalid(state, (action satisfies never as { type?: unknown }).type as string);
  }
}
