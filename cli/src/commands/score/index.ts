import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerScoreRanking } from './ranking.ts';
import { registerScoreRecompute } from './recompute.ts';
import { registerScoreScoring } from './scoring.ts';

/** `fmea score …`: the user score ranking and the totals rebuilt from the ledger, the QFD and part-risk scoring rules (docs/domain/user-scores.md). */
export function registerScore(program: Command): void {
  const { t } = contextOf(program);
  const score = program.command('score').description(t('cli.score.description'));
  registerScoreRanking(score);
  registerScoreRecompute(score);
  registerScoreScoring(score);
}
