import { describe, expect, it } from 'vitest';
import { InvalidTransitionError } from '../../errors.ts';
import { loadCatalogs } from '../../i18n/index.ts';
import { EWO_FLOW_KEYS, assertEwoDeletable, assertEwoEditable, ewoFlow, type EwoEvent } from './flow.ts';

const NOT_PENDING = 'ewo.flow.not_pending';
const NOT_PUBLISHED = 'ewo.flow.not_published';
const UNVERIFIED = 'ewo.flow.breakpoint_unverified';
const PENDING = 'ewo.flow.already_pending';
const PUBLISHED = 'ewo.flow.already_published';
const CLOSED = 'ewo.flow.closed';

/** Golden table: every state × every event → next state or refusal key. */
const GOLDEN = {
  opening: { startFollowUp: 'followUp', submit: 'ewo.flow.follow_up_first', approve: NOT_PENDING, reject: NOT_PENDING, withdraw: NOT_PENDING, verifyBreakpoint: NOT_PUBLISHED, close: UNVERIFIED },
  followUp: { startFollowUp: 'ewo.flow.already_following_up', submit: 'publishPending', approve: NOT_PENDING, reject: NOT_PENDING, withdraw: NOT_PENDING, verifyBreakpoint: NOT_PUBLISHED, close: UNVERIFIED },
  publishPending: { startFollowUp: PENDING, submit: PENDING, approve: 'published', reject: 'followUp', withdraw: 'followUp', verifyBreakpoint: NOT_PUBLISHED, close: UNVERIFIED },
  published: { startFollowUp: PUBLISHED, submit: PUBLISHED, approve: NOT_PENDING, reject: NOT_PENDING, withdraw: NOT_PENDING, verifyBreakpoint: 'breakpointVerified', close: UNVERIFIED },
  breakpointVerified: { startFollowUp: PUBLISHED, submit: PUBLISHED, approve: NOT_PENDING, reject: NOT_PENDING, withdraw: NOT_PENDING, verifyBreakpoint: 'ewo.flow.breakpoint_already_verified', close: 'closed' },
  closed: { startFollowUp: CLOSED, submit: CLOSED, approve: CLOSED, reject: CLOSED, withdraw: CLOSED, verifyBreakpoint: CLOSED, close: CLOSED },
} as const;

const outcome = (state: string, event: EwoEvent) => {
  try {
    return ewoFlow.next(state, event);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidTransitionError);
    return (error as InvalidTransitionError).messageKey;
  }
};

describe('EWO flow', () => {
  it('knows exactly the states and events of the golden table', () => {
    expect(ewoFlow.states).toEqual(Object.keys(GOLDEN));
    expect([...ewoFlow.allEvents].sort()).toEqual(Object.keys(GOLDEN.opening).sort());
  });

  for (const [state, row] of Object.entries(GOLDEN)) {
    for (const [event, expected] of Object.entries(row)) {
      const verb = expected.includes('.') ? `refuses ${event} from ${state} with ${expected}` : `moves ${state} --${event}--> ${expected}`;
      it(verb, () => expect(outcome(state, event as EwoEvent)).toBe(expected));
    }
  }

  it('refuses an unknown state with the default refusal', () => {
    expect(outcome('archived', 'close')).toBe('status.ewo.invalid_transition');
  });

  it('has every key it throws or names in both catalogs', () => {
    const { 'zh-CN': zh, 'en-US': en } = loadCatalogs();
    for (const key of EWO_FLOW_KEYS) {
      expect(zh[key], key).toBeTruthy();
      expect(en[key], key).toBeTruthy();
    }
  });
});

describe('what may change in which state', () => {
  it.each(['opening', 'followUp'])('lets the content of an EWO in %s change', (state) => expect(() => assertEwoEditable(state)).not.toThrow());
  it.each([
    ['publishPending', 'ewo.locked_pending'],
    ['published', 'ewo.locked_published'],
    ['breakpointVerified', 'ewo.locked_published'],
    ['closed', CLOSED],
    ['other', 'status.ewo.invalid_transition'],
  ])('keeps the content of an EWO in %s as it is (%s)', (state, key) => {
    expect(() => assertEwoEditable(state)).toThrow(expect.objectContaining({ messageKey: key }));
  });
  it('deletes only an EWO still being opened', () => {
    expect(() => assertEwoDeletable('opening')).not.toThrow();
    expect(() => assertEwoDeletable('followUp')).toThrow(expect.objectContaining({ messageKey: 'ewo.delete_opening_only' }));
  });
});
