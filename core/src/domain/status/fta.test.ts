import { describe, expect, it } from 'vitest';
import { InvalidTransitionError } from '../../errors.ts';
import { assertFtaEditable, ftaFlow, type FtaReviewEvent } from './fta.ts';

const INVALID = 'status.fta.invalid_transition';
const NOT_UNDER_REVIEW = 'status.fta.not_under_review';
const NOT_RELEASED = 'status.fta.not_released';

/** Golden table: every state × every event → next state or refusal key. */
const GOLDEN = {
  draft: { submit: 'underReview', approve: NOT_UNDER_REVIEW, reject: NOT_UNDER_REVIEW, revoke: NOT_RELEASED },
  underReview: { submit: 'status.fta.already_under_review', approve: 'released', reject: 'draft', revoke: NOT_RELEASED },
  released: { submit: 'status.fta.already_released', approve: NOT_UNDER_REVIEW, reject: NOT_UNDER_REVIEW, revoke: 'draft' },
} as const;

const outcome = (state: string, event: FtaReviewEvent) => {
  try {
    return ftaFlow.next(state, event);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidTransitionError);
    return (error as InvalidTransitionError).messageKey;
  }
};

describe('fault tree review status', () => {
  it('knows exactly the states and events of the golden table', () => {
    expect(ftaFlow.states).toEqual(Object.keys(GOLDEN));
    expect([...ftaFlow.allEvents].sort()).toEqual(Object.keys(GOLDEN.draft).sort());
  });

  for (const [state, row] of Object.entries(GOLDEN)) {
    for (const [event, expected] of Object.entries(row)) {
      const verb = expected.startsWith('status.') ? `refuses ${event} from ${state} with ${expected}` : `moves ${state} --${event}--> ${expected}`;
      it(verb, () => expect(outcome(state, event as FtaReviewEvent)).toBe(expected));
    }
  }

  it('refuses an unknown state with the default refusal', () => {
    expect(outcome('archived', 'submit')).toBe(INVALID);
  });
});

describe('assertFtaEditable', () => {
  it('lets a draft be saved or deleted', () => expect(() => assertFtaEditable('draft')).not.toThrow());
  it.each([
    ['underReview', 'status.fta.locked_under_review'],
    ['released', 'status.fta.locked_released'],
    ['other', INVALID],
  ])('refuses a tree in %s with %s', (status, key) => {
    expect(() => assertFtaEditable(status)).toThrow(expect.objectContaining({ messageKey: key }));
  });
});
