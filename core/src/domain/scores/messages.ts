/** Every message key the score rules can emit (the catalog test reads this list). */
export const SCORE_MESSAGE_KEYS = ['score.whole_in_range', 'score.threshold_below_lower_grade', 'score.standards_invalid', 'score.whole_between', 'score.not_above', 'score.weights_all_zero', 'score.band_unreachable', 'score.scoring_rules_invalid'] as const;
export type ScoreMessageKey = (typeof SCORE_MESSAGE_KEYS)[number];
