import { describe, expect, it } from 'vitest';
import { DEFAULT_SCORING_RULES, partRisk, partRiskMaxScore, qfdTechnicalImportance, scoringRulesIssues, type ScoringRules } from './scoring-rules.ts';

const with_ = (qfd: Partial<ScoringRules['qfd']>, risk: Partial<ScoringRules['partRisk']> = {}): ScoringRules => ({
  qfd: { ...DEFAULT_SCORING_RULES.qfd, ...qfd },
  partRisk: { ...DEFAULT_SCORING_RULES.partRisk, ...risk },
});
const keys = (rules: ScoringRules) => scoringRulesIssues(rules).map((i) => [i.messageKey, i.field]);

describe('QFD and part-risk scoring rules', () => {
  it('accepts the defaults and scores a house of quality with them', () => {
    expect(scoringRulesIssues(DEFAULT_SCORING_RULES)).toEqual([]);
    // two requirements (importance 5 and 2) against three characteristics
    expect(qfdTechnicalImportance([5, 2], [['strong', null, 'weak'], ['medium', 'strong']], DEFAULT_SCORING_RULES.qfd)).toEqual([5 * 9 + 2 * 3, 2 * 9, 5 * 1]);
    expect(() => qfdTechnicalImportance([6], [['strong']], DEFAULT_SCORING_RULES.qfd)).toThrow(RangeError);
  });

  it('rates a part and bands its score from very low to very high', () => {
    const rule = DEFAULT_SCORING_RULES.partRisk;
    expect(partRiskMaxScore(rule)).toBe(50);
    expect(partRisk({ novelty: 1, complexity: 1, severity: 1 }, rule)).toEqual({ score: 10, level: 'veryLow' });
    expect(partRisk({ novelty: 2, complexity: 2, severity: 2 }, rule)).toEqual({ score: 20, level: 'low' });
    expect(partRisk({ novelty: 3, complexity: 2, severity: 4 }, rule)).toEqual({ score: 33, level: 'high' });
    expect(partRisk({ novelty: 5, complexity: 5, severity: 5 }, rule)).toEqual({ score: 50, level: 'veryHigh' });
    expect(() => partRisk({ novelty: 0, complexity: 1, severity: 1 }, rule)).toThrow(RangeError);
  });

  it('refuses numbers out of range, relationship scores out of order, no weight and bands that fall or cannot be reached', () => {
    expect(keys(with_({ strongScore: 0, importanceMax: 1.5 }))).toEqual([
      ['score.whole_between', 'qfd.strongScore'],
      ['score.whole_between', 'qfd.importanceMax'],
    ]);
    expect(keys(with_({ mediumScore: 9 }))).toEqual([['score.not_above', 'qfd.strongScore']]);
    expect(keys(with_({}, { noveltyWeight: 0, complexityWeight: 0, severityWeight: 0 }))).toContainEqual(['score.weights_all_zero', 'partRisk.severityWeight']);
    expect(keys(with_({}, { highFrom: 22 }))).toEqual([['score.not_above', 'partRisk.highFrom']]);
    expect(keys(with_({}, { veryHighFrom: 51 }))).toEqual([['score.band_unreachable', 'partRisk.veryHighFrom']]);
  });
});
