import { describe, expect, it } from 'vitest';
import { ConflictError, InvalidInputError, InvalidTransitionError, NotAllowedError } from '../../errors.ts';
import {
  REVIEW_STAGE_KEYS,
  createReview,
  pendingDeciders,
  reviewReducer,
  type ReleaseCondition,
  type ReviewAction,
  type ReviewState,
} from './review.ts';

const now = new Date('2025-03-01T09:00:00Z');
const ctx = { now };
const run = (state: ReviewState, ...actions: ReviewAction[]) => actions.reduce((s, a) => reviewReducer(s, a, ctx), state);
const agree = (userId: string, opinion = 'Looks right'): ReviewAction => ({ type: 'decide', userId, agree: true, opinion });
const disagree = (userId: string, opinion = 'Causes missing'): ReviewAction => ({
  type: 'decide',
  userId,
  agree: false,
  opinion,
});
const submit: ReviewAction = { type: 'submit' };

const review = (releaseCondition: ReleaseCondition = 'all', reviewers = ['rev-a', 'rev-b'], approvers = ['app-a', 'app-b']) =>
  createReview({ reviewers, approvers, releaseCondition });

describe('createReview', () => {
  it('starts in application, round 1, without decisions, dropping duplicate assignees', () => {
    expect(createReview({ reviewers: ['a', 'a'], approvers: ['b'], releaseCondition: 'one' })).toEqual({
      stage: 'application',
      releaseCondition: 'one',
      reviewers: ['a'],
      approvers: ['b'],
      round: 1,
      decisions: [],
    });
  });

  it('has a name key for every stage', () => {
    expect(Object.keys(REVIEW_STAGE_KEYS)).toEqual(['application', 'review', 'approval', 'released', 'rejected', 'revoked']);
  });
});

describe('reviewReducer: submit', () => {
  it('moves an application into review', () => {
    expect(run(review(), submit).stage).toBe('review');
  });

  it('goes straight to approval when nobody reviews', () => {
    expect(run(review('all', []), submit).stage).toBe('approval');
  });

  it('refuses a submission without approvers', () => {
    const attempt = () => run(review('all', ['rev-a'], []), submit);
    expect(attempt).toThrow(InvalidInputError);
    expect(attempt).toThrow(expect.objectContaining({ messageKey: 'status.review.approver_required' }));
  });

  it('refuses submitting twice', () => {
    expect(() => run(review(), submit, submit)).toThrow(
      expect.objectContaining({
        code: 'invalid_transition',
        messageKey: 'status.review.invalid_transition',
        params: { from: 'review', event: 'submit' },
      }),
    );
  });

  it('does not change the state it was given', () => {
    const start = review();
    run(start, submit, agree('rev-a'));
    expect(start).toEqual(review());
  });
});

describe('reviewReducer: decisions with release condition "all"', () => {
  it('stays in review until every reviewer agreed', () => {
    const state = run(review('all'), submit, agree('rev-a'));
    expect(state.stage).toBe('review');
    expect(pendingDeciders(state)).toEqual(['rev-b']);
  });

  it('moves to approval when the last reviewer agrees', () => {
    expect(run(review('all'), submit, agree('rev-a'), agree('rev-b')).stage).toBe('approval');
  });

  it('releases when every approver agreed', () => {
    const state = run(review('all'), submit, agree('rev-a'), agree('rev-b'), agree('app-b'), agree('app-a'));
    expect(state.stage).toBe('released');
    expect(pendingDeciders(state)).toEqual([]);
  });

  it('records each decision with its stage, round, trimmed opinion and time', () => {
    const state = run(review('all'), submit, agree('rev-a', '  fine  '));
    expect(state.decisions).toEqual([
      { userId: 'rev-a', stage: 'review', agree: true, opinion: 'fine', decidedAt: now, round: 1 },
    ]);
  });

  it('rejects on a single disagreement in review, even after agreements', () => {
    expect(run(review('all'), submit, agree('rev-a'), disagree('rev-b')).stage).toBe('rejected');
  });

  it('rejects on a single disagreement in approval', () => {
    expect(run(review('all'), submit, agree('rev-a'), agree('rev-b'), disagree('app-a')).stage).toBe('rejected');
  });
});

describe('reviewReducer: decisions with release condition "one"', () => {
  it('completes review with the first agreement', () => {
    const state = run(review('one'), submit, agree('rev-b'));
    expect(state.stage).toBe('approval');
    expect(pendingDeciders(state)).toEqual(['app-a', 'app-b']);
  });

  it('releases with the first approver’s agreement', () => {
    expect(run(review('one'), submit, agree('rev-a'), agree('app-b')).stage).toBe('released');
  });

  it('rejects when the first decision disagrees', () => {
    expect(run(review('one'), submit, disagree('rev-a')).stage).toBe('rejected');
  });

  it('no longer accepts the other reviewers once review is complete', () => {
    const state = run(review('one'), submit, agree('rev-a'));
    expect(() => reviewReducer(state, agree('rev-b'), ctx)).toThrow(
      expect.objectContaining({ messageKey: 'status.review.not_current_approver', params: { stage: 'approval' } }),
    );
  });
});

describe('reviewReducer: refused decisions', () => {
  it('refuses a decision from someone not assigned to the current stage', () => {
    const attempt = () => run(review(), submit, agree('app-a'));
    expect(attempt).toThrow(NotAllowedError);
    expect(attempt).toThrow(expect.objectContaining({ messageKey: 'status.review.not_current_approver' }));
  });

  it('refuses a decision from a stranger', () => {
    expect(() => run(review(), submit, agree('nobody'))).toThrow(
      expect.objectContaining({ messageKey: 'status.review.not_current_approver', params: { stage: 'review' } }),
    );
  });

  it('refuses a second decision by the same person', () => {
    const attempt = () => run(review('all'), submit, agree('rev-a'), disagree('rev-a'));
    expect(attempt).toThrow(ConflictError);
    expect(attempt).toThrow(expect.objectContaining({ messageKey: 'status.review.already_decided' }));
  });

  it.each(['', '   ', '\n\t'])('refuses a decision with the empty opinion %j', (opinion) => {
    const attempt = () => run(review(), submit, { type: 'decide', userId: 'rev-a', agree: true, opinion });
    expect(attempt).toThrow(InvalidInputError);
    expect(attempt).toThrow(expect.objectContaining({ messageKey: 'status.review.opinion_required' }));
  });

  it('refuses a disagreement without an opinion too', () => {
    expect(() => run(review(), submit, disagree('rev-a', ' '))).toThrow(
      expect.objectContaining({ messageKey: 'status.review.opinion_required' }),
    );
  });

  it('refuses an opinion over 200 characters and accepts exactly 200', () => {
    expect(() => run(review(), submit, agree('rev-a', '意'.repeat(201)))).toThrow(
      expect.objectContaining({ messageKey: 'status.review.opinion_too_long', params: { max: 200 } }),
    );
    expect(run(review(), submit, agree('rev-a', '意'.repeat(200))).decisions).toHaveLength(1);
  });

  it.each([
    ['application', (s: ReviewState) => s],
    ['released', (s: ReviewState) => run(s, submit, agree('rev-a'), agree('rev-b'), agree('app-a'), agree('app-b'))],
    ['rejected', (s: ReviewState) => run(s, submit, disagree('rev-a'))],
  ])('refuses a decision in stage %s', (stage, reach) => {
    const state = reach(review());
    expect(state.stage).toBe(stage);
    expect(() => reviewReducer(state, agree('rev-a'), ctx)).toThrow(
      expect.objectContaining({ messageKey: 'status.review.invalid_transition', params: { from: stage, event: 'decide' } }),
    );
  });

  it('lets a person who reviews and approves decide once in each stage', () => {
    const both = createReview({ reviewers: ['lead'], approvers: ['lead'], releaseCondition: 'all' });
    expect(run(both, submit, agree('lead'), agree('lead')).stage).toBe('released');
  });
});

describe('reviewReducer: revoke and resubmit', () => {
  const released = () => run(review('one'), submit, agree('rev-a'), agree('app-a'));

  it('revokes a release ("repeal publication")', () => {
    expect(run(released(), { type: 'revoke' }).stage).toBe('revoked');
  });

  it.each(['application', 'review', 'approval', 'rejected', 'revoked'] as const)('refuses revoking in %s', (stage) => {
    const state = { ...review(), stage };
    expect(() => reviewReducer(state, { type: 'revoke' }, ctx)).toThrow(InvalidTransitionError);
  });

  it('resubmits a rejected application as a new round, keeping the history', () => {
    const state = run(review(), submit, disagree('rev-a'), { type: 'resubmit' });
    expect(state.stage).toBe('application');
    expect(state.round).toBe(2);
    expect(state.decisions).toHaveLength(1);
  });

  it('resubmits a revoked release', () => {
    expect(run(released(), { type: 'revoke' }, { type: 'resubmit' }).stage).toBe('application');
  });

  it('lets earlier deciders decide again in the new round', () => {
    const state = run(review('all'), submit, disagree('rev-a'), { type: 'resubmit' }, submit, agree('rev-a'));
    expect(state.stage).toBe('review');
    expect(pendingDeciders(state)).toEqual(['rev-b']);
  });

  it('takes new assignees on resubmission', () => {
    const state = run(review(), submit, disagree('rev-a'), {
      type: 'resubmit',
      reviewers: [],
      approvers: ['boss', 'boss'],
    });
    expect(state.reviewers).toEqual([]);
    expect(state.approvers).toEqual(['boss']);
    expect(run(state, submit).stage).toBe('approval');
  });

  it.each(['application', 'review', 'approval', 'released'] as const)('refuses resubmitting in %s', (stage) => {
    const state = { ...review(), stage };
    expect(() => reviewReducer(state, { type: 'resubmit' }, ctx)).toThrow(
      expect.objectContaining({ messageKey: 'status.review.invalid_transition', params: { from: stage, event: 'resubmit' } }),
    );
  });
});

describe('pendingDeciders', () => {
  it('is empty outside review and approval', () => {
    expect(pendingDeciders(review())).toEqual([]);
  });
});

describe('reviewReducer: unknown actions', () => {
  it('refuses an action type it does not know', () => {
    const action = { type: 'archive' } as unknown as ReviewAction;
    expect(() => reviewReducer(review(), action, ctx)).toThrow(
      expect.objectContaining({ messageKey: 'status.review.invalid_transition', params: { from: 'application', event: 'archive' } }),
    );
  });
});
