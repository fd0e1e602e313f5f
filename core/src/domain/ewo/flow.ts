import { InvalidTransitionError } from '../../errors.ts';
import { defineMachine } from '../status/machine.ts';
import { EWO_STATES, type EwoState } from './vocabulary.ts';

/**
 * An EWO's flow (issue 24; docs/decisions/review-engines.md: one record, one decider per step → a status
 * machine): the change is opened (its details, affected items and documents written), followed up by its
 * tracker, submitted for publishing to a named approver who approves (published) or rejects (back to follow-up),
 * its breakpoint (cut-in) followed up until verified, and closed. The submitter may withdraw a request not yet
 * decided. Closing needs the breakpoint verified: a change is closed only once it is seen in effect.
 */
const FOLLOW_UP_FIRST = 'ewo.flow.follow_up_first';
const NOT_PENDING = 'ewo.flow.not_pending';
const ALREADY_PENDING = 'ewo.flow.already_pending';
const NOT_PUBLISHED = 'ewo.flow.not_published';
const BREAKPOINT_UNVERIFIED = 'ewo.flow.breakpoint_unverified';
const ALREADY_PUBLISHED = 'ewo.flow.already_published';
const CLOSED = 'ewo.flow.closed';

export const ewoFlow = defineMachine({
  name: 'ewo',
  states: EWO_STATES,
  transitions: {
    opening: { startFollowUp: 'followUp' },
    followUp: { submit: 'publishPending' },
    publishPending: { approve: 'published', reject: 'followUp', withdraw: 'followUp' },
    published: { verifyBreakpoint: 'breakpointVerified' },
    breakpointVerified: { close: 'closed' },
  },
  refusals: {
    opening: { submit: FOLLOW_UP_FIRST, approve: NOT_PENDING, reject: NOT_PENDING, withdraw: NOT_PENDING, verifyBreakpoint: NOT_PUBLISHED, close: BREAKPOINT_UNVERIFIED },
    followUp: { startFollowUp: 'ewo.flow.already_following_up', approve: NOT_PENDING, reject: NOT_PENDING, withdraw: NOT_PENDING, verifyBreakpoint: NOT_PUBLISHED, close: BREAKPOINT_UNVERIFIED },
    publishPending: { startFollowUp: ALREADY_PENDING, submit: ALREADY_PENDING, verifyBreakpoint: NOT_PUBLISHED, close: BREAKPOINT_UNVERIFIED },
    published: { startFollowUp: ALREADY_PUBLISHED, submit: ALREADY_PUBLISHED, approve: NOT_PENDING, reject: NOT_PENDING, withdraw: NOT_PENDING, close: BREAKPOINT_UNVERIFIED },
    breakpointVerified: { startFollowUp: ALREADY_PUBLISHED, submit: ALREADY_PUBLISHED, approve: NOT_PENDING, reject: NOT_PENDING, withdraw: NOT_PENDING, verifyBreakpoint: 'ewo.flow.breakpoint_already_verified' },
    closed: CLOSED,
  },
});
export type EwoEvent = (typeof ewoFlow.allEvents)[number];

/** The message key naming each state (the badge and the list's filter). */
export const EWO_STATE_KEYS = {
  opening: 'ewo.state.opening',
  followUp: 'ewo.state.follow_up',
  publishPending: 'ewo.state.publish_pending',
  published: 'ewo.state.published',
  breakpointVerified: 'ewo.state.breakpoint_verified',
  closed: 'ewo.state.closed',
} as const satisfies Record<EwoState, string>;

/** States whose content (details, affected items, documents) may still change: before the approver sees it. */
export const EWO_EDITABLE_STATES: readonly EwoState[] = ['opening', 'followUp'];

const LOCKED = {
  publishPending: 'ewo.locked_pending',
  published: 'ewo.locked_published',
  breakpointVerified: 'ewo.locked_published',
  closed: 'ewo.flow.closed',
} as const;

/** Editing an EWO's content: only before it is submitted for publishing (what the approver signs stays as signed). */
export function assertEwoEditable(state: string): void {
  if ((EWO_EDITABLE_STATES as readonly string[]).includes(state)) return;
  const key = Object.hasOwn(LOCKED, state) ? LOCKED[state as keyof typeof LOCKED] : 'status.ewo.invalid_transition';
  throw new InvalidTransitionError(key, { from: state, event: 'edit' });
}

/** Deleting: only a change still being opened (once followed up, it is part of the record). */
export function assertEwoDeletable(state: string): void {
  if (state !== 'opening') throw new InvalidTransitionError('ewo.delete_opening_only', { from: state, event: 'delete' });
}

/** Every key the flow throws or names (the catalog test). */
export const EWO_FLOW_KEYS: readonly string[] = [...new Set([...ewoFlow.messageKeys, ...Object.values(LOCKED), 'ewo.delete_opening_only', ...Object.values(EWO_STATE_KEYS)])];
