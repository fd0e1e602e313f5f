import { describe, expect, it } from 'vitest';
import { loadCatalogs } from '../../i18n/index.ts';
import { DEFAULT_SCORE_STANDARDS, SCORE_MESSAGE_KEYS, gradeOf, nextGrade, scoreStandardsIssues, type ScoreStandards } from './index.ts';

const standards = DEFAULT_SCORE_STANDARDS;
const withThresholds = (t: Partial<ScoreStandards['thresholds']>): ScoreStandards => ({ ...standards, thresholds: { ...standards.thresholds, ...t } });

describe('gradeOf', () => {
  it('starts everyone elementary', () => {
    expect(gradeOf({ contribution: 0, activity: 0 }, standards)).toBe('elementary');
  });

  it('gives a grade only when both scores reach its thresholds, at the threshold itself', () => {
    expect(gradeOf({ contribution: 100, activity: 30 }, standards)).toBe('greenBelt');
    expect(gradeOf({ contribution: 99, activity: 1000 }, standards)).toBe('elementary');
    expect(gradeOf({ contribution: 5000, activity: 29 }, standards)).toBe('elementary');
    expect(gradeOf({ contribution: 300, activity: 99 }, standards)).toBe('greenBelt');
    expect(gradeOf({ contribution: 300, activity: 100 }, standards)).toBe('blackBelt');
    expect(gradeOf({ contribution: 800, activity: 300 }, standards)).toBe('blackBeltMaster');
    expect(gradeOf({ contribution: 799, activity: 300 }, standards)).toBe('blackBelt');
  });

  it('follows the administrator’s thresholds', () => {
    const easy = withThresholds({ greenBeltContribution: 1, greenBeltActivity: 0 });
    expect(gradeOf({ contribution: 1, activity: 0 }, easy)).toBe('greenBelt');
  });
});

describe('nextGrade', () => {
  it('names the grade above and what it asks, none above the master', () => {
    expect(nextGrade('elementary', standards)).toEqual({ grade: 'greenBelt', contribution: 100, activity: 30 });
    expect(nextGrade('blackBelt', standards)).toEqual({ grade: 'blackBeltMaster', contribution: 800, activity: 300 });
    expect(nextGrade('blackBeltMaster', standards)).toBeNull();
  });
});

describe('scoreStandardsIssues', () => {
  it('accepts the defaults', () => {
    expect(scoreStandardsIssues(standards)).toEqual([]);
  });

  it('refuses points and thresholds that are not whole numbers in range, by field', () => {
    const bad = { points: { ...standards.points, taskCompleted: -1, reviewOpinion: 2.5 }, thresholds: { ...standards.thresholds, blackBeltActivity: 1_000_001 } };
    expect(scoreStandardsIssues(bad).map((i) => [i.field, i.messageKey, i.params?.max])).toEqual([
      ['points.taskCompleted', 'score.whole_in_range', 1000],
      ['points.reviewOpinion', 'score.whole_in_range', 1000],
      ['thresholds.blackBeltActivity', 'score.whole_in_range', 1_000_000],
    ]);
  });

  it('refuses a grade that asks less than the one below it', () => {
    const issues = scoreStandardsIssues(withThresholds({ blackBeltContribution: 50, blackBeltMasterActivity: 99 }));
    expect(issues.map((i) => [i.field, i.params?.lower])).toEqual([
      ['thresholds.blackBeltContribution', 100],
      ['thresholds.blackBeltMasterActivity', 100],
    ]);
  });
});

describe('score message catalogs', () => {
  it.each(['zh-CN', 'en-US'] as const)('has every score key in %s', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of SCORE_MESSAGE_KEYS) expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
  });
});
