/**
 * What every approval in the product shares, whichever engine runs it
 * (docs/decisions/review-engines.md): when a step with several deciders is
 * done, and the rules of an opinion.
 */

/** 'one': the first agreement completes a step; 'all': every assignee of the step must agree. */
export type ReleaseCondition = 'one' | 'all';
export const RELEASE_CONDITIONS = ['one', 'all'] as const satisfies readonly ReleaseCondition[];

/** Opinions are text fields, limited like the others (spec 001 §5). */
export const REVIEW_OPINION_MAX_LENGTH = 200;

/** The refusals of an opinion, for the catalog-record flow and the FMEA review alike. */
export const OPINION_REFUSAL_KEYS = ['status.review.opinion_required', 'status.review.opinion_too_long'] as const;
