/**
 * `fmea db copy --from <url> --to <url> [--force]`: a whole installation from the embedded file to
 * PostgreSQL or back (core/src/db/copy.ts), checked table by table before it commits.
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { progressCallback } from '../../shared/progress.ts';

export function registerDbCopy(db: Command): void {
  const { t } = contextOf(db);
  db.command('copy')
    .description(t('cli.db.copy.description'))
    .requiredOption('--from <url>', t('cli.db.copy.option_from'))
    .requiredOption('--to <url>', t('cli.db.copy.option_to'))
    .option('--force', t('cli.db.copy.option_force'))
    .action(async (options: { from: string; to: string; force?: boolean }, command: Command) => {
      const context = contextOf(command);
      const { copyDatabase, databaseLocation } = await import('@fmea/core/db');
      const progress = progressCallback(context.out, context.t('cli.progress.copy'));
      const tables = await copyDatabase({ from: options.from, to: options.to, force: options.force, onProgress: progress.onProgress });
      await progress.done();
      const where = (url: string) => {
        const location = databaseLocation(url);
        return location.kind === 'file' ? location.path : location.kind === 'server' ? location.url : url;
      };
      const rows = tables.reduce((sum, table) => sum + (table.table.startsWith('__') ? 0 : table.rows), 0);
      await context.out.printMessage(context.t('cli.db.copy.done', { from: where(options.from), to: where(options.to), tables: tables.length, rows }), {
        from: where(options.from),
        to: where(options.to),
        tables,
      });
    });
}
