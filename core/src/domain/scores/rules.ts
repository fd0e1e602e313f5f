import type { Issue } from '../../errors.ts';
import type { ScoreMessageKey } from './messages.ts';

/**
 * User scores (spec 000 §3 user fields, 001 §9 user grades; docs/domain/user-scores.md).
 * Not the spec's "score supply rule" (S/O/D ratings supplied from the knowledge base):
 * these are the "score standards" of the system pages.
 */
export const SCORE_KINDS = ['contribution', 'activity'] as const;
export type ScoreKind = (typeof SCORE_KINDS)[number];

/**
 * Why points were earned, and which of the two scores each reason feeds: work that leaves something
 * behind (a completed task, a released FMEA or catalog record) is a contribution; taking part in
 * someone else's review is activity.
 */
export const SCORE_REASON_KIND = {
  taskCompleted: 'contribution',
  fmeaReleased: 'contribution',
  catalogReleased: 'contribution',
  reviewOpinion: 'activity',
  reviewApproval: 'activity',
  reviewRelease: 'activity',
} as const satisfies Record<string, ScoreKind>;
export type ScoreReason = keyof typeof SCORE_REASON_KIND;
export const SCORE_REASONS = Object.keys(SCORE_REASON_KIND) as ScoreReason[];

/** What a ledger entry points at: the record whose event earned it (with the reason and user, its idempotency key). */
export const SCORE_SOURCE_KINDS = ['task', 'fmeaReviewRound', 'catalogRecord'] as const;
export type ScoreSourceKind = (typeof SCORE_SOURCE_KINDS)[number];

/** The grades, lowest first (001 §9). Everyone starts elementary. */
export const GRADES = ['elementary', 'greenBelt', 'blackBelt', 'blackBeltMaster'] as const;
export type Grade = (typeof GRADES)[number];
export type RankedGrade = Exclude<Grade, 'elementary'>;
const RANKED: readonly RankedGrade[] = ['greenBelt', 'blackBelt', 'blackBeltMaster'];

/** A grade's thresholds, flat so that every field has a label of its own (`greenBeltContribution`). */
export type ThresholdKey = `${RankedGrade}${Capitalize<ScoreKind>}`;
export const THRESHOLD_KEYS = RANKED.flatMap((g) => [`${g}Contribution`, `${g}Activity`] as const) as ThresholdKey[];
const thresholdKey = (grade: RankedGrade, kind: ScoreKind): ThresholdKey => `${grade}${kind === 'contribution' ? 'Contribution' : 'Activity'}`;

export interface ScoreStandards {
  readonly points: Readonly<Record<ScoreReason, number>>;
  readonly thresholds: Readonly<Record<ThresholdKey, number>>;
}

/**
 * The defaults seeded on a new database. A task or released catalog record is a unit of work; an FMEA
 * release is the end of many; a review opinion takes less than an approval or release. The thresholds
 * ask roughly 10, 30 and 80 completed tasks' worth of contribution and steady review work beside it.
 */
export const DEFAULT_SCORE_STANDARDS: ScoreStandards = {
  points: { taskCompleted: 10, fmeaReleased: 20, catalogReleased: 5, reviewOpinion: 2, reviewApproval: 3, reviewRelease: 3 },
  thresholds: {
    greenBeltContribution: 100,
    greenBeltActivity: 30,
    blackBeltContribution: 300,
    blackBeltActivity: 100,
    blackBeltMasterContribution: 800,
    blackBeltMasterActivity: 300,
  },
};

export const POINTS_MAX = 1000;
export const THRESHOLD_MAX = 1_000_000;

function wholeIssue(value: unknown, field: string, max: number): Issue | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    return { messageKey: 'score.whole_in_range' satisfies ScoreMessageKey, field, params: { field, max } };
  }
  return null;
}

/** What is wrong with standards an administrator saves: whole numbers in range, and each grade asking at least what the one below asks. */
export function scoreStandardsIssues(standards: ScoreStandards): Issue[] {
  const issues: Issue[] = [];
  for (const reason of SCORE_REASONS) {
    const issue = wholeIssue(standards.points[reason], `points.${reason}`, POINTS_MAX);
    if (issue) issues.push(issue);
  }
  for (const key of THRESHOLD_KEYS) {
    const issue = wholeIssue(standards.thresholds[key], `thresholds.${key}`, THRESHOLD_MAX);
    if (issue) issues.push(issue);
  }
  if (issues.length > 0) return issues;
  for (const kind of SCORE_KINDS) {
    for (let i = 1; i < RANKED.length; i++) {
      const lower = standards.thresholds[thresholdKey(RANKED[i - 1]!, kind)];
      const field = `thresholds.${thresholdKey(RANKED[i]!, kind)}`;
      if (standards.thresholds[thresholdKey(RANKED[i]!, kind)] < lower) {
        issues.push({ messageKey: 'score.threshold_below_lower_grade' satisfies ScoreMessageKey, field, params: { field, lower } });
      }
    }
  }
  return issues;
}

export interface ScoreTotals {
  readonly contribution: number;
  readonly activity: number;
}

/** The highest grade whose contribution and activity thresholds the totals both reach; elementary below green belt. */
export function gradeOf(totals: ScoreTotals, standards: Pick<ScoreStandards, 'thresholds'>): Grade {
  let grade: Grade = 'elementary';
  for (const g of RANKED) {
    const t = standards.thresholds;
    if (totals.contribution >= t[thresholdKey(g, 'contribution')] && totals.activity >= t[thresholdKey(g, 'activity')]) grade = g;
    else break;
  }
  return grade;
}

/** The grade after `grade` and what it asks, or null at the top: the personal centre's "next grade". */
export function nextGrade(grade: Grade, standards: Pick<ScoreStandards, 'thresholds'>): { grade: RankedGrade; contribution: number; activity: number } | null {
  const next = RANKED[GRADES.indexOf(grade)];
  if (!next) return null;
  return { grade: next, contribution: standards.thresholds[thresholdKey(next, 'contribution')], activity: standards.thresholds[thresholdKey(next, 'activity')] };
}
