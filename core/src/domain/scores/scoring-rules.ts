import type { Issue } from '../../errors.ts';
import type { ScoreMessageKey } from './messages.ts';

/**
 * The scoring rules of the system page "score standards" (spec 000 §2.4: "including QFD and part risk";
 * docs/domain/user-scores.md, "Scoring rules"). The spec names them only; these tables are our reading,
 * each an administrator edits and the server checks.
 *
 * QFD: the house of quality scores each relationship between a customer requirement and a technical
 * characteristic by its strength (the usual 9-3-1), and requirements carry an importance from 1 up to
 * a maximum; a characteristic's technical importance is the sum of importance × relationship score.
 *
 * Part risk: a part is rated 1–5 on novelty (new design or technology), complexity and the severity of
 * what its failure causes; its risk score is the weighted sum, and the bands give its level, very low
 * (below the low band) to very high.
 */
export const QFD_RELATIONS = ['strong', 'medium', 'weak'] as const;
export type QfdRelation = (typeof QFD_RELATIONS)[number];

export interface QfdScoring {
  readonly strongScore: number;
  readonly mediumScore: number;
  readonly weakScore: number;
  /** Requirements' importance runs from 1 to this. */
  readonly importanceMax: number;
}

export const PART_RISK_FACTORS = ['novelty', 'complexity', 'severity'] as const;
export type PartRiskFactor = (typeof PART_RISK_FACTORS)[number];
export const PART_RISK_LEVELS = ['veryLow', 'low', 'medium', 'high', 'veryHigh'] as const;
export type PartRiskLevel = (typeof PART_RISK_LEVELS)[number];
/** A part's rating of each factor. */
export const PART_RISK_RATING_MAX = 5;

export interface PartRiskScoring {
  readonly noveltyWeight: number;
  readonly complexityWeight: number;
  readonly severityWeight: number;
  /** The lowest risk score of each level above very low. */
  readonly lowFrom: number;
  readonly mediumFrom: number;
  readonly highFrom: number;
  readonly veryHighFrom: number;
}

export interface ScoringRules {
  readonly qfd: QfdScoring;
  readonly partRisk: PartRiskScoring;
}

/** Weights 3-2-5 put scores between 10 and 50; the bands split that range roughly in fifths, severity weighing most. */
export const DEFAULT_SCORING_RULES: ScoringRules = {
  qfd: { strongScore: 9, mediumScore: 3, weakScore: 1, importanceMax: 5 },
  partRisk: { noveltyWeight: 3, complexityWeight: 2, severityWeight: 5, lowFrom: 15, mediumFrom: 22, highFrom: 30, veryHighFrom: 40 },
};

export const QFD_SCORE_MAX = 100;
export const IMPORTANCE_MAX = 10;
export const WEIGHT_MAX = 10;

const QFD_SCORE_KEYS = ['strongScore', 'mediumScore', 'weakScore'] as const;
const WEIGHT_KEYS = ['noveltyWeight', 'complexityWeight', 'severityWeight'] as const;
const BAND_KEYS = ['lowFrom', 'mediumFrom', 'highFrom', 'veryHighFrom'] as const;

function between(value: unknown, field: string, min: number, max: number): Issue | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return { messageKey: 'score.whole_between' satisfies ScoreMessageKey, field, params: { field, min, max } };
  }
  return null;
}

/** Each of `keys` higher than the one before it. */
function ascending<T extends object>(values: T, keys: readonly (keyof T & string)[], prefix: string): Issue[] {
  const issues: Issue[] = [];
  for (let i = 1; i < keys.length; i++) {
    const field = `${prefix}.${keys[i]}`;
    const value = values[keys[i]!] as number;
    const lower = values[keys[i - 1]!] as number;
    if (value <= lower) issues.push({ messageKey: 'score.not_above' satisfies ScoreMessageKey, field, params: { field, lower } });
  }
  return issues;
}

/** The highest risk score a part can reach under these weights. */
export const partRiskMaxScore = (rule: PartRiskScoring): number => PART_RISK_RATING_MAX * WEIGHT_KEYS.reduce((sum, k) => sum + rule[k], 0);

/**
 * What is wrong with scoring rules an administrator saves: whole numbers in range; a strong relationship
 * scoring more than a medium one and that more than a weak one; weights not all zero; the bands rising
 * and the very-high band reachable.
 */
export function scoringRulesIssues(rules: ScoringRules): Issue[] {
  const issues: Issue[] = [];
  const push = (issue: Issue | null) => issue && issues.push(issue);
  for (const key of QFD_SCORE_KEYS) push(between(rules.qfd[key], `qfd.${key}`, 1, QFD_SCORE_MAX));
  push(between(rules.qfd.importanceMax, 'qfd.importanceMax', 2, IMPORTANCE_MAX));
  for (const key of WEIGHT_KEYS) push(between(rules.partRisk[key], `partRisk.${key}`, 0, WEIGHT_MAX));
  for (const key of BAND_KEYS) push(between(rules.partRisk[key], `partRisk.${key}`, 1, PART_RISK_RATING_MAX * WEIGHT_MAX * WEIGHT_KEYS.length));
  if (issues.length > 0) return issues;
  // strong above medium above weak: listed from weak up
  issues.push(...ascending(rules.qfd, ['weakScore', 'mediumScore', 'strongScore'], 'qfd'));
  if (WEIGHT_KEYS.every((k) => rules.partRisk[k] === 0)) {
    issues.push({ messageKey: 'score.weights_all_zero' satisfies ScoreMessageKey, field: 'partRisk.severityWeight', params: { field: 'partRisk.severityWeight' } });
  }
  issues.push(...ascending(rules.partRisk, BAND_KEYS, 'partRisk'));
  const max = partRiskMaxScore(rules.partRisk);
  if (issues.length === 0 && rules.partRisk.veryHighFrom > max) {
    issues.push({ messageKey: 'score.band_unreachable' satisfies ScoreMessageKey, field: 'partRisk.veryHighFrom', params: { field: 'partRisk.veryHighFrom', max } });
  }
  return issues;
}

/** The score of a relationship strength (none: 0). */
export const qfdRelationScore = (relation: QfdRelation | null, rule: QfdScoring): number =>
  relation === null ? 0 : rule[`${relation}Score` as (typeof QFD_SCORE_KEYS)[number]];

/**
 * The technical importance of each characteristic (column): Σ over requirements (rows) of the
 * requirement's importance × the relationship's score. Importances outside 1…importanceMax are refused.
 */
export function qfdTechnicalImportance(importances: readonly number[], matrix: readonly (readonly (QfdRelation | null)[])[], rule: QfdScoring): number[] {
  for (const importance of importances) {
    if (!Number.isInteger(importance) || importance < 1 || importance > rule.importanceMax) throw new RangeError(`importance ${importance} outside 1…${rule.importanceMax}`);
  }
  const columns = Math.max(0, ...matrix.map((row) => row.length));
  return Array.from({ length: columns }, (_, c) => matrix.reduce((sum, row, r) => sum + (importances[r] ?? 0) * qfdRelationScore(row[c] ?? null, rule), 0));
}

/** A part's risk score and level from its ratings (each 1…5). */
export function partRisk(ratings: Readonly<Record<PartRiskFactor, number>>, rule: PartRiskScoring): { score: number; level: PartRiskLevel } {
  for (const factor of PART_RISK_FACTORS) {
    const r = ratings[factor];
    if (!Number.isInteger(r) || r < 1 || r > PART_RISK_RATING_MAX) throw new RangeError(`${factor} rating ${r} outside 1…${PART_RISK_RATING_MAX}`);
  }
  const score = ratings.novelty * rule.noveltyWeight + ratings.complexity * rule.complexityWeight + ratings.severity * rule.severityWeight;
  const level: PartRiskLevel =
    score >= rule.veryHighFrom ? 'veryHigh' : score >= rule.highFrom ? 'high' : score >= rule.mediumFrom ? 'medium' : score >= rule.lowFrom ? 'low' : 'veryLow';
  return { score, level };
}
