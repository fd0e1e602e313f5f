/** `fmea score recompute`: sets every user's totals to the sums of their score ledger. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

export function registerScoreRecompute(score: Command): void {
  const { t } = contextOf(score);
  score
    .command('recompute')
    .description(t('cli.score.recompute.description'))
    .action(async (_options: unknown, command: Command) => {
      const context = contextOf(command);
      const { recomputeScores } = await import('@fmea/core/services');
      const result = await recomputeScores(await context.services());
      await context.out.printMessage(context.t('cli.score.recompute.done', { changed: result.changed }), result);
    });
}
