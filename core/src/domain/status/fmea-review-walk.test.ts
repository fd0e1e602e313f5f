import { describe, expect, it } from 'vitest';
import { InvalidInputError, InvalidTransitionError, NotAllowedError } from '../../errors.ts';
import { translate } from '../../i18n/index.ts';
import { fmeaReviewReducer, initialFmeaReview, type FmeaReviewState } from './fmea-review.ts';
import { FMEA_KINDS, kindOf } from '../fmea/kinds.ts';
import { assertWalkComplete, markWalkStep, openWalkSteps, walkingRoles } from './fmea-review-walk.ts';

const DFMEA_REVIEW_WALK = FMEA_KINDS.dfmea.reviewWalk;
const PFMEA_REVIEW_WALK = FMEA_KINDS.pfmea.reviewWalk;
const reviewWalkOf = (type: string) => kindOf(type).reviewWalk;

const now = new Date('2026-05-01T08:00:00Z');
const assignees = { professional: 'pro', quality: 'qa', technical: 'director', countersign: 'counter' };
const underReview: FmeaReviewState = fmeaReviewReducer(initialFmeaReview(), { type: 'submit', assignees, releaseCondition: 'one' }, now);

const mark = (step: string, marked: string[] = [], extra: Partial<{ projectType: string; userId: string; inOrder: boolean }> = {}) =>
  markWalkStep(underReview, { walk: reviewWalkOf('dfmea'), userId: 'pro', marked, step, inOrder: true, ...extra });

function refusal(fn: () => unknown): { error: unknown; key: string; params: unknown } {
  try {
    fn();
  } catch (error) {
    const e = error as { messageKey: string; params: unknown };
    return { error, key: e.messageKey, params: e.params };
  }
  throw new Error('expected a refusal');
}

describe('review walk', () => {
  it('starts from the block diagram (DFMEA) or the flow chart (PFMEA); a family walks like a DFMEA, an MSR project then its MSR steps', () => {
    expect(reviewWalkOf('dfmea')).toEqual(['interfaces', 'structure', 'function', 'failure', 'risk', 'optimization']);
    expect(reviewWalkOf('pfmea')[0]).toBe('flow');
    expect(reviewWalkOf('pfmea').at(-1)).toBe('controlPlan');
    expect(reviewWalkOf('family')).toBe(DFMEA_REVIEW_WALK);
    expect(reviewWalkOf('msr')).toEqual([...DFMEA_REVIEW_WALK, 'msrFailure', 'msrRisk', 'msrOptimization']);
  });

  it('marks the steps in order; marking twice changes nothing', () => {
    expect(mark('interfaces')).toEqual(['interfaces']);
    expect(mark('structure', ['interfaces'])).toEqual(['interfaces', 'structure']);
    expect(mark('interfaces', ['interfaces', 'structure'])).toEqual(['interfaces', 'structure']);
    let marked: string[] = [];
    for (const step of PFMEA_REVIEW_WALK) marked = markWalkStep(underReview, { walk: reviewWalkOf('pfmea'), userId: 'qa', marked, step, inOrder: true });
    expect(openWalkSteps(PFMEA_REVIEW_WALK, marked)).toEqual([]);
  });

  it('refuses a step while an earlier one is unmarked, naming the first open one', () => {
    const { error, key, params } = refusal(() => mark('failure', ['interfaces']));
    expect(error).toBeInstanceOf(InvalidTransitionError);
    expect(key).toBe('status.fmea_review.earlier_steps_unfinished');
    expect(params).toEqual({ step: 'failure', missing: 'structure', position: 2 });
    expect(translate('en-US', key, params as Record<string, string>)).toBe(
      'Unfinished earlier steps block this operation: review step 2 of the walk first (reviews proceed in order, starting from the block diagram)',
    );
    expect(translate('zh-CN', key, params as Record<string, string>)).toContain('第 2 步');
  });

  it('with the rule off any order is accepted', () => {
    expect(mark('risk', [], { inOrder: false })).toEqual(['risk']);
  });

  it('is for the opinion givers of a round under review, on steps of the walk', () => {
    expect(refusal(() => mark('interfaces', [], { userId: 'director' })).error).toBeInstanceOf(NotAllowedError);
    expect(refusal(() => mark('flow')).key).toBe('status.fmea_review.walk_step_unknown');
    expect(refusal(() => mark('flow')).error).toBeInstanceOf(InvalidInputError);
    const draft = initialFmeaReview();
    expect(refusal(() => markWalkStep(draft, { walk: reviewWalkOf('dfmea'), userId: 'pro', marked: [], step: 'interfaces', inOrder: true })).key).toBe(
      'status.fmea_review.invalid_transition',
    );
    const both = fmeaReviewReducer(initialFmeaReview(), { type: 'submit', assignees: { ...assignees, quality: 'pro' }, releaseCondition: 'one' }, now);
    expect(walkingRoles(both, 'pro')).toEqual(['professional', 'quality']);
  });

  it('an opinion waits for the whole walk while the rule is on', () => {
    const { key, params } = refusal(() => assertWalkComplete({ walk: reviewWalkOf('dfmea'), marked: ['interfaces', 'structure'], inOrder: true }));
    expect(key).toBe('status.fmea_review.walk_incomplete');
    expect(params).toMatchObject({ missing: 'function', open: 4 });
    expect(translate('en-US', key, params as Record<string, string>)).toBe('Review every step in order, starting from the block diagram, before giving your opinion: 4 step(s) left');
    expect(() => assertWalkComplete({ walk: reviewWalkOf('dfmea'), marked: [...DFMEA_REVIEW_WALK], inOrder: true })).not.toThrow();
    expect(() => assertWalkComplete({ walk: reviewWalkOf('dfmea'), marked: [], inOrder: false })).not.toThrow();
  });
});
