import { InvalidTransitionError } from '../../errors.ts';
import { defineMachine } from './machine.ts';

/**
 * A stored fault tree's review and release (issue 23; docs/domain/fta.md, "Review and release"): one named
 * approver decides, so it runs on a status machine (docs/decisions/review-engines.md). The states are stored
 * by name (the spec gives FTA no codes).
 */
export const FTA_REVIEW_STATES = ['draft', 'underReview', 'released'] as const;
export type FtaReviewState = (typeof FTA_REVIEW_STATES)[number];

const NOT_UNDER_REVIEW = 'status.fta.not_under_review';
const UNDER_REVIEW = 'status.fta.already_under_review';
const RELEASED = 'status.fta.already_released';
const NOT_RELEASED = 'status.fta.not_released';

const FTA_FLOW = {
  name: 'fta',
  states: FTA_REVIEW_STATES,
  transitions: {
    draft: { submit: 'underReview' },
    underReview: { approve: 'released', reject: 'draft' },
    released: { revoke: 'draft' },
  },
  refusals: {
    draft: { approve: NOT_UNDER_REVIEW, reject: NOT_UNDER_REVIEW, revoke: NOT_RELEASED },
    underReview: { submit: UNDER_REVIEW, revoke: NOT_RELEASED },
    released: { submit: RELEASED, approve: NOT_UNDER_REVIEW, reject: NOT_UNDER_REVIEW },
  },
} as const;

export const ftaFlow = defineMachine(FTA_FLOW);
export type FtaReviewEvent = (typeof ftaFlow.allEvents)[number];

/** The message key naming each state (the badge). */
export const FTA_STATE_KEYS = {
  draft: 'status.fta.state.draft',
  underReview: 'status.fta.state.under_review',
  released: 'status.fta.state.released',
} as const satisfies Record<FtaReviewState, string>;

const LOCKED = { underReview: 'status.fta.locked_under_review', released: 'status.fta.locked_released' } as const;

/** A tree under review or released is neither saved nor deleted: its content is what the approver sees or signed. */
export function assertFtaEditable(status: string): void {
  if (status === 'underReview' || status === 'released') throw new InvalidTransitionError(LOCKED[status], { from: status, event: 'edit' });
  if (status !== 'draft') throw new InvalidTransitionError('status.fta.invalid_transition', { from: status, event: 'edit' });
}

/** Every key the flow throws or names. */
export const FTA_STATUS_KEYS: readonly string[] = [...ftaFlow.messageKeys, ...Object.values(LOCKED), ...Object.values(FTA_STATE_KEYS)];
