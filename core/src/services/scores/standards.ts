import type { DbOrTx } from '../../db/client.ts';
import {
  DEFAULT_SCORE_STANDARDS,
  DEFAULT_SCORING_RULES,
  SCORE_REASONS,
  THRESHOLD_KEYS,
  scoreStandardsIssues,
  scoringRulesIssues,
  type ScoreStandards,
  type ScoringRules,
} from '../../domain/scores/index.ts';
import type { ScoreMessageKey } from '../../domain/scores/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { readSetting, writeSetting } from '../shared/settings.ts';
import { writeAndLog } from '../shared/write.ts';

/** The setting row that holds the score standards (docs/domain/user-scores.md). */
export const SCORE_STANDARDS_KEY = 'scoreStandards';

/** The standards in force: the stored ones, a reason or threshold added since taking its default. */
export async function getScoreStandards(db: DbOrTx): Promise<ScoreStandards> {
  const stored = await readSetting<Partial<ScoreStandards>>(db, SCORE_STANDARDS_KEY, {});
  return {
    points: { ...DEFAULT_SCORE_STANDARDS.points, ...stored.points },
    thresholds: { ...DEFAULT_SCORE_STANDARDS.thresholds, ...stored.thresholds },
  };
}

/** Seeds the defaults on a database that has none (seedDefaults). */
export async function seedScoreStandards(db: DbOrTx): Promise<void> {
  if ((await readSetting<ScoreStandards | null>(db, SCORE_STANDARDS_KEY, null)) === null) await writeSetting(db, SCORE_STANDARDS_KEY, DEFAULT_SCORE_STANDARDS);
}

export interface ScoreStandardsInput {
  readonly points?: Partial<ScoreStandards['points']>;
  readonly thresholds?: Partial<ScoreStandards['thresholds']>;
}

/**
 * Saves the standards (the system page "score standards"): what is sent replaces what is stored, the
 * rest stays. Points apply to events from now on; the ledger keeps what earlier events earned, and grades
 * follow the new thresholds at once. Logged with before and after.
 */
export async function saveScoreStandards(ctx: ServiceContext, input: ScoreStandardsInput): Promise<ScoreStandards> {
  return writeAndLog(ctx, async (tx) => {
    const before = await getScoreStandards(tx);
    const after: ScoreStandards = {
      points: Object.fromEntries(SCORE_REASONS.map((r) => [r, input.points?.[r] ?? before.points[r]])) as ScoreStandards['points'],
      thresholds: Object.fromEntries(THRESHOLD_KEYS.map((k) => [k, input.thresholds?.[k] ?? before.thresholds[k]])) as ScoreStandards['thresholds'],
    };
    assertNoIssues(scoreStandardsIssues(after), 'score.standards_invalid' satisfies ScoreMessageKey);
    await writeSetting(tx, SCORE_STANDARDS_KEY, after);
    return { result: after, log: { action: 'score.standards', entity: 'setting', entityId: SCORE_STANDARDS_KEY, before, after } };
  });
}

/** The setting row that holds the QFD and part-risk scoring rules (docs/domain/user-scores.md, "Scoring rules"). */
export const SCORING_RULES_KEY = 'scoringRules';

/** The scoring rules in force: the stored ones, anything missing at its default. */
export async function getScoringRules(db: DbOrTx): Promise<ScoringRules> {
  const stored = await readSetting<Partial<ScoringRules>>(db, SCORING_RULES_KEY, {});
  return { qfd: { ...DEFAULT_SCORING_RULES.qfd, ...stored.qfd }, partRisk: { ...DEFAULT_SCORING_RULES.partRisk, ...stored.partRisk } };
}

export interface ScoringRulesInput {
  readonly qfd?: Partial<ScoringRules['qfd']>;
  readonly partRisk?: Partial<ScoringRules['partRisk']>;
}

/** Saves the scoring rules: what is sent replaces what is stored; checked whole, nothing written when wrong; logged. */
export async function saveScoringRules(ctx: ServiceContext, input: ScoringRulesInput): Promise<ScoringRules> {
  return writeAndLog(ctx, async (tx) => {
    const before = await getScoringRules(tx);
    const after: ScoringRules = { qfd: { ...before.qfd, ...input.qfd }, partRisk: { ...before.partRisk, ...input.partRisk } };
    assertNoIssues(scoringRulesIssues(after), 'score.scoring_rules_invalid' satisfies ScoreMessageKey);
    await writeSetting(tx, SCORING_RULES_KEY, after);
    return { result: after, log: { action: 'score.scoringRules', entity: 'setting', entityId: SCORING_RULES_KEY, before, after } };
  });
}
