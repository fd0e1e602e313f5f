/**
 * `fmea db migrate`: migrates and seeds what is missing (idempotent); the
 * context prints the admin password once if this created the admin.
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

export function registerDbMigrate(db: Command): void {
  const { t } = contextOf(db);
  db.command('migrate')
    .description(t('cli.db.migrate.description'))
    .action(async (_options: object, command: Command) => {
      const context = contextOf(command);
      const database = await context.database();
      await context.out.printMessage(context.t('cli.db.migrate.done', { url: database.url }), { url: database.url, ready: true });
    });
}
