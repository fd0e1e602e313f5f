import { describe, expect, it } from 'vitest';
import { InvalidInputError, InvalidTransitionError, NotAllowedError } from '../../errors.ts';
import {
  FMEA_REVIEW_EVENTS,
  FMEA_REVIEW_STATUSES,
  fmeaReviewReducer,
  initialFmeaReview,
  waitingFor,
  type FmeaReviewEvent,
  type FmeaReviewEventType,
  type FmeaReviewState,
  type FmeaReviewStatus,
} from './fmea-review.ts';

const now = new Date('2026-01-05T08:00:00Z');
const assignees = { professional: 'pro', quality: 'qa', technical: 'tech', countersign: 'sign' };
const run = (state: FmeaReviewState, ...events: FmeaReviewEvent[]) => events.reduce((s, e) => fmeaReviewReducer(s, e, now), state);
const submit = (releaseCondition: 'one' | 'all' = 'one'): FmeaReviewEvent => ({ type: 'submit', assignees, releaseCondition });
const opinion = (userId: string, conclusion: 'conform' | 'incompatible' | 'partial' = 'conform'): FmeaReviewEvent => ({ type: 'opinion', userId, conclusion, text: 'checked' });

/** A state in each status, reached through the reducer itself. */
function reach(status: FmeaReviewStatus): FmeaReviewState {
  const start = initialFmeaReview();
  switch (status) {
    case 'draft':
      return start;
    case 'in_preparation':
      return run(start, { type: 'edit' });
    case 'under_review':
      return run(start, submit());
    case 'approved':
      return run(start, submit(), opinion('pro'), opinion('qa'), { type: 'approve', userId: 'tech' });
    case 'released':
      return run(reach('approved'), { type: 'release', userId: 'tech' });
    case 'rejected':
      return run(start, submit(), { type: 'reject', userId: 'qa', text: 'causes missing' });
    case 'revoked':
      return run(reach('released'), { type: 'revoke' });
  }
}

/** The event each golden cell fires, as the right person where a person is named. */
const EVENTS: Record<FmeaReviewEventType, FmeaReviewEvent> = {
  edit: { type: 'edit' },
  submit: submit(),
  opinion: opinion('pro'),
  approve: { type: 'approve', userId: 'tech' },
  reject: { type: 'reject', userId: 'tech', text: 'no' },
  release: { type: 'release', userId: 'tech' },
  revoke: { type: 'revoke' },
  republish: { type: 'republish' },
  rereview: { type: 'rereview' },
};

/** Every status × event: the status reached, or the refusal key. */
const GOLDEN: Record<FmeaReviewStatus, Record<FmeaReviewEventType, string>> = {
  draft: { edit: 'in_preparation', submit: 'under_review', opinion: '!invalid_transition', approve: '!invalid_transition', reject: '!invalid_transition', release: '!invalid_transition', revoke: '!invalid_transition', republish: '!invalid_transition', rereview: '!invalid_transition' },
  in_preparation: { edit: 'in_preparation', submit: 'under_review', opinion: '!invalid_transition', approve: '!invalid_transition', reject: '!invalid_transition', release: '!invalid_transition', revoke: '!invalid_transition', republish: '!invalid_transition', rereview: '!invalid_transition' },
  under_review: { edit: '!under_review', submit: '!invalid_transition', opinion: 'under_review', approve: '!opinions_missing', reject: 'rejected', release: '!invalid_transition', revoke: '!invalid_transition', republish: '!invalid_transition', rereview: '!invalid_transition' },
  approved: { edit: '!under_review', submit: '!invalid_transition', opinion: '!invalid_transition', approve: '!invalid_transition', reject: 'rejected', release: 'released', revoke: '!invalid_transition', republish: '!invalid_transition', rereview: '!invalid_transition' },
  released: { edit: '!revoke_before_editing', submit: '!invalid_transition', opinion: '!invalid_transition', approve: '!invalid_transition', reject: '!invalid_transition', release: '!invalid_transition', revoke: 'revoked', republish: '!invalid_transition', rereview: 'under_review' },
  rejected: { edit: 'in_preparation', submit: 'under_review', opinion: '!invalid_transition', approve: '!invalid_transition', reject: '!invalid_transition', release: '!invalid_transition', revoke: '!invalid_transition', republish: '!invalid_transition', rereview: '!invalid_transition' },
  revoked: { edit: 'in_preparation', submit: '!invalid_transition', opinion: '!invalid_transition', approve: '!invalid_transition', reject: '!invalid_transition', release: '!invalid_transition', revoke: '!invalid_transition', republish: 'released', rereview: 'under_review' },
};

function outcome(status: FmeaReviewStatus, event: FmeaReviewEventType): string {
  try {
    return fmeaReviewReducer(reach(status), EVENTS[event], now).status;
  } catch (error) {
    return `!${String((error as { messageKey?: string }).messageKey).replace('status.fmea_review.', '')}`;
  }
}

describe('fmeaReviewReducer: every status × event', () => {
  it('covers the whole table', () => {
    expect(Object.keys(GOLDEN)).toEqual([...FMEA_REVIEW_STATUSES]);
    for (const row of Object.values(GOLDEN)) expect(Object.keys(row)).toEqual([...FMEA_REVIEW_EVENTS]);
  });
  for (const status of FMEA_REVIEW_STATUSES) {
    for (const event of FMEA_REVIEW_EVENTS) {
      it(`${status} × ${event} → ${GOLDEN[status][event]}`, () => expect(outcome(status, event)).toBe(GOLDEN[status][event]));
    }
  }
  it('refuses transitions with InvalidTransitionError naming from and event', () => {
    const attempt = () => run(reach('draft'), { type: 'revoke' });
    expect(attempt).toThrow(InvalidTransitionError);
    expect(attempt).toThrow(expect.objectContaining({ params: { from: 'draft', event: 'revoke' } }));
  });
});

describe('fmeaReviewReducer: submit', () => {
  it('needs every review role named', () => {
    const attempt = () => run(reach('draft'), { type: 'submit', assignees: { ...assignees, countersign: ' ' }, releaseCondition: 'one' });
    expect(attempt).toThrow(InvalidInputError);
    expect(attempt).toThrow(expect.objectContaining({ messageKey: 'status.fmea_review.reviewer_required', params: { roles: 'countersign' } }));
  });
  it('opens round 1 and waits for the two opinion givers', () => {
    const state = run(reach('draft'), submit());
    expect(state).toMatchObject({ status: 'under_review', round: 1, assignees, opinions: [] });
    expect(waitingFor(state)).toEqual(['pro', 'qa']);
  });
  it('a resubmission after a rejection opens the next round with fresh opinions', () => {
    const state = run(reach('rejected'), submit());
    expect(state.round).toBe(2);
    expect(state.opinions).toEqual([]);
  });
});

describe('fmeaReviewReducer: opinions and approval', () => {
  it('only a named opinion giver may give an opinion', () => {
    expect(() => run(reach('under_review'), opinion('tech'))).toThrow(NotAllowedError);
    expect(() => run(reach('under_review'), opinion('tech'))).toThrow(expect.objectContaining({ messageKey: 'status.fmea_review.not_current_reviewer' }));
  });
  it('one opinion per role and round', () => {
    expect(() => run(reach('under_review'), opinion('pro'), opinion('pro'))).toThrow(expect.objectContaining({ messageKey: 'status.fmea_review.opinion_given' }));
  });
  it('needs a conclusion and a text', () => {
    expect(() => run(reach('under_review'), { type: 'opinion', userId: 'pro', conclusion: 'maybe' as 'conform', text: 'x' })).toThrow(expect.objectContaining({ messageKey: 'status.fmea_review.conclusion_invalid' }));
    expect(() => run(reach('under_review'), { type: 'opinion', userId: 'pro', conclusion: 'conform', text: '  ' })).toThrow(expect.objectContaining({ messageKey: 'status.fmea_review.opinion_required' }));
    expect(() => run(reach('under_review'), { type: 'opinion', userId: 'pro', conclusion: 'conform', text: 'x'.repeat(201) })).toThrow(expect.objectContaining({ messageKey: 'status.fmea_review.opinion_too_long' }));
  });
  it('a user holding both opinion roles names the role, or gives them one by one', () => {
    const both = run(initialFmeaReview(), { type: 'submit', assignees: { ...assignees, quality: 'pro' }, releaseCondition: 'one' });
    expect(() => run(both, opinion('pro'))).toThrow(expect.objectContaining({ messageKey: 'status.fmea_review.role_ambiguous' }));
    const done = run(both, { type: 'opinion', userId: 'pro', role: 'quality', conclusion: 'partial', text: 'ok' }, opinion('pro'));
    expect(done.opinions.map((o) => o.role)).toEqual(['quality', 'professional']);
  });
  it('waits for every opinion, then for the technical director', () => {
    const state = run(reach('under_review'), opinion('pro'), opinion('qa', 'partial'));
    expect(waitingFor(state)).toEqual(['tech']);
    expect(() => run(state, { type: 'approve', userId: 'qa' })).toThrow(expect.objectContaining({ messageKey: 'status.fmea_review.not_current_approver' }));
    expect(run(state, { type: 'approve', userId: 'tech' })).toMatchObject({ status: 'approved', approvedBy: 'tech' });
  });
  it('an incompatible opinion cannot be approved over', () => {
    const state = run(reach('under_review'), opinion('pro'), opinion('qa', 'incompatible'));
    expect(() => run(state, { type: 'approve', userId: 'tech' })).toThrow(expect.objectContaining({ messageKey: 'status.fmea_review.opinion_incompatible' }));
    expect(run(state, { type: 'reject', userId: 'tech', text: 'see QA' }).status).toBe('rejected');
  });
  it('rejecting needs a named reviewer and an opinion', () => {
    expect(() => run(reach('under_review'), { type: 'reject', userId: 'stranger', text: 'no' })).toThrow(NotAllowedError);
    expect(() => run(reach('under_review'), { type: 'reject', userId: 'pro', text: '' })).toThrow(expect.objectContaining({ messageKey: 'status.fmea_review.opinion_required' }));
    expect(() => run(reach('approved'), { type: 'reject', userId: 'pro', text: 'late' })).toThrow(NotAllowedError);
  });
});

describe('fmeaReviewReducer: release condition', () => {
  const approvedAll = () => run(initialFmeaReview(), submit('all'), opinion('pro'), opinion('qa'), { type: 'approve', userId: 'tech' });
  it("'one': the first releaser releases", () => {
    expect(run(reach('approved'), { type: 'release', userId: 'sign' }).status).toBe('released');
  });
  it("'all': both the technical director and the countersigner must release", () => {
    const half = run(approvedAll(), { type: 'release', userId: 'tech' });
    expect(half.status).toBe('approved');
    expect(waitingFor(half)).toEqual(['sign']);
    expect(() => run(half, { type: 'release', userId: 'tech' })).toThrow(expect.objectContaining({ messageKey: 'status.fmea_review.already_released' }));
    expect(run(half, { type: 'release', userId: 'sign' }).status).toBe('released');
  });
  it('someone not releasing is refused', () => {
    expect(() => run(reach('approved'), { type: 'release', userId: 'pro' })).toThrow(expect.objectContaining({ messageKey: 'status.fmea_review.not_current_approver' }));
  });
});

describe('fmeaReviewReducer: after release', () => {
  it('revoke, edit: republishing needs a review again', () => {
    const edited = run(reach('revoked'), { type: 'edit' });
    expect(edited.status).toBe('in_preparation');
    expect(() => run(edited, { type: 'republish' })).toThrow(InvalidTransitionError);
    expect(run(edited, submit()).round).toBe(2);
  });
  it('re-review keeps the assignees unless new ones are named', () => {
    const state = run(reach('released'), { type: 'rereview', assignees: { quality: 'qa2' } });
    expect(state).toMatchObject({ status: 'under_review', round: 2, assignees: { ...assignees, quality: 'qa2' }, opinions: [], releasedBy: [] });
  });
});
